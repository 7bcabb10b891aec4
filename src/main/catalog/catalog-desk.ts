import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { CampaignContribution } from '../../shared/api/schemas'
import {
  catalogItemKey,
  catalogProblemText,
  mergeCatalog,
  readCatalogCsv,
  readCatalogItemText,
  readPackagingText,
  writeCatalogCsv,
} from '../../shared/catalog'
import type { Catalog } from '../../shared/catalog'
import { variantGaps } from '../../shared/catalog/catalog-gaps'
import { exportFileName, fileStem } from '../../shared/export/file-names'
import type {
  CatalogExportResult,
  CatalogImportResult,
  CatalogItemRemove,
  CatalogItemSave,
  CatalogView,
  PackagingRemove,
  PackagingSave,
} from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'
import { meetDeskCatalog, saveDeskCatalog } from '../core/catalog/team-catalog-sync'
import type { CatalogTeamDesk, DeskCatalog } from '../core/catalog/team-catalog-sync'
import type { StoredCatalog } from '../core/catalog/local-catalog-store'
import { PerkPackError } from '../core/system/perkpack-errors'
import type { Desktop, SaveFilter } from '../export/desktop-port'

/** Far above a catalogue of thousands of rows; a file this big is not one. */
const MAX_CATALOG_FILE_BYTES = 20 * 1024 * 1024
const CSV: SaveFilter[] = [{ name: 'Catalogue (CSV)', extensions: ['csv', 'tsv', 'txt'] }]

export interface CatalogDeskOptions {
  cache: () => OfflineCache
  /** The orders that ship (the Orders view's default statuses); [] when never synced. */
  orders: (campaignId: number) => readonly CampaignContribution[]
  /** The campaign's currency (values taken from the pledge) and Settings' sender country. */
  currency: (campaignId: number) => string
  senderCountry: () => string
  campaignName: (campaignId: number) => string
  desktop: Desktop
  now: () => number
  /** The team desk in team mode (Settings has a team URL); null: the desk's own catalogue. */
  team: () => Promise<CatalogTeamDesk | null>
  log: (line: string) => void
}

/**
 * The SKU catalogue from the window (issue 29): the catalogue `perkpack catalog` keeps in the
 * offline cache, edited row by row with the CSV reader's rule, imported and exported as the
 * CLI's CSV. In team mode every save and every opening meets the team's copy.
 */
export class CatalogDesk {
  constructor(private readonly options: CatalogDeskOptions) {}

  private get store() {
    return this.options.cache().catalog()
  }

  /** The team desk, or null; a team store this desk cannot use leaves the catalogue local. */
  private async team(): Promise<CatalogTeamDesk | null> {
    return this.options.team().catch((error: unknown) => {
      this.options.log(`catalogue: team store: ${String(error)}`)
      return null
    })
  }

  /**
   * Runs a meeting or a save with the team desk in team mode and answers the view. A team store
   * this desk cannot use (out of reach, refused) leaves the desk's own copy: `local` keeps it.
   */
  private async shared(
    campaignId: number,
    run: (team: CatalogTeamDesk | null) => Promise<DeskCatalog>,
    local: () => StoredCatalog,
  ): Promise<CatalogView> {
    const team = await this.team()
    let kept: DeskCatalog
    try {
      kept = await run(team)
    } catch (error) {
      if (team === null) throw error
      this.options.log(`catalogue: team store: ${String(error)}`)
      kept = { ...local(), reached: false }
    }
    const state = team === null ? 'off' : kept.reached ? 'shared' : 'waiting'
    return this.viewOf(campaignId, kept, state)
  }

  /** Opening the view: the team's copy met first in team mode. */
  view(campaignId: number): Promise<CatalogView> {
    const { store } = this
    return this.shared(
      campaignId,
      (team) => meetDeskCatalog(team, store, campaignId),
      () => store.load(campaignId),
    )
  }

  /**
   * The team link started (the app starting in team mode): every campaign of this desk's cache
   * meets the team's catalogue, so outputs printed before the view is opened use it. Never
   * throws: a store out of reach is met again when the view opens or the catalogue is saved.
   */
  async meetTeam(): Promise<number> {
    const team = await this.team()
    if (team === null) return 0
    let met = 0
    try {
      for (const { campaignId } of this.options.cache().campaigns())
        if ((await meetDeskCatalog(team, this.store, campaignId)).reached) met++
    } catch (error) {
      this.options.log(`catalogue: meeting the team's copy: ${String(error)}`)
    }
    return met
  }

