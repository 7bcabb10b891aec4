import { describe, expect, it } from 'vitest'
import { planLabels, READABLE_PT, smallAddresses } from '../../../../src/main/core/print'
import type { LabelOptions } from '../../../../src/main/core/print'
import { longAddressOrders } from '../../../helpers/print-long-addresses'
import { order, shipping } from '../../../helpers/print-fixtures'

const options = (layout: LabelOptions['layout']): LabelOptions => ({
  layout,
  senderCountry: 'US',
  locale: 'en',
})

describe('addresses a sheet layout prints too small to read', () => {
  const rows = [...longAddressOrders(), order(1, shipping({ name: 'Ada Lovelace' }), [])]

  it('names every label the sheet layout fits below the readable size, with its size', () => {
    const small = smallAddresses(rows, options('avery5160'))
    const fitted = planLabels(rows, options('avery5160')).placed
    const expected = fitted.filter((label) => label.fit.fontPt < READABLE_PT)
    expect(small.map((s) => s.contributionId)).toEqual(expected.map((l) => l.contributionId))
    // The Arabic address is among them; an ordinary one is not.
    const arabic = rows.find((row) => row.order.shipping?.country === 'AE')
    expect(small.map((s) => s.contributionId)).toContain(arabic?.id)
    expect(small.map((s) => s.contributionId)).not.toContain(
      rows.find((row) => row.order.shipping?.name === 'Ada Lovelace')?.id,
    )
    for (const s of small) expect(s.fontPt).toBeLessThan(READABLE_PT)
  })

  it('finds none on 4×6, where the same addresses print at a readable size', () => {
    expect(smallAddresses(rows, options('thermal4x6'))).toEqual([])
    const roll = planLabels(rows, options('thermal4x6')).placed
    expect(Math.min(...roll.map((label) => label.fit.fontPt))).toBeGreaterThanOrEqual(READABLE_PT)
  })

  it('looks at every sheet, not the previewed one only', () => {
    const many = Array.from({ length: 40 }, (_, i) => order(100 + i, shipping(), [{ code: 'PIN' }]))
    const arabic = longAddressOrders().filter((row) => row.order.shipping?.country === 'AE')
    const small = smallAddresses([...many, ...arabic], {
      ...options('avery5160'),
      order: 'sequence',
      maxSheets: 1,
    })
    expect(small.map((s) => s.contributionId)).toEqual(arabic.map((row) => row.id))
  })
})
