import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify } from 'csv-stringify'
import type { CampaignContribution } from '../../../shared/api/schemas'
import { shipmentRole } from '../../../shared/fulfillment'
import type { OrderFloorState } from '../../../shared/floor/order-state'
import type { ShipperCsvFormat } from '../../../shared/ipc'
import { indexCatalog } from '../../../shared/catalog'
import type { Catalog } from '../../../shared/catalog'
import type { ShipperCatalog } from './csv-rows'
import { Cancelled, isAbortError } from '../system/perkpack-errors'
import { writeFailure } from '../system/write-errors'
import { SHIPPER_CSV_COLUMNS, SHIPPER_CSV_ROWS, shipperLines, shipperRecord } from './csv-rows'
import { EXPORT_FILE_MODE, exportTempPath, removeLeftoverTemps } from './export-temp-files'
import type { ShipperRecord } from './csv-rows'

export { SHIPPER_CSV_COLUMNS, SHIPPER_CSV_ROWS, shipperLines } from './csv-rows'
export type { ShipperCsvColumn, ShipperLine } from './csv-rows'

export interface WriteShipperCsvOptions {
  /** The orders to ship, already filtered (status, perk, variant, country, search). */
  contributions: readonly CampaignContribution[]
  format: ShipperCsvFormat
  /**
   * A file path (written to a temporary file beside it, then renamed over it, so a failed or
   * cancelled export leaves no half file and any earlier file untouched), or a stream the caller
   * owns (written to, not ended; destroyed if the export fails).
   */
  out: string | NodeJS.WritableStream
  signal?: AbortSignal
  /** The packing floor's record by order id: its state and tracking columns. */
  floor?: ReadonlyMap<number, OrderFloorState>
  /** The SKU catalogue: weight, size and customs columns; empty cells without it. */
  catalog?: Catalog
  /** The campaign's currency (ISO 4217), for customs values from the pledge. Default USD. */
  currency?: string
}

export interface ShipperCsvResult {
  /** Data rows written (line items, or parcels where the format has a row per parcel). */
  rows: number
  /** Orders with at least one row. */
  orders: number
  /** Orders left out because their status does not ship (refunded, in dispute, unknown, ...). */
  stoppedOrders: number
  /** Orders left out because nothing in them ships (no items, or only digital perks). */
  skippedOrders: number
  /** Orders left out because they have something to ship but no street address. */
  noAddressOrders: number
  /** Absolute path of the file written; null when writing to a stream. */
  path: string | null
}

/**
 * The file format, fixed whatever the shipper:
 * - RFC 4180: comma, every field in double quotes (quotes doubled inside), CRLF between
 *   records, a header row. Quoting only the fields that hold a comma would leave "a;=1+1" bare,
 *   and Excel in locales whose list separator is `;` (much of Europe) splits it at the `;` into
 *   a cell of its own that starts with `=`: a formula the first-character check never saw.
 * - UTF-8 with a byte order mark: without it Excel on Windows reads the file as the ANSI code page
 *   and turns "山田" or "Müller" into mojibake; ShipStation and the warehouse importers read the
 *   BOM as UTF-8 as well.
 */
function csvStringifier(columns: readonly CsvColumn[]) {
  return stringify({
    bom: true,
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    record_delimiter: 'windows',
    // csv-stringify stops quoting a lone LF or CR once a record delimiter is given, which would
    // split an address line typed with a line break into two records: RFC 4180 quotes both.
    quote_record_delimiter: true,
    quoted: true,
    quoted_empty: true,
    eof: true,
  })
}

function cancelled(): Cancelled {
  return new Cancelled('Export cancelled: no file was written.')
}

/** A column of a CSV PerkPack writes: the record key it reads, the header it writes. */
export interface CsvColumn {
  key: string
  header: string
}

/**
 * Writes `records` (already neutralised against formulas) as a CSV file in the format above:
 * to a temporary file beside `out`, renamed over it once complete, so a failed or cancelled
 * export leaves no half file and any earlier file untouched; or to a stream the caller owns
 * (written to, not ended). Answers the path written, null for a stream.
 */
export async function writeCsv(
  columns: readonly CsvColumn[],
  records: Iterable<Record<string, string | number>>,
  out: string | NodeJS.WritableStream,
  signal?: AbortSignal,
): Promise<string | null> {
  if (signal?.aborted) throw cancelled()
  const source = Readable.from(records)
  const stringifier = csvStringifier(columns)
  if (typeof out !== 'string') {
    try {
      await pipeline(source, stringifier, out, { signal, end: false })
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) throw cancelled()
      throw error
    }
    return null
  }
  const target = resolve(out)
  removeLeftoverTemps(target)
  const temp = exportTempPath(target)
  try {
    // `flush`: the bytes are on disk before the rename makes the file visible under its name.
    const file = createWriteStream(temp, { flags: 'wx', flush: true, mode: EXPORT_FILE_MODE })
    await pipeline(source, stringifier, file, { signal })
    if (signal?.aborted) throw cancelled()
    await rename(temp, target)
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined)
    if (signal?.aborted || isAbortError(error)) throw cancelled()
    throw writeFailure(target, error)
  }
  return target
}

interface Counts {
  rows: number
  orders: number
  stoppedOrders: number
  skippedOrders: number
  noAddressOrders: number
}

function* records(
  contributions: readonly CampaignContribution[],
  format: ShipperCsvFormat,
  counts: Counts,
  floor: ReadonlyMap<number, OrderFloorState> | undefined,
  catalog: ShipperCatalog | undefined,
): Generator<ShipperRecord> {
  const columns = SHIPPER_CSV_COLUMNS[format]
  // A row per parcel: every line carries the order's columns and its `items`, so one will do.
  const perParcel = SHIPPER_CSV_ROWS[format] === 'parcel'
  for (const row of contributions) {
    const lines = shipperLines(row, floor?.get(row.order.id), catalog)
    if (lines.length === 0) {
      const role = shipmentRole(row)
      if (role === 'no-address') counts.noAddressOrders++
      else if (role === 'stopped') counts.stoppedOrders++
      else counts.skippedOrders++
      continue
    }
    counts.orders++
    for (const line of perParcel ? lines.slice(0, 1) : lines) {
      counts.rows++
      yield shipperRecord(line, columns)
    }
  }
}

/**
 * Writes the shipper CSV of `contributions`: one row per line item of each order that ships
 * (items of one variant across the order's perks merged into one row), or one row per order
 * for a format with a row per parcel, in the given order.
 */
export async function writeShipperCsv(options: WriteShipperCsvOptions): Promise<ShipperCsvResult> {
  const { contributions, format, out, signal } = options
  const counts: Counts = {
    rows: 0,
    orders: 0,
    stoppedOrders: 0,
    skippedOrders: 0,
    noAddressOrders: 0,
  }
  const columns = SHIPPER_CSV_COLUMNS[format]
  const path = await writeCsv(
    columns,
    records(
      contributions,
      format,
      counts,
      options.floor,
      options.catalog && {
        catalog: options.catalog,
        index: indexCatalog(options.catalog),
        currency: options.currency ?? 'USD',
      },
    ),
    out,
    signal,
  )
  return { ...counts, path }
}
