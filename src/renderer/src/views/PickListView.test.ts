import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import type { OrdersQueryResult } from '@shared/ipc'
import { createTestingPinia } from '@pinia/testing'
import { orderRow, queryResult, snapshot } from '@renderer/stores/orders.fixtures'
import { useOrdersStore } from '@renderer/stores/orders'
import { usePickListStore } from '@renderer/stores/picklist'
import { useNavigationStore } from '@renderer/stores/navigation'
import { perkNodeKey, variantNodeKey } from '@renderer/lib/perk-tree-keys'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { mountWithProviders } from '@renderer/test-utils/mountWithProviders'
import PickListView from './PickListView.vue'

let mounted: VueWrapper | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

function mountView(withResult = true, node?: string, answer: Partial<OrdersQueryResult> = {}) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    // The pick list's own sorting and printing run for real, over the orders store's filter;
    // loading orders is not this test's business.
    stubActions: (name, store) => store.$id !== 'picklist' && name !== 'currentFilter',
  })
  const orders = useOrdersStore(pinia)
  const snap = snapshot([orderRow(1)])
  orders.campaignId = 1001
  orders.campaign = snap.campaign
  if (node) orders.selectedNodes = [node]
  if (withResult)
    orders.result = queryResult(
      [orderRow(1)],
      node ? { pickListTotals: { orders: 412, units: 530, variants: 3 }, ...answer } : answer,
    )
  const wrapper = mountWithProviders(PickListView, { pinia })
  mounted = wrapper
  return { wrapper, orders, picklist: usePickListStore(pinia) }
}

function skuColumn(wrapper: VueWrapper): string[] {
  return wrapper.findAll('tbody td[data-col-key="sku"]').map((td) => td.text())
}

describe('PickListView', () => {
  it('shows the totals line of the query', () => {
    const { wrapper } = mountView()
    expect(wrapper.find('[data-testid="pick-list-totals"]').text()).toBe(
      '3 variants · 5,310 units · 4,102 orders',
    )
  })

  it("says which filtered orders it leaves out and why, in the printed list's words", () => {
    const { wrapper } = mountView(true, undefined, {
      pickListTotals: { orders: 997, units: 1915, variants: 14 },
      pickListLeftOut: { nothingToShip: 123, noAddress: 1 },
    })
    expect(wrapper.find('[data-testid="pick-list-totals"]').text()).toBe(
      '14 variants · 1,915 units · 997 orders',
    )
    expect(wrapper.find('[data-testid="pick-list-coverage"]').text()).toBe(
      'Pick list for the orders matching the filters, 997 orders that ship ' +
        '(124 orders left out: 123 with nothing to ship, 1 without an address)',
    )
  })

  it('lists items without a SKU apart, with their name and how many, and only when there are some', () => {
    expect(mountView().wrapper.find('[data-testid="pick-list-by-hand"]').exists()).toBe(false)
    mounted?.unmount()
    const { wrapper } = mountView(true, undefined, {
      pickListByHand: [
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
          item_name: 'Sticker',
          sku_code: 'STK',
          choices: [],
          quantity: null,
          order_count: 1,
        },
      ],
    })
    const section = wrapper.find('[data-testid="pick-list-by-hand"]')
    expect(section.find('h3').text()).toBe('To pick by hand: items PerkPack cannot pick by SKU')
    const rows = section.findAll('tbody tr').map((tr) => tr.findAll('td').map((td) => td.text()))
    expect(rows).toEqual([
      ['no SKU', 'Enamel pin (check by hand)', '—', '3', '2'],
      ['STK', 'Sticker (no quantity: check by hand)', '—', '?', '1'],
    ])
  })

  it('lists one row per variant with its per-perk breakdown', () => {
    const { wrapper } = mountView()
    expect(skuColumn(wrapper)).toEqual(['BOX', 'PIN', 'TEE'])
    const perks = wrapper.findAll('tbody td[data-col-key="perks"]').map((td) => td.text())
    expect(perks[0]).toBe('Core Game ×20 · Early Bird ×10')
    const choices = wrapper.findAll('tbody td[data-col-key="choices"]').map((td) => td.text())
    expect(choices).toEqual(['—', '—', 'Size: M'])
  })

  it('sorts by a column header: largest first, then smallest, then back to SKU', async () => {
    const { wrapper, picklist } = mountView()
    const header = () => wrapper.find('th[data-col-key="quantity"]')
    await header().trigger('click')
    expect(picklist.sortKey).toBe('quantity')
    expect(picklist.direction).toBe('desc')
    expect(skuColumn(wrapper)).toEqual(['TEE', 'BOX', 'PIN'])
    await header().trigger('click')
    expect(picklist.direction).toBe('asc')
    expect(skuColumn(wrapper)).toEqual(['PIN', 'BOX', 'TEE'])
    await header().trigger('click')
    expect(picklist.sortKey).toBe('sku')
    expect(skuColumn(wrapper)).toEqual(['BOX', 'PIN', 'TEE'])
  })

  it('asks for a campaign when none is open', () => {
    const pinia = createTestingPinia({ createSpy: vi.fn })
    const wrapper = mount(PickListView, { global: { plugins: [pinia] } })
    expect(wrapper.text()).toContain('Open a campaign and sync it to see its pick list.')
  })
})

