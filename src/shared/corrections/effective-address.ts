import type { CampaignContribution, Shipping } from '../api/schemas'
import type { AddressCorrection, AddressParts } from './correction-types'
import { ADDRESS_PART_NAMES } from './correction-types'

// Which address a parcel goes to: a person's correction over the synced one. One rule for
// labels, slips, the shipper CSV, Excel, the station card and the drawer.

function part(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const text = value.trim()
  return text === '' ? null : text
}

/** The address parts of a synced order (null: the order has none, or it is hidden). */
export function addressPartsOf(shipping: Shipping | null | undefined): AddressParts | null {
  if (shipping === null || shipping === undefined) return null
  const parts = {} as AddressParts
  for (const name of ADDRESS_PART_NAMES) parts[name] = part(shipping[name])
  return parts
}

/** Case, spacing and blank parts do not make two addresses different: a re-typed one is the same. */
function comparable(value: string | null): string {
  return (value ?? '').normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()
}

export function sameAddress(a: AddressParts | null, b: AddressParts | null): boolean {
  if (a === null || b === null) return a === b
  return ADDRESS_PART_NAMES.every((name) => comparable(a[name]) === comparable(b[name]))
}

/**
 * Whether the platform's address of the order changed since the correction was made: a later
 * sync or dashboard import brought another one. PerkPack then does not choose: the order is
 * flagged with both addresses for a person to decide.
 */
export function platformChangedSince(
  row: Pick<CampaignContribution, 'order'>,
  correction: AddressCorrection,
): boolean {
  return !sameAddress(addressPartsOf(row.order.shipping), correction.platformAddress)
}

/** What the overlay reads and replaces of a row: the whole contribution, or a view's row. */
export interface OverlayRow {
  order: { id: number; status: string; shipping?: object | null | undefined }
}

/**
 * The order as it ships: the corrected address in place of the synced one (the synced object's
 * other keys kept), or the row itself when there is no correction. Works on the whole
 * contribution and on the Orders view's and the station's lighter rows alike.
 */
export function withEffectiveAddress<Row extends OverlayRow>(
  row: Row,
  correction: AddressCorrection | undefined,
): Row {
  if (correction === undefined) return row
  const shipping: Record<string, unknown> = { ...(row.order.shipping ?? {}) }
  for (const name of ADDRESS_PART_NAMES) shipping[name] = correction.address[name]
  return { ...row, order: { ...row.order, shipping } }
}
