import type { Choice } from '../fulfillment/variant'
import type { StockChange, WaveStatus } from '../waves/wave-types'
import type { WavePriority } from '../waves/wave-planner'
import type { ParcelLineText, ParcelNote } from '../waves/parcel-rows'

// What waves:* answers (issue 28): stock on hand per variant, and the waves cut from it.

/** One variant of the stock table: every variant the campaign's orders hold, and any recorded. */
export interface StockRow {
  variantKey: string
  skuCode: string
  choices: Choice[]
  /** "Size: M, Colour: Black", as the pick list writes it; empty without choices. */
  choicesText: string
  /** The item's name in the campaign's orders; null for a level of a variant no order holds. */
  itemName: string | null
  /** Units on the shelf; null: never recorded (the planner counts none). */
  quantity: number | null
  /** ISO 8601 of the last change; null when never recorded. */
  updatedAt: string | null
}

export interface StockView {
  rows: StockRow[]
}

/** A stock file read: how many levels it gave, how many changed, the lines left out. */
export interface StockImportResult {
  fileName: string
  read: number
  changed: number
  problems: { line: number; problem: string }[]
  /** Lines kept that no order ships (a typo in a choice shows here). */
  unshipped: { line: number; problem: string }[]
  stock: StockView
}

export type StockHistory = StockChange[]

/** A variant the waiting orders need more of than is on hand, named as the table names it. */
export interface ShortRow {
  variantKey: string
  skuCode: string
  choicesText: string
  itemName: string | null
  needed: number
  onHand: number
  short: number
}

/** What a wave planned now would hold (nothing saved). */
export interface WaveProposal {
  priority: WavePriority
  partial: boolean
  /** Orders in the wave, in priority order (order ids). */
  orderIds: number[]
  /** Of those, the orders that ship in part (the rest follows later). */
  partialOrders: number
  /** Units the wave's parcels carry. */
  units: number
  /** Orders still waiting after it. */
  waiting: number
  short: ShortRow[]
}

/** One wave of the list. */
export interface WaveSummary {
  name: string
  status: WaveStatus
  orderCount: number
  /** Of its orders, those packed now. */
  packedCount: number
  /** Of its orders, those that ship in part in it (their rest follows later). */
  partialCount: number
  /** Units those orders owe after their parcel of this wave: the items to follow. */
  followUnits: number
  createdAt: string
  createdBy: string
  closedAt: string | null
}

/**
 * An order of a wave that ships in part there: this parcel's items, and (as a `ParcelNote`, for
 * the slip's sentences) what a later parcel carries and what went before.
 */
export interface WaveParcelRow extends ParcelNote {
  orderId: number
  /** "#1042", or "order 70001" when the API sent no order number: as labels and slips print. */
  orderNumber: string
  /** The ship-to name, else the backer's; null when the API sent neither. */
  recipient: string | null
  /** What this wave's parcel of the order holds. */
  lines: ParcelLineText[]
}

/** `waves:parcels`: a wave's orders that ship in part, by order number. */
export interface WaveParcels {
  name: string
  /** Every order of the wave that ships in part; `rows` lists the first MAX_WAVE_PARCELS_LISTED. */
  partialCount: number
  rows: WaveParcelRow[]
}
