import { createHash } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { MAX_DASHBOARD_PREVIEW_ROWS } from '../../shared/ipc'
import type {
  CampaignSummary,
  DashboardImportOutcome,
  DashboardImportPreview,
  DashboardImportRequest,
} from '../../shared/ipc'
import type { Desktop } from '../export/desktop-port'
import type { OfflineCache } from '../core/cache'
import { openDashboardExport } from '../core/dashboard/dashboard-export'
import { readCsvInputAsync } from '../core/floor/csv-input'
import type { DashboardExport } from '../core/dashboard/dashboard-export'
import {
  DashboardCounts,
  floorLeftBehind,
  importDashboardExport,
  snapshotSource,
} from '../core/dashboard/dashboard-import'
import { PerkPackError } from '../core/system/perkpack-errors'
import { isShrink, SnapshotShrank } from '../core/sync/shrink'

/** A preview is written as shown: kept this long. */
const PREVIEW_TTL_MS = 30 * 60_000
/**
 * Each kept preview holds the file's text (tens of MB at 100,000 pledges; its rows are read
 * again, a chunk at a time, by the import): the last two.
 */
const MAX_PREVIEWS = 2

interface KeptPreview {
  campaignId: number
  path: string
  /** SHA-256 of the bytes previewed: the import writes them, not a file changed since. */
  hash: string
  file: DashboardExport
  view: DashboardImportPreview
  at: number
}