describe('PickListView and the selection', () => {
  const TEE = variantNodeKey(12, 'TEE|Colour=Black|Size=M')
  const TEE_TEXT = 'SKU: TEE · Tidepool T-Shirt · Size: M, Colour: Black in Core Game'

  it('says what it covers: the chip of the tree node and its orders', () => {
    const { wrapper } = mountView(true, TEE)
    expect(wrapper.get('[data-testid="selection-chip"]').attributes('title')).toBe(TEE_TEXT)
    expect(wrapper.find('[data-testid="pick-list-coverage"]').text()).toBe(
      `Pick list for ${TEE_TEXT}, 412 orders that ship`,
    )
    expect(wrapper.find('[data-testid="pick-list-totals"]').text()).toBe(
      '3 variants · 530 units · 412 orders',
    )
  })

  it("marks the selected variant's row among the other items of its orders", () => {
    const { wrapper } = mountView(true, variantNodeKey(12, 'TEE|Size=M'))
    const marked = wrapper.findAll('tbody tr.selected-variant')
    expect(marked.map((row) => row.find('td[data-col-key="sku"]').text())).toEqual(['TEE'])
  })

  it('has no chip without a node, and the chip clears the node', async () => {
    const plain = mountView()
    expect(plain.wrapper.find('[data-testid="selection-chip"]').exists()).toBe(false)
    expect(plain.wrapper.find('[data-testid="pick-list-coverage"]').text()).toBe(
      'Pick list for the orders matching the filters, 4,102 orders that ship',
    )
    plain.wrapper.unmount()
    const { wrapper, orders } = mountView(true, perkNodeKey(12))
    const clear = wrapper.get('button[aria-label="Clear Perk: Core Game: show all orders"]')
    await clear.trigger('click')
    expect(orders.clearNode).toHaveBeenCalledTimes(1)
  })

  it('saves the PDF of the selection, named in words, and says where it went', async () => {
    const bridge = fakeBridge({
      savePickListPdf: () => ({
        path: '/exports/tidepool-pick-list-2026-03-02.pdf',
        variants: 3,
        units: 530,
        orders: 400,
        leftOut: 12,
        pages: 1,
      }),
    })
    const { wrapper } = mountView(true, TEE)
    const save = wrapper.findAll('button').find((b) => b.text() === 'Save as PDF')!
    await save.trigger('click')
    await flushPromises()
    expect(bridge.calls.savePickListPdf).toHaveBeenCalledWith({
      campaignId: 1001,
      filter: {
        statuses: ['captured', 'in_fulfillment'],
        perkId: 12,
        variant: 'TEE|Colour=Black|Size=M',
      },
      paper: 'letter',
      selection: `Status: Captured, In fulfillment · ${TEE_TEXT}`,
    })
    expect(document.body.textContent).toContain(
      'Saved the pick list (3 variants for 400 orders that ship; 12 orders of the selection left off, nothing to ship or no address) to /exports/tidepool-pick-list-2026-03-02.pdf',
    )
  })
})

describe('PickListView and the Orders view', () => {
  it("shows a row's orders in Orders: those whose parcels hold its variant, in any perk", async () => {
    const { wrapper, orders } = mountView()
    const navigation = useNavigationStore()
    const tee = wrapper.findAll('tbody tr')[2]!
    const button = tee.get('td[data-col-key="orders"] button')
    expect(button.text()).toBe('1,100')
    expect(button.attributes('aria-label')).toBe('Show the 1,100 orders holding TEE (Size: M)')
    await button.trigger('click')
    expect(orders.showVariantOrders).toHaveBeenCalledExactlyOnceWith('TEE|Size=M')
    expect(navigation.go).toHaveBeenCalledWith('orders')
    // A click anywhere on a row does the same.
    await wrapper.findAll('tbody tr')[0]!.trigger('click')
    expect(orders.showVariantOrders).toHaveBeenLastCalledWith('BOX')
  })

  it('waits for the pick list when the answer on hand has none (the Orders view asked it)', () => {
    const { wrapper, orders } = mountView(true, undefined, { hasPickList: false, pickList: [] })
    expect(orders.wantPickList).toHaveBeenCalledWith(true)
    expect(wrapper.find('[data-testid="pick-list-totals"]').text()).toBe('')
    expect(wrapper.find('.n-data-table .n-spin-container, .n-base-loading').exists()).toBe(true)
  })
})

describe('PickListView text columns', () => {
  it('sorts Item A to Z on the first click', async () => {
    const { wrapper, picklist } = mountView()
    await wrapper.find('th[data-col-key="item"]').trigger('click')
    expect([picklist.sortKey, picklist.direction]).toEqual(['item', 'asc'])
  })
})
