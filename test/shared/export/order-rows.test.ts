import { describe, expect, it } from 'vitest'
import {
  ORDER_COLUMNS,
  SHIPPING_COLUMNS,
  backerName,
  itemSummary,
  orderItemsText,
  orderRowValues,
  perkSummary,
  rowInColumns,
  shippingValues,
} from '../../../src/shared/export/order-rows'
import type { CampaignContribution, Perk } from '../../../src/shared/api/schemas'
import { orderLines } from '../../../src/shared/fulfillment'
import { generateDataset } from '../../../src/simulator/data'
import { toModel } from '../../helpers/model'

const dataset = generateDataset({ seed: 3, contributions: 400 })
const rows = toModel(dataset.contributions.get(dataset.campaigns[0]!.id)!)

function clone(row: CampaignContribution): CampaignContribution {
  return structuredClone(row) as CampaignContribution
}

describe('order rows for exports', () => {
  it('agrees with orderLines on every order (the one-item shortcut included)', () => {
    for (const row of rows) expect(orderItemsText(row)).toBe(itemSummary(orderLines(row)))
  })

  it('writes items as quantity × name (choices) [SKU], merged per variant across perks', () => {
    const tee = rows.find((r) =>
      r.order.perks.some((p) => p.items.some((i) => i.sku.code === '00871-TEE-BLK-M')),
    )!
    const twice = clone(tee)
    twice.order.perks = [...twice.order.perks, ...twice.order.perks]
    const text = orderRowValues(twice).items
    expect(text).toMatch(/^\d+ × /)
    expect(text).toContain('Tidepool T-Shirt (Color: Black, Size: M) [00871-TEE-BLK-M]')
    // The same variant in two perks is one line with the quantities added up.
    expect(text.split('[00871-TEE-BLK-M]')).toHaveLength(2)
    const single = orderLines(tee).find((l) => l.skuCode === '00871-TEE-BLK-M')!.quantity
    expect(text).toContain(`${single * 2} × Tidepool T-Shirt`)
  })

  it('writes a perk held twice once, with its count', () => {
    const perk = rows.find((r) => r.order.perks.length === 1)!.order.perks[0] as Perk
    const other = { ...perk, id: perk.id + 1000, label: 'Other' }
    expect(perkSummary([])).toBe('')
    expect(perkSummary([perk])).toBe(perk.label)
    expect(perkSummary([perk, other, perk])).toBe(`${perk.label} × 2; Other`)
  })

  it('turns a missing address or e-mail into empty text, and trims', () => {
    const row = clone(rows[0]!)
    row.order.shipping = undefined
    row.email = undefined
    expect(shippingValues(row)).toEqual({
      shipName: '',
      address1: '',
      address2: '',
      city: '',
      state: '',
      postalCode: '',
      country: '',
      phone: '',
    })
    expect(orderRowValues(row).email).toBe('')
    const spaced = clone(rows[1]!)
    spaced.contributor_name = '  '
    spaced.by = ' Anonymous '
    expect(backerName(spaced)).toBe('Anonymous')
  })

  it('lays values out in column order, order ids as text', () => {
    const row = rows[0]!
    const values = rowInColumns(orderRowValues(row), ORDER_COLUMNS)
    expect(values).toHaveLength(ORDER_COLUMNS.length)
    expect(values[0]).toBe(row.order.sequence_number)
    expect(values[1]).toBe(String(row.order.id))
    expect(ORDER_COLUMNS.filter((c) => c.kind === 'id').map((c) => c.key)).toEqual([
      'orderId',
      'postalCode',
      'country',
      'phone',
      'tracking',
    ])
    // Dates are dates a spreadsheet computes with, not text.
    expect(ORDER_COLUMNS.filter((c) => c.kind === 'day' || c.kind === 'instant')).toEqual([
      { key: 'pledged', header: 'Pledged on', kind: 'day' },
      { key: 'packedAt', header: 'Packed at', kind: 'instant' },
    ])
    expect(SHIPPING_COLUMNS.map((c) => c.key)).toEqual([
      'sequence',
      'orderId',
      'shipName',
      'address1',
      'address2',
      'city',
      'state',
      'postalCode',
      'country',
      'phone',
    ])
  })
})
