import type Database from 'better-sqlite3-multiple-ciphers'
import type { Catalog } from '../../../shared/catalog'
import { emptyCatalog } from '../../../shared/catalog'
import { catalogSchema, readStoredCatalog } from '../../../shared/catalog/catalog-schema'

export interface StoredCatalog {
  catalog: Catalog
  /** ISO 8601 time of the last save; null when nothing was saved yet. */
  updatedAt: string | null
}

/**
 * The catalogue in the desk's own encrypted offline cache (schema v8: catalogs). Saved whole,
 * in one statement: a save that fails leaves the previous catalogue as it was.
 */
export class LocalCatalogStore {
  private readonly sql

  constructor(
    db: Database.Database,
    private readonly now: () => Date = () => new Date(),
    /** Turns SQLite's errors (busy, disk full) into the cache's own messages. */
    private readonly guard: <T>(fn: () => T) => T = (fn) => fn(),
  ) {
    this.sql = {
      get: db.prepare<[number], { catalog: string; updated_at: string }>(
        'SELECT catalog, updated_at FROM catalogs WHERE campaign_id = ?',
      ),
      put: db.prepare<[number, string, string]>(
        `INSERT INTO catalogs (campaign_id, catalog, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (campaign_id) DO UPDATE SET catalog = excluded.catalog,
           updated_at = excluded.updated_at`,
      ),
    }
  }

  load(campaignId: number): StoredCatalog {
    return this.guard(() => {
      const row = this.sql.get.get(campaignId)
      if (!row) return { catalog: emptyCatalog(), updatedAt: null }
      return { catalog: readStoredCatalog(JSON.parse(row.catalog)), updatedAt: row.updated_at }
    })
  }

  /** Saves `catalog` (checked: the store never holds what a reader would refuse). */
  save(campaignId: number, catalog: Catalog, at: string = this.now().toISOString()): StoredCatalog {
    const checked = catalogSchema.parse(catalog)
    this.guard(() => this.sql.put.run(campaignId, JSON.stringify(checked), at))
    return { catalog: checked, updatedAt: at }
  }
}
