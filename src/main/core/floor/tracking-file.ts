import { carrierOfService, easyPostCarrier } from '../../../shared/floor/carriers'
import { CsvSyntaxError, detectDelimiter, findColumn, parseCsv } from '../../../shared/csv/csv-text'
import type { CsvField } from '../../../shared/csv/csv-text'
import { TRACKING_FORMATS } from '../../../shared/ipc/enums'
import type { TrackingFormat } from '../../../shared/ipc/enums'
import { UsageError } from '../system/perkpack-errors'

interface FormatColumns {
  title: string
  order: readonly string[]
  tracking: readonly string[]
  carrier: readonly string[]
  /** Where the carrier is only named inside the service ("USPS Ground Advantage"). */
  service: readonly string[]
  /** Names match exactly (any letter case), not by the loose header key. */
  exact?: boolean
}

/**
 * The columns each format is read by (docs/fulfillment-floor.md says where the names come
 * from). The generic format is exactly `order_number,carrier,tracking_number`; the shippers'
 * exports are matched by every header spelling their help pages and public clients show.
 */
const FORMAT_COLUMNS: Readonly<Record<TrackingFormat, FormatColumns>> = {
  generic: {
    title: 'generic tracking file',
    order: ['order_number'],
    tracking: ['tracking_number'],
    carrier: ['carrier'],
    service: [],
    exact: true,
  },
  shipstation: {
    title: 'ShipStation shipments export',
    order: ['Order Number', 'Order #', 'Order - Number', 'OrderNumber', 'Order No'],
    tracking: ['Tracking Number', 'Tracking #', 'Shipment - Tracking Number', 'TrackingNumber'],
    carrier: ['Carrier', 'Provider', 'Carrier - Name', 'Shipment - Carrier', 'Carrier Code'],
    service: ['Service', 'Shipment - Service', 'Requested Service'],
  },
  pirateship: {
    title: 'Pirate Ship export',
    order: ['Order ID', 'Order Number', 'Order #', 'Order', 'Order No'],
    tracking: ['Tracking Number', 'Tracking #', 'Tracking'],
    carrier: ['Carrier'],
    service: ['Service', 'Mail Class', 'Shipping Service'],
  },
}

export interface TrackingFileRow {
  line: number
  /** As written in the file, trimmed, a leading `#` dropped. */
  orderNumber: string
  carrier: string | null
  trackingNumber: string
}

export interface TrackingFileProblem {
  line: number
  column: string
  message: string
}

export interface TrackingFile {
  format: TrackingFormat
  rows: TrackingFileRow[]
  /** Rows left out, each with its line and column: the rest of the file still counts. */
  problems: TrackingFileProblem[]
  /**
   * Lines under the header with no value in any cell (`,,,` a spreadsheet leaves below the
   * data): not data rows, counted apart. Every other line is in `rows` or `problems`.
   */
  emptyRows: number
}

// 9.40011E+21: what a spreadsheet makes of a long number it was allowed to read as one.
const SHORTENED_NUMBER = /^\d+(\.\d+)?E\+\d+$/i

function columnsOf(header: readonly CsvField[], format: TrackingFormat) {
  const spec = FORMAT_COLUMNS[format]
  const find = (names: readonly string[]) =>
    spec.exact
      ? header.findIndex((field) =>
          names.includes(
            field.value
              .replace(/^\uFEFF/, '')
              .trim()
              .toLowerCase(),
          ),
        )
      : findColumn(header, names)
  return {
    order: find(spec.order),
    tracking: find(spec.tracking),
    carrier: find(spec.carrier),
    service: find(spec.service),
  }
}

function detectFormat(header: readonly CsvField[]): TrackingFormat | null {
  for (const format of TRACKING_FORMATS) {
    const columns = columnsOf(header, format)
    if (columns.order >= 0 && columns.tracking >= 0) return format
  }
  return null
}

function missingColumnsError(
  name: string,
  header: readonly CsvField[],
  format: TrackingFormat | null,
): UsageError {
  const found = header.map((field) => field.value.trim()).filter((value) => value !== '')
  const wanted =
    format === null
      ? 'order number and tracking number columns (the generic header is exactly order_number,carrier,tracking_number)'
      : `the columns of a ${FORMAT_COLUMNS[format].title} (${FORMAT_COLUMNS[format].order[0]} and ${FORMAT_COLUMNS[format].tracking[0]})`
  return new UsageError(
    `${name}, line 1: the header lacks ${wanted}; it has ${found.length === 0 ? 'no columns' : found.slice(0, 12).join(', ')}. ` +
      'Choose the export with the tracking numbers, or name the format with --format generic|shipstation|pirateship.',
  )
}

/** Reads a shipper's tracking export; `name` names the file in messages. */
export function readTrackingFile(
  text: string,
  name: string,
  format?: TrackingFormat,
): TrackingFile {
  const body = text.replace(/^\uFEFF/, '')
  let records
  try {
    records = parseCsv(body, detectDelimiter(body))
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new UsageError(
        `${name}, line ${error.line}: ${error.message} Save the file as CSV again.`,
      )
    throw error
  }
  const header = records[0]?.fields ?? []
  const chosen = format ?? detectFormat(header)
  if (chosen === null) throw missingColumnsError(name, header, null)
  const columns = columnsOf(header, chosen)
  if (columns.order < 0 || columns.tracking < 0) throw missingColumnsError(name, header, chosen)
  const title = (index: number) => header[index]?.value.trim() ?? ''

  const rows: TrackingFileRow[] = []
  const problems: TrackingFileProblem[] = []
  let emptyRows = 0
  for (const record of records.slice(1)) {
    const cell = (index: number) => (index < 0 ? '' : (record.fields[index]?.value ?? '').trim())
    const orderNumber = cell(columns.order).replace(/^#\s*/, '')
    const trackingNumber = cell(columns.tracking)
    if (orderNumber === '' && trackingNumber === '') {
      // A row of other cells only (a voided label, a note) is a row the person sees: named.
      if (record.fields.every((field) => field.value.trim() === '')) emptyRows += 1
      else
        problems.push({
          line: record.line,
          column: title(columns.order),
          message: 'no order number and no tracking number',
        })
      continue
    }
    if (trackingNumber === '') {
      problems.push({
        line: record.line,
        column: title(columns.tracking),
        message: 'no tracking number',
      })
      continue
    }
    if (SHORTENED_NUMBER.test(trackingNumber)) {
      problems.push({
        line: record.line,
        column: title(columns.tracking),
        message: `"${trackingNumber}" is a number a spreadsheet shortened; export the column as text`,
      })
      continue
    }
    if (orderNumber === '') {
      problems.push({ line: record.line, column: title(columns.order), message: 'no order number' })
      continue
    }
    const carrier =
      easyPostCarrier(cell(columns.carrier)) ?? carrierOfService(cell(columns.service))
    rows.push({ line: record.line, orderNumber, carrier, trackingNumber })
  }
  return { format: chosen, rows, problems, emptyRows }
}
