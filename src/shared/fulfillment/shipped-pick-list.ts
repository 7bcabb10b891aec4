import type { CampaignContribution } from '../api/schemas'
import { buildByHandList } from './by-hand-list'
import type { ByHandRow } from './by-hand-list'
import { buildPickList, pickListTotals } from './pick-list'
import type { PickListRow, PickListTotals } from './pick-list'
import { parcelsThatShip } from './shipping'
import type { NotShipping } from './shipping'

/** A selection's pick list as the warehouse works from it: only what goes in a parcel. */
export interface ShippedPickList {
  /** In SKU code, then choices, order. */
  rows: PickListRow[]
  /** `orders`: the orders that ship, whose items are listed. */
  totals: PickListTotals
  /** Items of those orders PerkPack cannot pick by SKU variant (no SKU, ...), listed apart. */
  byHand: ByHandRow[]
  /** The orders of the selection that do not ship, and why. */
  skipped: NotShipping[]
}

/**
 * The pick list of the orders that ship, items of digital perks left off: what is picked is what
 * gets a label, a slip and a shipper CSV row. The app's Pick list view, the Excel "Pick list"
 * sheet, the printed pick list and the command line's `picklist` (table and JSON) all build it
 * here, so they agree for any selection.
 */
export function shippedPickList(selection: readonly CampaignContribution[]): ShippedPickList {
  const { parcels, skipped } = parcelsThatShip(selection)
  const rows = buildPickList(parcels)
  return { rows, totals: pickListTotals(parcels, rows), byHand: buildByHandList(parcels), skipped }
}
