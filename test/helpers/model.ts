import type { ReceivedContribution } from '../../src/main/core/cache'
import { sortableTimestamp } from '../../src/main/core/cache/rows'
import { readCampaignContribution } from '../../src/shared/api/schemas'
import type { CampaignContribution } from '../../src/shared/api/schemas'

/**
 * Rows as the app's model reads them (the sync does the same): the simulator's dataset is in
 * the API's wire shape. Throws on a row the model rejects, since test data here must be clean.
 */
export function toModel(rows: readonly unknown[]): CampaignContribution[] {
  return rows.map((raw) => {
    const read = readCampaignContribution(raw)
    if (!read.ok) throw new Error(`test row ${String(read.id)}: ${JSON.stringify(read.problems)}`)
    return read.value
  })
}

/** One row as the model reads it (see `toModel`). */
export function toModelRow(raw: unknown): CampaignContribution {
  return toModel([raw])[0] as CampaignContribution
}

/** Wire rows as the sync hands them to the cache: the model's reading beside the raw row. */
export function received(raws: readonly unknown[]): ReceivedContribution[] {
  return raws.map((raw) => ({ model: toModelRow(raw), raw }))
}

/** Model rows handed to the cache as their own raw rows, as a clean row reads back. */
export function asReceived(rows: readonly CampaignContribution[]): ReceivedContribution[] {
  return rows.map((row) => ({ model: row, raw: row }))
}

/** The order the cache reads rows in: newest first by the model's time, then id. */
export function cacheOrder(a: CampaignContribution, b: CampaignContribution): number {
  const at = (row: CampaignContribution) => sortableTimestamp(row.created_at ?? '')
  return at(b) < at(a) ? -1 : at(b) > at(a) ? 1 : b.id - a.id
}
