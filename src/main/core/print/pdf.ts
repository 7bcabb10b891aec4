import { randomUUID } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import type { CampaignContribution } from '../../../shared/api/schemas'
import { notShipping, shipmentRole } from '../../../shared/fulfillment'
import type { NotShipping } from '../../../shared/fulfillment'
import { nothingToPrint, PerkPackError } from '../system/perkpack-errors'
import { plural } from '../../../shared/format/counts'
import { writeFailure } from '../system/write-errors'
import { cancelledError } from './pdf-canvas'
import type { LabelOptions, LabelsPlan, LabelsResult } from './labels'
import { planLabels } from './labels'
import { writeLabelsPdf } from './pdf-labels'
import type { SlipOptions, SlipsResult, SlipWarning } from './slips'
import { renderPackingSlips } from './slips'
import { writeSlipsPdf } from './pdf-slips'
import type { PickListDocOptions, PickListDocResult, PickListPlan } from './picklist'
import { planPickList } from './picklist'
import { writePickListPdf } from './pdf-picklist'
import type { Cn23Options, Cn23Plan } from './cn23'
import { planCn23 } from './cn23'
import { writeCn23Pdf } from './pdf-customs'

/**
 * PDF files of the print documents: labels, packing slips and the pick list, drawn by the PDF
 * library (pdf-labels.ts, pdf-slips.ts, pdf-picklist.ts) from the layouts the HTML documents are
 * made of, for the command line, the app's "Save as PDF" and the tests. No browser is involved.
 */

export interface PrintProgress {
  /** Documents printed so far, and in all (one for labels; one per batch for slips). */
  batch: number
  batches: number
  /** Slips (orders) or labels printed so far, and in all. */
  done: number
  total: number
  /** PDF pages written so far. */
  pages: number
}

export interface PdfRunOptions {
  signal?: AbortSignal
  onProgress?: (progress: PrintProgress) => void
}

/** Slips per document: a batch prints in a few seconds and a printer queue takes it whole. */
export const SLIP_BATCH_SIZE = 500

/** A hidden, unpredictable name beside `out`: a reader never sees half a PDF under its name. */
function partPath(out: string): string {
  return join(dirname(out), `.${basename(out)}.${randomUUID()}.part`)
}

export interface LabelsPdfResult extends Omit<LabelsResult, 'html'> {
  path: string
}

/**
 * Writes one file by `write` under a hidden name beside `out`, then gives it its name: a reader
 * never sees half a PDF, and on failure or cancel nothing is left.
 */
export async function writeAtomically(
  out: string,
  write: (part: string) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const part = partPath(out)
  try {
    await write(part).catch((error: unknown) => {
      throw signal?.aborted ? cancelledError() : writeFailure(out, error)
    })
    if (signal?.aborted) throw cancelledError()
    await rename(part, out).catch((e) => {
      throw writeFailure(out, e)
    })
  } finally {
    await rm(part, { force: true }).catch(() => undefined)
  }
}

/** A writer of planned pages to a PDF path, as a save to `out` through `writeAtomically`. */
function savedAtomically<Plan>(
  write: (plan: Plan, path: string, signal?: AbortSignal) => Promise<void>,
): (plan: Plan, out: string, signal?: AbortSignal) => Promise<void> {
  return (plan, out, signal) => writeAtomically(out, (part) => write(plan, part, signal), signal)
}

/** Planned labels to the PDF file `out` (the app's "Save as PDF" and `renderLabelsPdf`). */
export const saveLabelsPdf = savedAtomically<LabelsPlan>(writeLabelsPdf)

/** Plans `orders` as one document and saves it to the PDF file `out`. */
type OnePdfEntry<Options, Result> = (
  orders: readonly CampaignContribution[],
  options: Options,
  out: string,
  run?: PdfRunOptions,
) => Promise<Result>

/**
 * The entry point of a document printed as one PDF file (labels, the pick list): plans the
 * orders, refuses when nothing would print, saves the plan to `out` in one go with progress at
 * the start and the end, and says what the file holds.
 */
function onePdfDocument<Options, Plan, Result>(document: {
  /** What one of its items is called in the "nothing to print" message. */
  name: string
  plan: (orders: readonly CampaignContribution[], options: Options) => Plan
  /** The things it prints (labels, pick-list rows) and its pages. */
  size: (plan: Plan) => { items: number; pages: number }
  save: (plan: Plan, out: string, signal?: AbortSignal) => Promise<void>
  result: (plan: Plan) => Result
}): OnePdfEntry<Options, Result & { path: string }> {
  return async (orders, options, out, run = {}) => {
    const plan = document.plan(orders, options)
    const { items: total, pages } = document.size(plan)
    if (total === 0) {
      throw nothingToPrint(document.name, orders.length)
    }
    if (run.signal?.aborted) throw cancelledError()
    run.onProgress?.({ batch: 0, batches: 1, done: 0, total, pages: 0 })
    await document.save(plan, out, run.signal)
    run.onProgress?.({ batch: 1, batches: 1, done: total, total, pages })
    return { ...document.result(plan), path: out }
  }
}

