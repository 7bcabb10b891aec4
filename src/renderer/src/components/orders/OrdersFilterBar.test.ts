import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import type { ComponentOptions } from 'vue'
import { createTestingPinia } from '@pinia/testing'
import { NSelect } from 'naive-ui'
import { countStatuses } from '@shared/fulfillment'
import type { StatusCount } from '@shared/fulfillment'
import type { OrdersFilterValue } from '@renderer/stores/orders'
import { useOrdersStore } from '@renderer/stores/orders'
import { queryResult } from '@renderer/stores/orders.fixtures'
import { variantNodeKey } from '@renderer/lib/perk-tree-keys'
import { focusSearch } from '@renderer/composables/useSearchFocus'
import { componentUpdates } from '@renderer/test-utils/component-updates'
import OrdersFilterBar from './OrdersFilterBar.vue'

const VARIANT = 'TEE · Tidepool T-Shirt · Size: M, Colour: Black in Core Game'

const VALUE: OrdersFilterValue = {
  statuses: ['captured', 'in_fulfillment'],
  search: 'kiel',
  country: 'DE',
  floor: [],
}

/** The bar on an orders store whose filter is `value`; its setFilter and clearNode are spies. */
function mountBar(
  value: OrdersFilterValue = VALUE,
  options: {
    statusCounts?: readonly StatusCount[]
    attachTo?: HTMLElement
    mixins?: ComponentOptions[]
  } = {},
) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    initialState: {
      orders: {
        toolbar: value,
        countries: ['DE', 'FR'],
        countryCounts: [
          { country: 'DE', count: 1204 },
          { country: 'FR', count: 3 },
        ],
        statusCounts: options.statusCounts ?? [],
      },
    },
  })
  const wrapper = mount(OrdersFilterBar, {
    attachTo: options.attachTo,
    global: { plugins: [pinia], mixins: options.mixins ?? [] },
  })
  return { wrapper, orders: useOrdersStore(pinia) }
}

