import type { SnapshotSource } from '../dashboard/snapshot-source'
import type { FloorStage } from '../floor/order-state'
import type { CampaignContribution, OrderStatusText } from '../api/schemas'
import type { Currency } from '../format/locale-format'
import type {
  ByHandRow,
  LeftOutCounts,
  MatchedField,
  PerkGroup,
  PerkOverlap,
  PickListRow,
  PickListTotals,
  StatusCount,
  VariantGroup,
} from '../fulfillment'
import type { OrderFloorState as FloorState } from '../floor/order-state'
import type { AddressCorrection, OrderHold, Reship } from '../corrections/correction-types'
import type { ParcelNote } from '../waves/parcel-rows'

/** What the Orders view is answered: rows, snapshots, queries and one order's detail. */

/** One order as the table needs it; the renderer holds only the ones scrolled to. */
export interface OrderRow {
  /** Contribution id (the row key). */
  id: number
  orderId: number
  /** null when the API sent no order number. */
  sequenceNumber: number | null
  /** Contributor name, else the public display name, else empty. */
  backer: string
  email: string | null
  /** A known status, or the text the API sent (shown as is). */
  status: OrderStatusText
  /** Perk labels joined for display, "(no perk)" when none. */
  perks: string
  /** "2x Tidepool T-Shirt (Size: M, Colour: Black); Core Game". */
  items: string
  country: string | null
  city: string | null
  createdAt: string | null
  /** Where the order stands on the packing floor, and who packed it when. */
  floor: FloorStage
  station: string | null
  packedAt: string | null
  /**
   * With a search: the order's fields its terms were found in (a SKU, a choice, the city), so
   * that a match outside the columns shown is still on screen.
   */
  matched?: MatchedField[]
}

/** How many orders of a snapshot ship to a country, as the API spells it. */
export interface CountryCount {
  country: string
  count: number
}

export interface OrdersSnapshot {
  campaign: CampaignSummary
  /** Countries present, sorted, for the country filter. */
  countries: string[]
  /**
   * Orders per status over the whole snapshot: the seven known statuses, then the texts the API
   * sent that PerkPack does not know (shown as sent, selectable in the status filter).
   */
  statuses: StatusCount[]
  /** Orders per country of `countries`, in its order: the country filter's counts. */
  countryCounts: CountryCount[]
}

export interface OrdersQueryResult {
  /** Names this answer for `orders:rows`. Main keeps the last few answers. */
  resultId: number
  /** Orders matching the whole filter (incl. the tree node). */
  count: number
  /** The first rows (up to ORDERS_PAGE_SIZE), in display order: the table paints at once. */
  rows: OrderRow[]
  /** The perk / SKU tree over orders matching status, search and country (not the node). */
  tree: PerkGroup[]
  /** Orders, units and variants under the tree: its "All orders" node. */
  totals: PickListTotals
  /**
   * The pick list of the orders matching the whole filter (incl. the node) that ship, as printed:
   * items of digital perks left off. Only when asked for: see `hasPickList`.
   */
  pickList: PickListRow[]
  /** `orders`: the orders that ship. */
  pickListTotals: PickListTotals
  /** The orders of the filter left off the pick list, per reason. */
  pickListLeftOut: LeftOutCounts
  /** Items of the orders on the pick list PerkPack cannot pick by SKU (no SKU, ...). */
  pickListByHand: ByHandRow[]
  /** Packed orders of the campaign the last sync turned refunded, on hold or unprocessable. */
  packedButStopped: number
  /** Each SKU variant over every perk holding it, under the tree's filter (not the nodes). */
  skus: VariantGroup[]
  /** Orders under the tree holding several perks, by how many: why perk counts add up to more. */
  perkOverlap: PerkOverlap[]
  /**
   * Whether the query asked for the pick list (`pickList: true`); without it the three
   * pick-list fields above are empty, not the selection's.
   */
  hasPickList: boolean
}

export interface OrderDetail {
  contribution: CampaignContribution
  /** The ship-to address formatted for its country, one line each; empty when hidden. */
  addressLines: string[]
  /** The packing floor's record of the order; null when nothing happened to it yet. */
  floor: FloorState | null
  /** The campaign's currency, when a campaign object named it: for an amount the row does not. */
  currency: Currency | null
  /**
   * The floor's hold of the order (a stop order everywhere while held), null when not held.
   * Optional: answers of an older main process carry none.
   */
  hold?: OrderHold | null
  /**
   * A person's correction of the ship-to address (`contribution` and `addressLines` carry the
   * corrected one), with the synced address's lines and whether the platform changed it since.
   */
  correction?: OrderCorrectionDetail | null
  /** Second parcels sent for the order (lost, damaged), oldest first. Optional as `hold`. */
  reships?: Reship[]
  /**
   * An order shipping in part (`contribution` holds its parcel now): what follows in a later
   * parcel ("N items to follow") and what went earlier. Null for a whole order; optional as `hold`.
   */
  parcel?: ParcelNote | null
}

export interface OrderCorrectionDetail extends AddressCorrection {
  /** A later sync or import brought another platform address: a person must choose. */
  platformChanged: boolean
  /** The synced (platform's) address, formatted as `addressLines`. */
  syncedAddressLines: string[]
}

export interface CampaignSummary {
  campaignId: number
  /** The name it is shown by: the person's, else its title, else its slug made readable. */
  title: string | null
  count: number
  /** Contributions of the last sync that could not be read (problem rows, `problems:list`). */
  problemCount: number
  /** ISO time of the last complete sync (or import of a dashboard file). */
  lastSyncedAt: string
  privileged: boolean
  /** Set when the offline copy was imported from a dashboard file, not synced from the API. */
  source: SnapshotSource | null
}
