import type { ExportDesk } from '../export/export-desk'
import { defineHandlers } from '../ipc/define-handlers'

/** Labels and packing slips of the Orders view's filter, on paper or as PDF: offline too. */
export function printHandlers(exports: ExportDesk) {
  return defineHandlers({
    'print:labelsPreview': (request) => exports.labelsPreview(request),
    'print:smallAddresses': (request) => exports.smallAddresses(request),
    'print:labels': (request) => exports.printLabels(request),
    'print:labelsPdf': (request) => exports.labelsPdf(request),
    'print:slipsPreview': (request) => exports.slipsPreview(request),
    'print:slips': (request) => exports.printSlips(request),
    'print:slipsPdf': (request) => exports.slipsPdf(request),
    'print:cancelSlips': () => exports.cancelSlips(),
    'print:customsPdf': (request) => exports.customsPdf(request),
    'print:markPdfPrinted': (request) => exports.markPdfPrinted(request),
  })
}
