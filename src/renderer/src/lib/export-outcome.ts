import type { CsvExportResult, ExcelExportResult, LabelsPdfSaved, SlipsSaved } from '@shared/ipc'
import { plural } from '@shared/format/counts'
import type { CustomsPdfSaved } from '@shared/ipc/print-channels'

/** The answer of each "Print & export" button's call when it went through. */
export interface ActionValues {
  excel: ExcelExportResult
  csv: CsvExportResult
  labels: { printed: boolean }
  labelsPdf: LabelsPdfSaved
  slips: { printed: boolean }
  slipsPdf: SlipsSaved
  customsPdf: CustomsPdfSaved
}
export type ActionKind = keyof ActionValues

type Done<K extends ActionKind> = K extends ActionKind
  ? { status: 'done'; kind: K; value: ActionValues[K] }
  : never

/**
 * How one button's call ended: done with main's answer, cancelled (a save dialog closed, a print
 * dialog dismissed), not available here (no printer in the browser harness), failed with main's
 * message, or not started.
 */
export type ActionOutcome<K extends ActionKind = ActionKind> =
  | Done<K>
  | { status: 'cancelled' }
  /** Stopped by the person while it ran (Cancel during a save): main's word on what was kept. */
  | { status: 'stopped'; message: string }
  | { status: 'unavailable'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'no-campaign' }
  | { status: 'busy' }

export interface OutcomeNotice {
  level: 'success' | 'warning' | 'error'
  text: string
}

/** What the person reads after a button; nothing when they cancelled. */
export function outcomeNotice(outcome: ActionOutcome): OutcomeNotice | null {
  switch (outcome.status) {
    case 'done':
      return { level: 'success', text: doneText(outcome) }
    case 'unavailable':
      return { level: 'warning', text: outcome.message }
    case 'failed':
      return { level: 'error', text: outcome.message }
    case 'no-campaign':
      return { level: 'error', text: 'Open a campaign first.' }
    case 'busy':
      return { level: 'error', text: 'Wait for the current one to finish.' }
    case 'stopped':
      return { level: 'warning', text: outcome.message }
    case 'cancelled':
      return null
  }
}

function doneText(done: Done<ActionKind>): string {
  switch (done.kind) {
    case 'excel': {
      const { orders, sheets, path } = done.value
      return `Saved the packing list (${plural(orders, 'order')}, ${plural(sheets, 'sheet')}) to ${path}`
    }
    case 'csv': {
      const { orders, rows, path } = done.value
      return `Saved the shipper CSV (${plural(orders, 'order')}, ${plural(rows, 'line')}) to ${path}`
    }
    case 'labels':
      return 'Labels sent to the printer.'
    case 'labelsPdf':
      return `Saved the labels to ${done.value.path}`
    case 'slips':
      return 'Packing slips sent to the printer.'
    case 'customsPdf': {
      const { orders, pages, path } = done.value
      return `Saved ${plural(orders, 'CN23 customs form')} (${plural(pages, 'page')}) to ${path}`
    }
    case 'slipsPdf': {
      const { files, slips, path } = done.value
      if (files.length <= 1) return `Saved ${plural(slips, 'packing slip')} to ${path}`
      const folder = path.replace(/[\\/][^\\/]*$/, '')
      return `Saved ${plural(slips, 'packing slip')} in ${files.length} files to ${folder}`
    }
  }
}

const DOCUMENT_WORDS = { labels: 'labels', slips: 'packing slips' } as const

/** Under a PDF just saved: it is not printed until the person says so. */
export function unprintedPdfText(pdf: { document: 'labels' | 'slips'; orders: number }): string {
  return (
    `The ${DOCUMENT_WORDS[pdf.document]} of ${plural(pdf.orders, 'order')} are saved, not ` +
    'printed: once they are on paper, mark them printed so Progress and the files count them.'
  )
}

/** "Labels of 57 orders marked as printed." */
export function markedPrintedText(result: {
  document: 'labels' | 'slips'
  orders: number
}): string {
  const words = DOCUMENT_WORDS[result.document]
  return `${words[0]!.toUpperCase()}${words.slice(1)} of ${plural(result.orders, 'order')} marked as printed.`
}
