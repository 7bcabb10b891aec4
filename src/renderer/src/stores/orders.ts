import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { OrderStatusText } from '@shared/api/schemas'
import { DEFAULT_STATUSES } from '@shared/fulfillment'
import type { StatusCount } from '@shared/fulfillment'
import { MAX_ORDER_ROWS_PER_REQUEST, ORDERS_PAGE_SIZE } from '@shared/ipc'
import type {
  CampaignSummary,
  IpcErrorCode,
  OrderDetail,
  OrderRow,
  OrdersFilter,
  OrdersQueryResult,
} from '@shared/ipc'
import { api, errorCode, errorMessage } from '@renderer/api'
import { ALL_ORDERS_KEY, nodeFilter } from '@renderer/lib/perk-tree-keys'

/** The toolbar's part of the filter (the tree node is kept apart). */
export interface OrdersFilterValue {
  /** Known statuses, and any text the API sent that PerkPack does not know. */
  statuses: OrderStatusText[]
  search: string
  country: string | null
}

const NOT_SYNCED: IpcErrorCode = 'campaign_not_synced'
const RESULT_GONE: IpcErrorCode = 'orders_result_gone'
/** Rows fetched beyond what is on screen, so scrolling on finds them already here. */
const READ_AHEAD = ORDERS_PAGE_SIZE

export function defaultFilterValue(): OrdersFilterValue {
  return { statuses: [...DEFAULT_STATUSES], search: '', country: null }
}

/**
 * One campaign's orders as the Orders and Pick list views show them. Main holds the orders; a
 * query answers with a count, the tree, the pick list and the first rows, and the table asks
 * for further rows by position as it scrolls. Answers live in shallow refs and are replaced
 * whole, never mutated: Vue tracks one reference instead of proxying every row.
 */
