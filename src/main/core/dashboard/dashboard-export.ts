import { campaignContributionSchema } from '../../../shared/api/schemas'
import type { CampaignContribution } from '../../../shared/api/schemas'
import { readRow } from '../../../shared/api/validate'
import type { SchemaProblem } from '../../../shared/api/validate'
import { detectDelimiter, findColumn, headerKey } from '../../../shared/csv/csv-text'
import type { CsvField, CsvRecord } from '../../../shared/csv/csv-text'
import {
  appearanceFromDashboard,
  DASHBOARD_COLUMNS,
  ITEM_GROUP,
  statusFromDashboard,
} from '../../../shared/dashboard/dashboard-columns'
import type { DashboardColumn } from '../../../shared/dashboard/dashboard-columns'
import { csvRecordsOf, decodeCsv } from '../floor/csv-bytes'
import { fieldText, linePerks } from './dashboard-line'
import type { CsvEncoding } from '../floor/csv-bytes'
import { UsageError } from '../system/perkpack-errors'
import type { ProblemRow, ReceivedContribution } from '../cache'

/**
 * A dashboard contributions export read into the rows the API would have sent: the same model
 * fills every view and output. Only what the file says is set; what it cannot say (the order's
 * own id, perk prices, item quantities beyond one per group) is absent or follows from it, never
 * invented (docs/dashboard-import.md).
 */

/** What to do about a file a spreadsheet left broken. */
export const DOWNLOAD_AGAIN = 'Download the file from the dashboard again.'

/** Columns without which a file is not a dashboard export. */
const REQUIRED: readonly DashboardColumn[] = ['pledgeId', 'status', 'perkId', 'perk']

interface ItemGroup {
  name: number
  sku: number
  options: number[]
}

function itemGroups(header: readonly CsvField[]): ItemGroup[] {
  const groups: ItemGroup[] = []
  const key = (field: CsvField) => headerKey(field.value)
  for (let i = 0; i < header.length; i++) {
    if (key(header[i]!) !== headerKey(ITEM_GROUP[0])) continue
    const group: ItemGroup = { name: i, sku: -1, options: [] }
    for (let j = i + 1; j < header.length && key(header[j]!) !== headerKey(ITEM_GROUP[0]); j++) {
      if (key(header[j]!) === headerKey(ITEM_GROUP[1])) group.sku = j
      else if (/^option \d+$/.test(key(header[j]!))) group.options.push(j)
    }
    groups.push(group)
  }
  return groups
}

/** "Size: M" names its choice; a bare "M" is the value of "Option N". */
function choice(text: string, n: number): { name: string; value: string } {
  const at = text.indexOf(':')
  if (at > 0 && at < text.length - 1)
    return { name: text.slice(0, at).trim(), value: text.slice(at + 1).trim() }
  return { name: `Option ${n}`, value: text }
}

const MONEY = /^[^\d-]*(-?[\d.,\s]+?)[^\d]*$/

/** "$1,234.50", "1.234,50 €", "25" as a number; null when it is none. */
function amountOf(text: string): number | null {
  const digits = MONEY.exec(text.trim())?.[1]?.replace(/\s/g, '')
  if (!digits) return null
  const decimalComma = /,\d{1,2}$/.test(digits)
  const plain = decimalComma
    ? digits.replace(/\./g, '').replace(',', '.')
    : digits.replace(/,/g, '')
  const value = Number(plain)
  return Number.isFinite(value) ? value : null
}

function isoDate(text: string): string | null {
  const time = Date.parse(text)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/** The object without its undefined keys: what the file does not say stays absent. */
function present(object: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(object)) if (object[key] === undefined) delete object[key]
  return object
}

interface Columns {
  at: Record<DashboardColumn, number>
  items: ItemGroup[]
}

/** A line read into the API's shape, and what about the line itself cannot be read. */
interface LineRead {
  raw: Record<string, unknown>
  problems: SchemaProblem[]
}

