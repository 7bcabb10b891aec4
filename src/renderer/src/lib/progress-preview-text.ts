import type { TrackingPreviewView } from '@shared/ipc'
import { formatCount, plural } from '@shared/format/counts'
import type { PreviewFigure } from './preview-figure'
import { FORMAT_NAMES } from './progress-text'
import { orderLabel } from './station-checklist'

type TrackingFigure = PreviewFigure<
  'matched' | 'alreadyStored' | 'unmatched' | 'conflicts' | 'notPacked' | 'problems'
>

/** The preview's numbers, in the order the person decides by. */
export function previewFigures(preview: TrackingPreviewView): TrackingFigure[] {
  return [
    { key: 'matched', label: 'New tracking numbers', value: preview.matched, warn: false },
    { key: 'alreadyStored', label: 'Already stored', value: preview.alreadyStored, warn: false },
    { key: 'unmatched', label: 'Unmatched', value: preview.unmatched.count, warn: true },
    { key: 'conflicts', label: 'Conflicts', value: preview.conflicts.count, warn: true },
    { key: 'notPacked', label: 'Orders not packed yet', value: preview.notPacked, warn: true },
    { key: 'problems', label: 'Rows left out', value: preview.problems.count, warn: true },
  ]
}

/** "orders.csv · ShipStation · 1,204 rows". */
export function previewHeading(preview: TrackingPreviewView): string {
  return `${preview.fileName} · ${FORMAT_NAMES[preview.format]} · ${plural(preview.rows, 'row')}`
}

export interface PreviewList {
  key: 'unmatched' | 'conflicts' | 'problems'
  title: string
  rows: string[]
  /** Listed rows are cut (MAX_TRACKING_ROWS_LISTED); this says how many more the file has. */
  more: number
}

/** The rows to look at in the file, each naming its line; categories with none are left out. */
export function previewLists(preview: TrackingPreviewView): PreviewList[] {
  const lists: PreviewList[] = [
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
