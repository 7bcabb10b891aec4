import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { OrderStatus } from '../../../shared/api/schemas'
import { DEFAULT_STATUSES } from '../../../shared/fulfillment'
import type {
  CampaignSummary,
  OrderDetail,
  OrderRow,
  OrdersFilter,
  OrdersQueryResult,
} from '../../../shared/ipc/contract'
import { api, errorCode, errorMessage } from '../api'
import { ALL_ORDERS_KEY, nodeFilter } from '../components/orders/tree-keys'

/** The toolbar's part of the filter (the tree node is kept apart). */
export interface OrdersFilterValue {
  statuses: OrderStatus[]
  search: string
  country: string | null
}

const NOT_SYNCED = 'campaign_not_synced'

export function defaultFilterValue(): OrdersFilterValue {
  return { statuses: [...DEFAULT_STATUSES], search: '', country: null }
}

/**
 * One campaign's orders as the Orders and Pick list views show them. The 100,000-row snapshot
 * and every query answer live in shallow refs and are replaced whole, never mutated: Vue then
 * tracks one reference instead of proxying every row, which is what keeps opening and
 * filtering inside the budget.
 */
export const useOrdersStore = defineStore('orders', () => {
  const campaignId = ref<number | null>(null)
  const campaign = shallowRef<CampaignSummary | null>(null)
  const rows = shallowRef<readonly OrderRow[]>([])
  const countries = shallowRef<readonly string[]>([])
  let rowsById = new Map<number, OrderRow>()

  const toolbar = shallowRef<OrdersFilterValue>(defaultFilterValue())
  const selectedNode = ref<string>(ALL_ORDERS_KEY)
  /** A fixed list of orders (a pre-print check's "Open list"): every status, only these ids. */
  const pinnedList = shallowRef<{ title: string; ids: readonly number[] } | null>(null)
  const result = shallowRef<OrdersQueryResult | null>(null)
  /** The rows of `result.ids`, in that order. */
  const visibleRows = shallowRef<readonly OrderRow[]>([])

  const loading = ref(false)
  const querying = ref(false)
  // Kept apart so a query that succeeds cannot hide why the snapshot failed to open.
  const openError = ref<string | null>(null)
  const queryError = ref<string | null>(null)
  const error = computed(() => openError.value ?? queryError.value)
  /** The campaign is chosen but has never been synced: nothing to show yet, not a failure. */
  const notSynced = ref(false)
  /** Set when a sync of the open campaign completed: the snapshot must be fetched again. */
  const stale = ref(false)

  // Each request takes a number; an answer whose number is no longer the latest is dropped, so
  // a slow query for "a" never overwrites the answer for "ab".
  let openSeq = 0
  let querySeq = 0

  const privileged = computed(() => campaign.value?.privileged ?? false)

  /** Plain data only: Electron's structured clone rejects Vue proxies. */
  function currentFilter(): OrdersFilter {
    const value = toolbar.value
    const filter: OrdersFilter = { statuses: [...value.statuses] }
    const search = value.search.trim()
    if (search !== '') filter.search = search
    if (value.country) filter.country = value.country
    const list = pinnedList.value
    if (list) Object.assign(filter, { statuses: [], ids: [...list.ids] })
    return { ...filter, ...nodeFilter(selectedNode.value) }
  }

  async function showList(title: string, ids: readonly number[]): Promise<void> {
    pinnedList.value = { title, ids: [...ids] }
    await query()
  }

  async function clearList(): Promise<void> {
    if (!pinnedList.value) return
    pinnedList.value = null
    await query()
  }

  function rowsOf(ids: readonly number[]): OrderRow[] {
    const out: OrderRow[] = []
    for (let i = 0; i < ids.length; i++) {
      const row = rowsById.get(ids[i] as number)
      if (row !== undefined) out.push(row)
    }
    return out
  }

  async function query(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    const seq = ++querySeq
    querying.value = true
    try {
      const answer = await api().queryOrders({ campaignId: id, filter: currentFilter() })
      if (seq !== querySeq) return
      result.value = answer
      visibleRows.value = rowsOf(answer.ids)
      queryError.value = null
    } catch (e) {
      if (seq === querySeq) queryError.value = errorCode(e) === NOT_SYNCED ? null : errorMessage(e)
    } finally {
      if (seq === querySeq) querying.value = false
    }
  }

  async function open(id: number): Promise<void> {
    const seq = ++openSeq
    // Queries still in flight belong to what was open before.
    querySeq++
    if (id !== campaignId.value) {
      campaign.value = null
      rows.value = []
      rowsById = new Map()
      countries.value = []
      result.value = null
      visibleRows.value = []
      selectedNode.value = ALL_ORDERS_KEY
      // A country of another campaign would silently hide everything.
      toolbar.value = { ...toolbar.value, country: null }
      queryError.value = null
      closeDetail()
    }
    campaignId.value = id
    loading.value = true
    openError.value = null
    notSynced.value = false
    // Asked together: main answers them back to back, and the table needs both. An answer
    // that lands before the snapshot is mapped again once the rows are here.
    const queried = query()
    try {
      const snapshot = await api().openOrders({ campaignId: id })
      if (seq !== openSeq) return
      const byId = new Map<number, OrderRow>()
      for (const row of snapshot.rows) byId.set(row.id, row)
      rowsById = byId
      rows.value = snapshot.rows
      countries.value = snapshot.countries
      campaign.value = snapshot.campaign
      stale.value = false
      if (result.value !== null) visibleRows.value = rowsOf(result.value.ids)
      if (toolbar.value.country !== null && !snapshot.countries.includes(toolbar.value.country)) {
        toolbar.value = { ...toolbar.value, country: null }
        await query()
      } else {
        await queried
      }
    } catch (e) {
      if (seq === openSeq) {
        notSynced.value = errorCode(e) === NOT_SYNCED
        openError.value = notSynced.value ? null : errorMessage(e)
      }
    } finally {
      if (seq === openSeq) loading.value = false
    }
  }

  /** Opens `id` unless it is already open and up to date. */
  async function ensureOpen(id: number | null): Promise<void> {
    if (id === null) {
      close()
      return
    }
    if (id === campaignId.value && !stale.value && (campaign.value !== null || loading.value))
      return
    await open(id)
  }

  function close(): void {
    openSeq++
    querySeq++
    campaignId.value = null
    campaign.value = null
    rows.value = []
    rowsById = new Map()
    countries.value = []
    result.value = null
    visibleRows.value = []
    selectedNode.value = ALL_ORDERS_KEY
    loading.value = false
    querying.value = false
    openError.value = null
    queryError.value = null
    notSynced.value = false
    stale.value = false
    closeDetail()
  }

  function markStale(id: number): void {
    if (id === campaignId.value) stale.value = true
  }

  async function setFilter(value: OrdersFilterValue): Promise<void> {
    toolbar.value = {
      statuses: [...value.statuses],
      search: value.search,
      country: value.country,
    }
    await query()
  }

  async function selectNode(key: string): Promise<void> {
    selectedNode.value = key
    await query()
  }

  const detailId = ref<number | null>(null)
  const detail = shallowRef<OrderDetail | null>(null)
  const detailLoading = ref(false)
  const detailError = ref<string | null>(null)
  let detailSeq = 0
  /** The table row of the open order: the drawer can title itself before the detail arrives. */
  const detailRow = computed(() => {
    // Read `rows` so a re-opened snapshot refreshes it; the map itself is not reactive.
    if (detailId.value === null || rows.value.length === 0) return null
    return rowsById.get(detailId.value) ?? null
  })

  async function openDetail(contributionId: number): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    const seq = ++detailSeq
    detailId.value = contributionId
    detail.value = null
    detailError.value = null
    detailLoading.value = true
    try {
      const answer = await api().orderDetail({ campaignId: id, contributionId })
      if (seq === detailSeq) detail.value = answer
    } catch (e) {
      if (seq === detailSeq) detailError.value = errorMessage(e)
    } finally {
      if (seq === detailSeq) detailLoading.value = false
    }
  }

  function closeDetail(): void {
    detailSeq++
    detailId.value = null
    detail.value = null
    detailError.value = null
    detailLoading.value = false
  }

  return {
    campaignId,
    campaign,
    rows,
    countries,
    toolbar,
    selectedNode,
    pinnedList,
    showList,
    clearList,
    result,
    visibleRows,
    loading,
    querying,
    error,
    notSynced,
    stale,
    privileged,
    currentFilter,
    query,
    open,
    ensureOpen,
    close,
    markStale,
    setFilter,
    selectNode,
    detailId,
    detail,
    detailRow,
    detailLoading,
    detailError,
    openDetail,
    closeDetail,
  }
})
