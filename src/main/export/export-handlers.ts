import { defineHandlers } from '../ipc/define-handlers'
import type { ExportDesk } from './export-desk'

/** Checks and exports: the Orders view's filter over the offline copy, so offline too. */
export function exportHandlers(exports: ExportDesk) {
  return defineHandlers({
    'export:checks': (request) => exports.checks(request),
    'export:excel': (request) => exports.excel(request),
    'export:csv': (request) => exports.csv(request),
  })
}
