import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'

export const VIEWS = [
  'campaigns',
  'orders',
  'picklist',
  'printexport',
  'progress',
  'packstation',
  'waves',
  'catalog',
  'jobs',
  'signups',
  'account',
  'settings',
] as const
export type ViewName = (typeof VIEWS)[number]

/**
 * The view on screen, kept for this window only (sessionStorage): a reload (Ctrl+R, a crash
 * of the page) comes back to it, with the campaign kept beside it (stores/campaigns.ts), while
 * a new window starts on Campaigns.
 */
const VIEW_KEY = 'perkpack.view'

function storedView(): ViewName {
  try {
    const value = sessionStorage.getItem(VIEW_KEY)
    return (VIEWS as readonly string[]).includes(value ?? '') ? (value as ViewName) : 'campaigns'
  } catch {
    return 'campaigns'
  }
}

function storeView(view: ViewName): void {
  try {
    sessionStorage.setItem(VIEW_KEY, view)
  } catch {
    // Storage can be unavailable; a reload then starts on Campaigns.
  }
}

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
  const view = ref<ViewName>(storedView())
  const ordersList = shallowRef<OrdersListRequest | null>(null)
  let seq = 0
  watch(view, storeView)

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
