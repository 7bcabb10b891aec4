import { z } from 'zod'
import {
  dashboardDiscardRequestSchema,
  dashboardImportRequestSchema,
  dashboardPreviewRequestSchema,
} from './dashboard-import'
import type { DashboardImportOutcome, DashboardImportPreview } from './dashboard-import'
import { returns } from './returns'

export const DASHBOARD_CHANNELS = {
  // A dashboard export as the campaign's offline copy (dashboard-import.ts).
  /** Asks for the file (main's dialog), reads it and says what it holds; null if cancelled. */
  'dashboard:preview': {
    method: 'previewDashboardImport',
    args: z.tuple([dashboardPreviewRequestSchema]),
    result: returns<DashboardImportPreview | null>(),
  },
  /** Writes what a preview read; a file changed since is previewed again, nothing written. */
  'dashboard:import': {
    method: 'importDashboardFile',
    args: z.tuple([dashboardImportRequestSchema]),
    result: returns<DashboardImportOutcome>(),
  },
  'dashboard:discard': {
    method: 'discardDashboardPreview',
    args: z.tuple([dashboardDiscardRequestSchema]),
    result: returns<boolean>(),
  },
} as const