export interface DashboardImportDeps {
  cache: () => OfflineCache
  desktop: Desktop
  now: () => number
  /** Whether a sync of the campaign is under way (it would replace the copy too). */
  syncing: (campaignId: number) => boolean
  /** Just before the copy is replaced: a smaller sync copy waiting for a choice is dropped. */
  replacing?: (campaignId: number) => void
  /** The campaign's summary as the Campaigns view lists it. */
  summary: (campaignId: number) => CampaignSummary | null
  /** A name given on the sign-in screen, kept like a rename. */
  rename: (campaignId: number, name: string) => void
  /** The new copy is committed: the orders views rebuild from it. */
  imported: (cache: OfflineCache, campaignId: number) => void
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function readBytes(path: string): Promise<Buffer> {
  const name = basename(path)
  try {
    const info = await stat(path)
    if (!info.isFile()) {
      throw new PerkPackError(
        'dashboard_file_unreadable',
        `${name} is a folder, not a file. Choose the contributions CSV itself.`,
      )
    }
    return await readCsvInputAsync(path, name)
  } catch (error) {
    if (error instanceof PerkPackError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new PerkPackError(
      'dashboard_file_unreadable',
      code === 'ENOENT'
        ? `${name} is no longer there. Choose the file again.`
        : `${name} could not be read (${code ?? 'error'}). Check that it is a file you may open, then choose it again.`,
      { cause: error },
    )
  }
}

/**
 * The file's bytes now if they differ from the preview's; null when unchanged or gone. An
 * unchanged file's bytes are not held while the import runs (tens of MB).
 */
async function changedBytes(kept: KeptPreview): Promise<Buffer | null> {
  const now = await readCsvInputAsync(kept.path, basename(kept.path)).catch(() => null)
  return now && sha256(now) !== kept.hash ? now : null
}

function gone(): PerkPackError {
  return new PerkPackError(
    'dashboard_preview_gone',
    'This preview is no longer at hand (too old, or another file was previewed since). Choose the file again to see what it holds.',
  )
}

/**
 * The app's side of importing a dashboard export: a file chosen in main's dialog is read and
 * previewed without writing; the import then writes exactly what was previewed. If the file on
 * disk changed in between, nothing is written and what it holds now is previewed instead.
 */
export class DashboardImportDesk {
  private readonly previews = new Map<number, KeptPreview>()
  private nextPreviewId = 1

  constructor(private readonly deps: DashboardImportDeps) {}

  /** Asks for the file, then previews it for `campaignId`; null when the dialog was cancelled. */
  async choose(campaignId: number): Promise<DashboardImportPreview | null> {
    const choose = this.deps.desktop.chooseOpenPath?.bind(this.deps.desktop)
    if (!choose) {
      throw new PerkPackError(
        'open_unavailable',
        'Choosing a file is not available here: run perkpack import <campaign-id> FILE.csv.',
      )
    }
    const path = await choose({
      title: 'Import from a dashboard file',
      filters: [
        { name: 'Dashboard export (CSV)', extensions: ['csv', 'tsv', 'txt'] },
        { name: 'All files', extensions: ['*'] },
      ],
    })
    return path === null ? null : this.preview(campaignId, path)
  }

  /** Reads the file and says what importing it would do; writes nothing. */
  async preview(campaignId: number, path: string): Promise<DashboardImportPreview> {
    return this.keep(campaignId, path, await readBytes(path))
  }

  private keep(campaignId: number, path: string, bytes: Buffer): DashboardImportPreview {
    const fileName = basename(path)
    const file = openDashboardExport(bytes, fileName)
    const counted = new DashboardCounts(MAX_DASHBOARD_PREVIEW_ROWS)
    file.read((chunk) => counted.add(chunk))
    const counts = counted.totals()
    const cache = this.deps.cache()
    const info = cache.campaign(campaignId)
    const previewId = this.nextPreviewId++
    const view: DashboardImportPreview = {
      previewId,
      campaignId,
      fileName,
      bytes: bytes.length,
      encoding: file.encoding,
      bom: file.bom,
      delimiter: file.delimiter,
      lines: file.lines,
      orders: counts.orders,
      ordersToShip: counts.ordersToShip,
      notCounted: counts.notCounted,
      perks: {
        count: counts.perks,
        rows: counts.tree.slice(0, MAX_DASHBOARD_PREVIEW_ROWS).map((perk) => ({
          perkId: perk.perkId,
          label: perk.label,
          orders: perk.orderCount,
          variants: perk.variants.length,
        })),
      },
      variants: counts.variants,
      problems: {
        count: counts.problemRows,
        rows: counted.places(),
      },
      current: info
        ? {
            count: info.count,
            lastSyncedAt: info.lastSyncedAt,
            source: snapshotSource(cache, campaignId),
          }
        : null,
      shrink: isShrink(info?.count ?? 0, counts.orders),
      floorLeftBehind: floorLeftBehind(cache, campaignId, counted.orderIds()),
    }
    this.previews.set(previewId, {
      campaignId,
      path,
      hash: sha256(bytes),
      file,
      view,
      at: this.deps.now(),
    })
    while (this.previews.size > MAX_PREVIEWS)
      this.previews.delete(this.previews.keys().next().value as number)
    return view
  }

  /** Cancel: the file read is let go of at once. */
  discard(previewId: number): boolean {
    return this.previews.delete(previewId)
  }

  async import(request: DashboardImportRequest): Promise<DashboardImportOutcome> {
    const { campaignId, previewId } = request
    const kept = this.previews.get(previewId)
    if (!kept || kept.campaignId !== campaignId || this.deps.now() - kept.at > PREVIEW_TTL_MS) {
      throw gone()
    }
    if (this.deps.syncing(campaignId)) {
      throw new PerkPackError(
        'usage',
        `Campaign ${campaignId} is being synced. Wait for the sync to finish (or cancel it), then import the file.`,
      )
    }
    // Gone from disk is fine: what was previewed is at hand. Changed is not: the person saw
    // other orders than the file now holds.
    const changed = await changedBytes(kept)
    if (changed) {
      this.previews.delete(previewId)
      return { outcome: 'changed', preview: this.keep(campaignId, kept.path, changed) }
    }
    const cache = this.deps.cache()
    this.previews.delete(previewId)
    this.deps.replacing?.(campaignId)
    let summary
    try {
      summary = importDashboardExport(cache, campaignId, kept.file, {
        fileName: kept.view.fileName,
        acceptShrink: request.acceptShrink === true,
        now: () => new Date(this.deps.now()),
      })
    } catch (error) {
      if (!(error instanceof SnapshotShrank)) throw error
      error.decline()
      // The copy grew since the preview: keep it, so "Replace anyway" can still write it.
      this.previews.set(previewId, { ...kept, at: this.deps.now() })
      throw new PerkPackError(
        'sync_shrank',
        `${kept.view.fileName} holds ${error.incomingCount.toLocaleString('en')} orders; the offline copy of campaign ${campaignId} holds ${error.currentCount.toLocaleString('en')}. Nothing was replaced. Replace it only if the campaign really has fewer orders now.`,
      )
    }
    const name = request.name?.trim()
    if (name) this.deps.rename(campaignId, name)
    this.deps.imported(cache, campaignId)
    const campaign = this.deps.summary(campaignId)
    if (!campaign) throw new PerkPackError('internal', 'The imported copy could not be read back.')
    return {
      outcome: 'imported',
      campaign,
      problemRows: summary.problemRows,
      fileName: kept.view.fileName,
    }
  }
}
