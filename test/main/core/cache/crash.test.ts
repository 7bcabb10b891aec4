import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import {
  COMMIT_KILL_ROWS,
  CRASH_CAMPAIGN,
  crashFingerprint,
  crashSnapshots,
  FIXED_POINT_ROWS,
} from '../../fixtures/crash-data'
import { childArgs } from '../../../helpers/child-script'

const CHILD = fileURLToPath(new URL('../../fixtures/cache-crash-child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PROFILE = 'crash'

const children: ChildProcess[] = []
const dirs: string[] = []
const opened: OfflineCache[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Starts the child and resolves with its first stdout line matching `wanted`. */
async function startChild(
  dataDir: string,
  mode: string,
  drift: number,
  secondRows: number,
  wanted: RegExp,
) {
  const args = [...childArgs(CHILD), dataDir, PROFILE, mode, String(drift), String(secondRows)]
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const seen: string[] = []
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (text) => {
      seen.push(text)
      if (wanted.test(text)) resolve(text)
    })
    child.on('exit', (code, signal) =>
      reject(new Error(`child exited (${code ?? signal}) before ${wanted}: ${seen}\n${stderr}`)),
    )
  })
  return { child, line, seen }
}

async function kill(child: ChildProcess) {
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null]
  expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' })
}

function inspect<T>(file: string, read: (db: Database.Database) => T): T {
  const db = new Database(file)
  try {
    return read(db)
  } finally {
    db.close()
  }
}

function staging(file: string) {
  return inspect(file, (db) => ({
    syncs: db.prepare('SELECT count(*) FROM staging_syncs').pluck().get() as number,
    rows: db.prepare('SELECT count(*) FROM staging_contributions').pluck().get() as number,
    problems: db.prepare('SELECT count(*) FROM staging_problem_rows').pluck().get() as number,
  }))
}