  private save(campaignId: number, change: (catalog: Catalog) => Catalog): Promise<CatalogView> {
    const { store } = this
    const next = change(store.load(campaignId).catalog)
    return this.shared(
      campaignId,
      (team) => saveDeskCatalog(team, store, campaignId, next),
      () => store.save(campaignId, next),
    )
  }

  saveItem({ campaignId, replaces, row }: CatalogItemSave): Promise<CatalogView> {
    const read = readCatalogItemText(row)
    if ('problem' in read) throw new PerkPackError('invalid_arguments', read.problem)
    const item = read.value
    return this.save(campaignId, (catalog) => {
      const gone = new Set([catalogItemKey(item)])
      if (replaces) gone.add(catalogItemKey(replaces))
      const items = catalog.items.filter((other) => !gone.has(catalogItemKey(other)))
      const at = replaces
        ? catalog.items.findIndex((other) => catalogItemKey(other) === catalogItemKey(replaces))
        : -1
      items.splice(at < 0 ? items.length : Math.min(at, items.length), 0, item)
      return { ...catalog, items }
    })
  }

  removeItem({ campaignId, item }: CatalogItemRemove): Promise<CatalogView> {
    const key = catalogItemKey(item)
    return this.save(campaignId, (catalog) => ({
      ...catalog,
      items: catalog.items.filter((other) => catalogItemKey(other) !== key),
    }))
  }

  savePackaging({ campaignId, replaces, row }: PackagingSave): Promise<CatalogView> {
    const read = readPackagingText(row)
    if ('problem' in read) throw new PerkPackError('invalid_arguments', read.problem)
    const box = read.value
    return this.save(campaignId, (catalog) => {
      const gone = new Set([box.name, ...(replaces === null ? [] : [replaces])])
      const packaging = catalog.packaging.filter((other) => !gone.has(other.name))
      return { ...catalog, packaging: [...packaging, box] }
    })
  }

  removePackaging({ campaignId, name }: PackagingRemove): Promise<CatalogView> {
    return this.save(campaignId, (catalog) => ({
      ...catalog,
      packaging: catalog.packaging.filter((box) => box.name !== name),
    }))
  }

  async importFile(campaignId: number): Promise<CatalogImportResult | null> {
    const choose = this.options.desktop.chooseOpenPath?.bind(this.options.desktop)
    if (!choose)
      throw new PerkPackError(
        'open_unavailable',
        'Choosing a file is not available here: run perkpack catalog import <campaign-id> FILE.csv.',
      )
    const path = await choose({ title: 'Import a catalogue (CSV)', filters: CSV })
    if (path === null) return null
    const fileName = basename(path)
    const size = (await stat(path)).size
    if (size > MAX_CATALOG_FILE_BYTES)
      throw new PerkPackError(
        'invalid_arguments',
        `${fileName} is ${Math.round(size / 1024 / 1024)} MB, too big for a catalogue: choose the catalogue's CSV, not an orders export.`,
      )
    const read = readCatalogCsv((await readFile(path)).toString('utf8'))
    const problems = read.problems.map(catalogProblemText)
    const rows = read.items.length + read.packaging.length
    const view =
      rows > 0
        ? await this.save(campaignId, (catalog) => mergeCatalog(catalog, read))
        : await this.view(campaignId)
    return { fileName, items: read.items.length, packaging: read.packaging.length, problems, view }
  }

  async exportFile(campaignId: number): Promise<CatalogExportResult | null> {
    const { catalog } = this.store.load(campaignId)
    const stem = fileStem({ campaignId, title: this.options.campaignName(campaignId) })
    const path = await this.options.desktop.chooseSavePath({
      title: 'Export the catalogue (CSV)',
      defaultName: exportFileName(stem, 'catalog', 'csv', new Date(this.options.now())),
      filters: CSV.slice(0, 1).map((filter) => ({ ...filter, extensions: ['csv'] })),
    })
    if (path === null) return null
    // Beside the target, then renamed over it: a failed write leaves the old file whole.
    const temp = join(dirname(path), `.${basename(path)}.partial`)
    await writeFile(temp, writeCatalogCsv(catalog), { mode: 0o600 })
    await rename(temp, path)
    return { path, items: catalog.items.length, packaging: catalog.packaging.length }
  }

  private viewOf(campaignId: number, kept: DeskCatalog, team: CatalogView['team']): CatalogView {
    const context = {
      catalog: kept.catalog,
      currency: this.options.currency(campaignId),
      senderCountry: this.options.senderCountry(),
    }
    return {
      campaignId,
      catalog: kept.catalog,
      updatedAt: kept.updatedAt,
      gaps: variantGaps(this.options.orders(campaignId), context),
      team,
      senderCountry: context.senderCountry,
    }
  }
}
