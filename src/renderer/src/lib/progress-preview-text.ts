import type { TrackingPreviewView } from '@shared/ipc'
import { formatCount, plural } from '@shared/format/counts'
import { TRACKING_HOLD_REASONS, trackingHoldText } from '@shared/floor/tracking-holds'
import type { TrackingHoldReason } from '@shared/floor/tracking-holds'
import type { PreviewFigure } from './preview-figure'
import { FORMAT_NAMES } from './progress-text'
import { orderLabel } from './station-checklist'

type TrackingFigure = PreviewFigure<
  'matched' | 'held' | 'alreadyStored' | 'duplicates' | 'unmatched' | 'conflicts' | 'problems'
>

/**
 * The preview's numbers, in the order the person decides by. Every data row is in one of them
 * but Conflicts (new numbers beside a stored one, among the first two).
 */
export function previewFigures(preview: TrackingPreviewView): TrackingFigure[] {
  return [
    { key: 'matched', label: 'New tracking numbers', value: preview.matched, warn: false },
    { key: 'held', label: 'Left apart', value: preview.held.count, warn: true },
    { key: 'alreadyStored', label: 'Already stored', value: preview.alreadyStored, warn: false },
    { key: 'duplicates', label: 'Repeated in the file', value: preview.duplicates, warn: false },
    { key: 'unmatched', label: 'Unmatched', value: preview.unmatched.count, warn: true },
    { key: 'problems', label: 'Rows left out', value: preview.problems.count, warn: true },
    { key: 'conflicts', label: 'Conflicts', value: preview.conflicts.count, warn: true },
  ]
}

/** "orders.csv · ShipStation · 1,204 rows (3 empty lines skipped)". */
export function previewHeading(preview: TrackingPreviewView): string {
  const empty = preview.emptyRows > 0 ? ` (${plural(preview.emptyRows, 'empty line')} skipped)` : ''
  return `${preview.fileName} · ${FORMAT_NAMES[preview.format]} · ${plural(preview.rows, 'row')}${empty}`
}

const HELD_GROUPS: Record<TrackingHoldReason, string> = {
  stopped: 'orders refunded, on hold or in question at the last sync',
  'nothing-to-ship': 'orders with nothing to ship',
  'not-packed': 'orders not packed at a station',
}

/** The held reasons of this preview, most serious first, each with its count. */
export function heldReasons(
  preview: TrackingPreviewView,
): { reason: TrackingHoldReason; count: number }[] {
  return TRACKING_HOLD_REASONS.map((reason) => ({
    reason,
    count: preview.held.byReason[reason],
  })).filter((r) => r.count > 0)
}

/** "Also write the 12 tracking numbers of orders not packed at a station". */
export function heldChoiceLabel(reason: TrackingHoldReason, count: number): string {
  return `Also write the ${plural(count, 'tracking number')} of ${HELD_GROUPS[reason]}`
}

/** The numbers an import writes: the matched ones and the held ones of the included reasons. */
export function numbersToWrite(
  preview: TrackingPreviewView,
  include: readonly TrackingHoldReason[],
): number {
  return include.reduce((sum, reason) => sum + preview.held.byReason[reason], preview.matched)
}

export interface PreviewList {
  key: 'held' | 'unmatched' | 'conflicts' | 'problems'
  title: string
  rows: string[]
  /** Listed rows are cut (MAX_TRACKING_ROWS_LISTED); this says how many more the file has. */
  more: number
}

/** The rows to look at in the file, each naming its line; categories with none are left out. */
export function previewLists(preview: TrackingPreviewView): PreviewList[] {
  const lists: PreviewList[] = [
    {
      key: 'held',
      title:
        'Left apart: no parcel of these orders went out as far as PerkPack knows. They are not written unless you tick them below.',
      rows: preview.held.rows.map(
        (r) =>
          `${orderLabel(r)} (line ${r.line}): ${trackingHoldText(r.reason, r.status)}, ${r.trackingNumber}`,
      ),
      more: preview.held.count - preview.held.rows.length,
    },
    {
      key: 'unmatched',
      title: 'Order numbers no order of this campaign carries (sync, or check the file)',
      rows: preview.unmatched.rows.map((r) => `Line ${r.line}: order number ${r.orderNumber}`),
      more: preview.unmatched.count - preview.unmatched.rows.length,
    },
    {
      key: 'conflicts',
      title: 'Orders that already have another tracking number (the new one is added beside it)',
      rows: preview.conflicts.rows.map(
        (r) =>
          `Line ${r.line}: order ${orderLabel(r)} gets ${r.trackingNumber}, has ${r.stored.join(', ')}`,
      ),
      more: preview.conflicts.count - preview.conflicts.rows.length,
    },
    {
      key: 'problems',
      title: 'Rows left out',
      rows: preview.problems.rows.map((r) => `Line ${r.line}, ${r.column}: ${r.message}`),
      more: preview.problems.count - preview.problems.rows.length,
    },
  ]
  return lists.filter((list) => list.rows.length > 0 || list.more > 0)
}

/** "and 12 more" under a cut list. */
export function moreText(more: number): string {
  return more > 0 ? `and ${formatCount(more)} more` : ''
}
