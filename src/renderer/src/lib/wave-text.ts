import type { WaveParcels, WaveProposal, WaveSummary } from '@shared/ipc'
import type { StockChange } from '@shared/waves/wave-types'
import { formatCount, plural } from '@shared/format/counts'
import type { WavePriority } from '@shared/waves/wave-planner'

/** The planner's priorities as a person picks them. */
export const PRIORITY_LABELS: Record<WavePriority, string> = {
  'order-number': 'Order number (pledge order)',
  country: 'Country, A to Z',
  perk: 'Perk, A to Z',
  oldest: 'Oldest pledge first',
}

/** Open waves first (newest first), then the closed ones; a closed one says so. */
export function waveOptions(waves: readonly WaveSummary[]): { label: string; value: string }[] {
  const open = waves.filter((wave) => wave.status === 'open').reverse()
  const closed = waves.filter((wave) => wave.status === 'closed').reverse()
  return [
    ...open.map((wave) => ({ label: wave.name, value: wave.name })),
    ...closed.map((wave) => ({ label: `${wave.name} (closed)`, value: wave.name })),
  ]
}

/** "41 orders · 96 units · 3 in part · 58 orders wait". */
export function proposalLine(proposal: WaveProposal): string {
  const parts = [plural(proposal.orderIds.length, 'order'), plural(proposal.units, 'unit')]
  if (proposal.partialOrders > 0) parts.push(`${formatCount(proposal.partialOrders)} in part`)
  parts.push(`${plural(proposal.waiting, 'order')} wait`)
  return parts.join(' · ')
}

/** "12 of 41 orders packed", and "· 3 in part, 5 items to follow" for a partial wave. */
export function packedLine(wave: WaveSummary): string {
  const packed = `${formatCount(wave.packedCount)} of ${plural(wave.orderCount, 'order')} packed`
  if (wave.partialCount === 0) return packed
  return `${packed} · ${formatCount(wave.partialCount)} in part, ${plural(wave.followUnits, 'item')} to follow`
}

/** "3 orders ship in part.", and which of them are listed when not all are. */
export function parcelsLine(list: WaveParcels): string {
  const all = `${plural(list.partialCount, 'order')} ${list.partialCount === 1 ? 'ships' : 'ship'} in part.`
  if (list.rows.length >= list.partialCount) return all
  return `${all} The first ${formatCount(list.rows.length)} by order number are listed.`
}

const REASONS: Record<StockChange['reason'], string> = {
  set: 'typed in',
  import: 'imported',
  pack: 'packed',
  unpack: 'unpacked',
  reship: 'reshipped',
}

/** "+12 imported (now 12), Desk A" / "−2 packed, order 123 (now 10), Desk A". */
export function changeLine(change: StockChange): string {
  const delta =
    change.delta > 0 ? `+${formatCount(change.delta)}` : `−${formatCount(-change.delta)}`
  const order = change.orderId === null ? '' : `, order ${change.orderId}`
  return `${delta} ${REASONS[change.reason]}${order} (now ${formatCount(change.quantity)}), ${change.by}`
}
