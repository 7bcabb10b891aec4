import { describe, expect, it } from 'vitest'
import { labelCountText, startPositionFor } from '../../../src/shared/export/label-words'
import { clampTyped } from '../../../src/shared/format/corrections'

describe('label counts', () => {
  it('counts sheets on a sheet layout and labels alone on a 4×6 roll', () => {
    expect(labelCountText(997, 34, 'avery5160')).toBe('997 labels on 34 sheets')
    expect(labelCountText(1, 1, 'averyL7160')).toBe('1 label on 1 sheet')
    expect(labelCountText(11, 11, 'thermal4x6')).toBe('11 labels')
  })
})

describe('the start position', () => {
  it('keeps a position on the sheet, and says what another became', () => {
    expect(startPositionFor('avery5160', 12)).toEqual({ value: 12, note: null })
    expect(startPositionFor('avery5160', 40)).toEqual({
      value: 30,
      note: "Start position 40 is past the sheet's 30 labels: starting at 30.",
    })
    expect(startPositionFor('averyL7160', 25).value).toBe(21)
    expect(startPositionFor('avery5160', 0)).toEqual({
      value: 1,
      note: "Start position 0 is before the sheet's first label: starting at 1.",
    })
    expect(startPositionFor('avery5160', 2.5)).toEqual({
      value: 3,
      note: 'Start position 2.5 is not a whole label: starting at 3.',
    })
  })

  it('has no position to start from on a 4×6 roll', () => {
    expect(startPositionFor('thermal4x6', 1)).toEqual({ value: 1, note: null })
    expect(startPositionFor('thermal4x6', 3).note).toBe(
      'Start position 3 does not apply to 4×6 labels, one per label: starting with the first.',
    )
  })
})

describe('a number a field corrected', () => {
  it('names the field, what was typed and what it became', () => {
    expect(clampTyped('Sync concurrency', 40, [1, 16])).toEqual({
      value: 16,
      note: 'Sync concurrency 40 is more than the most it takes, 16: set to 16.',
    })
    expect(
      clampTyped('Printer offset right', -30, [-25.4, 25.4], { unit: 'mm', decimals: 1 }),
    ).toEqual({
      value: -25.4,
      note: 'Printer offset right -30 mm is less than the least it takes, -25.4 mm: set to -25.4 mm.',
    })
    expect(clampTyped('Batch size', 12.4, [1, 500])).toEqual({
      value: 12,
      note: 'Batch size 12.4 is not a whole number: set to 12.',
    })
    expect(clampTyped('Batch size', 12, [1, 500])).toEqual({ value: 12, note: null })
  })
})