describe('OrdersFilterBar', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('names its controls for assistive technology and tests', () => {
    const { wrapper } = mountBar()
    // Exactly one element per name, and a visible one: the selects' inner inputs are hidden
    // until focused, so the name sits on the select itself.
    for (const name of ['Status', 'Search orders', 'Country']) {
      expect(wrapper.findAll(`[aria-label="${name}"]`)).toHaveLength(1)
    }
    expect(wrapper.find('.n-select[aria-label="Status"]').exists()).toBe(true)
    expect(wrapper.find('input[aria-label="Search orders"]').exists()).toBe(true)
  })

  it('takes the Ctrl/Cmd+F focus while it is on screen', () => {
    const { wrapper } = mountBar(VALUE, { attachTo: document.body })
    expect(focusSearch()).toBe(true)
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Search orders')
    wrapper.unmount()
    expect(focusSearch()).toBe(false)
  })

  it("sets the store's whole filter with the new statuses", () => {
    const { wrapper, orders } = mountBar()
    wrapper.findAllComponents(NSelect)[0]!.vm.$emit('update:value', ['fulfilled'])
    expect(orders.setFilter).toHaveBeenCalledExactlyOnceWith({
      statuses: ['fulfilled'],
      search: 'kiel',
      country: 'DE',
      floor: [],
    })
  })

  it("offers the store's countries by name, with their orders, and finds them by name or code", () => {
    const { wrapper } = mountBar()
    const select = wrapper.findAllComponents(NSelect)[1]!
    const options = select.props('options') as Array<{ label: string; value: string }>
    expect(options.map((o) => [o.label, o.value])).toEqual([
      ['France (3)', 'FR'],
      ['Germany (1,204)', 'DE'],
    ])
    const filter = select.props('filter') as (typed: string, option: unknown) => boolean
    const found = (typed: string) => options.filter((o) => filter(typed, o)).map((o) => o.value)
    expect([found('germ'), found('fr'), found('Deutschland')]).toEqual([['DE'], ['FR'], ['DE']])
  })

  it('lists the known statuses with their counts, then the unknown ones in words', () => {
    const statusCounts = countStatuses(
      ['captured', 'captured', 'shipped', 'Chargeback', 'shipped', 'shipped'].map((status) => ({
        order: { status },
      })),
    )
    const { wrapper, orders } = mountBar(VALUE, { statusCounts })
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
      { label: 'Shipped (3)', value: 'shipped' },
      { label: 'Chargeback (1)', value: 'Chargeback' },
    ])
    wrapper.findAllComponents(NSelect)[0]!.vm.$emit('update:value', ['captured', 'shipped'])
    expect(orders.setFilter).toHaveBeenCalledWith({
      statuses: ['captured', 'shipped'],
      search: 'kiel',
      country: 'DE',
      floor: [],
    })
  })

  it('shows a selected status by name alone, and keeps one the snapshot no longer has', () => {
    const { wrapper } = mountBar(
      { ...VALUE, statuses: ['in_fulfillment', 'shipped'] },
      { statusCounts: countStatuses([{ order: { status: 'in_fulfillment' } }]) },
    )
    const select = wrapper.findAllComponents(NSelect)[0]!
    const tags = select.findAll('.n-tag').map((tag) => tag.text())
    expect(tags).toEqual(expect.arrayContaining(['In fulfillment', 'Shipped']))
    const options = select.props('options') as Array<{ label: string; children?: unknown[] }>
    expect(options.at(-1)).toMatchObject({
      label: 'Not known to PerkPack',
      children: [{ label: 'Shipped', value: 'shipped' }],
    })
  })

  it('sets the country to null when it is cleared', () => {
    const { wrapper, orders } = mountBar()
    wrapper.findAllComponents(NSelect)[1]!.vm.$emit('update:value', null)
    expect(orders.setFilter).toHaveBeenCalledExactlyOnceWith({
      statuses: ['captured', 'in_fulfillment'],
      search: 'kiel',
      country: null,
      floor: [],
    })
  })

  it('waits for a pause in typing before searching', async () => {
    const { wrapper, orders } = mountBar()
    const input = wrapper.find('input[aria-label="Search orders"]')
    await input.setValue('kie')
    await input.setValue('kiel 2')
    vi.advanceTimersByTime(100)
    expect(orders.setFilter).not.toHaveBeenCalled()
    vi.advanceTimersByTime(60)
    expect(orders.setFilter).toHaveBeenCalledExactlyOnceWith({
      statuses: ['captured', 'in_fulfillment'],
      search: 'kiel 2',
      country: 'DE',
      floor: [],
    })
  })

  it('searches at once on Enter', async () => {
    const { wrapper, orders } = mountBar({ ...VALUE, search: '' })
    const input = wrapper.find('input[aria-label="Search orders"]')
    await input.setValue('#42')
    await input.trigger('keydown', { key: 'Enter' })
    expect(orders.setFilter).toHaveBeenCalledExactlyOnceWith({ ...VALUE, search: '#42' })
    vi.advanceTimersByTime(500)
    expect(orders.setFilter).toHaveBeenCalledTimes(1)
  })

  it('leaves the status and packing floor selects alone when a search changes the filter', async () => {
    const updates = componentUpdates()
    const { wrapper, orders } = mountBar(VALUE, {
      statusCounts: countStatuses([
        { order: { status: 'captured' } },
        { order: { status: 'on_hold' } },
      ]),
      mixins: [updates.mixin],
    })
    updates.reset()
    orders.toolbar = { ...orders.toolbar, search: 'kiel 24' }
    await wrapper.vm.$nextTick()
    const input = wrapper.get<HTMLInputElement>('input[aria-label="Search orders"]')
    expect(input.element.value).toBe('kiel 24')
    // Their responsive tags measure themselves (a forced layout of the view) whenever they redraw.
    expect(updates.of(/^(Select|Overflow|ListboxSelect)$/)).toBe(0)
  })

  it("shows the store's tree node as a chip that names it, and clears it when closed", async () => {
    const { wrapper, orders } = mountBar()
    expect(wrapper.find('[data-testid="selection-chip"]').exists()).toBe(false)
    orders.result = queryResult([])
    orders.selectedNodes = [variantNodeKey(12, 'TEE|Colour=Black|Size=M')]
    await wrapper.vm.$nextTick()
    const chip = wrapper.get('[data-testid="selection-chip"]')
    expect(chip.find('.kind').text()).toBe('SKU:')
    expect(chip.find('.value').text()).toBe(VARIANT)
    const clear = chip.get('button')
    expect(clear.attributes('aria-label')).toBe(`Clear SKU: ${VARIANT}: show all orders`)
    await clear.trigger('click')
    expect(orders.clearNode).toHaveBeenCalledTimes(1)
    // Clearing the node is not a change of the toolbar's own filters.
    expect(orders.setFilter).not.toHaveBeenCalled()
  })
})
