import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveView } from '../../../../src/main/core/orders/view-store'
import { openCache } from '../../../../src/main/core/cache'
import type {
  OfflineCache,
  ProblemRow,
  ReceivedContribution,
} from '../../../../src/main/core/cache'
import { readCampaignContribution } from '../../../../src/shared/api/schemas'
import { generateDataset } from '../../../../src/simulator'
import { driftedCampaignRow } from '../../../../src/simulator/drift'

/** The budget of ../shared/ARCHITECTURE.md: 100,000 contributions in at most 100 MB on disk. */
const BUDGET_BYTES_PER_ROW = 100e6 / 100_000
const ROWS = 10_000
const DRIFT = 0.05

const dirs: string[] = []
const opened: OfflineCache[] = []

afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/**
 * The simulator's campaign as a sync receives it, a few rows drifting as real data does: the
 * rows the model reads, and the problem rows kept beside them.
 */
function servedCampaign(seed: number) {
  const dataset = generateDataset({ seed, contributions: ROWS })
  const campaignId = dataset.campaigns[0]!.id
  const rows: ReceivedContribution[] = []
  const problems: ProblemRow[] = []
  const served = dataset.contributions.get(campaignId) ?? []
  served.forEach((row, index) => {
    const raw = JSON.parse(JSON.stringify(driftedCampaignRow(seed, DRIFT, row) ?? row)) as unknown
    const read = readCampaignContribution(raw)
    if (read.ok) rows.push({ model: read.value, raw })
    else
      problems.push({ id: read.id, rank: served.length - 1 - index, raw, problems: read.problems })
  })
  return { campaignId, rows, problems }
}

/** Bytes on disk: the database with its WAL, as the app leaves them after a sync. */
function bytesOnDisk(file: string): number {
  return ['', '-wal'].reduce(
    (sum, suffix) => sum + (fs.existsSync(file + suffix) ? fs.statSync(file + suffix).size : 0),
    0,
  )
}

// Seconds of SQLite work on one core: on a loaded two-core machine, more than the default 20 s.
vi.setConfig({ testTimeout: 60_000 })

describe('offline cache: size on disk', () => {
  it('keeps a campaign within the budget per contribution, sync after sync', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-size-'))
    dirs.push(dir)
    const cache = openCache({ dataDir: dir, profile: 'size' })
    opened.push(cache)
    const { campaignId, rows, problems } = servedCampaign(3)
    expect(rows.length).toBeGreaterThan(ROWS * 0.99)
    expect(problems.length).toBeGreaterThan(0)
    // Problem rows are contributions too: they count toward the budget, and take room.
    const budget = (rows.length + problems.length) * BUDGET_BYTES_PER_ROW

    const sizes: number[] = []
    // Each later sync stages a whole campaign beside the last: that space must be given back.
    for (let sync = 0; sync < 3; sync++) {
      const writer = cache.beginSnapshot(campaignId)
      for (let i = 0; i < rows.length; i += 30) writer.add(rows.slice(i, i + 30))
      writer.addProblems(problems)
      const info = writer.commit({
        expectedCount: rows.length + problems.length,
        privileged: true,
      })
      // What the CLI and the app keep beside the rows: the compact orders view.
      saveView(cache, campaignId, info.lastSyncedAt)
      sizes.push(bytesOnDisk(cache.path))
    }
    console.log(
      `cache: ${rows.length} contributions and ${problems.length} problem rows, ${sizes.map((b) => (b / 1e6).toFixed(1)).join(' / ')} MB ` +
        `after each sync (budget ${(budget / 1e6).toFixed(1)} MB)`,
    )
    for (const size of sizes) expect(size).toBeLessThan(budget)
    expect(cache.contributionCount(campaignId)).toBe(rows.length)
    expect(cache.campaign(campaignId)?.problemCount).toBe(problems.length)
  })
})