function rawRow(record: CsvRecord, columns: Columns): LineRead {
  const cell = (column: DashboardColumn) => fieldText(record, columns.at[column])
  const text = (column: DashboardColumn) => cell(column) || undefined
  const items: Record<string, unknown>[] = []
  for (const group of columns.items) {
    const code = fieldText(record, group.sku)
    const name = fieldText(record, group.name)
    if (code === '' && name === '') continue
    const choices = group.options
      .map((at, n) => fieldText(record, at) && choice(fieldText(record, at), n + 1))
      .filter((c): c is { name: string; value: string } => Boolean(c))
    const same = items.find(
      (item) =>
        (item.sku as { code: string }).code === code &&
        JSON.stringify((item.sku as { choices: unknown }).choices) === JSON.stringify(choices),
    )
    if (same) same.quantity = (same.quantity as number) + 1
    else items.push(present({ name: name || undefined, quantity: 1, sku: { code, choices } }))
  }
  const shippingParts = {
    name: text('shippingName'),
    address: text('shippingAddress'),
    address2: text('shippingAddress2'),
    city: text('shippingCity'),
    state: text('shippingState'),
    zipcode: text('shippingZip'),
    country: text('shippingCountry'),
    phone_number: text('shippingPhone'),
  }
  const hasShipping = Object.values(shippingParts).some((value) => value !== undefined)
  present(shippingParts)
  const pledge = cell('pledgeId')
  const { perks, problem } = linePerks(cell('perkId'), cell('perk'), items)
  const problems = problem
    ? [{ path: 'order.perks', message: placed(record.line, problem.column, problem.message) }]
    : []
  const raw = present({
    id: pledge,
    created_at: isoDate(cell('fundingDate')) ?? text('fundingDate'),
    amount: amountOf(cell('amount')) ?? undefined,
    appearance: appearanceFromDashboard(cell('appearance')),
    email: text('email'),
    referrer_id: text('referrerId'),
    contributor_name: text('name'),
    payment_method: text('paymentMethod'),
    order: present({
      // The export carries no order id: the pledge's id stands in (docs/dashboard-import.md).
      id: pledge,
      sequence_number: text('orderNo')?.replace(/^#/, ''),
      status: statusFromDashboard(cell('status')),
      perks,
      ...(hasShipping ? { shipping: shippingParts } : {}),
    }),
  })
  return { raw, problems }
}

function columnsOf(header: readonly CsvField[]): Columns {
  const at = {} as Record<DashboardColumn, number>
  for (const column of Object.keys(DASHBOARD_COLUMNS) as DashboardColumn[])
    at[column] = findColumn(header, DASHBOARD_COLUMNS[column])
  return { at, items: itemGroups(header) }
}

/** A model path as the file's column, for a problem row's message. */
function columnOfPath(path: string): string {
  if (path === 'id' || path === 'order.id') return 'Pledge ID'
  if (/^order\.perks\[\d+\]\.id$/.test(path)) return 'Perk ID'
  if (/^order\.perks\[\d+\]\.label$/.test(path)) return 'Perk'
  if (path.includes('.items[')) return 'Item SKU'
  if (path === 'order.sequence_number') return 'Order No.'
  if (path === 'order.status') return 'Fulfillment Status'
  return path
}

/** A problem's message names the file's line and column, as a person finds them in a spreadsheet. */
function placed(line: number, column: string, message: string): string {
  return `line ${line}, column ${column}: ${message}`
}

/** The line, column and problem of a message `placed` wrote; null for any other message. */
export { problemPlace } from '../../../shared/problems/problem-words'

/** What one chunk of a read brings, in the order of the file (as a sync's page does). */
export interface DashboardChunk {
  rows: ReceivedContribution[]
  /** Lines without a Pledge ID. */
  noPledge: ProblemRow[]
  /** Pledges the model cannot read. */
  problems: ProblemRow[]
}

/**
 * Rows handed on at a time (a sync writes pages of 30). Small on purpose: V8 allocates a kind of
 * object straight in the old generation once most of those made since its last young-generation
 * collection are still alive, as the rows of the chunk at hand are; then every later row is
 * garbage left for a full collection. With 100 rows that happened in about one run in three
 * (heap up to 300 MB for 100,000 pledges), with 20 rarely (BENCHMARKS.md).
 */
export const DASHBOARD_CHUNK_ROWS = 20

/** A dashboard export checked whole (columns, quotes), ready to be read a chunk at a time. */
export interface DashboardExport {
  encoding: CsvEncoding
  /** The file starts with a byte order mark. */
  bom: boolean
  delimiter: string
  /** Data lines read (several lines of one pledge count once in the rows). */
  lines: number
  /**
   * Reads the rows again from the text, handing them to `take` in chunks of about `size`
   * (each pledge once, whole: its lines merged). Only the chunk at hand and the pledges whose
   * lines are not all read yet are held.
   */
  read(take: (chunk: DashboardChunk) => void, size?: number): void
}

/** The Pledge ID cell as rawRow reads it. */
const pledgeOf = (record: CsvRecord, columns: Columns) => fieldText(record, columns.at.pledgeId)

/**
 * Opens a dashboard export; `name` names the file in messages. The whole file is parsed once
 * here, keeping only where each pledge's last line is, so a file with a quote left open or
 * without the dashboard's columns is refused before anything is read into rows or written.
 */
export function openDashboardExport(bytes: Uint8Array, name: string): DashboardExport {
  const decoded = decodeCsv(bytes)
  const { text } = decoded
  const delimiter = detectDelimiter(text)
  const records = () => csvRecordsOf(text, delimiter, name, DOWNLOAD_AGAIN)
  let columns: Columns | undefined
  // Each pledge's last line (counted in data lines): its row is whole once that line is read.
  const lastLine = new Map<string, number>()
  let lines = 0
  for (const record of records()) {
    if (!columns) {
      columns = columnsOf(record.fields)
      continue
    }
    lines += 1
    if (columns.at.pledgeId >= 0) lastLine.set(pledgeOf(record, columns), lines)
  }
  // Kept as one byte per line, not a map of every pledge, while the export waits to be read.
  const ends = new Uint8Array(lines + 1)
  for (const line of lastLine.values()) ends[line] = 1
  const known = columns ?? columnsOf([])
  const missing = REQUIRED.filter((column) => known.at[column] < 0).map(
    (column) => DASHBOARD_COLUMNS[column][0],
  )
  if (missing.length > 0) {
    throw new UsageError(
      `${name} is not a dashboard contributions export: it has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}. ` +
        "Download the contributions CSV from the campaign's dashboard (Contributions, Export) and import that file.",
    )
  }
  return {
    encoding: decoded.encoding,
    bom: decoded.bom,
    delimiter,
    lines,
    read: (take, size = DASHBOARD_CHUNK_ROWS) => readChunks(records(), known, ends, take, size),
  }
}

interface PendingPledge {
  raw: Record<string, unknown>
  line: number
  /** What its lines say that cannot be read (placed: line and column). */
  problems: SchemaProblem[]
  /** Every line of the pledge is read. */
  whole: boolean
}

function readChunks(
  records: Iterable<CsvRecord>,
  columns: Columns,
  /** 1 at the data line that ends a pledge. */
  ends: Uint8Array,
  take: (chunk: DashboardChunk) => void,
  size: number,
): void {
  let chunk: DashboardChunk = { rows: [], noPledge: [], problems: [] }
  const handOn = () => {
    if (chunk.rows.length + chunk.noPledge.length + chunk.problems.length === 0) return
    take(chunk)
    chunk = { rows: [], noPledge: [], problems: [] }
  }
  // Pledges in the order of their first line, handed on in that order once whole: a pledge
  // whose lines are apart holds back those after it, as the file read whole would order them.
  const pending = new Map<string, PendingPledge>()
  let rank = 0
  let header = true
  for (const record of records) {
    if (header) {
      header = false
      continue
    }
    rank += 1
    const { raw, problems } = rawRow(record, columns)
    const pledge = raw.id as string
    if (pledge === '') {
      chunk.noPledge.push({
        id: null,
        // The file line, as a pledge's problem row has (`rank` counts data lines): a row
        // without an id is stored by its rank, and two problem lines must never share one.
        rank: record.line,
        // In the model's shape, so the problem list masks its personal fields like an API row's.
        raw,
        problems: [{ path: 'id', message: placed(record.line, 'Pledge ID', 'empty') }],
      })
    } else {
      let entry = pending.get(pledge)
      if (entry) {
        // A pledge with several perks is one line per perk: one contribution, every perk.
        const order = entry.raw.order as { perks: unknown[] }
        order.perks.push(...(raw.order as { perks: unknown[] }).perks)
        entry.problems.push(...problems)
      } else {
        entry = { raw, line: record.line, problems, whole: false }
        pending.set(pledge, entry)
      }
      entry.whole = ends[rank] === 1
      for (const [key, first] of pending) {
        if (!first.whole) break
        pending.delete(key)
        addPledge(chunk, first)
      }
    }
    if (chunk.rows.length + chunk.noPledge.length + chunk.problems.length >= size) handOn()
  }
  handOn()
}

function addPledge(chunk: DashboardChunk, { raw, line, problems }: PendingPledge): void {
  const read = readRow(campaignContributionSchema, raw)
  if (read.ok && problems.length === 0) {
    chunk.rows.push({ model: read.value as CampaignContribution, raw })
    return
  }
  const schemaProblems = read.ok ? [] : read.problems
  chunk.problems.push({
    id: read.ok ? read.value.id : read.id,
    rank: line,
    raw,
    problems: [
      ...problems,
      ...schemaProblems.map((p) => ({
        ...p,
        message: placed(line, columnOfPath(p.path), p.message),
      })),
    ],
  })
}
