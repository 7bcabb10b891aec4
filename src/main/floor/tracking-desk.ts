import { extname } from 'node:path'
import { floorProgress } from '../../shared/floor/progress'
import type { FloorProgress } from '../../shared/floor/progress'
import type { OrderFloorState } from '../../shared/floor/order-state'
import { MAX_TRACKING_ROWS_LISTED } from '../../shared/ipc'
import type {
  DashboardFillReport,
  DashboardFillRequest,
  TrackingImportRequest,
  TrackingImportResult,
  TrackingPreviewRequest,
  TrackingPreviewView,
} from '../../shared/ipc'
import type { Desktop } from '../export/desktop-port'
import { writeExportFile } from '../core/export/excel-files'
import type { OfflineCache } from '../core/cache'
import { fillDashboardFile } from '../core/floor/dashboard-fill'
import { decodeCsv } from '../core/floor/csv-bytes'
import { checkCsvInput } from '../core/floor/csv-input'
import { readTrackingFile } from '../core/floor/tracking-file'
import { leftApart, previewTracking, trackingEntries } from '../core/floor/tracking-import'
import type { TrackingPreview } from '../core/floor/tracking-import'
import { previewView } from './tracking-preview-view'
import { campaignNotSynced, PerkPackError } from '../core/system/perkpack-errors'
import { loadFloorOverlay } from '../core/floor/floor-view'
import { namedWave, rowsOfWave } from '../core/floor/wave-planning'
import { applyOverlayToRows } from '../../shared/corrections/floor-overlay'
import { toFollowOf } from '../../shared/waves/parcel-rows'
import { FloorWrites } from './floor-writes'

/** A preview is written as shown: kept this long, and only the last few. */
const PREVIEW_TTL_MS = 15 * 60_000
const MAX_PREVIEWS = 4

interface KeptPreview {
  campaignId: number
  preview: TrackingPreview
  at: number
}

/** The app's side of tracking numbers in, the dashboard file out, and the floor's progress. */
export class TrackingDesk {
  private readonly previews = new Map<number, KeptPreview>()
  private nextPreviewId = 1

  constructor(
    private readonly cache: () => OfflineCache,
    private readonly desktop: Desktop,
    private readonly now: () => number,
    private readonly writes = new FloorWrites(cache, () => Promise.resolve(null)),
  ) {}

  private rows(campaignId: number) {
    const cache = this.cache()
    if (!cache.campaign(campaignId)) throw campaignNotSynced(campaignId)
    // As they ship: a held order is a stop order for Progress and for tracking numbers too.
    return applyOverlayToRows(cache.contributions(campaignId), loadFloorOverlay(cache, campaignId))
  }

  /** The floor of the campaign, or of one wave's orders (Progress per wave). */
  progress(campaignId: number, waveName?: string): FloorProgress {
    const all = this.rows(campaignId)
    let rows = all
    if (waveName !== undefined)
      rows = rowsOfWave(all, namedWave(this.cache().floorPlan(), campaignId, waveName).orderIds)
    const reships = this.cache().floorPlan().corrections.reships(campaignId)
    return {
      ...floorProgress(rows, this.cache().floor().states(campaignId)),
      reships: {
        parcels: reships.length,
        withTracking: reships.filter((reship) => reship.trackingNumbers.length > 0).length,
      },
      toFollow: toFollowOf(rows),
    }
  }

  async setNote(
    campaignId: number,
    orderId: number,
    note: string,
  ): Promise<OrderFloorState | null> {
    if (!this.cache().campaign(campaignId)) throw campaignNotSynced(campaignId)
    await this.writes.setNote(campaignId, orderId, note)
    return this.cache().floor().state(campaignId, orderId)
  }

  preview(request: TrackingPreviewRequest): TrackingPreviewView {
    const rows = this.rows(request.campaignId)
    const bytes = Buffer.from(request.contentBase64, 'base64')
    checkCsvInput(bytes, request.fileName)
    const { text } = decodeCsv(bytes)
    const file = readTrackingFile(text, request.fileName, request.format)
    const preview = previewTracking(file, rows, this.cache().floor().states(request.campaignId))
    const previewId = this.nextPreviewId++
    this.previews.set(previewId, { campaignId: request.campaignId, preview, at: this.now() })
    while (this.previews.size > MAX_PREVIEWS)
      this.previews.delete(this.previews.keys().next().value as number)
    return previewView(previewId, request.fileName, file.format, preview)
  }

  async import(request: TrackingImportRequest): Promise<TrackingImportResult> {
    const { campaignId, previewId, include = [] } = request
    const kept = this.previews.get(previewId)
    if (!kept || kept.campaignId !== campaignId || this.now() - kept.at > PREVIEW_TTL_MS) {
      throw new PerkPackError(
        'tracking_preview_gone',
        'This preview is no longer at hand (too old, or another file was previewed since). Choose the file again to see what it will do.',
      )
    }
    this.previews.delete(previewId)
    const written = await this.writes.addTracking(
      campaignId,
      trackingEntries(kept.preview, include),
    )
    return { ...written, leftApart: leftApart(kept.preview, include).length }
  }

  async fillDashboard(request: DashboardFillRequest): Promise<DashboardFillReport | null> {
    const rows = this.rows(request.campaignId)
    const bytes = Buffer.from(request.contentBase64, 'base64')
    checkCsvInput(bytes, request.fileName)
    const result = fillDashboardFile(
      bytes,
      request.fileName,
      rows,
      this.cache().floor().states(request.campaignId),
    )
    const stem = request.fileName.slice(
      0,
      request.fileName.length - extname(request.fileName).length,
    )
    const path = await this.desktop.chooseSavePath({
      defaultName: `${stem || 'contributions'}-with-tracking.csv`,
      filters: [{ name: 'CSV (comma-separated)', extensions: ['csv'] }],
      title: 'Save the filled dashboard file',
    })
    if (path === null) return null
    await writeExportFile(path, result.bytes)
    return {
      path,
      rows: result.rows,
      matchedBy: result.matchedBy,
      filled: result.filled,
      replaced: result.replaced,
      unchanged: result.unchanged,
      noTracking: result.noTracking,
      unmatched: result.unmatched.length,
      unmatchedLines: result.unmatched.slice(0, MAX_TRACKING_ROWS_LISTED).map((u) => u.line),
    }
  }
}
