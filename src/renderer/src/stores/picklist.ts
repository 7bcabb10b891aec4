import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { sortPickList } from '@shared/fulfillment'
import type {
  ByHandRow,
  LeftOutCounts,
  PickListRow,
  PickListSortKey,
  SortDirection,
} from '@shared/fulfillment'
import type { IpcErrorCode, PickListPrintRequest, SlipPaper } from '@shared/ipc'
import { api } from '@renderer/api'
import { selectionText } from '@renderer/lib/describe-selection'
import { pickListSavedText } from '@renderer/lib/pick-list-text'
import { trackRequest } from '@renderer/lib/track-request'
import { useOrdersStore } from './orders'
import { useSettingsStore } from './settings'

/** What the person reads after Print or Save as PDF; null when they cancelled. */
export interface PickListNotice {
  level: 'success' | 'warning' | 'error'
  text: string
}

/** "Not here" (the browser harness has no printer) rather than "went wrong". */
const UNAVAILABLE: readonly IpcErrorCode[] = ['print_unavailable']

/**
 * The pick list is part of every orders query, so this store adds its sort order and its paper
 * copy; data, filter, loading and errors stay with the orders store (one query serves both views,
 * and the filter, tree node included, carries over when switching between them).
 */
export const usePickListStore = defineStore('picklist', () => {
  const orders = useOrdersStore()
  const sortKey = ref<PickListSortKey>('sku')
  const direction = ref<SortDirection>('asc')
  /** Until the person picks one here: the packing slips' paper from Settings. */
  const chosenPaper = ref<SlipPaper | null>(null)
  const paper = computed<SlipPaper>({
    get: () => chosenPaper.value ?? useSettingsStore().settings?.slipPaper ?? 'letter',
    set: (value) => (chosenPaper.value = value),
  })
  const busy = ref<'print' | 'pdf' | null>(null)

  const rows = computed<readonly PickListRow[]>(() => {
    const list = orders.result?.pickList ?? []
    // The main process already answers in SKU order: skip a pointless re-sort.
    if (sortKey.value === 'sku' && direction.value === 'asc') return list
    return sortPickList(list, sortKey.value, direction.value)
  })

  const totals = computed(
    () => orders.result?.pickListTotals ?? { orders: 0, units: 0, variants: rows.value.length },
  )
  /** The filtered orders that do not ship, so are not on the list (as on the printed one). */
  const leftOut = computed<LeftOutCounts>(
    () => orders.result?.pickListLeftOut ?? { nothingToShip: 0, noAddress: 0 },
  )

  /** Items of those orders PerkPack cannot pick by SKU, listed apart. */
  const byHand = computed<readonly ByHandRow[]>(() => orders.result?.pickListByHand ?? [])

  function sortBy(key: PickListSortKey, dir: SortDirection): void {
    sortKey.value = key
    direction.value = dir
  }

  function resetSort(): void {
    sortBy('sku', 'asc')
  }

  function request(): PickListPrintRequest | null {
    if (orders.campaignId === null) return null
    return {
      campaignId: orders.campaignId,
      filter: orders.currentFilter(),
      paper: paper.value,
      selection: selectionText(orders.selectionParts),
    }
  }

  async function run<T>(
    kind: 'print' | 'pdf',
    call: (r: PickListPrintRequest) => Promise<T>,
    done: (value: T) => string | null,
  ): Promise<PickListNotice | null> {
    const r = request()
    if (r === null) return { level: 'error', text: 'Open a campaign first.' }
    if (busy.value !== null) return { level: 'error', text: 'Wait for the current one to finish.' }
    busy.value = kind
    const outcome = await trackRequest(() => call(r), {})
    busy.value = null
    if (!outcome.ok) {
      const unavailable = outcome.code !== null && UNAVAILABLE.includes(outcome.code)
      return { level: unavailable ? 'warning' : 'error', text: outcome.message }
    }
    const text = done(outcome.value)
    return text === null ? null : { level: 'success', text }
  }

  const print = () =>
    run(
      'print',
      (r) => api().printPickList(r),
      (value) => (value.printed ? 'Pick list sent to the printer.' : null),
    )
  const savePdf = () =>
    run(
      'pdf',
      (r) => api().savePickListPdf(r),
      (value) => (value === null ? null : pickListSavedText(value)),
    )

  return {
    sortKey,
    direction,
    rows,
    totals,
    leftOut,
    byHand,
    paper,
    busy,
    sortBy,
    resetSort,
    print,
    savePdf,
  }
})