/** What the cache reads back for the campaign, in the form `crashFingerprint` gives. */
function readBack(cache: OfflineCache) {
  const text = (rows: readonly unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n')
  return {
    models: text(cache.contributions(CRASH_CAMPAIGN)),
    raw: text(cache.rawContributions(CRASH_CAMPAIGN)),
    problems: text(cache.problemRows(CRASH_CAMPAIGN)),
  }
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-crash-'))
  dirs.push(dir)
  return dir
}

// Clean rows, and rows of which a fifth drift (raw and model differ, some are problem rows).
describe.each([0, 0.2])(
  'offline cache at drift %s: a sync process killed with SIGKILL',
  (drift) => {
    const { first, second } = crashSnapshots(drift)

    it('the snapshots hold problem rows and drifted rows exactly when drift is on', () => {
      const drifted = (rows: typeof first.rows) =>
        rows.filter((row) => JSON.stringify(row.raw) !== JSON.stringify(row.model)).length
      expect(first.problems.length > 0 && second.problems.length > 0).toBe(drift > 0)
      expect(drifted(first.rows) > 0 && drifted(second.rows) > 0).toBe(drift > 0)
    })

    it('between two adds: the first snapshot stays, the staging rows go at the next open', async () => {
      // A smaller second snapshot: the kill waits at a fixed point (see FIXED_POINT_ROWS).
      const { first, second, third } = crashSnapshots(drift, FIXED_POINT_ROWS)
      const dir = tempDir()
      const rows = FIXED_POINT_ROWS
      const { child, line, seen } = await startChild(dir, 'between-adds', drift, rows, /^STAGED /)
      expect(seen[0]).toBe(`COMMITTED ${first.rows.length} ${first.problems.length}`)
      expect(line).toBe(`STAGED ${Math.floor(second.rows.length / 2)} ${child.pid}`)
      await kill(child)

      const file = path.join(dir, `cache-${PROFILE}.sqlite`)
      // The dead sync really left rows behind, or the rest of the test would prove nothing.
      expect(staging(file)).toEqual({
        syncs: 1,
        rows: Math.floor(second.rows.length / 2),
        problems: second.problems.length,
      })

      const cache = openCache({ dataDir: dir, profile: PROFILE })
      opened.push(cache)
      expect(staging(file)).toEqual({ syncs: 0, rows: 0, problems: 0 })
      expect(readBack(cache)).toEqual(crashFingerprint(first))
      expect(cache.campaign(CRASH_CAMPAIGN)).toMatchObject({
        count: first.rows.length,
        problemCount: first.problems.length,
        expectedCount: first.total,
        privileged: true,
      })
      expect(inspect(file, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok')
      expect(inspect(file, (db) => db.pragma('foreign_key_check'))).toEqual([])

      // And the next sync commits exactly its own rows.
      const writer = cache.beginSnapshot(CRASH_CAMPAIGN)
      for (let i = 0; i < third.rows.length; i += 30) writer.add(third.rows.slice(i, i + 30))
      writer.addProblems(third.problems)
      expect(writer.commit({ expectedCount: third.total, privileged: false })).toMatchObject({
        count: third.rows.length,
        problemCount: third.problems.length,
        privileged: false,
      })
      expect(readBack(cache)).toEqual(crashFingerprint(third))
      expect(staging(file)).toEqual({ syncs: 0, rows: 0, problems: 0 })
    }, 60_000)

    it('during the commit: one whole snapshot or the other, never a mix', async () => {
      const dir = tempDir()
      const { child } = await startChild(
        dir,
        'during-commit',
        drift,
        COMMIT_KILL_ROWS,
        /^COMMITTING /,
      )
      await kill(child)

      const cache = openCache({ dataDir: dir, profile: PROFILE })
      opened.push(cache)
      const got = readBack(cache)
      const kept = got.models === crashFingerprint(first).models ? 'first' : 'second'
      console.log(`cache crash test: killed during commit, the ${kept} snapshot was kept`)
      const expected = kept === 'first' ? first : second
      expect(got).toEqual(crashFingerprint(expected))
      expect(cache.campaign(CRASH_CAMPAIGN)).toMatchObject({
        count: expected.rows.length,
        problemCount: expected.problems.length,
        expectedCount: expected.total,
      })
      expect(cache.contributionCount(CRASH_CAMPAIGN)).toBe(expected.rows.length)
      expect(staging(cache.path)).toEqual({ syncs: 0, rows: 0, problems: 0 })
      expect(inspect(cache.path, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok')
    }, 60_000)
  },
)

describe('offline cache: a sync process killed between the swap and the deletion it deferred', () => {
  // A smaller second snapshot: the kill waits at a fixed point (see FIXED_POINT_ROWS).
  const { first, second } = crashSnapshots(0.2, FIXED_POINT_ROWS)

  it('opens on the new snapshot alone, and the replaced rows are deleted right after', async () => {
    const dir = tempDir()
    const { child, line } = await startChild(dir, 'after-swap', 0.2, FIXED_POINT_ROWS, /^SWAPPED /)
    expect(line).toBe(`SWAPPED ${second.rows.length} ${child.pid}`)
    await kill(child)

    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    const stored = () =>
      inspect(file, (db) => ({
        replaced: db.prepare('SELECT count(*) FROM replaced_snapshots').pluck().get(),
        rows: db.prepare('SELECT count(*) FROM contributions').pluck().get(),
        lookups: db
          .prepare('SELECT count(DISTINCT sync_key) FROM contributions_by_status')
          .pluck()
          .get(),
      }))
    // The first snapshot's rows really were left behind, or the rest would prove nothing.
    expect(stored()).toEqual({
      replaced: 1,
      rows: first.rows.length + second.rows.length,
      lookups: 2,
    })

    const cache = openCache({ dataDir: dir, profile: PROFILE })
    opened.push(cache)
    expect(readBack(cache)).toEqual(crashFingerprint(second))
    expect(cache.contributionCount(CRASH_CAMPAIGN)).toBe(second.rows.length)
    expect(staging(file)).toEqual({ syncs: 0, rows: 0, problems: 0 })
    // The open only schedules the deletion: it runs once the caller's own work is done.
    await new Promise((resolve) => setImmediate(resolve))
    expect(stored()).toEqual({ replaced: 0, rows: second.rows.length, lookups: 1 })
    expect(readBack(cache)).toEqual(crashFingerprint(second))
    expect(inspect(file, (db) => db.pragma('integrity_check', { simple: true }))).toBe('ok')
  }, 60_000)
})
