import type { Writable } from 'node:stream'
import type ExcelJS from 'exceljs'
import type { Cell, Style, Worksheet } from 'exceljs'
import { startsLikeFormula, storableText } from '../../../shared/export/formula'
import { Cancelled } from '../system/perkpack-errors'
import { DAY_FORMAT, MINUTE_FORMAT } from './excel-dates'
import { registerQuotePrefix } from './excel-quote-prefix'
import type { SheetPlan } from './excel-sheets'
import type { ColumnKind } from '../../../shared/export/order-rows'

// Shared style objects: exceljs caches a style's id by object identity (a WeakMap), so giving
// every cell one of these instead of the per-cell copy it makes is what keeps 1.5 million cells
// from each being serialised and looked up again (about a third of the export time).
const TOP = { vertical: 'top' } as const
const TEXT_STYLE: Partial<Style> = { numFmt: '@', alignment: TOP }
const WRAP_STYLE: Partial<Style> = { numFmt: '@', alignment: { vertical: 'top', wrapText: true } }
const NUMBER_STYLE: Partial<Style> = { numFmt: 'General', alignment: TOP }
const DAY_STYLE: Partial<Style> = { numFmt: DAY_FORMAT, alignment: TOP }
const MINUTE_STYLE: Partial<Style> = { numFmt: MINUTE_FORMAT, alignment: TOP }
const HEADER_STYLE: Partial<Style> = {
  numFmt: '@',
  font: { bold: true },
  alignment: { vertical: 'middle' },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEDED' } },
  border: { bottom: { style: 'thin', color: { argb: 'FF808080' } } },
}
// The same with Excel's hidden apostrophe, for text that starts like a formula: shown and printed
// as it is, and still text when edited (see excel-quote-prefix.ts).
const QUOTED: ReadonlyMap<Partial<Style>, Partial<Style>> = new Map(
  [TEXT_STYLE, WRAP_STYLE, HEADER_STYLE].map((style) => [style, { ...style }]),
)

/** `text` as the cell holds it, with `style`, or its quote-prefixed twin when it needs one. */
function setText(cell: Cell, text: string, style: Partial<Style>): void {
  const value = storableText(text)
  cell.value = value
  cell.style = (startsLikeFormula(value) ? QUOTED.get(style) : undefined) ?? style
}

// Column-level formats too, so a value typed into an empty cell later stays text as well.
const TEXT_COLUMN: Partial<Style> = { numFmt: '@' }
const NUMBER_COLUMN: Partial<Style> = {}
const DAY_COLUMN: Partial<Style> = { numFmt: DAY_FORMAT }
const MINUTE_COLUMN: Partial<Style> = { numFmt: MINUTE_FORMAT }

const COLUMN_STYLES: Readonly<Record<ColumnKind, Partial<Style>>> = {
  number: NUMBER_COLUMN,
  text: TEXT_COLUMN,
  id: TEXT_COLUMN,
  day: DAY_COLUMN,
  instant: MINUTE_COLUMN,
}

/** Rows between yields to the event loop (and checks of the zip's backlog and of `signal`). */
const ROWS_PER_SLICE = 500
const PROGRESS_EVERY = 2_000

/**
 * Header/footer text is a small markup language where `&` starts a code, and Excel caps a whole
 * header at 255 characters. Cut before escaping, so a cut never splits `&&`.
 */
function headerText(text: string): string {
  return text.slice(0, 80).replace(/&/g, '&&')
}

export function campaignName(campaign: PackingListCampaign): string {
  const title = campaign.title?.trim()
  return title ? title : `Campaign ${campaign.id}`
}

export interface PackingListCampaign {
  id: number
  /** From the cache; `null` when the campaign title was never stored. */
  title?: string | null
  /** ISO 8601 time of the sync the rows come from. */
  lastSyncedAt: string
  /** Synced with a team member's token, so e-mails and addresses are present. */
  privileged: boolean
}

export class Progress {
  done = 0
  private lastReported = -1
  constructor(
    readonly total: number,
    private readonly report: ((done: number, total: number) => void) | undefined,
  ) {}

  row(): void {
    this.done++
    if (this.done - this.lastReported >= PROGRESS_EVERY) this.emit()
  }

  emit(): void {
    if (this.report === undefined || this.lastReported === this.done) return
    this.lastReported = this.done
    this.report(this.done, this.total)
  }
}

export function cancelled(): Cancelled {
  return new Cancelled('Export cancelled; no file was written.')
}

type Backlog = Writable & { _writableState: { length: number; ending: boolean } }

/**
 * The uncompressed XML of a sheet waiting for the zip compressor. exceljs's sheet stream pushes
 * into the archiver without heeding backpressure, so a fast writer would otherwise hold the
 * whole 100,000-order workbook in memory. Reaches into exceljs 4.4 internals (the sheet's
 * StreamBuf and the PassThrough the archiver wraps it in); if they change, writing simply stops
 * pausing, it does not break.
 */
