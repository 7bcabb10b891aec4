import type { OrderStatusText } from '../api/schemas'
import type { OrderFloorState } from './order-state'
import type { PackWarning } from './pack-checks'
import type { ParcelNote } from '../waves/parcel-rows'
import { packWarningText } from './pack-checks'

/**
 * What the pack station reads from a scan, and what it shows: one source for main (the lookup),
 * IPC and the station's view.
 */

/** What a code scanned or typed at the station names. */
export type ScanCode =
  /** The number under a packing slip's barcode, or any bare number typed. */
  | { kind: 'order-id'; orderId: number }
  /** `#12`: the order number printed on the slip and the labels. */
  | { kind: 'sequence'; sequenceNumber: number }
  /** Anything else: an item's barcode (its SKU code), or a misread. */
  | { kind: 'other'; code: string }

const ORDER_ID = /^\d{1,15}$/
const SEQUENCE = /^#\s*(\d{1,15})$/

export function parseScanCode(raw: string): ScanCode {
  const code = raw.trim()
  const sequence = SEQUENCE.exec(code)
  if (sequence) return { kind: 'sequence', sequenceNumber: Number(sequence[1]) }
  if (ORDER_ID.test(code)) return { kind: 'order-id', orderId: Number(code) }
  return { kind: 'other', code }
}

/** One line of the box's checklist: a SKU variant and how many go in. */
export interface StationLine {
  /** The variant's key (SKU code and choices): lines of one SKU in two sizes differ. */
  key: string
  skuCode: string
  itemName: string
  /** "Size: M, Colour: Black", or empty. */
  choices: string
  quantity: number
  /**
   * An item PerkPack cannot read (no SKU, no quantity, ...): no scan matches it, the packer
   * checks it by hand (`choices` says why). One unit when the API sent no quantity.
   */
  byHand?: true
}

/** An order opened at the station, in what the packer needs and nothing more. */
export interface StationOrder {
  campaignId: number
  orderId: number
  contributionId: number
  sequenceNumber: number | null
  status: OrderStatusText
  /** The ship-to name, else the backer's name; null when the API sent neither. */
  recipient: string | null
  country: string | null
  /** What goes into the box (digital perks left out), in the pick list's order. */
  lines: StationLine[]
  floor: OrderFloorState | null
  /** A person corrected the ship-to address: the label printed after it carries the new one. */
  addressCorrected?: boolean
  /**
   * The order ships in part (a wave's parcel, or the rest of one): `lines` are this parcel's,
   * and this says what a later parcel carries and what went before, so the packer does not look
   * for the rest. Absent for a whole order.
   */
  parcel?: ParcelNote
}

/** `floor:scanOrder`: the order a code names, or why there is none; warnings to raise loudly. */
export type StationScan =
  | { found: true; order: StationOrder; warnings: PackWarning[]; syncedAt: string }
  | { found: false; code: string; warnings: StationWarning[] }

/** Raised by the station itself while a box is filled. */
export type ChecklistWarning =
  | { kind: 'wrong-item'; code: string }
  | { kind: 'too-many'; skuCode: string; itemName: string; quantity: number }
  | { kind: 'unknown-code'; code: string }

export type StationWarning = PackWarning | ChecklistWarning

/** True for the warnings under which the order must not go out as it is. */
export function stopsPacking(warning: StationWarning): boolean {
  return warning.kind === 'stop-status' || warning.kind === 'already-packed'
}

/** One sentence per warning: packWarningText for an order's, the station's own for the rest. */
export function stationWarningText(
  warning: StationWarning,
  when: (iso: string) => string = (iso) => iso,
): string {
  switch (warning.kind) {
    case 'wrong-item':
      return `"${warning.code}" is not in this order: take it out of the box.`
    case 'too-many':
      return `Too many: this order takes ${warning.quantity} of ${warning.itemName} (${warning.skuCode}). Take the extra one out.`
    case 'unknown-code':
      return `"${warning.code}" is no order: scan the barcode on the packing slip, or type # and the order number.`
    default:
      return packWarningText(warning, when)
  }
}
