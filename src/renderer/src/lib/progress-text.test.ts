import { describe, expect, it } from 'vitest'
import {
  importButtonLabel,
  importResultText,
  linesText,
  percentOf,
  stageLine,
  variantCaption,
} from './progress-text'

describe('progress texts', () => {
  it('rounds percentages down, so only a finished stage reads 100 %, and 0 of 0 is 0', () => {
    expect(percentOf(199, 200)).toBe(99)
    expect(percentOf(200, 200)).toBe(100)
    expect(percentOf(0, 0)).toBe(0)
    expect(percentOf(3, 0)).toBe(0)
    // Shipped can outnumber a shrunken "to ship" after a re-sync: the bar stops at full.
    expect(percentOf(12, 10)).toBe(100)
    expect(stageLine({ toShip: 1200, printed: 412, packed: 0, shipped: 0 }, 'printed')).toBe(
      '412 of 1,200 · 34 %',
    )
  })

  it('names a variant by its choices and code', () => {
    const choices = [
      { name: 'Size', value: 'M' },
      { name: 'Colour', value: 'Black' },
    ]
    expect(variantCaption({ skuCode: 'TEE', choices })).toBe('Size: M, Colour: Black · TEE')
    expect(variantCaption({ skuCode: 'BOOK', choices: [] })).toBe('BOOK')
  })

  it('words the import button and its result', () => {
    expect(importButtonLabel(1)).toBe('Import 1 tracking number')
    expect(importButtonLabel(1204)).toBe('Import 1,204 tracking numbers')
    expect(importButtonLabel(0)).toBe('Nothing new to import')
    expect(importResultText({ added: 0, unchanged: 3 })).toBe(
      'No tracking number added; 3 already stored.',
    )
    expect(importResultText({ added: 2, unchanged: 0 })).toBe('2 tracking numbers added.')
  })

  it('lists the first lines and counts the rest', () => {
    expect(linesText([4], 1)).toBe('line 4')
    expect(linesText([4, 9, 12], 40, 3)).toBe('lines 4, 9, 12 and 37 more')
    expect(linesText([], 0)).toBe('')
  })
})
