import { defineHandlers } from '../ipc/define-handlers'
import type { DashboardImportDesk } from './dashboard-import-desk'

/** A dashboard export as the campaign's offline copy: chosen and previewed, then written. */
export function dashboardHandlers(desk: DashboardImportDesk) {
  return defineHandlers({
    'dashboard:preview': ({ campaignId }) => desk.choose(campaignId),
    'dashboard:import': (request) => desk.import(request),
    'dashboard:discard': ({ previewId }) => desk.discard(previewId),
  })
}
