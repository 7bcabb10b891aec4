import { describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import { createTestingPinia } from '@pinia/testing'
import { perkNodeKey } from '@renderer/lib/perk-tree-keys'
import { useCampaignsStore } from '@renderer/stores/campaigns'
import { orderRow, queryResult, snapshot } from '@renderer/stores/orders.fixtures'
import { useOrdersStore } from '@renderer/stores/orders'
import OrdersView from './OrdersView.vue'

function mountView(opened = true) {
  const pinia = createTestingPinia({ createSpy: vi.fn })
  const campaigns = useCampaignsStore(pinia)
  const orders = useOrdersStore(pinia)
  if (opened) {
    const snap = snapshot([orderRow(1), orderRow(2), orderRow(3)])
    campaigns.currentId = 1001
    orders.campaignId = 1001
    orders.campaign = snap.campaign
    orders.result = queryResult([orderRow(3), orderRow(1)])
  }
  const wrapper = mount(OrdersView, { global: { plugins: [pinia] } })
  return { wrapper, orders, campaigns }
}

describe('OrdersView', () => {
  it('asks for a campaign when none is open', () => {
    const { wrapper } = mountView(false)
    expect(wrapper.text()).toContain('Open a campaign and sync it to see its orders.')
  })

  it('counts the orders of the query and labels the tree from it', () => {
    const { wrapper } = mountView()
    expect(wrapper.find('.count').text()).toBe('2 orders')
    expect(wrapper.text()).toContain('3 orders in the offline copy')
    // The table is as long as the answer and paints the rows it has.
    const table = wrapper.get('[role="table"][aria-label="Orders"]')
    expect(table.attributes('aria-rowcount')).toBe('3')
    expect(table.findAll('[role="columnheader"]').map((h) => h.text())).toEqual([
      '#',
      'Backer · E-mail',
      'Status',
      'Floor',
      'Items · Perks',
      'Country',
    ])
    expect(wrapper.text()).toContain('Core Game — 1,234 orders · 1,500 units')
  })

  it('shows the packed boxes not to ship by every status that does not ship, known or not', async () => {
    const { wrapper, orders } = mountView()
    orders.statusCounts = snapshot([
      orderRow(1),
      orderRow(2, { status: 'chargeback' }),
      orderRow(3, { status: 'fulfilled' }),
    ]).statuses
    orders.result = { ...queryResult([orderRow(1)]), packedButStopped: 1 }
    await nextTick()
    await wrapper.get('[role="alert"] button').trigger('click')
    expect(orders.setFilter).toHaveBeenCalledWith({
      statuses: ['pending', 'refunded', 'unprocessable', 'on_hold', 'chargeback'],
      search: '',
      country: null,
      floor: ['packed', 'shipped'],
    })
  })

  it('says under the tree why the perks add up to more than the orders', async () => {
    const { wrapper, orders } = mountView()
    expect(wrapper.find('[data-testid="perk-overlap"]').exists()).toBe(false)
    orders.result = queryResult([orderRow(1)], {
      totals: { orders: 1000, units: 1300, variants: 3 },
      perkOverlap: [{ perks: 2, orders: 101 }],
    })
    await nextTick()
    expect(wrapper.get('[data-testid="perk-overlap"]').text()).toBe(
      "101 orders hold two perks: each is counted under every perk it holds, so the perks' counts add up to 1,101 for 1,000 orders.",
    )
  })

  it('says so when the filter matches nothing', async () => {
    const { wrapper, orders } = mountView()
    orders.result = queryResult([])
    await nextTick()
    expect(wrapper.get('[data-testid="orders-empty"]').text()).toBe(
      'No orders match these filters.',
    )
    expect(wrapper.find('.count').text()).toBe('0 orders')
  })

  it('keeps the table through an answer with no orders, its header in place', async () => {
    const { wrapper, orders } = mountView()
    const table = wrapper.get('[role="table"]').element
    orders.result = queryResult([])
    await nextTick()
    // The same element: the next answer redraws its rows, not the whole table.
    expect(wrapper.get('[role="table"]').element).toBe(table)
    expect(wrapper.findAll('[role="table"] [role="columnheader"]')).toHaveLength(6)
    expect(wrapper.get('[role="table"]').attributes('aria-rowcount')).toBe('1')
    orders.result = queryResult([orderRow(2)])
    await nextTick()
    expect(wrapper.get('[role="table"]').element).toBe(table)
    expect(wrapper.find('[data-testid="orders-empty"]').exists()).toBe(false)
    expect(wrapper.get('[role="table"]').attributes('aria-rowcount')).toBe('2')
  })

  it('filters by the chosen tree node', async () => {
    const { wrapper, orders } = mountView()
    const perk = wrapper.findAll('.n-tree-node').find((n) => n.text().startsWith('Digital'))
    await perk!.trigger('click')
    expect(orders.selectNodes).toHaveBeenCalledWith([perkNodeKey(13)])
  })

  it('opens the current campaign, follows a switch and reopens after its sync', async () => {
    const { orders, campaigns } = mountView()
    await nextTick()
    expect(orders.ensureOpen).toHaveBeenLastCalledWith(1001)
    campaigns.currentId = 2002
    await nextTick()
    expect(orders.ensureOpen).toHaveBeenLastCalledWith(2002)
    campaigns.lastOutcome = {
      campaignId: 1001,
      kind: 'completed',
      summary: null,
      message: null,
      seq: 1,
    }
    await nextTick()
    expect(orders.markStale).toHaveBeenCalledWith(1001)
    expect(orders.ensureOpen).toHaveBeenCalledTimes(3)
  })
})
