import type { CampaignContribution } from '../api/schemas'
import { hasShippableItems } from '../fulfillment/shipping'
import { statusShips, stopKind } from '../fulfillment/ship-status'
import type { StopKind } from '../fulfillment/ship-status'
import { statusText } from '../fulfillment/display'
import type { OrderFloorState } from './order-state'
import { plural } from '../format/counts'

/**
 * Why an order must not simply go into a box: the pack station shows each loudly, the CLI
 * refuses (or warns), one list for both so they cannot disagree.
 */
export type PackWarning =
  | { kind: 'unknown-order'; orderId: number }
  /** A status at the last sync that does not ship (shared/fulfillment/ship-status.ts). */
  | { kind: 'stop-status'; status: string; stop: StopKind; reason?: string }
  | { kind: 'already-packed'; station: string | null; at: string }
  | { kind: 'nothing-to-ship' }
  /** Waves are open and this order is in none: its stock may be promised to their orders. */
  | { kind: 'outside-waves'; openWaves: string[] }

/** What the floor's record adds to a scan: the hold's reason, the waves open now. */
export interface PackContext {
  /** Why the order is held (it then carries the held status: floor-overlay.ts). */
  holdReason?: string
  /** The names of the campaign's open waves, and the one holding this order (if any). */
  waves?: { open: readonly string[]; of: string | undefined }
}

export function packWarnings(
  orderId: number,
  row: CampaignContribution | undefined,
  state: OrderFloorState | null | undefined,
  context: PackContext = {},
): PackWarning[] {
  if (!row) return [{ kind: 'unknown-order', orderId }]
  const warnings: PackWarning[] = []
  const stop = stopKind(row.order.status)
  if (stop) {
    const reason = stop === 'held' ? context.holdReason?.trim() : undefined
    warnings.push({
      kind: 'stop-status',
      status: row.order.status,
      stop,
      ...(reason ? { reason } : {}),
    })
  }
  if (state?.packedAt) {
    warnings.push({ kind: 'already-packed', station: state.station, at: state.packedAt })
  }
  if (!hasShippableItems(row)) warnings.push({ kind: 'nothing-to-ship' })
  const waves = context.waves
  if (waves && waves.open.length > 0 && waves.of === undefined && !state?.packedAt)
    warnings.push({ kind: 'outside-waves', openWaves: [...waves.open] })
  return warnings
}

/**
 * Orders packed earlier whose status at the last sync does not ship (refunded, on hold, a
 * dispute, a status PerkPack does not know, ...): the box must not ship. Raised on the Orders
 * badge, in the pre-print checks and at the station.
 */
export function packedButStopped<Row extends { order: { id: number; status: string } }>(
  rows: readonly Row[],
  states: ReadonlyMap<number, Pick<OrderFloorState, 'packedAt'> | null>,
): Row[] {
  return rows.filter(
    (row) => isStopStatus(row.order.status) && Boolean(states.get(row.order.id)?.packedAt),
  )
}

/** "Wave 2" or "Wave 2, Wave 3": the names as the lead gave them, at most three. */
function quoteList(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ')
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown
}

/** A status that does not ship: every one but captured, in fulfillment and fulfilled. */
export function isStopStatus(status: string): boolean {
  return !statusShips(status)
}

const HELD_ADVICE = 'do not ship it until someone releases the hold.'

const STOP_SENTENCES: Readonly<Record<StopKind, string>> = {
  refunded: 'Refunded at the last sync: do not ship it. Set the items aside.',
  'on-hold': 'On hold at the last sync: do not ship it until the campaign team releases it.',
  unprocessable: 'Unprocessable at the last sync (the payment failed): do not ship it.',
  pending: 'Pending at the last sync (not paid yet): do not ship it until the payment is in.',
  'in-question':
    'at the last sync: a dispute, chargeback or refund is under way. Do not ship it until the campaign team says so.',
  unknown:
    'at the last sync, a status PerkPack does not know: do not ship it until the campaign team says it may.',
  held: `Held on the floor: ${HELD_ADVICE}`,
}

/** The sentence of a stop status: the known ones by name, the others quoting the status. */
function stopText(status: string, stop: StopKind, reason?: string): string {
  // The hold's reason is what tells the packer whether to wait or set the box aside.
  if (stop === 'held' && reason) return `Held on the floor (${reason}): ${HELD_ADVICE}`
  const sentence = STOP_SENTENCES[stop]
  return stop === 'in-question' || stop === 'unknown'
    ? `Status "${statusText(status)}" ${sentence}`
    : sentence
}

/** One sentence per warning, for the CLI and the station's banner; `when` formats a time. */
export function packWarningText(
  warning: PackWarning,
  when: (iso: string) => string = (iso) => iso,
): string {
  switch (warning.kind) {
    case 'unknown-order':
      return `No order ${warning.orderId} in the offline copy: scan the packing slip again, or sync if the order is new.`
    case 'stop-status':
      return stopText(warning.status, warning.stop, warning.reason)
    case 'already-packed':
      return `Already packed${warning.station ? ` at ${warning.station}` : ''}, ${when(warning.at)}.`
    case 'nothing-to-ship':
      return 'Nothing to ship: this order holds no perk with items that ship.'
    case 'outside-waves':
      return `Not in an open wave (${quoteList(warning.openWaves)} ${warning.openWaves.length === 1 ? 'is' : 'are'} open): its stock may be promised to the wave's orders. Pack it only if the lead says so.`
  }
}

/**
 * "3 packed orders have a status that does not ship since the last sync (refunded, on hold, in
 * dispute, ...): take them off the outgoing pile." The Orders banner, the Progress alert and
 * the pre-print check say it alike.
 */
export function packedButStoppedText(count: number): string {
  const one = count === 1
  return (
    `${plural(count, 'packed order')} ${one ? 'has' : 'have'} a status that does not ship since ` +
    `the last sync (refunded, on hold, in dispute, or one PerkPack does not know): take ` +
    `${one ? 'it' : 'them'} off the outgoing pile.`
  )
}
