import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { SnapshotShrank } from '../../../../src/main/core/sync/shrink'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import type { SyncResult } from '../../../../src/main/core/sync/sync-engine'
import type { Simulator } from '../../../../src/simulator'
import { driftedCampaignRow } from '../../../../src/simulator/drift'
import {
  cleanup,
  makeClient,
  makeSession,
  openTestCache,
  startSim,
  tempDir,
} from '../../../helpers/harness'
import { toModel } from '../../../helpers/model'
import { snapshotDigest } from '../../fixtures/snapshot-digest'
import { childArgs } from '../../../helpers/child-script'

/*
 * A held shrink keeps a sync's rows staged until the user chooses, and the numbering of the
 * parts those compact rows refer to lives in the sync's memory until its commit. These tests
 * hold such a sync while other work goes on, then accept it, decline it, or kill its process.
 */

const DRIFT = 0.2
const CHILD = fileURLToPath(new URL('../../fixtures/shrink-held-child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

const children: ChildProcess[] = []

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  await cleanup()
})

async function prepare() {
  const sim = await startSim({ contributions: 600, drift: DRIFT })
  const { session } = await makeSession(sim)
  const cache = openTestCache(tempDir())
  const client = makeClient(sim, session)
  const [campaignId, otherId] = sim.campaignIds as [number, number]
  const sync = (id: number) => syncCampaign({ client, cache, campaignId: id, privileged: true })
  return { sim, cache, campaignId, otherId, sync }
}

/** Serve only the newest `n` contributions of the campaign from now on. */
function shrinkTo(sim: Simulator, campaignId: number, n: number) {
  const rows = sim.dataset.contributions.get(campaignId)!
  sim.dataset.contributions.set(campaignId, rows.slice(0, n))
}

async function held(promise: Promise<SyncResult>): Promise<SnapshotShrank<SyncResult>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SnapshotShrank)
  return error as SnapshotShrank<SyncResult>
}

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const sorted = (texts: string[]) => texts.sort()

/** The campaign's rows as the simulator serves them now: read fine, and not (as JSON text). */
function served(sim: Simulator, campaignId: number) {
  const broken = new Set(sim.driftPlan(campaignId, DRIFT).broken)
  const good: string[] = []
  const problems: string[] = []
  for (const row of sim.dataset.contributions.get(campaignId) ?? []) {
    const text = JSON.stringify(driftedCampaignRow(sim.dataset.seed, DRIFT, row) ?? row)
    ;(broken.has(row.id) ? problems : good).push(text)
  }
  return { good: sorted(good), problems: sorted(problems) }
}

/** What the cache gives back of the campaign, as served() has it. */
function stored(cache: OfflineCache, campaignId: number) {
  return {
    good: sorted(cache.rawContributions(campaignId).map((row) => JSON.stringify(row))),
    problems: sorted(cache.problemRows(campaignId).map((row) => JSON.stringify(row.raw))),
  }
}

function inspect<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true })
  try {
    return read(db)
  } finally {
    db.close()
  }
}

const count = (db: Database.Database, table: string) =>
  db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number

function staging(file: string) {
  return inspect(file, (db) => ({
    syncs: count(db, 'staging_syncs'),
    rows: count(db, 'staging_contributions'),
    problems: count(db, 'staging_problem_rows'),
  }))
}

function parts(file: string, campaignId: number) {
  return inspect(file, (db) =>
    db
      .prepare('SELECT part, json FROM snapshot_parts WHERE campaign_id = ? ORDER BY part')
      .all(campaignId),
  )
}

