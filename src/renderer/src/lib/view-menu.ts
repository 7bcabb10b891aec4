import { VIEWS } from '@renderer/stores/navigation'
import type { ViewName } from '@renderer/stores/navigation'

/** What the side menu calls each view; the shortcut list and Ctrl/Cmd+1..9 follow this order. */
export const VIEW_LABELS: Record<ViewName, string> = {
  campaigns: 'Campaigns',
  orders: 'Orders',
  picklist: 'Pick list',
  printexport: 'Print & export',
  progress: 'Progress',
  packstation: 'Pack station',
  waves: 'Waves',
  catalog: 'Catalogue',
  jobs: 'Batch jobs',
  signups: 'Sign-ups',
  account: 'My contributions',
  settings: 'Settings',
}

export const MENU_VIEWS: readonly ViewName[] = VIEWS

/**
 * The view Ctrl/Cmd+digit opens: 1 to 8 in menu order, 9 the last one (as in browsers' tabs),
 * so the shortcut still means "last" if a view is added.
 */
export function viewForDigit(digit: number): ViewName | null {
  if (!Number.isInteger(digit) || digit < 1 || digit > 9) return null
  if (digit === 9) return MENU_VIEWS[MENU_VIEWS.length - 1] ?? null
  return MENU_VIEWS[digit - 1] ?? null
}
