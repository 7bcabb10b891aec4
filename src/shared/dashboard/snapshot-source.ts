/**
 * Where a campaign's offline copy came from when not from an API sync: kept in the cache beside
 * the snapshot (main), shown wherever the last sync is shown (renderer).
 */
export interface SnapshotSource {
  kind: 'dashboard-file'
  /** The file's name only, never its folder. */
  fileName: string
  /** ISO 8601 (UTC). */
  importedAt: string
}
