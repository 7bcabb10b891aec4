import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { orderRow } from '@renderer/stores/orders.fixtures'
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
    // The e-mail under the name, the perks under the items: two lines in one cell.
    const lines = (cell: (typeof cells)[number]) =>
      [cell.find('.cell-text'), cell.find('.cell-sub')]
        .filter((l) => l.exists())
        .map((l) => l.text())
    expect(cells.map(lines)).toEqual([
      ['#7'],
      ['Backer 7'],
      [],
      ['Not packed'],
      ['2x Tidepool T-Shirt (Size: M)', 'Core Game'],
      ['DE'],
    ])
    expect(cells[2]!.text()).toBe('On hold')
    expect(cells[4]!.attributes('title')).toBe('2x Tidepool T-Shirt (Size: M)\nCore Game')
    expect(cells[1]!.attributes('title')).toBe('Backer 7')
    expect(cells[0]!.attributes('title')).toBeUndefined()
    // No search, no line naming what it found.
    expect(wrapper.find('[aria-label="Matched"]').exists()).toBe(false)
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
      'Shipped',
      'Not packed',
      '—Core Game',
      '—',
    ])
    expect(wrapper.text()).not.toMatch(/null|undefined|NaN/)
  })

  it('marks what a search found, and names it when it is in no column on screen', () => {
    const row = orderRow(1, {
      backer: 'Sandra Weiß',
      email: 'sandra@example.org',
      matched: [
        { kind: 'name', label: 'Name', text: 'Sandra Weiß' },
        { kind: 'sku', label: 'SKU', text: '00871-TEE-SND' },
        { kind: 'choice', label: 'Colour', text: 'Sand' },
      ],
    })
    const wrapper = mount(OrdersTableRow, { props: { row, index: 0, terms: ['sand', 'snd'] } })
    expect(wrapper.get('[role="row"]').classes()).toContain('searching')
    const backer = wrapper.get('.orders-cell--backer')
    expect(backer.findAll('mark').map((m) => m.text())).toEqual(['Sand', 'sand'])
    const matched = wrapper.get('[aria-label="Matched"]')
    // The name is in its column already; the SKU and the choice are in none.
    expect(matched.text()).toBe('Matched: SKU 00871-TEE-SND · Colour Sand')
    expect(matched.findAll('mark').map((m) => m.text())).toEqual(['SND', 'Sand'])
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
