import { PROGRESS_STATUSES, statusWords } from '@shared/floor/progress'
import type { ProgressCounts } from '@shared/floor/progress'
import type { SlipOrderRef, TrackingFormat } from '@shared/ipc'
import { describeChoices } from '@shared/fulfillment'
import { formatCount, plural } from '@shared/format/counts'
import { orderLabel } from './station-checklist'

/** The three stages the floor reports, in the order a parcel goes through them. */
export const PROGRESS_STAGES = ['printed', 'packed', 'shipped'] as const
export type ProgressStage = (typeof PROGRESS_STAGES)[number]

export const STAGE_LABELS: Record<ProgressStage, string> = {
  printed: 'Printed',
  packed: 'Packed',
  shipped: 'Shipped',
}

/**
 * What the totals count, under them: they are not the Orders filter's (fulfilled orders are in,
 * as the dashboard marks an order fulfilled once shipped), and each stage is counted on its own.
 */
export function totalsNote(): string {
  const statuses = statusWords(PROGRESS_STATUSES, 'or')
  return (
    `Orders to ship: every order ${statuses} that has something to ship, whatever the Orders ` +
    'filters. Each stage counts on its own: a tracking number imported for an order packed ' +
    'elsewhere makes it shipped without being packed here.'
  )
}

/** Whole percent of `part` in `whole`, rounded down so 99.6 % never reads "100 %" (0 of 0 is 0). */
export function percentOf(part: number, whole: number): number {
  if (!(whole > 0) || !(part > 0)) return 0
  return Math.min(100, Math.floor((part / whole) * 100))
}

/** "412 of 1,200 · 34 %". */
export function stageLine(counts: ProgressCounts, stage: ProgressStage): string {
  return `${formatCount(counts[stage])} of ${formatCount(counts.toShip)} · ${percentOf(counts[stage], counts.toShip)} %`
}

/** "Size: M, Colour: Black · TEE-BLK", the name a packer knows first, the code to check it by. */
export function variantCaption(variant: {
  skuCode: string
  choices: { name: string; value: string }[]
}): string {
  const choices = describeChoices(variant.choices)
  return choices === '' ? variant.skuCode : `${choices} · ${variant.skuCode}`
}

/**
 * "#299 · ID 1873221", as the packing slip names the order (its number, then the id under its
 * barcode); "ID 1873221" alone for an order the API sent without a number.
 */
export function slipOrderText(order: SlipOrderRef): string {
  const label = orderLabel(order)
  return order.sequenceNumber === null ? label : `${label} · ID ${order.orderId}`
}

export const FORMAT_OPTIONS: { label: string; value: TrackingFormat | 'auto' }[] = [
  { label: 'Automatic (from the header)', value: 'auto' },
  { label: 'Generic (order_number, carrier, tracking_number)', value: 'generic' },
  { label: 'ShipStation shipments export', value: 'shipstation' },
  { label: 'Pirate Ship export', value: 'pirateship' },
]

export const FORMAT_NAMES: Record<TrackingFormat, string> = {
  generic: 'Generic CSV',
  shipstation: 'ShipStation',
  pirateship: 'Pirate Ship',
}

/** "Import 57 tracking numbers" (conflicts are among the matched: kept beside the stored one). */
export function importButtonLabel(matched: number): string {
  const n = matched
  return n === 0 ? 'Nothing new to import' : `Import ${plural(n, 'tracking number')}`
}

/** What the person reads after an import went through. */
export function importResultText(result: {
  added: number
  unchanged: number
  leftApart?: number
}): string {
  const added =
    result.added === 0
      ? 'No tracking number added'
      : `${plural(result.added, 'tracking number')} added`
  const parts = [
    result.unchanged > 0 ? `${formatCount(result.unchanged)} already stored` : null,
    result.leftApart ? `${formatCount(result.leftApart)} left apart, not written` : null,
  ].filter((part) => part !== null)
  return parts.length === 0 ? `${added}.` : `${added}; ${parts.join('; ')}.`
}

/** "lines 4, 9, 12 and 30 more": the lines to look at, without flooding the card. */
export function linesText(lines: readonly number[], total: number, shown = 8): string {
  if (lines.length === 0) return ''
  const head = lines.slice(0, shown)
  const rest = total - head.length
  const word = total === 1 ? 'line' : 'lines'
  return rest > 0
    ? `${word} ${head.join(', ')} and ${formatCount(rest)} more`
    : `${word} ${head.join(', ')}`
}