/**
 * Labels to one PDF file at `out` (its sheets are what `planLabels` lays out), drawn by the PDF
 * library (pdf-labels.ts): no browser needed.
 */
export const renderLabelsPdf: OnePdfEntry<LabelOptions, LabelsPdfResult> = onePdfDocument({
  name: 'label',
  plan: planLabels,
  size: (plan) => ({ items: plan.labels, pages: plan.pages }),
  save: saveLabelsPdf,
  result: ({ labels, pages, skipped, warnings, unfit, customsForms }) => ({
    labels,
    pages,
    skipped,
    warnings,
    unfit,
    ...(customsForms === undefined ? {} : { customsForms }),
  }),
})

export interface SlipBatch {
  /** 0-based. */
  index: number
  /** The batch's orders: `from` (inclusive) to `to` (exclusive) in the order list. */
  from: number
  to: number
}

/** `orderCount` orders cut into batches of `batchSize` (the last one shorter). */
export function planSlipBatches(orderCount: number, batchSize = SLIP_BATCH_SIZE): SlipBatch[] {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a whole number of at least 1, got ${batchSize}`)
  }
  const batches: SlipBatch[] = []
  for (let from = 0; from < orderCount; from += batchSize) {
    batches.push({ index: batches.length, from, to: Math.min(orderCount, from + batchSize) })
  }
  return batches
}

/**
 * The document of one batch: what the app prints or saves for "batch 3 of 40". `orders` are the
 * orders that ship (`ordersThatShip`), the list the batches were planned on.
 */
export function renderSlipBatch(
  orders: readonly CampaignContribution[],
  options: SlipOptions,
  batch: SlipBatch,
): SlipsResult {
  return renderPackingSlips(orders.slice(batch.from, batch.to), options)
}

/** The first slip, for an on-screen preview like the labels' (null: no order ships). */
export function slipPreview(
  orders: readonly CampaignContribution[],
  options: SlipOptions,
): SlipsResult | null {
  const first = orders.find((row) => shipmentRole(row) === 'ships')
  return first === undefined ? null : renderPackingSlips([first], options)
}

/**
 * Where each batch of slips goes, in the app and on the command line: the chosen file when there
 * is one batch, else the chosen name numbered, "tidepool-slips.pdf" -> "tidepool-slips-003-of-008.pdf",
 * so the files sort in order in any file list and each says how many there are.
 */
export function batchFiles(chosen: string, count: number): string[] {
  if (count <= 1) return [chosen]
  const ext = extname(chosen) || '.pdf'
  const stem = extname(chosen) ? chosen.slice(0, -ext.length) : chosen
  const width = Math.max(3, String(count).length)
  const number = (n: number) => String(n).padStart(width, '0')
  return Array.from(
    { length: count },
    (_, i) => `${stem}-${number(i + 1)}-of-${number(count)}${ext}`,
  )
}

export interface SlipsPdfFile {
  path: string
  batch: SlipBatch
  pages: number
}

export interface SlipsPdfResult {
  files: SlipsPdfFile[]
  slips: number
  pages: number
  /** Orders of the selection without a slip, and why: the same as the labels leave out. */
  skipped: NotShipping[]
  warnings: SlipWarning[]
}

/**
 * Packing slips of the orders that ship to PDF in batches of `batchSize`, one file per batch
 * (`batchFiles`), with progress after each batch, drawn by the PDF library (pdf-slips.ts): no
 * browser. Each batch is laid out as it is drawn, one order at a time, and the file stream is
 * drained every few pages, so memory stays flat whatever the campaign's size. The files appear
 * under their names only once all of them are written; on failure or cancel none is left.
 */
export async function renderSlipsPdf(
  orders: readonly CampaignContribution[],
  options: SlipOptions,
  out: string,
  run: PdfRunOptions & { batchSize?: number } = {},
): Promise<SlipsPdfResult> {
  const shipping: CampaignContribution[] = []
  const skipped: NotShipping[] = []
  for (const row of orders) {
    const skip = notShipping(row)
    if (skip === null) shipping.push(row)
    else skipped.push(skip)
  }
  const batches = planSlipBatches(shipping.length, run.batchSize)
  if (batches.length === 0) {
    throw nothingToPrint('packing slip', orders.length)
  }
  const files: SlipsPdfFile[] = []
  const warnings: SlipWarning[] = []
  const parts: Array<{ part: string; out: string }> = []
  try {
    let done = 0
    let pages = 0
    const total = shipping.length
    run.onProgress?.({ batch: 0, batches: batches.length, done, total, pages })
    const paths = batchFiles(out, batches.length)
    for (const batch of batches) {
      if (run.signal?.aborted) throw cancelledError()
      const path = paths[batch.index] as string
      const part = partPath(path)
      parts.push({ part, out: path })
      const written = await writeSlipsPdf(
        shipping.slice(batch.from, batch.to),
        options,
        part,
        run.signal,
      ).catch((error: unknown) => {
        throw run.signal?.aborted ? cancelledError() : writeFailure(path, error)
      })
      files.push({ path, batch, pages: written.pages })
      warnings.push(...written.warnings)
      done += batch.to - batch.from
      pages += written.pages
      run.onProgress?.({ batch: batch.index + 1, batches: batches.length, done, total, pages })
    }
    if (run.signal?.aborted) throw cancelledError()
    for (const { part, out: path } of parts)
      await rename(part, path).catch((e) => {
        throw writeFailure(path, e)
      })
    parts.length = 0
  } catch (error) {
    // All or nothing: "003-of-040" promises 40 files.
    for (const file of files) await rm(file.path, { force: true }).catch(() => undefined)
    throw error
  } finally {
    for (const { part } of parts) await rm(part, { force: true }).catch(() => undefined)
  }
  return {
    files,
    slips: shipping.length,
    pages: files.reduce((sum, f) => sum + f.pages, 0),
    skipped,
    warnings,
  }
}

export interface PickListPdfResult extends Omit<PickListDocResult, 'html'> {
  path: string
}

/** A planned pick list to the PDF file `out` (the app's "Save as PDF" and `renderPickListPdf`). */
export const savePickListPdf = savedAtomically<PickListPlan>(writePickListPdf)

/** The printable pick list to one PDF file at `out`, drawn by the PDF library: no browser. */
export const renderPickListPdf: OnePdfEntry<PickListDocOptions, PickListPdfResult> = onePdfDocument(
  {
    name: 'pick list',
    plan: planPickList,
    size: (plan) => ({ items: plan.variants, pages: plan.pages.length }),
    save: savePickListPdf,
    result: ({ pages, variants, units, orders, skipped }) => ({
      pages: pages.length,
      variants,
      units,
      orders,
      skipped,
    }),
  },
)

export interface CustomsPdfResult {
  path: string
  /** Orders with a CN23 in the file, its pages, and the orders whose CN22 is on the label. */
  orders: number
  pages: number
  cn22: number
}

/** CN23 declarations to the PDF file `out` (the app's "Save as PDF" and `renderCustomsPdf`). */
export const saveCustomsPdf = savedAtomically<Cn23Plan>(writeCn23Pdf)

/** Why a selection has no CN23 to print, in words for the app and the command line. */
export function noCustomsFormsText(plan: Cn23Plan, selected: number, senderCountry: string) {
  const cn22 =
    plan.cn22 === 0
      ? ''
      : ` ${plural(plan.cn22, 'order')} abroad ${plan.cn22 === 1 ? 'carries its' : 'carry their'} CN22 on the 4×6 label.`
  return `None of the ${plural(selected, 'selected order')} needs a CN23 customs declaration.${cn22} Orders inside the customs area of ${senderCountry} (the sender country in Settings) need none.`
}

/**
 * The CN23 declarations of the orders that need one (customs-forms.ts) to one PDF file at
 * `out`; refused with the reason when none does.
 */
export async function renderCustomsPdf(
  orders: readonly CampaignContribution[],
  options: Cn23Options,
  out: string,
  run: PdfRunOptions = {},
): Promise<CustomsPdfResult> {
  const plan = planCn23(orders, options)
  if (plan.orders === 0) {
    if (orders.length === 0) throw nothingToPrint('CN23 customs declaration', 0)
    throw new PerkPackError(
      'nothing_to_print',
      noCustomsFormsText(plan, orders.length, options.customs.senderCountry),
    )
  }
  if (run.signal?.aborted) throw cancelledError()
  await saveCustomsPdf(plan, out, run.signal)
  return { path: out, orders: plan.orders, pages: plan.pages.length, cn22: plan.cn22 }
}
