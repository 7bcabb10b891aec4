import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { orderRow } from '@renderer/stores/orders.fixtures'
import { rowPositions } from '@renderer/lib/row-positions'
import OrdersTableRow from './OrdersTableRow.vue'

describe('OrdersTableRow', () => {
  it('shows an order in the column order, the full text of cut columns on hover', () => {
    const row = orderRow(7, {
      email: null,
      status: 'on_hold',
      items: '2x Tidepool T-Shirt (Size: M)',
    })
    const wrapper = mount(OrdersTableRow, { props: { row, index: 4 } })
    const root = wrapper.get('[role="row"]')
    expect(root.classes()).toContain('order-row')
    // Header is row 1, so position 4 is row 6.
    expect(root.attributes('aria-rowindex')).toBe('6')
    expect(root.attributes('data-order-id')).toBe('7')
    expect(root.attributes('aria-busy')).toBeUndefined()
    const cells = wrapper.findAll('[role="cell"]')
    expect(cells.map((c) => c.text())).toEqual([
      '#7',
      'Backer 7',
      '—',
      'On hold',
      'Not packed',
      'Core Game',
      '2x Tidepool T-Shirt (Size: M)',
      'DE',
    ])
    expect(cells[6]!.attributes('title')).toBe('2x Tidepool T-Shirt (Size: M)')
    expect(cells[0]!.attributes('title')).toBeUndefined()
    expect(wrapper.find('.order-status--warning').exists()).toBe(true)
  })

  it('shows a dash where the API sent no order number, backer, items or country', () => {
    const row = orderRow(7, {
      sequenceNumber: null,
      backer: '',
      email: null,
      status: 'shipped',
      items: '',
      country: null,
    })
    const wrapper = mount(OrdersTableRow, { props: { row, index: 0 } })
    expect(wrapper.findAll('[role="cell"]').map((c) => c.text())).toEqual([
      '—',
      '—',
      '—',
      'Shipped',
      'Not packed',
      'Core Game',
      '—',
      '—',
    ])
    expect(wrapper.text()).not.toMatch(/null|undefined|NaN/)
  })

  it('opens the order on click, Enter and Space; passes other keys on for moving', async () => {
    const wrapper = mount(OrdersTableRow, { props: { row: orderRow(7), index: 0 } })
    const root = wrapper.get('[role="row"]')
    // Not the table's Tab stop: reached with the arrow keys, or a click.
    expect(root.attributes('tabindex')).toBe('-1')
    await root.trigger('focus')
    expect(wrapper.emitted('focus')).toHaveLength(1)
    await root.trigger('click')
    await root.trigger('keydown', { key: 'Enter' })
    await root.trigger('keydown', { key: ' ' })
    await root.trigger('keydown', { key: 'ArrowDown' })
    expect(wrapper.emitted('open')).toEqual([[7], [7], [7]])
    expect(wrapper.emitted('move')?.map(([e]) => (e as KeyboardEvent).key)).toEqual(['ArrowDown'])
  })

  it('is a busy placeholder until its row arrives, and stays the same element after', async () => {
    const wrapper = mount(OrdersTableRow, { props: { row: undefined, index: 250, active: true } })
    const root = wrapper.get('[role="row"]')
    expect(root.classes()).toContain('order-placeholder')
    expect(root.classes()).not.toContain('order-row')
    expect(root.attributes('aria-busy')).toBe('true')
    expect(root.attributes('tabindex')).toBe('0')
    await root.trigger('click')
    await root.trigger('keydown', { key: 'Enter' })
    expect(wrapper.emitted('open')).toBeUndefined()
    expect(wrapper.emitted('move')).toHaveLength(1)

    const element = root.element
    await wrapper.setProps({ row: orderRow(9) })
    // Same DOM element: a focused placeholder keeps the focus when its order lands.
    expect(wrapper.get('[role="row"]').element).toBe(element)
    expect(wrapper.get('[role="row"]').classes()).toContain('order-row')
    expect(wrapper.text()).toContain('#9')
  })
})

describe('rowPositions', () => {
  it('gives one keyed item per position, the same objects for every answer', () => {
    const five = rowPositions(5)
    expect(five.map((p) => p.key)).toEqual([0, 1, 2, 3, 4])
    const three = rowPositions(3)
    expect(three).toHaveLength(3)
    expect(three[2]).toBe(five[2])
    expect(rowPositions(0)).toEqual([])
  })
})
