import { z } from 'zod'
import { MAX_CAMPAIGN_NAME_LENGTH } from './campaign-names'
import { campaignIdSchema, flag, text } from './field-schemas'
import type { CampaignSummary } from './results'
import type { OrderStatusText } from '../api/schemas'

/**
 * The dashboard's contributions CSV imported in the app (issue 15): main opens the file (a
 * native dialog), reads it without writing and keeps what it read under a preview id; the
 * import writes exactly that, unless the file changed on disk since, which is previewed again.
 */

/** Problem rows and perks listed in a preview; the counts have them all. */
export const MAX_DASHBOARD_PREVIEW_ROWS = 50

const previewIdSchema = z
  .number({ error: 'The preview id must be a number: choose the file again.' })
  .int()
  .positive()

export const dashboardPreviewRequestSchema = z.strictObject({ campaignId: campaignIdSchema })

export const dashboardImportRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  previewId: previewIdSchema,
  /** Replace an offline copy that holds far more orders (the person was asked). */
  acceptShrink: flag('Replace a larger offline copy').optional(),
  /** A name for the campaign on this computer (the sign-in screen asks for one). */
  name: text(
    'Campaign name',
    MAX_CAMPAIGN_NAME_LENGTH,
    `Shorten the name to ${MAX_CAMPAIGN_NAME_LENGTH} characters.`,
  ).optional(),
})
export type DashboardImportRequest = z.infer<typeof dashboardImportRequestSchema>

export const dashboardDiscardRequestSchema = z.strictObject({ previewId: previewIdSchema })

/** How the file's bytes were read (main's CSV decoder). */
export type DashboardFileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1'

export interface DashboardPreviewPerk {
  /** null: the orders without a perk. */
  perkId: number | null
  label: string
  orders: number
  variants: number
}

/** `dashboard:preview`: what the file holds and what importing it would replace; nothing written. */
export interface DashboardImportPreview {
  /** Hand back to `dashboard:import` to write exactly what this preview read. */
  previewId: number
  campaignId: number
  fileName: string
  bytes: number
  encoding: DashboardFileEncoding
  bom: boolean
  delimiter: string
  /** Data lines (a pledge with several perks is one line per perk). */
  lines: number
  orders: number
  /** Orders to ship as Progress counts them (shared/floor/progress.ts isOrderToShip). */
  ordersToShip: number
  /** The file's orders of statuses Progress does not count, per status: said under the figure. */
  notCounted: { status: OrderStatusText; count: number }[]
  perks: { count: number; rows: DashboardPreviewPerk[] }
  variants: number
  problems: { count: number; rows: { line: number; column: string; message: string }[] }
  /** The offline copy the import replaces, or null when the campaign has none. */
  current: Pick<CampaignSummary, 'count' | 'lastSyncedAt' | 'source'> | null
  /** Far fewer orders than `current`: the import asks before it replaces (acceptShrink). */
  shrink: boolean
  /**
   * Floor records (packed, tracking, notes) of `current` whose order ids the file does not have:
   * kept, but not shown on the imported copy. 0 without a current copy.
   */
  floorLeftBehind: number
}

/** `dashboard:import`: written, or the file changed since the preview (nothing written). */
export type DashboardImportOutcome =
  | { outcome: 'imported'; campaign: CampaignSummary; problemRows: number; fileName: string }
  | { outcome: 'changed'; preview: DashboardImportPreview }
