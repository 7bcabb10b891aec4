import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { NSelect } from 'naive-ui'
import { countStatuses } from '@shared/fulfillment'
import type { OrdersFilterValue } from '@renderer/stores/orders'
import { focusSearch } from '@renderer/composables/useSearchFocus'
import OrdersFilterBar from './OrdersFilterBar.vue'

const VALUE: OrdersFilterValue = {
  statuses: ['captured', 'in_fulfillment'],
  search: 'kiel',
  country: 'DE',
  floor: [],
}

function mountBar(value: OrdersFilterValue = VALUE) {
  return mount(OrdersFilterBar, { props: { value, countries: ['DE', 'FR'] } })
}

describe('OrdersFilterBar', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('names its controls for assistive technology and tests', () => {
    const wrapper = mountBar()
    // Exactly one element per name, and a visible one: the selects' inner inputs are hidden
    // until focused, so the name sits on the select itself.
    for (const name of ['Status', 'Search orders', 'Country']) {
      expect(wrapper.findAll(`[aria-label="${name}"]`)).toHaveLength(1)
    }
    expect(wrapper.find('.n-select[aria-label="Status"]').exists()).toBe(true)
    expect(wrapper.find('input[aria-label="Search orders"]').exists()).toBe(true)
  })

  it('takes the Ctrl/Cmd+F focus while it is on screen', () => {
    const wrapper = mount(OrdersFilterBar, {
      attachTo: document.body,
      props: { value: VALUE, countries: [] },
    })
    expect(focusSearch()).toBe(true)
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Search orders')
    wrapper.unmount()
    expect(focusSearch()).toBe(false)
  })

  it('emits the whole filter with the new statuses', () => {
    const wrapper = mountBar()
    wrapper.findAllComponents(NSelect)[0]!.vm.$emit('update:value', ['fulfilled'])
    expect(wrapper.emitted('change')).toEqual([
      [{ statuses: ['fulfilled'], search: 'kiel', country: 'DE', floor: [] }],
    ])
  })

  it('lists the known statuses with their counts, then the unknown ones as sent', () => {
    const statusCounts = countStatuses(
      ['captured', 'captured', 'shipped', 'Chargeback', 'shipped', 'shipped'].map((status) => ({
        order: { status },
      })),
    )
    const wrapper = mount(OrdersFilterBar, {
      props: { value: VALUE, countries: [], statusCounts },
    })
    const options = wrapper.findAllComponents(NSelect)[0]!.props('options') as Array<{
      label: string
      value?: string
      children?: Array<{ label: string; value: string }>
    }>
    expect(options.map((o) => o.label)).toEqual([
      'Captured (2)',
      'Pending (0)',
      'In fulfillment (0)',
      'Fulfilled (0)',
      'Refunded (0)',
      'Unprocessable (0)',
      'On hold (0)',
      'Not known to PerkPack',
    ])
    expect(options[7]?.children).toEqual([
      { label: 'shipped (3)', value: 'shipped' },
      { label: 'Chargeback (1)', value: 'Chargeback' },
    ])
    wrapper.findAllComponents(NSelect)[0]!.vm.$emit('update:value', ['captured', 'shipped'])
    expect(wrapper.emitted('change')?.[0]).toEqual([
      { statuses: ['captured', 'shipped'], search: 'kiel', country: 'DE', floor: [] },
    ])
  })

  it('shows a selected status by name alone, and keeps one the snapshot no longer has', () => {
    const wrapper = mount(OrdersFilterBar, {
      props: {
        value: { ...VALUE, statuses: ['in_fulfillment', 'shipped'] },
        countries: [],
        statusCounts: countStatuses([{ order: { status: 'in_fulfillment' } }]),
      },
    })
    const select = wrapper.findAllComponents(NSelect)[0]!
    const tags = select.findAll('.n-tag').map((tag) => tag.text())
    expect(tags).toEqual(expect.arrayContaining(['In fulfillment', 'shipped']))
    const options = select.props('options') as Array<{ label: string; children?: unknown[] }>
    expect(options.at(-1)).toMatchObject({
      label: 'Not known to PerkPack',
      children: [{ label: 'shipped', value: 'shipped' }],
    })
  })

  it('emits null when the country is cleared', () => {
    const wrapper = mountBar()
    wrapper.findAllComponents(NSelect)[1]!.vm.$emit('update:value', null)
    expect(wrapper.emitted('change')?.[0]).toEqual([
      { statuses: ['captured', 'in_fulfillment'], search: 'kiel', country: null, floor: [] },
    ])
  })

  it('waits for a pause in typing before searching', async () => {
    const wrapper = mountBar()
    const input = wrapper.find('input[aria-label="Search orders"]')
    await input.setValue('kie')
    await input.setValue('kiel 2')
    vi.advanceTimersByTime(100)
    expect(wrapper.emitted('change')).toBeUndefined()
    vi.advanceTimersByTime(60)
    expect(wrapper.emitted('change')).toEqual([
      [{ statuses: ['captured', 'in_fulfillment'], search: 'kiel 2', country: 'DE', floor: [] }],
    ])
  })

  it('searches at once on Enter', async () => {
    const wrapper = mountBar({ ...VALUE, search: '' })
    const input = wrapper.find('input[aria-label="Search orders"]')
    await input.setValue('#42')
    await input.trigger('keydown', { key: 'Enter' })
    expect(wrapper.emitted('change')?.[0]).toEqual([{ ...VALUE, search: '#42' }])
    vi.advanceTimersByTime(500)
    expect(wrapper.emitted('change')).toHaveLength(1)
  })

  it('shows the tree node as a chip that names it, and asks to clear it when closed', async () => {
    const wrapper = mountBar()
    expect(wrapper.find('[data-testid="selection-chip"]').exists()).toBe(false)
    await wrapper.setProps({
      node: { label: 'SKU', value: 'TSHIRT-M · T-shirt · Size: M, Colour: Blue in Deluxe' },
    })
    const chip = wrapper.get('[data-testid="selection-chip"]')
    expect(chip.find('.kind').text()).toBe('SKU:')
    expect(chip.find('.value').text()).toBe('TSHIRT-M · T-shirt · Size: M, Colour: Blue in Deluxe')
    const clear = chip.get('button')
    expect(clear.attributes('aria-label')).toBe(
      'Clear SKU: TSHIRT-M · T-shirt · Size: M, Colour: Blue in Deluxe: show all orders',
    )
    await clear.trigger('click')
    expect(wrapper.emitted('clearNode')).toHaveLength(1)
    // Clearing the node is not a change of the toolbar's own filters.
    expect(wrapper.emitted('change')).toBeUndefined()
  })
})
