import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { parseSearch } from '@shared/fulfillment'
import type { StatusCount } from '@shared/fulfillment'
import type {
  CampaignSummary,
  CountryCount,
  IpcErrorCode,
  OrdersFilter,
  OrdersQueryResult,
} from '@shared/ipc'
import { api } from '@renderer/api'
import { useLatestRequest } from '@renderer/composables/useLatestRequest'
import {
  defaultFilterValue,
  missingUnknownStatuses,
  nextToolbar,
  ordersFilter,
  unknownStatusHidden as hiddenUnknown,
  unknownStatusTotal,
} from '@renderer/lib/orders-filter'
import type { OrdersFilterValue, PinnedList } from '@renderer/lib/orders-filter'
import { describeSelection, nodePart } from '@renderer/lib/describe-selection'
import type { SelectionPart } from '@renderer/lib/describe-selection'
import {
  ALL_ORDERS_KEY,
  isNodeKey,
  nodesFilter,
  shippedNodeKey,
} from '@renderer/lib/perk-tree-keys'
import { useOrderRowPages } from './order-row-pages'

export type { OrdersFilterValue } from '@renderer/lib/orders-filter'

const NOT_SYNCED: IpcErrorCode = 'campaign_not_synced'

/**
 * One campaign's orders as the Orders and Pick list views show them. Main holds the orders; a
 * query answers with a count, the tree, the pick list and the first rows, and the table asks
 * for further rows by position as it scrolls (order-row-pages.ts). Answers live in shallow refs
 * and are replaced whole, never mutated: Vue tracks one reference instead of proxying every row.
 * The drawer of one order is the order-detail store's.
 */
