import { defineHandlers } from '../ipc/define-handlers'
import type { ExportDesk } from './export-desk'

/** Checks, exports and printing: the Orders view's filter over the offline copy, so offline too. */
export function exportsHandlers(exports: ExportDesk) {
  return defineHandlers({
    'checks:run': (request) => exports.checks(request),
    'export:excel': (request) => exports.excel(request),
    'export:csv': (request) => exports.csv(request),
    'print:labelsPreview': (request) => exports.labelsPreview(request),
    'print:smallAddresses': (request) => exports.smallAddresses(request),
    'print:labels': (request) => exports.printLabels(request),
    'print:labelsPdf': (request) => exports.labelsPdf(request),
    'print:slipsPreview': (request) => exports.slipsPreview(request),
    'print:slips': (request) => exports.printSlips(request),
    'print:slipsPdf': (request) => exports.slipsPdf(request),
    'print:cancelSlips': () => exports.cancelSlips(),
    'print:markPdfPrinted': (request) => exports.markPdfPrinted(request),
  })
}
