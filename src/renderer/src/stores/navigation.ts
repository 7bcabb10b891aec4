import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'

export const VIEWS = [
  'campaigns',
  'orders',
  'picklist',
  'printexport',
  'progress',
  'packstation',
  'jobs',
  'signups',
  'account',
  'settings',
] as const
export type ViewName = (typeof VIEWS)[number]

/**
 * A list of orders another view asks Orders to show, such as a pre-print check's orders. The
 * Orders view shows exactly these by sending `{ ids, statuses: [] }` as its filter (main
 * honours `OrdersFilter.ids`) until the person clears it.
 */
export interface OrdersListRequest {
  /** What the list is, for a chip over the table: "Refunded or on hold". */
  title: string
  ids: number[]
  /** Tells two requests for the same list apart, so opening it again re-applies it. */
  seq: number
}

/** The side menu's selection: a desktop app with one window needs no router or URLs. */
export const useNavigationStore = defineStore('navigation', () => {
  const view = ref<ViewName>('campaigns')
  const ordersList = shallowRef<OrdersListRequest | null>(null)
  let seq = 0

  function go(next: ViewName): void {
    view.value = next
  }

  /** Switches to Orders, asking it to show only `ids`. */
  function openOrdersList(title: string, ids: readonly number[]): void {
    ordersList.value = { title, ids: [...ids], seq: ++seq }
    view.value = 'orders'
  }

  function clearOrdersList(): void {
    ordersList.value = null
  }

  return { view, go, ordersList, openOrdersList, clearOrdersList }
})
