import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { Pinia } from 'pinia'
import type { OrderRow } from '@shared/ipc'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { orderRow, queryResult, snapshot } from '@renderer/stores/orders.fixtures'
import { useOrdersStore } from '@renderer/stores/orders'
import UnknownStatusNote from './UnknownStatusNote.vue'

let pinia: Pinia

async function openWith(rows: OrderRow[]) {
  const bridge = fakeBridge({
    openOrders: () => snapshot(rows),
    queryOrders: () => queryResult([]),
  })
  const store = useOrdersStore()
  await store.open(1001)
  const wrapper = mount(UnknownStatusNote, { global: { plugins: [pinia] } })
  return { bridge, store, wrapper }
}

describe('UnknownStatusNote', () => {
  beforeEach(() => {
    pinia = createPinia()
    setActivePinia(pinia)
  })

  it('says nothing when every status is known', async () => {
    const { wrapper } = await openWith([orderRow(1), orderRow(2, { status: 'refunded' })])
    expect(wrapper.find('[data-testid="unknown-statuses"]').exists()).toBe(false)
  })

  it('counts the orders the filter hides, names their statuses in words, shows them on a click', async () => {
    const { bridge, store, wrapper } = await openWith([
      orderRow(1, { status: 'shipped' }),
      orderRow(2, { status: 'shipped' }),
      orderRow(3, { status: 'Chargeback' }),
      orderRow(4),
    ])
    const note = wrapper.get('[data-testid="unknown-statuses"]')
    expect(note.text()).toBe('3 orders with a status PerkPack does not know: show them')
    expect(note.attributes('title')).toBe(
      'Shipped (2), Chargeback (1). Adds them to the status filter.',
    )
    await note.trigger('click')
    await flushPromises()
    const calls = bridge.calls.queryOrders.mock.calls
    expect(calls[calls.length - 1]?.[0].filter.statuses).toEqual([
      'captured',
      'in_fulfillment',
      'shipped',
      'Chargeback',
    ])
    // All shown now: the count stays, as a label rather than a button.
    const shown = wrapper.get('[data-testid="unknown-statuses"]')
    expect(shown.element.tagName).not.toBe('BUTTON')
    expect(shown.text()).toBe('3 orders with a status PerkPack does not know')

    await store.setFilter({ ...store.toolbar, statuses: ['captured', 'shipped'] })
    expect(wrapper.get('[data-testid="unknown-statuses"]').text()).toBe(
      '3 orders with a status PerkPack does not know: show 1 hidden',
    )
  })
})
