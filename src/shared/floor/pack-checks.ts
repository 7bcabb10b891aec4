import type { CampaignContribution } from '../api/schemas'
import { shipmentRole } from '../fulfillment/shipping'
import type { OrderFloorState } from './order-state'
import { plural } from '../format/counts'

/**
 * Why an order must not simply go into a box: the pack station shows each loudly, the CLI
 * refuses (or warns), one list for both so they cannot disagree.
 */
export type PackWarning =
  | { kind: 'unknown-order'; orderId: number }
  | { kind: 'refunded'; status: string }
  | { kind: 'on-hold'; status: string }
  | { kind: 'not-payable'; status: string }
  | { kind: 'already-packed'; station: string | null; at: string }
  | { kind: 'nothing-to-ship' }

/** Statuses at the last sync under which an order must not leave the building. */
const STOP_STATUSES: Readonly<Record<string, 'refunded' | 'on-hold' | 'not-payable'>> = {
  refunded: 'refunded',
  on_hold: 'on-hold',
  unprocessable: 'not-payable',
}

export function packWarnings(
  orderId: number,
  row: CampaignContribution | undefined,
  state: OrderFloorState | null | undefined,
): PackWarning[] {
  if (!row) return [{ kind: 'unknown-order', orderId }]
  const warnings: PackWarning[] = []
  const stop = STOP_STATUSES[row.order.status]
  if (stop) warnings.push({ kind: stop, status: row.order.status })
  if (state?.packedAt) {
    warnings.push({ kind: 'already-packed', station: state.station, at: state.packedAt })
  }
  if (shipmentRole(row) === 'nothing-to-ship') warnings.push({ kind: 'nothing-to-ship' })
  return warnings
}

/**
 * Orders packed earlier whose last sync turned them refunded, on hold or unprocessable: the
 * box must not ship. Raised on the Orders badge, in the pre-print checks and at the station.
 */
export function packedButStopped<Row extends { order: { id: number; status: string } }>(
  rows: readonly Row[],
  states: ReadonlyMap<number, OrderFloorState | null>,
): Row[] {
  return rows.filter(
    (row) => isStopStatus(row.order.status) && Boolean(states.get(row.order.id)?.packedAt),
  )
}

/** Refunded, on hold or unprocessable at the last sync. */
export function isStopStatus(status: string): boolean {
  return STOP_STATUSES[status] !== undefined
}

/** One sentence per warning, for the CLI and the station's banner; `when` formats a time. */
export function packWarningText(
  warning: PackWarning,
  when: (iso: string) => string = (iso) => iso,
): string {
  switch (warning.kind) {
    case 'unknown-order':
      return `No order ${warning.orderId} in the offline copy: scan the packing slip again, or sync if the order is new.`
    case 'refunded':
      return 'Refunded at the last sync: do not ship it. Set the items aside.'
    case 'on-hold':
      return 'On hold at the last sync: do not ship it until the campaign team releases it.'
    case 'not-payable':
      return 'Unprocessable at the last sync (the payment failed): do not ship it.'
    case 'already-packed':
      return `Already packed${warning.station ? ` at ${warning.station}` : ''}, ${when(warning.at)}.`
    case 'nothing-to-ship':
      return 'Nothing to ship: this order holds no perk with items that ship.'
  }
}

/**
 * "3 packed orders were refunded, put on hold or found unprocessable at the last sync: take them
 * off the outgoing pile." The Orders banner, the Progress alert and the pre-print check say it
 * alike.
 */
export function packedButStoppedText(count: number): string {
  const one = count === 1
  return (
    `${plural(count, 'packed order')} ${one ? 'was' : 'were'} refunded, put on hold or found ` +
    `unprocessable at the last sync: take ${one ? 'it' : 'them'} off the outgoing pile.`
  )
}
