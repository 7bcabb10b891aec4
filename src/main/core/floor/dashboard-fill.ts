import type { CampaignContribution } from '../../../shared/api/schemas'
import { csvField, findColumn } from '../../../shared/csv/csv-text'
import { DASHBOARD_COLUMNS } from '../../../shared/dashboard/dashboard-columns'
import { neutralizeTrackingText } from '../../../shared/export/formula'
import { easyPostCarrier } from '../../../shared/floor/carriers'
import type { OrderFloorState } from '../../../shared/floor/order-state'
import { UsageError } from '../system/perkpack-errors'
import { DOWNLOAD_AGAIN } from '../dashboard/dashboard-export'
import { encodeCsv, readCsvRecords } from './csv-bytes'
import { ordersByNumber } from './tracking-import'

// Rows are matched by Pledge ID: it is the contribution's id, the one number the API and the
// dashboard both carry for every row, where the order number (Order No.) is missing on older
// rows. A file without Pledge ID is matched by Order No. against the orders' sequence numbers.

/** Several parcels of one order go into the one cell, in the order they were added. */
export const TRACKING_SEPARATOR = ', '

export interface DashboardFillResult {
  bytes: Buffer
  /** Data rows in the file. */
  rows: number
  matchedBy: 'Pledge ID' | 'Order No.'
  /** Rows whose Carrier and Tracking Number PerkPack wrote. */
  filled: number
  /** Of those, rows that had a different tracking number in the file before. */
  replaced: number
  /** Rows that already said exactly what PerkPack would write. */
  unchanged: number
  /** Rows of orders PerkPack knows that have no tracking number yet: left as they were. */
  noTracking: number
  /** Rows matching no order of the offline copy, by line. */
  unmatched: { line: number; key: string }[]
}

interface Edit {
  start: number
  end: number
  text: string
}

function splice(text: string, edits: Edit[]): string {
  edits.sort((a, b) => a.start - b.start)
  let out = ''
  let at = 0
  for (const edit of edits) {
    out += text.slice(at, edit.start) + edit.text
    at = edit.end
  }
  return out + text.slice(at)
}

/**
 * Fills Carrier and Tracking Number of a dashboard contributions file for the orders PerkPack
 * has tracking numbers for, and changes nothing else: every other cell, the quoting, the line
 * breaks, the encoding and its byte order mark are written back as they came.
 */
export function fillDashboardFile(
  input: Uint8Array,
  name: string,
  rows: readonly CampaignContribution[],
  states: ReadonlyMap<number, OrderFloorState>,
): DashboardFillResult {
  const { decoded, delimiter, records } = readCsvRecords(input, name, DOWNLOAD_AGAIN)
  const header = records[0]?.fields ?? []
  const pledge = findColumn(header, DASHBOARD_COLUMNS.pledgeId)
  const orderNo = findColumn(header, DASHBOARD_COLUMNS.orderNo)
  const carrierAt = findColumn(header, DASHBOARD_COLUMNS.carrier)
  const trackingAt = findColumn(header, DASHBOARD_COLUMNS.tracking)
  const missing = [
    pledge < 0 && orderNo < 0 ? 'Pledge ID (or Order No.)' : null,
    carrierAt < 0 ? 'Carrier' : null,
    trackingAt < 0 ? 'Tracking Number' : null,
  ].filter((column): column is string => column !== null)
  if (missing.length > 0) {
    throw new UsageError(
      `${name}, line 1: this is not the dashboard's contributions file: it has no ${missing.join(', ')} column. ` +
        "Download the contributions CSV from the campaign's dashboard and choose that file.",
    )
  }
  const byContribution = new Map(rows.map((row) => [String(row.id), row.order.id]))
  const byNumber = ordersByNumber(rows)
  const matchedBy = pledge >= 0 ? 'Pledge ID' : 'Order No.'
  const result: Omit<DashboardFillResult, 'bytes'> = {
    rows: records.length - 1,
    matchedBy,
    filled: 0,
    replaced: 0,
    unchanged: 0,
    noTracking: 0,
    unmatched: [],
  }
  const edits: Edit[] = []
  for (const record of records.slice(1)) {
    const key = (record.fields[pledge >= 0 ? pledge : orderNo]?.value ?? '')
      .trim()
      .replace(/^#/, '')
    const number = /^\d+$/.test(key) ? String(Number(key)) : key
    const orderId = pledge >= 0 ? byContribution.get(number) : byNumber.get(number)?.orderId
    if (orderId === undefined) {
      result.unmatched.push({ line: record.line, key })
      continue
    }
    const state = states.get(orderId)
    if (!state || state.trackingNumbers.length === 0) {
      result.noTracking += 1
      continue
    }
    // From shipper files and other desks, opened in a spreadsheet with the rest: the cells
    // PerkPack writes follow the shipper CSV's rule; the cells it does not write stay as they are.
    const tracking = neutralizeTrackingText(state.trackingNumbers.join(TRACKING_SEPARATOR))
    const carrier = neutralizeTrackingText(easyPostCarrier(state.carrier) ?? '')
    const cells: [number, string][] = [
      [carrierAt, carrier],
      [trackingAt, tracking],
    ]
    if (cells.every(([at, value]) => record.fields[at]?.value === value)) {
      result.unchanged += 1
      continue
    }
    const before = record.fields[trackingAt]?.value.trim() ?? ''
    if (before !== '' && before !== tracking) result.replaced += 1
    result.filled += 1
    const last = record.fields[record.fields.length - 1]!
    // A short row (trailing empty cells left out) grows to the column, after its last field.
    let tail = ''
    for (let at = record.fields.length; at <= Math.max(carrierAt, trackingAt); at++) {
      const value = at === carrierAt ? carrier : at === trackingAt ? tracking : ''
      tail += delimiter + csvField(value, delimiter, false)
    }
    for (const [at, value] of cells) {
      const field = record.fields[at]
      if (field)
        edits.push({
          start: field.start,
          end: field.end,
          text: csvField(value, delimiter, field.quoted),
        })
    }
    if (tail !== '') edits.push({ start: last.end, end: last.end, text: tail })
  }
  const text = splice(decoded.text, edits)
  return { ...result, bytes: encodeCsv({ ...decoded, text }) }
}