function backlogOf(sheet: Worksheet): Backlog | null {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream
  const pipe = stream?.pipes?.[0] as Partial<Backlog> | undefined
  return pipe && typeof pipe.once === 'function' && typeof pipe._writableState?.length === 'number'
    ? (pipe as Backlog)
    : null
}

/** Resolves on 'drain', or when the stream can no longer emit one (finished, closed, failed). */
function drained(pipe: Backlog, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const events = ['drain', 'finish', 'close', 'error'] as const
    const done = (error?: unknown) => {
      for (const event of events) pipe.removeListener(event, done)
      signal?.removeEventListener('abort', onAbort)
      if (error instanceof Error) reject(error)
      else resolve()
    }
    const onAbort = () => done(cancelled())
    for (const event of events) pipe.once(event, done)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Lets the compressor and the file catch up: yields to the event loop, then waits while the
 * sheet's backlog is over the limit. Also where a cancel takes effect.
 */
export async function breathe(
  sheet: Worksheet,
  signal: AbortSignal | undefined,
  limit: number,
): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve))
  if (signal?.aborted) throw cancelled()
  const pipe = backlogOf(sheet)
  // An ended stream never emits 'drain' (Node skips it once ending), so only an open one waits.
  while (pipe && !pipe._writableState.ending && pipe._writableState.length > limit) {
    await drained(pipe, signal)
  }
  if (signal?.aborted) throw cancelled()
}

export interface WriteContext {
  campaign: PackingListCampaign
  /** The page header's right part: when the data was synced, as the window says it. */
  syncedText: string
  progress: Progress
  signal: AbortSignal | undefined
  backlogBytes: number
}

/**
 * Column widths (in characters) one landscape page holds at a readable size: a US Letter or A4
 * page less its margins takes about 140 characters of the default font at 100 %; 260 is the most
 * it shrinks to (about 54 %) before text is too small to read.
 */
const CHARACTERS_PER_PAGE = 260

/**
 * Pages across the sheet prints on: one for a narrow sheet; the Orders sheets' two dozen columns
 * shrunk onto one page printed too small to read, so they take as many as their widths need.
 */
function pagesWide(widths: readonly number[]): number {
  const total = widths.reduce((sum, width) => sum + width, 0)
  return Math.max(1, Math.ceil(total / CHARACTERS_PER_PAGE))
}

export async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  plan: SheetPlan,
  context: WriteContext,
): Promise<void> {
  const { campaign, progress, signal, backlogBytes, syncedText: synced } = context
  const sheet = workbook.addWorksheet(plan.name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    // The streaming writer emits <sheetPr><pageSetUpPr fitToPage> when the sheet opens, so the
    // page setup must be known here, not set afterwards.
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: pagesWide(plan.widths),
      // 0 = as many pages tall as needed.
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.25, footer: 0.25 },
    },
    headerFooter: {
      oddHeader: `&L${headerText(campaignName(campaign))}&C&A&R${headerText(synced)}`,
      oddFooter: '&CPage &P of &N',
    },
  })
  for (const [base, quoted] of QUOTED) registerQuotePrefix(workbook, base, quoted)
  const styles = plan.wrap.map((wrap) => (wrap ? WRAP_STYLE : TEXT_STYLE))
  const valueStyles = plan.kinds.map((kind) =>
    kind === 'day' ? DAY_STYLE : kind === 'instant' ? MINUTE_STYLE : NUMBER_STYLE,
  )
  sheet.columns = plan.widths.map((width, c) => ({
    width,
    style: COLUMN_STYLES[plan.kinds[c] as ColumnKind],
  }))

  const header = sheet.getRow(1)
  plan.headers.forEach((text, c) => setText(header.getCell(c + 1), text, HEADER_STYLE))
  header.commit()

  let r = 2
  for (const values of plan.rows()) {
    const row = sheet.getRow(r++)
    for (let c = 0; c < values.length; c++) {
      const value = values[c]
      if (value === null || value === undefined || value === '') continue
      const cell = row.getCell(c + 1)
      if (typeof value !== 'string') {
        // A number, or a date (a number with a date format) in a date column.
        cell.value = value
        cell.style = value instanceof Date ? (valueStyles[c] as Partial<Style>) : NUMBER_STYLE
      } else {
        // Every text cell, identifiers included: a phone number "+1 555…" is text too.
        setText(cell, value, styles[c] as Partial<Style>)
      }
    }
    row.commit()
    progress.row()
    if (progress.done % ROWS_PER_SLICE === 0) await breathe(sheet, signal, backlogBytes)
  }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, r - 1), column: plan.headers.length },
  }
  sheet.commit()
  await breathe(sheet, signal, backlogBytes)
}
