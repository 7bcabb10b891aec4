import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderDetail } from '@shared/ipc'
import { fakeBridge } from '@renderer/test-utils/fakeBridge'
import { deferred, orderDetail, orderRow, queryResult, snapshot } from './orders.fixtures'
import { useOrderDetailStore } from './order-detail'
import { useOrdersStore } from './orders'

const ROWS = [orderRow(3), orderRow(2), orderRow(1)]

async function openCampaign(handlers: Parameters<typeof fakeBridge>[0] = {}) {
  const bridge = fakeBridge({
    openOrders: ({ campaignId }) => snapshot(ROWS, campaignId),
    queryOrders: () => queryResult(ROWS),
    ...handlers,
  })
  await useOrdersStore().open(1001)
  return bridge
}

describe('useOrderDetailStore', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('loads the detail of a clicked order and drops it on close', async () => {
    const answer = deferred<OrderDetail>()
    const bridge = await openCampaign({ orderDetail: () => answer.promise })
    const store = useOrderDetailStore()
    const pending = store.open(2)
    expect(store.loading).toBe(true)
    expect(store.row?.sequenceNumber).toBe(2)
    answer.resolve(orderDetail(2))
    await pending
    expect(bridge.calls.orderDetail).toHaveBeenCalledWith({ campaignId: 1001, contributionId: 2 })
    expect(store.detail?.addressLines).toContain('12 Harbour Road')
    expect(store.loading).toBe(false)
    store.close()
    expect(store.contributionId).toBeNull()
    expect(store.detail).toBeNull()
  })

  it('shows why a detail could not load', async () => {
    await openCampaign()
    const store = useOrderDetailStore()
    await store.open(1)
    expect(store.detail).toBeNull()
    expect(store.error).toBe('That order is not in the offline copy.')
  })

  it('shows the order clicked last when an earlier answer lands after it', async () => {
    const answers = new Map([2, 3].map((id) => [id, deferred<OrderDetail>()]))
    await openCampaign({
      orderDetail: ({ contributionId }) => answers.get(contributionId)!.promise,
    })
    const store = useOrderDetailStore()
    const first = store.open(2)
    const second = store.open(3)
    answers.get(3)!.resolve(orderDetail(3))
    await second
    answers.get(2)!.resolve(orderDetail(2))
    await first
    expect(store.contributionId).toBe(3)
    expect(store.detail?.contribution.id).toBe(3)
    expect(store.loading).toBe(false)
  })

  it('closes when another campaign opens, and drops the answer of the old one', async () => {
    const answer = deferred<OrderDetail>()
    await openCampaign({ orderDetail: () => answer.promise })
    const store = useOrderDetailStore()
    const pending = store.open(2)
    await useOrdersStore().open(2002)
    expect(store.contributionId).toBeNull()
    answer.resolve(orderDetail(2))
    await pending
    expect(store.detail).toBeNull()
    expect(store.loading).toBe(false)
  })
})
