import { describe, expect, it } from 'vitest'
import { readCampaignContribution } from '../../../src/shared/api/schemas'
import {
  checkByHandText,
  flaggedCountText,
  flaggedItemLine,
  flaggedItems,
  shipmentRole,
  shippedPickList,
} from '../../../src/shared/fulfillment'
import type { UnreadableItem } from '../../../src/shared/api/item-list'
import { item, oddItem, order, perk } from '../../helpers/fulfillment-rows'
import type { OddItemShape } from '../../helpers/fulfillment-rows'

const tee = () => item('TEE', { Size: 'M' }, 1, 'T-shirt')

describe('an item PerkPack cannot read keeps its order', () => {
  it.each<[OddItemShape, Partial<UnreadableItem>]>([
    ['sku-null', { reason: 'no-sku', name: 'Enamel pin', quantity: 1, sku_code: null }],
    ['no-sku-code', { reason: 'no-sku', name: 'Enamel pin', quantity: 1, sku_code: null }],
    ['no-quantity', { reason: 'no-quantity', name: 'Enamel pin', quantity: null, sku_code: 'PIN' }],
    // An item sent as its name: known by name, with no SKU or quantity to pick by.
    ['not-an-object', { reason: 'no-sku', name: 'Enamel pin', quantity: null, sku_code: null }],
  ])('%s: the order reads, the item is flagged beside the readable ones', (shape, flagged) => {
    const row = order({ id: 1, perks: [perk(7, 'Bundle', [tee(), oddItem(shape)])] })
    const [only] = row.order.perks
    expect(only!.items.map((i) => i.sku.code)).toEqual(['TEE'])
    expect(only!.unreadable_items).toEqual([expect.objectContaining({ index: 1, ...flagged })])
    expect(only!.unreadable_items![0]!.problems[0]!.path).toMatch(/^items\[1\]/)
    expect(shipmentRole(row)).toBe('ships')
  })

  it('an item that is neither an object nor a name is flagged as not readable', () => {
    const row = order({ id: 9, perks: [perk(7, 'Bundle', [tee(), null as never, 42 as never])] })
    expect(row.order.perks[0]!.unreadable_items).toEqual([
      expect.objectContaining({ index: 1, reason: 'not-an-item', name: null }),
      expect.objectContaining({ index: 2, reason: 'not-an-item', name: null }),
    ])
    expect(flaggedItemLine(row.order.perks[0]!.unreadable_items![0]!)).toBe(
      '? × An item (not readable: check by hand)',
    )
  })

  it('items that are not a list are one flagged entry, and the order still ships', () => {
    const raw = structuredClone(order({ id: 2, perks: [perk(7, 'Bundle', [tee()])] }))
    ;(raw.order.perks[0] as Record<string, unknown>).items = { 0: tee() }
    const read = readCampaignContribution(raw)
    expect(read.ok).toBe(true)
    const row = read.ok ? read.value : raw
    expect(row.order.perks[0]!.items).toEqual([])
    expect(row.order.perks[0]!.unreadable_items).toEqual([
      expect.objectContaining({ index: null, reason: 'not-a-list' }),
    ])
    expect(shipmentRole(row)).toBe('ships')
  })

  it('an order whose only item has no SKU ships; a digital perk holding one does not', () => {
    const physical = order({ id: 3, perks: [perk(7, 'Pin', [oddItem('sku-null')])] })
    expect(shipmentRole(physical)).toBe('ships')
    const digitalPerk = { ...perk(8, 'Code', [oddItem('sku-null')]) }
    digitalPerk.shipping_address_required = false
    expect(shipmentRole(order({ id: 4, perks: [digitalPerk] }))).toBe('nothing-to-ship')
  })

  it('a row stays a problem row when nothing shippable can be read: a perk without an id', () => {
    const raw = structuredClone(order({ id: 5, perks: [perk(7, 'Pin', [tee()])] }))
    delete (raw.order.perks[0] as Record<string, unknown>).id
    const read = readCampaignContribution(raw)
    expect(read.ok ? [] : read.problems.map((p) => p.path)).toEqual(['order.perks[0].id'])
  })

  it('keeps reading what already worked: no item id, quantity as text, choices null', () => {
    const raw = structuredClone(order({ id: 6, perks: [perk(7, 'Tee', [tee()])] }))
    const wire = raw.order.perks[0]!.items[0] as unknown as Record<string, unknown>
    delete wire.id
    wire.quantity = '2'
    ;(wire.sku as Record<string, unknown>).choices = null
    const read = readCampaignContribution(raw)
    expect(read.ok).toBe(true)
    const perkRead = read.ok ? read.value.order.perks[0] : undefined
    expect(perkRead?.items).toEqual([
      { name: 'T-shirt', quantity: 2, sku: { id: 1, code: 'TEE', choices: [] } },
    ])
    expect(perkRead).not.toHaveProperty('unreadable_items')
  })
})

describe('the pick list and its by-hand part', () => {
  const rows = [
    order({ id: 11, perks: [perk(7, 'Bundle', [tee(), oddItem('sku-null')])] }),
    order({ id: 12, perks: [perk(7, 'Bundle', [oddItem('sku-null', 'Enamel pin', 2)])] }),
    order({ id: 13, perks: [perk(8, 'Tee', [oddItem('no-quantity', 'T-shirt')])] }),
    order({ id: 14, perks: [perk(8, 'Tee', [tee()])], shipping: null }),
  ]

  it('lists items without a SKU apart, by name and how many, and counts their orders as shipping', () => {
    const list = shippedPickList(rows)
    expect(list.rows.map((r) => [r.sku_code, r.quantity, r.order_count])).toEqual([['TEE', 1, 1]])
    expect(list.byHand).toEqual([
      {
        reason: 'no-sku',
        item_name: 'Enamel pin',
        sku_code: null,
        choices: [],
        quantity: 3,
        order_count: 2,
      },
      {
        reason: 'no-quantity',
        item_name: 'T-shirt',
        sku_code: 'PIN',
        choices: [],
        quantity: null,
        order_count: 1,
      },
    ])
    // The orders that ship (labels, slips) are the orders the pick list covers.
    expect(list.totals.orders).toBe(3)
    expect(list.skipped.map((s) => s.contributionId)).toEqual([10_014])
  })

  it('words the items for a slip, a count and a check', () => {
    const flagged = rows.flatMap((row) => flaggedItems(row.order).map((f) => f.item))
    expect(flagged.map(flaggedItemLine)).toEqual([
      '1 × Enamel pin (no SKU: check by hand)',
      '2 × Enamel pin (no SKU: check by hand)',
      '? × T-shirt (no quantity: check by hand)',
    ])
    expect(flaggedCountText(flagged.slice(0, 1))).toBe('1 item without a SKU')
    expect(flaggedCountText(flagged)).toBe(
      '3 items to check by hand (2 without a SKU, 1 without a quantity)',
    )
    const withChoice = { ...flagged[0]!, choices: [{ name: 'Colour', value: 'Gold' }] }
    expect(checkByHandText(withChoice)).toBe('Enamel pin, Colour: Gold (no SKU: check by hand)')
  })
})
