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
