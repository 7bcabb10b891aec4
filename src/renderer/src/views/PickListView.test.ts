import { describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import { orderRow, queryResult, snapshot } from '@renderer/stores/orders.fixtures'
import { useOrdersStore } from '@renderer/stores/orders'
import { usePickListStore } from '@renderer/stores/picklist'
import PickListView from './PickListView.vue'

function mountView(withResult = true) {
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    // The pick list's own sorting runs for real; loading orders is not this test's business.
    stubActions: (name, store) => store.$id !== 'picklist',
  })
  const orders = useOrdersStore(pinia)
  const snap = snapshot([orderRow(1)])
  orders.campaignId = 1001
  orders.campaign = snap.campaign
  if (withResult) orders.result = queryResult([orderRow(1)])
  const wrapper = mount(PickListView, { global: { plugins: [pinia] } })
  return { wrapper, orders, picklist: usePickListStore(pinia) }
}

function skuColumn(wrapper: ReturnType<typeof mountView>['wrapper']): string[] {
  return wrapper.findAll('tbody td[data-col-key="sku"]').map((td) => td.text())
}

describe('PickListView', () => {
  it('shows the totals line of the query', () => {
    const { wrapper } = mountView()
    expect(wrapper.find('[data-testid="pick-list-totals"]').text()).toBe(
      '3 variants · 5,310 units · 4,102 orders',
    )
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

describe('PickListView text columns', () => {
  it('sorts Item A to Z on the first click', async () => {
    const { wrapper, picklist } = mountView()
    await wrapper.find('th[data-col-key="item"]').trigger('click')
    expect([picklist.sortKey, picklist.direction]).toEqual(['item', 'asc'])
  })
})
