import { describe, expect, it } from 'vitest'
import { ORDER_COLUMNS } from './order-columns'
import { defaultFilterValue, nextToolbar, ordersFilter } from './orders-filter'
import { orderRow } from '@renderer/stores/orders.fixtures'

describe('the floor in the Orders filter and table', () => {
  it('sends the floor stages only when some are chosen, and keeps them across toolbar changes', () => {
    const base = defaultFilterValue()
    expect(ordersFilter(base, null, 'all')).not.toHaveProperty('floor')
    const packed = nextToolbar(base, { ...base, floor: ['packed', 'shipped'] })
    expect(ordersFilter(packed, null, 'all').floor).toEqual(['packed', 'shipped'])
  })

  it('keeps the very status and floor lists when a search changes, so their pickers stay put', () => {
    const packed = nextToolbar(defaultFilterValue(), {
      ...defaultFilterValue(),
      floor: ['packed'],
    })
    const searched = nextToolbar(packed, {
      ...packed,
      statuses: [...packed.statuses],
      floor: ['packed'],
      search: 'sand',
    })
    expect(searched.search).toBe('sand')
    expect(searched.statuses).toBe(packed.statuses)
    expect(searched.floor).toBe(packed.floor)
    expect(nextToolbar(searched, { ...searched, floor: [] }).floor).toEqual([])
  })

  it('the Floor column names the station that packed an order', () => {
    const floor = ORDER_COLUMNS.find((column) => column.key === 'floor')!
    expect(floor.text!(orderRow(1, { floor: 'packed', station: 'Desk B' }))).toBe('Packed · Desk B')
    expect(floor.text!(orderRow(1))).toBe('Not packed')
  })
})
