import type { CampaignSummary } from '@shared/ipc'
import { formatDateTime, formatRelative } from './locale-format'

type CopyFacts = Pick<CampaignSummary, 'lastSyncedAt' | 'source'>

/**
 * Where the offline copy came from, in full: "Imported from contributions.csv on 24 Nov 2026,
 * 10:42" or "Synced 24 Nov 2026, 10:42". Shown wherever the last sync is shown.
 */
export function copySourceText(copy: CopyFacts): string {
  const source = copy.source
  if (source) return `Imported from ${source.fileName} on ${formatDateTime(source.importedAt)}`
  return `Synced ${formatDateTime(copy.lastSyncedAt)}`
}

/** The short form for rows and cards: "imported 2 hours ago", "synced just now". */
export function copySourceShort(copy: CopyFacts, now: number): string {
  const source = copy.source
  if (source) return `imported ${formatRelative(source.importedAt, now)}`
  return `synced ${formatRelative(copy.lastSyncedAt, now)}`
}
