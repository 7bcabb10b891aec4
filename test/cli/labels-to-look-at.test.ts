import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { countShipments, filterContributions } from '../../src/shared/fulfillment'
import { generateDataset } from '../../src/simulator/data'
import { cleanEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { toModel } from '../helpers/model'
import { syncedDataDir } from '../helpers/synced-desk'

// `perkpack labels` names the labels to look at before printing, as the app's "Orders to look
// at" does: which order, where on the sheets, and what happened.

const BASE_URL = 'http://127.0.0.1:9'
const dataset = generateDataset({ seed: 5, contributions: 160 })
const campaign = dataset.campaigns[0]!
const id = String(campaign.id)
// A street line no label fits, even at the smallest size: it wraps.
const LONG = `${'Very long building name '.repeat(6)}Tower, 99 Some Road`

const bySequence = (a: CampaignContribution, b: CampaignContribution) =>
  (a.order.sequence_number ?? 0) - (b.order.sequence_number ?? 0) || a.order.id - b.order.id
const rows = toModel(dataset.contributions.get(campaign.id) ?? [])
// The labels of the default selection in the order --sort sequence prints them.
const labelled = filterContributions(rows, {})
  .filter((r) => countShipments([r]).ships === 1)
  .sort(bySequence)
// Every third label of the first 75: 25 to look at, spread over three sheets of 30.
const flagged = labelled.filter((_, i) => i % 3 === 0).slice(0, 25)
for (const row of flagged) row.order.shipping!.address = LONG
let dataDir: string

beforeAll(() => {
  dataDir = syncedDataDir('perkpack-label-checks-', BASE_URL, campaign.id, rows)
})
afterAll(cleanup)

describe('perkpack labels: the labels to look at', { timeout: 60_000 }, () => {
  it('lists the first 20 by order number, sheet and position, in the words of the app', async () => {
    expect(labelled.length).toBeGreaterThan(75)
    const result = await perkpackHere(
      ['labels', id, '--out', path.join(dataDir, 'labels.pdf'), '--sort', 'sequence'],
      cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL }),
    )
    expect(result.code, result.stderr).toBe(0)
    const listed = flagged.slice(0, 20).map((row) => {
      const index = labelled.indexOf(row)
      const where = `sheet ${Math.floor(index / 30) + 1}, position ${(index % 30) + 1}`
      // The message the app's preview shows (a label printed smaller also says so first).
      return new RegExp(
        `^  #${row.order.sequence_number} \\(${where}\\): (.+; )?A line of the address is too long for the label even at [0-9.]+ pt and was wrapped onto the next line\\.$`,
      )
    })
    const lines = result.stderr.split('\n')
    const head = lines.indexOf('25 labels to look at before printing:')
    expect(head).toBeGreaterThanOrEqual(0)
    const section = lines.slice(head + 1, head + 22)
    listed.forEach((line, i) => expect(section[i]).toMatch(line))
    expect(section[20]).toBe('  and 5 more.')
  })
})