export const useOrdersStore = defineStore('orders', () => {
  const campaignId = ref<number | null>(null)
  const campaign = shallowRef<CampaignSummary | null>(null)
  const countries = shallowRef<readonly string[]>([])
  /** Orders per country of the snapshot, for the country filter's names and counts. */
  const countryCounts = shallowRef<readonly CountryCount[]>([])
  /** Orders per status over the whole snapshot (the seven known ones, then the others). */
  const statusCounts = shallowRef<readonly StatusCount[]>([])
  const toolbar = shallowRef<OrdersFilterValue>(defaultFilterValue())
  /** The tree's selection: several nodes select the orders of any of them. */
  const selectedNodes = ref<string[]>([ALL_ORDERS_KEY])
  /** The first node picked (or "All orders"); setting it picks that node alone. */
  const selectedNode = computed<string>({
    get: () => selectedNodes.value[0] ?? ALL_ORDERS_KEY,
    set: (key) => (selectedNodes.value = [key]),
  })
  /** The nodes as named when they were picked, for when the tree no longer holds them. */
  const pickedNode = shallowRef<SelectionPart | null>(null)
  /** Whether a view that shows the pick list is on screen: only then is it asked for. */
  const pickListWanted = ref(false)
  /** The search of the answer shown: its terms are marked in the rows. */
  const answeredSearch = ref('')
  const searchTerms = computed(() => parseSearch(answeredSearch.value).terms)
  const pinnedList = shallowRef<PinnedList | null>(null)
  const result = shallowRef<OrdersQueryResult | null>(null)

  const unknownStatusCount = computed(() => unknownStatusTotal(statusCounts.value))
  const unknownStatusHidden = computed(() =>
    hiddenUnknown(statusCounts.value, toolbar.value.statuses),
  )
  /** Orders matching the whole filter; the table is this long. */
  const count = computed(() => result.value?.count ?? 0)
  /** Orders in the offline copy. */
  const total = computed(() => campaign.value?.count ?? 0)
  const privileged = computed(() => campaign.value?.privileged ?? false)
  /** The perk or SKU node narrowing every view ("SKU: TEE-M · …"), null for all orders. */
  const node = computed(() =>
    nodePart(nodesFilter(selectedNodes.value), result.value?.tree ?? [], pickedNode.value),
  )

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

  const opens = useLatestRequest()
  const queries = useLatestRequest()
  const rows = useOrderRowPages({
    campaignId,
    result,
    requery: () => void query(),
    failed: (message) => (queryError.value = message),
  })

  function currentFilter(): OrdersFilter {
    return ordersFilter(toolbar.value, pinnedList.value, selectedNodes.value)
  }

  /** The whole filter in words, as Print & export and the printed pick list state it. */
  const selectionParts = computed(() =>
    describeSelection(currentFilter(), result.value?.tree ?? [], pickedNode.value),
  )

  async function query(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    const filter = currentFilter()
    // The Orders view shows no pick list, and it is most of what a query costs in main.
    const request = { campaignId: id, filter, ...(pickListWanted.value ? { pickList: true } : {}) }
    await queries.run(() => api().queryOrders(request), {
      busy: querying,
      apply: (answer) => {
        result.value = answer
        answeredSearch.value = filter.search ?? ''
        rows.reset(answer)
        queryError.value = null
      },
      failed: ({ code, message }) => (queryError.value = code === NOT_SYNCED ? null : message),
    })
  }

  /** Forgets the open campaign's snapshot and answer (not the toolbar: it carries over). */
  function forget(): void {
    campaign.value = null
    countries.value = []
    countryCounts.value = []
    statusCounts.value = []
    result.value = null
    rows.reset(null)
    selectedNodes.value = [ALL_ORDERS_KEY]
    pickedNode.value = null
  }

  async function open(id: number): Promise<void> {
    // Queries still in flight belong to what was open before.
    queries.drop()
    if (id !== campaignId.value) {
      forget()
      // A country of another campaign would silently hide everything; its waves are its own.
      toolbar.value = { ...toolbar.value, country: null, wave: null }
      queryError.value = null
    }
    campaignId.value = id
    notSynced.value = false
    // Asked together: the query's answer carries the first rows, so the table paints as soon
    // as it lands; the snapshot brings the campaign and its countries.
    const queried = query()
    await opens.run(() => api().openOrders({ campaignId: id }), {
      busy: loading,
      error: openError,
      quiet: [NOT_SYNCED],
      apply: async (snapshot) => {
        countries.value = snapshot.countries
        countryCounts.value = snapshot.countryCounts
        statusCounts.value = snapshot.statuses
        campaign.value = snapshot.campaign
        stale.value = false
        const country = toolbar.value.country
        if (country !== null && !snapshot.countries.includes(country)) {
          toolbar.value = { ...toolbar.value, country: null }
          await query()
        } else await queried
      },
      failed: ({ code }) => (notSynced.value = code === NOT_SYNCED),
    })
  }

  /** Opens `id` unless it is already open and up to date. */
  async function ensureOpen(id: number | null): Promise<void> {
    if (id === null) return close()
    if (id === campaignId.value && !stale.value && (campaign.value !== null || loading.value))
      return
    await open(id)
  }

  function close(): void {
    opens.drop()
    queries.drop()
    campaignId.value = null
    forget()
    loading.value = false
    querying.value = false
    openError.value = null
    queryError.value = null
    notSynced.value = false
    stale.value = false
  }

  /** Signed out: no campaign, and nothing of its filter (a pinned list holds its order ids). */
  function reset(): void {
    close()
    toolbar.value = defaultFilterValue()
    pinnedList.value = null
  }

  function markStale(id: number): void {
    if (id === campaignId.value) stale.value = true
  }

  async function setFilter(value: OrdersFilterValue): Promise<void> {
    toolbar.value = nextToolbar(toolbar.value, value)
    await query()
  }

  /** Adds every status PerkPack does not know to the status filter, so those orders show. */
  async function includeUnknownStatuses(): Promise<void> {
    const current = toolbar.value.statuses
    const missing = missingUnknownStatuses(statusCounts.value, current)
    if (current.length === 0 || missing.length === 0) return
    await setFilter({ ...toolbar.value, statuses: [...current, ...missing] })
  }

  async function selectNode(key: string): Promise<void> {
    await selectNodes([key])
  }

  /** Picks these tree nodes together (none, or only "All orders": every order). */
  async function selectNodes(keys: readonly string[]): Promise<void> {
    const picked = keys.filter(isNodeKey)
    pickedNode.value = nodePart(nodesFilter(picked), result.value?.tree ?? [])
    selectedNodes.value = picked.length > 0 ? [...picked] : [ALL_ORDERS_KEY]
    await query()
  }

  /** A pick-list row's orders: those whose parcels hold the variant, whatever the perk. */
  async function showVariantOrders(variant: string): Promise<void> {
    await selectNodes([shippedNodeKey(variant)])
  }

  /** The Pick list view came on screen (or left): the answers carry a pick list while it is. */
  function wantPickList(wanted: boolean): void {
    pickListWanted.value = wanted
    if (wanted && result.value !== null && !result.value.hasPickList) void query()
  }

  /** Back to all orders of the other filters: the chip's close button. */
  async function clearNode(): Promise<void> {
    await selectNode(ALL_ORDERS_KEY)
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

  return {
    campaignId,
    campaign,
    countries,
    countryCounts,
    statusCounts,
    unknownStatusCount,
    unknownStatusHidden,
    includeUnknownStatuses,
    toolbar,
    selectedNode,
    selectedNodes,
    node,
    searchTerms,
    clearNode,
    selectionParts,
    pinnedList,
    showList,
    clearList,
    result,
    pages: rows.pages,
    count,
    total,
    rowAt: rows.rowAt,
    loadedRow: rows.loadedRow,
    loadRows: rows.loadRows,
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
    reset,
    markStale,
    setFilter,
    selectNode,
    selectNodes,
    showVariantOrders,
    wantPickList,
  }
})
