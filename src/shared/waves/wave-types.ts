import type { Choice } from '../fulfillment/variant'
import type { PlanLine } from './wave-planner'

// The floor's plan of what ships now: stock on hand per SKU variant and the waves cut from it.
// One source for the main process, the CLI, IPC and the renderer; like the rest of the floor's
// record it is PerkPack's own, never sent to the API, and a re-sync leaves it alone.

/** Units on the shelf of one SKU variant (`variantKey`, the pick list's key). */
export interface StockLevel {
  variantKey: string
  skuCode: string
  choices: Choice[]
  quantity: number
  /** ISO 8601 (UTC) of the last change. */
  updatedAt: string
}

/**
 * Why a stock level changed: typed in (`set`), read from a file (`import`), a box packed
 * (`pack`, a decrement) or unpacked (`unpack`, the units back on the shelf), a reship's parcel.
 */
export type StockChangeReason = 'set' | 'import' | 'pack' | 'unpack' | 'reship'

/** One line of a variant's history: every change is kept, oldest first. */
export interface StockChange {
  variantKey: string
  /** Units added (negative: taken). */
  delta: number
  /** The level after the change. */
  quantity: number
  reason: StockChangeReason
  /** The order a pack, unpack or reship was for. */
  orderId: number | null
  /** The station (desk) that made the change. */
  by: string
  at: string
}

/** A new level for a variant, as typed or imported. */
export interface StockEntry {
  skuCode: string
  choices: Choice[]
  quantity: number
}

export type WaveStatus = 'open' | 'closed'

/** An order of a wave that ships in part: what its parcel carries (the rest follows later). */
export interface WaveParcel {
  orderId: number
  lines: PlanLine[]
}

/**
 * A saved, named selection: the orders frozen when it was made, whatever later syncs bring.
 * An order is in one open wave at a time; a closed wave keeps its list for the record.
 */
export interface Wave {
  name: string
  orderIds: number[]
  status: WaveStatus
  createdAt: string
  createdBy: string
  closedAt: string | null
  /** The orders that ship in part, with their parcel; an order not listed ships whole. */
  parcels: WaveParcel[]
}
