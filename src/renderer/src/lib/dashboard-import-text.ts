import type { DashboardFileEncoding, DashboardImportPreview } from '@shared/ipc'
import { importLeftBehindText } from '@shared/dashboard/floor-left-behind'
import { toShipNote } from '@shared/floor/progress'
import { formatCount, plural } from '@shared/format/counts'
import type { PreviewFigure } from './preview-figure'

const ENCODINGS: Record<DashboardFileEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little endian)',
  'utf-16be': 'UTF-16 (big endian)',
  latin1: 'Latin-1 (a single-byte code page)',
}

const DELIMITERS: Record<string, string> = {
  ',': 'comma (,)',
  ';': 'semicolon (;)',
  '\t': 'tab',
}

/** "UTF-8 with BOM, semicolon (;)": how the file was read, so a wrong guess is visible. */
export function fileFormatText(preview: DashboardImportPreview): string {
  const encoding = ENCODINGS[preview.encoding] ?? preview.encoding
  const delimiter = DELIMITERS[preview.delimiter] ?? JSON.stringify(preview.delimiter)
  return `${encoding}${preview.bom ? ' with BOM' : ''}, ${delimiter}`
}

export function previewFigures(preview: DashboardImportPreview): PreviewFigure[] {
  return [
    { key: 'lines', label: 'Rows', value: preview.lines },
    { key: 'orders', label: 'Orders', value: preview.orders },
    { key: 'perks', label: 'Perks', value: preview.perks.count },
    { key: 'variants', label: 'SKU variants', value: preview.variants },
    { key: 'ships', label: 'Orders to ship', value: preview.ordersToShip },
    { key: 'problems', label: 'Problem rows', value: preview.problems.count, warn: true },
  ]
}

/** Under the figures: what "Orders to ship" counts (as Progress does) and what it leaves out. */
export function toShipText(preview: DashboardImportPreview): string {
  return `Orders to ship: ${toShipNote(preview.notCounted)}`
}

/** What the import replaces: the offline copy's size and where it came from, or nothing. */
export function replacesText(preview: DashboardImportPreview): string {
  const current = preview.current
  if (!current)
    return `Campaign ${preview.campaignId} has no offline copy yet: this file becomes it.`
  return `Replaces the offline copy of campaign ${preview.campaignId} (${plural(current.count, 'order')}).`
}

/** The floor records the imported copy will not show, said before the person confirms; or null. */
export function floorLeftBehindText(preview: DashboardImportPreview): string | null {
  if (preview.floorLeftBehind === 0) return null
  return importLeftBehindText(preview.floorLeftBehind, preview.current?.source != null)
}

/** The question a much smaller file asks before it replaces anything. */
export function shrinkQuestion(preview: DashboardImportPreview): string {
  const current = preview.current?.count ?? 0
  const percent = current > 0 ? Math.floor((preview.orders / current) * 100) : 0
  return (
    `${preview.fileName} holds ${plural(preview.orders, 'order')}, the offline copy ${formatCount(current)} (${percent} %). ` +
    'A file exported with a filter on, or of another campaign, looks like this. Replace the copy only if the campaign really has fewer orders now.'
  )
}

/** "12 more": the lists are cut, the counts are whole. */
export function moreRows(count: number, shown: number): number {
  return Math.max(0, count - shown)
}