export const useOrdersStore = defineStore('orders', () => {
  const campaignId = ref<number | null>(null)
  const campaign = shallowRef<CampaignSummary | null>(null)
  const countries = shallowRef<readonly string[]>([])
  /** Orders per status over the whole snapshot (the seven known ones, then the others). */
  const statusCounts = shallowRef<readonly StatusCount[]>([])
  const unknownStatusCounts = computed(() => statusCounts.value.filter((c) => !c.known))
  /** Orders whose status PerkPack does not know: shown as sent, counted here. */
  const unknownStatusCount = computed(() =>
    unknownStatusCounts.value.reduce((sum, c) => sum + c.count, 0),
  )
  /** Of those, the orders the status filter leaves out. */
  const unknownStatusHidden = computed(() => {
    const selected = toolbar.value.statuses
    if (selected.length === 0) return 0
    return unknownStatusCounts.value
      .filter((c) => !selected.includes(c.status))
      .reduce((sum, c) => sum + c.count, 0)
  })

  const toolbar = shallowRef<OrdersFilterValue>(defaultFilterValue())
  const selectedNode = ref<string>(ALL_ORDERS_KEY)
  /** A fixed list of orders (a pre-print check's "Open list"): every status, only these ids. */
  const pinnedList = shallowRef<{ title: string; ids: readonly number[] } | null>(null)
  const result = shallowRef<OrdersQueryResult | null>(null)
  /** Rows of `result` fetched so far, by page (`ORDERS_PAGE_SIZE` rows each). */
  const pages = shallowRef<ReadonlyMap<number, readonly OrderRow[]>>(new Map())
  let pending = new Set<number>()
  /** Orders matching the whole filter; the table is this long. */
  const count = computed(() => result.value?.count ?? 0)
  /** Orders in the offline copy. */
  const total = computed(() => campaign.value?.count ?? 0)

  const loading = ref(false)
  const querying = ref(false)
  // Kept apart so a query that succeeds cannot hide why the snapshot failed to open.
  const openError = ref<string | null>(null)
  const queryError = ref<string | null>(null)
  const error = computed(() => openError.value ?? queryError.value)
  /** The campaign is chosen but has never been synced: nothing to show yet, not a failure. */
  const notSynced = ref(false)
  /** No campaign open, or one with no orders yet: the views say how to get some. */
  const noOrders = computed(
    () =>
      campaignId.value === null ||
      notSynced.value ||
      (campaign.value !== null && total.value === 0),
  )
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

  /** Row `index` of the current answer, or undefined until its page is here. */
  function rowAt(index: number): OrderRow | undefined {
    return pages.value.get(Math.floor(index / ORDERS_PAGE_SIZE))?.[index % ORDERS_PAGE_SIZE]
  }

  /**
   * Makes sure rows `start` to `end` (and a page either side) are here or on their way. The
   * missing pages next to each other go in one request.
   */
  function loadRows(start: number, end: number): void {
    const answer = result.value
    const id = campaignId.value
    if (answer === null || id === null || answer.count === 0) return
    const lastPage = Math.floor((answer.count - 1) / ORDERS_PAGE_SIZE)
    const from = Math.max(0, Math.floor((start - READ_AHEAD) / ORDERS_PAGE_SIZE))
    const to = Math.min(lastPage, Math.floor((end + READ_AHEAD) / ORDERS_PAGE_SIZE))
    const maxPages = Math.floor(MAX_ORDER_ROWS_PER_REQUEST / ORDERS_PAGE_SIZE)
    let run: number[] = []
    const flush = () => {
      if (run.length > 0) void fetchPages(id, answer, run)
      run = []
    }
    for (let page = from; page <= to; page++) {
      if (pages.value.has(page) || pending.has(page)) flush()
      else {
        run.push(page)
        if (run.length === maxPages) flush()
      }
    }
    flush()
  }

  async function fetchPages(id: number, answer: OrdersQueryResult, wanted: number[]) {
    // Pages belong to the answer they were asked of; one that is no longer shown is dropped.
    // (Not the query sequence: a page of the old answer may be asked while a new query is out.)
    const current = () => result.value === answer
    const requested = pending
    for (const page of wanted) requested.add(page)
    const first = wanted[0] as number
    try {
      const got = await api().orderRows({
        campaignId: id,
        resultId: answer.resultId,
        offset: first * ORDERS_PAGE_SIZE,
        limit: wanted.length * ORDERS_PAGE_SIZE,
      })
      if (!current()) return
      const next = new Map(pages.value)
      for (let i = 0; i < wanted.length; i++) {
        next.set(first + i, got.slice(i * ORDERS_PAGE_SIZE, (i + 1) * ORDERS_PAGE_SIZE))
      }
      pages.value = next
    } catch (e) {
      if (!current()) return
      // Main let go of this answer (a sync landed, or many queries since): ask again.
      if (errorCode(e) === RESULT_GONE) void query()
      else queryError.value = errorMessage(e)
    } finally {
      for (const page of wanted) requested.delete(page)
    }
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
      pages.value = new Map([[0, answer.rows]])
      pending = new Set()
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
      countries.value = []
      statusCounts.value = []
      result.value = null
      pages.value = new Map()
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
    // Asked together: the query's answer carries the first rows, so the table paints as soon
    // as it lands; the snapshot brings the campaign and its countries.
    const queried = query()
    try {
      const snapshot = await api().openOrders({ campaignId: id })
      if (seq !== openSeq) return
      countries.value = snapshot.countries
      statusCounts.value = snapshot.statuses
      campaign.value = snapshot.campaign
      stale.value = false
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
    countries.value = []
    statusCounts.value = []
    result.value = null
    pages.value = new Map()
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
    const current = toolbar.value.statuses
    const same =
      current.length === value.statuses.length && current.every((s, i) => s === value.statuses[i])
    toolbar.value = {
      // The same list when unchanged: the status picker then keeps its tags as they are laid out.
      statuses: same ? current : [...value.statuses],
      search: value.search,
      country: value.country,
    }
    await query()
  }

  /** Adds every status PerkPack does not know to the status filter, so those orders show. */
  async function includeUnknownStatuses(): Promise<void> {
    const current = toolbar.value.statuses
    const missing = unknownStatusCounts.value
      .map((c) => c.status)
      .filter((status) => !current.includes(status))
    if (current.length === 0 || missing.length === 0) return
    await setFilter({ ...toolbar.value, statuses: [...current, ...missing] })
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
  const detailRow = shallowRef<OrderRow | null>(null)

  function loadedRow(contributionId: number): OrderRow | null {
    for (const page of pages.value.values()) {
      for (const row of page) if (row.id === contributionId) return row
    }
    return null
  }

  async function openDetail(contributionId: number): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    const seq = ++detailSeq
    detailId.value = contributionId
    detailRow.value = loadedRow(contributionId)
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
    detailRow.value = null
    detail.value = null
    detailError.value = null
    detailLoading.value = false
  }

  return {
    campaignId,
    campaign,
    countries,
    statusCounts,
    unknownStatusCount,
    unknownStatusHidden,
    includeUnknownStatuses,
    toolbar,
    selectedNode,
    pinnedList,
    showList,
    clearList,
    result,
    pages,
    count,
    total,
    rowAt,
    loadRows,
    loading,
    querying,
    error,
    notSynced,
    noOrders,
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
