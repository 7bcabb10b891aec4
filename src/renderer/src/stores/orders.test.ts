import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { ORDERS_PAGE_SIZE } from '@shared/ipc'
import type { OrderRow, OrdersQueryResult } from '@shared/ipc'
import {
  ALL_ORDERS_KEY,
  perkNodeKey,
  skuNodeKey,
  variantNodeKey,
} from '@renderer/lib/perk-tree-keys'
import { fail, fakeBridge } from '@renderer/test-utils/fakeBridge'
import { deferred, orderRow, PICK_LIST, queryResult, snapshot } from './orders.fixtures'
import { useOrdersStore } from './orders'
import { usePickListStore } from './picklist'

const ROWS = [orderRow(3), orderRow(2), orderRow(1)]

/** Lets answered promises run their continuations. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function lastFilter(bridge: ReturnType<typeof fakeBridge>) {
  const calls = bridge.calls.queryOrders.mock.calls
  return calls[calls.length - 1]?.[0].filter
}

describe('useOrdersStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('asks for captured and in-fulfillment orders by default', async () => {
    const bridge = fakeBridge({
      openOrders: () => snapshot(ROWS),
      queryOrders: () => queryResult([]),
    })
    const store = useOrdersStore()
    expect(store.toolbar.statuses).toEqual(['captured', 'in_fulfillment'])
    await store.open(1001)
    expect(lastFilter(bridge)).toEqual({ statuses: ['captured', 'in_fulfillment'] })
  })

  it('counts the orders whose status PerkPack does not know, and adds them to the filter', async () => {
    const rows = [
      orderRow(1, { status: 'shipped' }),
      orderRow(2, { status: 'shipped' }),
      orderRow(3, { status: 'Chargeback' }),
      orderRow(4),
    ]
    const bridge = fakeBridge({
      openOrders: () => snapshot(rows),
      queryOrders: () => queryResult([]),
    })
    const store = useOrdersStore()
    await store.open(1001)
    expect(store.statusCounts.filter((c) => !c.known)).toEqual([
      { status: 'shipped', count: 2, known: false },
      { status: 'Chargeback', count: 1, known: false },
    ])
    expect(store.statusCounts.find((c) => c.status === 'captured')?.count).toBe(1)
    expect([store.unknownStatusCount, store.unknownStatusHidden]).toEqual([3, 3])

    await store.includeUnknownStatuses()
    expect(lastFilter(bridge)).toEqual({
      statuses: ['captured', 'in_fulfillment', 'shipped', 'Chargeback'],
    })
    expect(store.unknownStatusHidden).toBe(0)

    await store.setFilter({ ...store.toolbar, statuses: ['Chargeback'] })
    expect(store.unknownStatusHidden).toBe(2)
    // Every status is already shown: nothing to add, nothing asked.
    await store.setFilter({ ...store.toolbar, statuses: [] })
    const asked = bridge.calls.queryOrders.mock.calls.length
    expect(store.unknownStatusHidden).toBe(0)
    await store.includeUnknownStatuses()
    expect(bridge.calls.queryOrders.mock.calls.length).toBe(asked)

    store.close()
    expect([store.statusCounts, store.unknownStatusCount]).toEqual([[], 0])
  })

  it('shows exactly the orders of a pinned list, whatever their status, until it is cleared', async () => {
    const bridge = fakeBridge({
      openOrders: () => snapshot(ROWS),
      queryOrders: () => queryResult([]),
    })
    const store = useOrdersStore()
    await store.open(1001)
    await store.showList('Refunded or on hold', [2, 3])
    expect(lastFilter(bridge)).toEqual({ statuses: [], ids: [2, 3] })
    expect(store.pinnedList?.title).toBe('Refunded or on hold')
    await store.clearList()
    expect(lastFilter(bridge)).toEqual({ statuses: ['captured', 'in_fulfillment'] })
    expect(store.pinnedList).toBeNull()
  })

  it('opens the campaign, then shows the first rows of the query answer in their order', async () => {
    const answer = queryResult([ROWS[2]!, ROWS[0]!])
    const bridge = fakeBridge({
      openOrders: () => snapshot(ROWS),
      queryOrders: () => answer,
    })
    const store = useOrdersStore()
    const pending = store.open(1001)
    expect(store.loading).toBe(true)
    await pending
    expect(bridge.calls.openOrders).toHaveBeenCalledWith({ campaignId: 1001 })
    expect(bridge.calls.queryOrders.mock.calls[0]?.[0].campaignId).toBe(1001)
    expect(store.count).toBe(2)
    expect(store.total).toBe(3)
    expect([store.rowAt(0)?.id, store.rowAt(1)?.id, store.rowAt(2)]).toEqual([1, 3, undefined])
    // The very row objects of the answer, not reactive copies.
    expect(store.rowAt(0)).toBe(answer.rows[0])
    expect(store.loading).toBe(false)
    expect(store.error).toBeNull()
    // Everything is here: scrolling asks main for nothing.
    store.loadRows(0, 2)
    expect(bridge.calls.orderRows).not.toHaveBeenCalled()
  })

  it('fetches the pages that scroll into view, once, next to each other in one request', async () => {
    const all = Array.from({ length: 1000 }, (_, i) => orderRow(1000 - i))
    const held = deferred<OrderRow[]>()
    const bridge = fakeBridge({
      openOrders: () => snapshot(all),
      queryOrders: () => queryResult(all, { resultId: 7 }),
      orderRows: () => held.promise,
    })
    const store = useOrdersStore()
    await store.open(1001)
    expect(store.count).toBe(1000)
    expect(store.rowAt(ORDERS_PAGE_SIZE)).toBeUndefined()

    // Rows 450 to 480 on screen: their page and one either side are asked for together.
    store.loadRows(450, 480)
    store.loadRows(455, 485)
    expect(bridge.calls.orderRows).toHaveBeenCalledTimes(1)
    expect(bridge.calls.orderRows).toHaveBeenCalledWith({
      campaignId: 1001,
      resultId: 7,
      offset: 300,
      limit: 300,
    })
    held.resolve(all.slice(300, 600))
    await flush()
    expect(store.rowAt(450)).toBe(all[450])
    expect(store.rowAt(599)).toBe(all[599])
    expect(store.rowAt(600)).toBeUndefined()
    // Already here: nothing more to fetch.
    store.loadRows(450, 480)
    expect(bridge.calls.orderRows).toHaveBeenCalledTimes(1)
  })

  it('asks for the rows beyond the screen only once the answer is drawn', async () => {
    const all = Array.from({ length: 1000 }, (_, i) => orderRow(1000 - i))
    const bridge = fakeBridge({
      openOrders: () => snapshot(all),
      queryOrders: () => queryResult(all, { resultId: 7 }),
      orderRows: () => all.slice(100, 200),
    })
    const store = useOrdersStore()
    await store.open(1001)
    // The first rows came with the answer: the frame that shows them asks main for nothing.
    store.loadRows(0, 20)
    store.loadRows(0, 24)
    expect(bridge.calls.orderRows).not.toHaveBeenCalled()
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await flush()
    expect(bridge.calls.orderRows).toHaveBeenCalledExactlyOnceWith({
      campaignId: 1001,
      resultId: 7,
      offset: 100,
      limit: 100,
    })
    await flush()
    expect(store.rowAt(150)).toBe(all[150])
  })

  it('does not put a page asked of the old answer into a new answer that landed first', async () => {
    const all = Array.from({ length: 800 }, (_, i) => orderRow(800 - i))
    const newQuery = deferred<OrdersQueryResult>()
    const oldPage = deferred<OrderRow[]>()
    let call = 0
    fakeBridge({
      openOrders: () => snapshot(all),
      queryOrders: () => (call++ === 0 ? queryResult(all, { resultId: 1 }) : newQuery.promise),
      orderRows: () => oldPage.promise,
    })
    const store = useOrdersStore()
    await store.open(1001)
    // A search is out; the person scrolls the table still showing the old answer.
    const searching = store.setFilter({ ...store.toolbar, search: 'kiel' })
    store.loadRows(500, 520)
    const found = all.slice(0, 700).reverse()
    newQuery.resolve(queryResult(found, { resultId: 2 }))
    await searching
    oldPage.resolve(all.slice(400, 700))
    await flush()
    expect(store.result?.resultId).toBe(2)
    // Positions 400 to 699 of the new answer are not the old answer's rows.
    expect(store.rowAt(500)).toBeUndefined()
    expect(store.rowAt(0)).toBe(found[0])
  })

  it('drops rows of an older answer and asks again when main let go of the answer', async () => {
    const all = Array.from({ length: 500 }, (_, i) => orderRow(500 - i))
    const held = deferred<OrderRow[]>()
    let resultId = 1
    let gone = false
    const bridge = fakeBridge({
      openOrders: () => snapshot(all),
      queryOrders: () => queryResult(all, { resultId: resultId++ }),
      orderRows: () =>
        gone
          ? fail('orders_result_gone', 'The order list changed since it was shown.')
          : held.promise,
    })
    const store = useOrdersStore()
    await store.open(1001)
    store.loadRows(300, 320)
    // A new filter before the page lands: the late page belongs to the old answer.
    await store.setFilter({ ...store.toolbar, search: 'kiel' })
    held.resolve(all.slice(200, 500))
    await flush()
    expect(store.result?.resultId).toBe(2)
    expect(store.rowAt(300)).toBeUndefined()

    gone = true
    const queries = bridge.calls.queryOrders.mock.calls.length
    store.loadRows(300, 320)
    await flush()
    expect(bridge.calls.queryOrders).toHaveBeenCalledTimes(queries + 1)
    expect(store.result?.resultId).toBe(3)
    expect(store.error).toBeNull()
  })

  it('ignores a query answer that arrives after a newer one', async () => {
    const answers = [deferred<OrdersQueryResult>(), deferred<OrdersQueryResult>()]
    let call = 0
    fakeBridge({
      openOrders: () => snapshot(ROWS),
      queryOrders: () => (call === 0 ? queryResult(ROWS) : answers[call - 1]!.promise),
    })
    const store = useOrdersStore()
    await store.open(1001)
    call = 1
    const slow = store.setFilter({ ...store.toolbar, search: 'a' })
    call = 2
    const fast = store.setFilter({ ...store.toolbar, search: 'ab' })
    answers[1]!.resolve(queryResult([ROWS[1]!]))
    await fast
    answers[0]!.resolve(queryResult([ROWS[0]!, ROWS[2]!]))
    await slow
    expect(store.count).toBe(1)
    expect(store.rowAt(0)?.id).toBe(2)
    expect(store.toolbar.search).toBe('ab')
    expect(store.querying).toBe(false)
  })

  it('turns the chosen tree node into perkId / variant of the filter', async () => {
    const bridge = fakeBridge({
      openOrders: () => snapshot(ROWS),
      queryOrders: () => queryResult([ROWS[2]!]),
    })
    const store = useOrdersStore()
    await store.open(1001)

    await store.selectNode(variantNodeKey(12, 'TEE|Colour=Black|Size=M'))
    expect(lastFilter(bridge)).toMatchObject({ perkId: 12, variant: 'TEE|Colour=Black|Size=M' })

    await store.selectNode(perkNodeKey(null))
    expect(lastFilter(bridge)).toEqual({ statuses: ['captured', 'in_fulfillment'], perkId: null })

    await store.setFilter({ statuses: [], search: ' kiel ', country: 'DE' })
    expect(lastFilter(bridge)).toEqual({
      statuses: [],
      search: 'kiel',
      country: 'DE',
      perkId: null,
    })

    await store.selectNode(ALL_ORDERS_KEY)
    expect(lastFilter(bridge)).toEqual({ statuses: [], search: 'kiel', country: 'DE' })
  })

  it('sends several nodes as any of them, and a pick-list row as its variant where it ships', async () => {
    const bridge = fakeBridge({
      openOrders: () => snapshot(ROWS),
      queryOrders: () => queryResult([ROWS[2]!]),
    })
    const store = useOrdersStore()
    await store.open(1001)
    const tee = 'TEE|Colour=Black|Size=M'
    await store.selectNodes([perkNodeKey(13), ALL_ORDERS_KEY, skuNodeKey(tee)])
    expect(lastFilter(bridge)).toEqual({
      statuses: ['captured', 'in_fulfillment'],
      nodes: [{ perkId: 13 }, { variant: tee }],
    })
    expect(store.selectedNodes).toEqual([perkNodeKey(13), skuNodeKey(tee)])
    expect(store.node).toEqual({
      label: 'Any of',
      value: 'Perk: Digital; SKU: TEE · Tidepool T-Shirt · Size: M, Colour: Black in all perks',
    })

    await store.showVariantOrders(tee)
    expect(lastFilter(bridge)).toEqual({
      statuses: ['captured', 'in_fulfillment'],
      variant: tee,
      ships: true,
    })
    expect(store.node?.value).toBe(
      'TEE · Tidepool T-Shirt · Size: M, Colour: Black in all perks, orders that ship',
    )
    // Nothing picked: every order again.
    await store.selectNodes([])
    expect(store.selectedNodes).toEqual([ALL_ORDERS_KEY])
    expect(lastFilter(bridge)).toEqual({ statuses: ['captured', 'in_fulfillment'] })
  })

  it('asks for the pick list only while a view showing it wants it, and marks the search', async () => {
    const bridge = fakeBridge({
      openOrders: () => snapshot(ROWS),
      queryOrders: ({ pickList }) => queryResult([ROWS[2]!], { hasPickList: pickList === true }),
    })
    const store = useOrdersStore()
    await store.open(1001)
    const asked = () => bridge.calls.queryOrders.mock.calls.map(([request]) => request.pickList)
    expect(asked()).toEqual([undefined])
    // The Pick list view comes: the answer on hand has none, so it is asked again, with it.
    store.wantPickList(true)
    await flush()
    await store.setFilter({ ...store.toolbar, search: 'Zoë  sand' })
    expect(asked()).toEqual([undefined, true, true])
    expect(store.searchTerms).toEqual(['zoe', 'sand'])
    store.wantPickList(false)
    await store.setFilter({ ...store.toolbar, search: '' })
    expect(asked()).toEqual([undefined, true, true, undefined])
    expect(store.searchTerms).toEqual([])
  })

  it('names the node for its chip, keeps the name when the tree loses it, and clears it', async () => {
    let answer: OrdersQueryResult = queryResult([ROWS[2]!])
    const bridge = fakeBridge({ openOrders: () => snapshot(ROWS), queryOrders: () => answer })
    const store = useOrdersStore()
    const picklist = usePickListStore()
    await store.open(1001)
    expect(store.node).toBeNull()

    answer = queryResult([ROWS[2]!], { pickListTotals: { orders: 1, units: 2, variants: 1 } })
    await store.selectNode(variantNodeKey(12, 'TEE|Colour=Black|Size=M'))
    const named = {
      label: 'SKU',
      value: 'TEE · Tidepool T-Shirt · Size: M, Colour: Black in Core Game',
    }
    expect(store.node).toEqual(named)
    // The pick list covers the node's orders, not the tree's.
    expect(picklist.totals).toEqual({ orders: 1, units: 2, variants: 1 })
    expect(store.selectionParts.at(-1)).toEqual(named)

    // A search that leaves none of its orders: the tree no longer holds it, the chip stays.
    answer = queryResult([], { tree: [] })
    await store.setFilter({ ...store.toolbar, search: 'nobody' })
    expect(store.node).toEqual(named)

    await store.clearNode()
    expect(store.node).toBeNull()
    expect(store.selectedNode).toBe(ALL_ORDERS_KEY)
    expect(lastFilter(bridge)).toEqual({
      statuses: ['captured', 'in_fulfillment'],
      search: 'nobody',
    })
  })

  it('starts from "All orders" and every country when another campaign opens', async () => {
    fakeBridge({
      openOrders: ({ campaignId }) => snapshot(ROWS, campaignId),
      queryOrders: () => queryResult([ROWS[2]!]),
    })
    const store = useOrdersStore()
    await store.open(1001)
    await store.selectNode(perkNodeKey(12))
    await store.setFilter({ ...store.toolbar, country: 'FR', search: 'ada' })
    await store.open(2002)
    expect(store.selectedNode).toBe(ALL_ORDERS_KEY)
    expect(store.toolbar.country).toBeNull()
    expect(store.toolbar.search).toBe('ada')
    expect(store.campaign?.campaignId).toBe(2002)
  })

  it('reopens only when the campaign changed or a sync made the snapshot stale', async () => {
    const bridge = fakeBridge({
      openOrders: ({ campaignId }) => snapshot(ROWS, campaignId),
      queryOrders: () => queryResult([ROWS[2]!]),
    })
    const store = useOrdersStore()
    await store.ensureOpen(1001)
    await store.ensureOpen(1001)
    expect(bridge.calls.openOrders).toHaveBeenCalledTimes(1)
    store.markStale(2002)
    await store.ensureOpen(1001)
    expect(bridge.calls.openOrders).toHaveBeenCalledTimes(1)
    store.markStale(1001)
    await store.ensureOpen(1001)
    expect(bridge.calls.openOrders).toHaveBeenCalledTimes(2)
    await store.ensureOpen(null)
    expect(store.campaignId).toBeNull()
    expect(store.count).toBe(0)
    expect(store.rowAt(0)).toBeUndefined()
  })

  it('keeps the message when opening fails', async () => {
    fakeBridge({
      openOrders: () => fail('not_found', 'Campaign 1001 is not in the offline cache. Sync it.'),
    })
    const store = useOrdersStore()
    await store.open(1001)
    expect(store.error).toBe('Campaign 1001 is not in the offline cache. Sync it.')
    expect(store.loading).toBe(false)
  })

  it('treats a campaign without an offline copy as empty, not as a failure', async () => {
    fakeBridge({
      openOrders: () => fail('campaign_not_synced', 'Campaign 1001 has no offline copy yet.'),
      queryOrders: () => fail('campaign_not_synced', 'Campaign 1001 has no offline copy yet.'),
    })
    const store = useOrdersStore()
    await store.open(1001)
    expect(store.notSynced).toBe(true)
    expect(store.error).toBeNull()
  })
})

describe('usePickListStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('sorts the pick list of the latest query and keeps its totals', async () => {
    fakeBridge({ openOrders: () => snapshot(ROWS), queryOrders: () => queryResult([ROWS[2]!]) })
    await useOrdersStore().open(1001)
    const picklist = usePickListStore()
    expect(picklist.rows.map((r) => r.sku_code)).toEqual(['BOX', 'PIN', 'TEE'])
    picklist.sortBy('quantity', 'desc')
    expect(picklist.rows.map((r) => r.sku_code)).toEqual(['TEE', 'BOX', 'PIN'])
    picklist.sortBy('item', 'asc')
    expect(picklist.rows.map((r) => r.item_name)).toEqual([
      'Core Game Box',
      'Enamel Pin',
      'Tidepool T-Shirt',
    ])
    picklist.resetSort()
    expect(picklist.rows).toBe(PICK_LIST)
    expect(picklist.totals).toEqual({ orders: 4102, units: 5310, variants: 3 })
  })
})