describe('a sync held back as a shrink, with compact rows staged', () => {
  it('accepted after a while and other commits, reads back whole: model, raw and problem rows', async () => {
    const { sim, cache, campaignId, otherId, sync } = await prepare()
    await sync(campaignId)
    shrinkTo(sim, campaignId, 200)
    const shrank = await held(sync(campaignId))
    expect(shrank.incomingProblemCount).toBeGreaterThan(0)

    // While the choice waits: the old copy is read, another campaign commits its own parts
    // (and gives free pages back), and time passes.
    const before = cache.contributions(campaignId)
    await sync(otherId)
    const other = snapshotDigest(cache, otherId)
    await later(300)
    expect(cache.contributions(campaignId)).toEqual(before)

    const result = shrank.accept()
    expect(result.snapshot).toMatchObject({
      count: shrank.incomingCount,
      problemCount: shrank.incomingProblemCount,
      expectedCount: 200,
    })
    expect(stored(cache, campaignId)).toEqual(served(sim, campaignId))
    const raws = cache.rawContributions(campaignId)
    const models = cache.contributions(campaignId)
    expect(models).toEqual(toModel(raws))
    // Drifted rows whose model differs from the raw row: their model form decodes too.
    const differ = models.filter((row, i) => JSON.stringify(row) !== JSON.stringify(raws[i]))
    expect(differ.length).toBeGreaterThan(0)
    expect(staging(cache.path)).toEqual({ syncs: 0, rows: 0, problems: 0 })
    expect(snapshotDigest(cache, otherId)).toBe(other)

    // The parts went into the file with the rows, not only into memory.
    const digest = snapshotDigest(cache, campaignId)
    const dir = path.dirname(cache.path)
    cache.close()
    expect(snapshotDigest(openTestCache(dir), campaignId)).toBe(digest)
  })

  it('declined after a while: the old copy and its parts stay exactly, nothing held is stored', async () => {
    const { sim, cache, campaignId, sync } = await prepare()
    await sync(campaignId)
    const servedBefore = served(sim, campaignId)
    const partsBefore = parts(cache.path, campaignId)
    const digest = snapshotDigest(cache, campaignId)
    const info = cache.campaign(campaignId)

    shrinkTo(sim, campaignId, 150)
    const shrank = await held(sync(campaignId))
    expect(staging(cache.path)).toEqual({
      syncs: 1,
      rows: shrank.incomingCount,
      problems: shrank.incomingProblemCount,
    })
    await later(300)
    shrank.decline()

    expect(staging(cache.path)).toEqual({ syncs: 0, rows: 0, problems: 0 })
    expect(parts(cache.path, campaignId)).toEqual(partsBefore)
    expect(cache.campaign(campaignId)).toEqual(info)
    expect(snapshotDigest(cache, campaignId)).toBe(digest)
    expect(stored(cache, campaignId)).toEqual(servedBefore)
    expect(() => shrank.accept()).toThrow(/already aborted/)
  })

  it('its process killed while it waits: the next open drops it, the old copy reads back whole', async () => {
    const dir = tempDir()
    const profile = 'held'
    const child = spawn(process.execPath, [...childArgs(CHILD), dir, profile], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const lines: string[] = []
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line)
        if (line.startsWith('HELD')) resolve()
      })
      child.on('exit', (code) => reject(new Error(`child exited ${code}: ${stderr}`)))
    })
    const [, campaignId, digest] = lines.find((l) => l.startsWith('COMMITTED'))!.split(' ')
    const [, incoming, incomingProblems] = lines.at(-1)!.split(' ').map(Number)
    const file = path.join(dir, `cache-${profile}.sqlite`)
    expect(staging(file)).toEqual({ syncs: 1, rows: incoming, problems: incomingProblems })
    expect(incomingProblems).toBeGreaterThan(0)

    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited

    const cache = openTestCache(dir, profile)
    expect(staging(file)).toEqual({ syncs: 0, rows: 0, problems: 0 })
    const info = cache.campaign(Number(campaignId))!
    expect(info).toMatchObject({ expectedCount: 300 })
    expect(info.count + info.problemCount).toBe(300)
    expect(info.problemCount).toBeGreaterThan(0)
    expect(snapshotDigest(cache, Number(campaignId))).toBe(digest)
  }, 60_000)
})
