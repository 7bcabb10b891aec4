import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { sortPickList } from '@shared/fulfillment'
import type { PickListRow, PickListSortKey, SortDirection } from '@shared/fulfillment'
import { useOrdersStore } from './orders'

/**
 * The pick list is part of every orders query, so this store only adds its sort order; data,
 * filter, loading and errors stay with the orders store (one query serves both views and the
 * filter carries over when switching between them).
 */
export const usePickListStore = defineStore('picklist', () => {
  const orders = useOrdersStore()
  const sortKey = ref<PickListSortKey>('sku')
  const direction = ref<SortDirection>('asc')

  const rows = computed<readonly PickListRow[]>(() => {
    const list = orders.result?.pickList ?? []
    // The main process already answers in SKU order: skip a pointless re-sort.
    if (sortKey.value === 'sku' && direction.value === 'asc') return list
    return sortPickList(list, sortKey.value, direction.value)
  })

  const totals = computed(
    () => orders.result?.totals ?? { orders: 0, units: 0, variants: rows.value.length },
  )

  function sortBy(key: PickListSortKey, dir: SortDirection): void {
    sortKey.value = key
    direction.value = dir
  }

  function resetSort(): void {
    sortBy('sku', 'asc')
  }

  return { sortKey, direction, rows, totals, sortBy, resetSort }
})
