import type { ShipperCsvFormat } from '../ipc/enums'

/**
 * The names exports are offered under, in the app's save dialog and by the CLI given a folder:
 * the campaign, what the file is, and the local date and minute it was made, so two exports of
 * one day do not share a name (the folder's side, a number when the name is taken anyway, is
 * `freePath` in src/main/core/export/free-path.ts).
 */

/** "tidepool-the-game" from a title: safe in any file system, readable in a file list. */
export function fileStem(info: { campaignId: number; title?: string | null }): string {
  const slug = (info.title ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  return slug === '' ? `campaign-${info.campaignId}` : slug
}

const two = (n: number) => String(n).padStart(2, '0')

/** "2026-03-02-0930": the date and minute on this computer's clock, as a person reads it. */
export function fileTimeStamp(at: Date): string {
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`
  return `${date}-${two(at.getHours())}${two(at.getMinutes())}`
}

/** "tidepool-packing-list-2026-03-02-0930.xlsx". */
export function exportFileName(stem: string, what: string, extension: string, at: Date): string {
  return `${stem}-${what}-${fileTimeStamp(at)}.${extension}`
}

/** What a shipper CSV's file name says it is, per format. */
export const SHIPPER_CSV_FILE_WORDS: Readonly<Record<ShipperCsvFormat, string>> = {
  generic: 'shipping',
  shipstation: 'shipstation',
  pirateship: 'pirateship',
}
