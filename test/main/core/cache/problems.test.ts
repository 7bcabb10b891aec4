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
import { openCache, wipeCacheFiles } from '../../../../src/main/core/cache'
import type { OfflineCache, ProblemRow } from '../../../../src/main/core/cache'
import { asReceived } from '../../../helpers/model'
import { makeContribution, makeContributions } from '../../fixtures/contributions'
import { problemRow } from '../../fixtures/problem-rows'
import { childArgs } from '../../../helpers/child-script'

const PROFILE = 'problems'
const CAMPAIGN = 7001
const CHILD = fileURLToPath(new URL('../../fixtures/problem-crash-child.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const dirs: string[] = []
const opened: OfflineCache[] = []
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const cache of opened.splice(0)) cache.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-problems-'))
  dirs.push(dir)
  return dir
}

function open(dataDir: string): OfflineCache {
  const cache = openCache({ dataDir, profile: PROFILE })
  opened.push(cache)
  return cache
}

/** Staging rows of both kinds, read through a connection of our own. */
function staging(file: string) {
  const db = new Database(file, { readonly: true })
  try {
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()
    return {
      syncs: count('staging_syncs'),
      rows: count('staging_contributions'),
      problems: count('staging_problem_rows'),
    }
  } finally {
    db.close()
  }
}

const byRank = (rows: readonly ProblemRow[]) => [...rows].sort((a, b) => b.rank - a.rank)

describe('problem rows in the offline cache', () => {
  it('are kept with the snapshot, counted, read back as sent, and survive a reopen', () => {
    const dir = tempDir()
    let cache = open(dir)
    const problems = [problemRow(2_000_001, 40), problemRow(null, 41), problemRow(2_000_002, 3)]
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(makeContributions(40)))
    writer.addProblems(problems)
    const info = writer.commit({ expectedCount: 43, privileged: true })

    expect(info).toMatchObject({ count: 40, problemCount: 3, expectedCount: 43 })
    expect(info.count + info.problemCount).toBe(info.expectedCount)
    expect(cache.problemRows(CAMPAIGN)).toEqual(byRank(problems))
    expect(cache.problemRows(CAMPAIGN, { limit: 2 })).toEqual(byRank(problems).slice(0, 2))
    // Problem rows are not orders: the good rows are exactly the 40.
    expect(cache.contributionCount(CAMPAIGN)).toBe(40)

    cache.close()
    cache = open(dir)
    expect(cache.campaign(CAMPAIGN)).toMatchObject({ count: 40, problemCount: 3 })
    expect(cache.problemRows(CAMPAIGN)).toEqual(byRank(problems))
    expect(cache.campaigns()[0]?.problemCount).toBe(3)
  })

  it('are replaced by the next sync, and gone after one without any', () => {
    const cache = open(tempDir())
    const first = cache.beginSnapshot(CAMPAIGN)
    first.add(asReceived(makeContributions(10)))
    first.addProblems([problemRow(2_000_001, 10), problemRow(null, 11)])
    first.commit({ expectedCount: 12, privileged: true })

    const second = cache.beginSnapshot(CAMPAIGN)
    second.add(asReceived(makeContributions(10)))
    second.addProblems([problemRow(2_000_009, 10, 'second')])
    expect(second.commit({ expectedCount: 11, privileged: true }).problemCount).toBe(1)
    expect(cache.problemRows(CAMPAIGN)).toEqual([problemRow(2_000_009, 10, 'second')])

    const third = cache.beginSnapshot(CAMPAIGN)
    third.add(asReceived(makeContributions(10)))
    expect(third.commit({ expectedCount: 10, privileged: true }).problemCount).toBe(0)
    expect(cache.problemRows(CAMPAIGN)).toEqual([])
  })

  it('belong to one campaign: another campaign keeps its own', () => {
    const cache = open(tempDir())
    for (const [campaignId, id] of [
      [CAMPAIGN, 2_000_001],
      [9002, 2_000_002],
    ] as const) {
      const writer = cache.beginSnapshot(campaignId)
      writer.add(asReceived(makeContributions(5, { campaignId })))
      writer.addProblems([problemRow(id, 5)])
      writer.commit({ expectedCount: 6, privileged: true })
    }
    const again = cache.beginSnapshot(CAMPAIGN)
    again.add(asReceived(makeContributions(5)))
    again.commit({ expectedCount: 5, privileged: true })
    expect(cache.problemRows(CAMPAIGN)).toEqual([])
    expect(cache.problemRows(9002).map((row) => row.id)).toEqual([2_000_002])
  })

  it('an aborted sync leaves the old ones exactly, and no staged problem rows', () => {
    const cache = open(tempDir())
    const first = cache.beginSnapshot(CAMPAIGN)
    first.add(asReceived(makeContributions(10)))
    first.addProblems([problemRow(2_000_001, 10)])
    const before = first.commit({ expectedCount: 11, privileged: true })

    const next = cache.beginSnapshot(CAMPAIGN)
    next.add(asReceived(makeContributions(3)))
    next.addProblems([problemRow(2_000_005, 3, 'next'), problemRow(null, 4, 'next')])
    expect(staging(cache.path)).toEqual({ syncs: 1, rows: 3, problems: 2 })
    next.abort()

    expect(staging(cache.path)).toEqual({ syncs: 0, rows: 0, problems: 0 })
    expect(cache.campaign(CAMPAIGN)).toEqual(before)
    expect(cache.problemRows(CAMPAIGN)).toEqual([problemRow(2_000_001, 10)])
  })

  it('a sync process killed mid-way leaves the old ones exactly; its staged ones are dropped', async () => {
    const dir = tempDir()
    const child = spawn(process.execPath, [...childArgs(CHILD), dir, PROFILE], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('STAGED')) resolve()
      })
      child.on('exit', (code) => reject(new Error(`child exited ${code}: ${stderr}`)))
    })
    const exited = once(child, 'exit')
    child.kill('SIGKILL')
    await exited
    const file = path.join(dir, `cache-${PROFILE}.sqlite`)
    expect(staging(file)).toEqual({ syncs: 1, rows: 20, problems: 2 })

    const cache = open(dir)
    expect(staging(file)).toEqual({ syncs: 0, rows: 0, problems: 0 })
    expect(cache.campaign(CAMPAIGN)).toMatchObject({ count: 40, problemCount: 2 })
    expect(cache.problemRows(CAMPAIGN)).toEqual([problemRow(null, 41), problemRow(2_000_001, 40)])
  }, 30_000)

  it('are wiped with the cache files', () => {
    const dir = tempDir()
    const cache = open(dir)
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.addProblems([problemRow(2_000_001, 0)])
    writer.commit({ expectedCount: 1, privileged: true })
    wipeCacheFiles(dir, PROFILE)
    expect(open(dir).problemRows(CAMPAIGN)).toEqual([])
  })
})

describe('the later copy of a row wins', () => {
  it('a row that fails and then reads fine is a good row, no longer a problem', () => {
    const cache = open(tempDir())
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.addProblems([problemRow(1_000_003, 3), problemRow(null, 9)])
    writer.add(asReceived(makeContributions(5)))
    const info = writer.commit({ expectedCount: 6, privileged: true })
    expect(info).toMatchObject({ count: 5, problemCount: 1 })
    expect(cache.problemRows(CAMPAIGN)).toEqual([problemRow(null, 9)])
    expect(cache.contributions(CAMPAIGN).map((row) => row.id)).toContain(1_000_003)
  })

  it('a row that reads fine and then fails is a problem row, no longer a good one', () => {
    const cache = open(tempDir())
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(makeContributions(5)))
    writer.addProblems([problemRow(1_000_003, 3)])
    expect(writer.size()).toBe(4)
    expect(writer.ids().has(1_000_003)).toBe(false)
    const info = writer.commit({ expectedCount: 5, privileged: true })
    expect(info).toMatchObject({ count: 4, problemCount: 1 })
    expect(cache.contributions(CAMPAIGN).map((row) => row.id)).not.toContain(1_000_003)
    // Gone from the side tables too: a filter that matched it finds nothing of it.
    const perkId = makeContribution(3).order.perks[0]!.id
    expect(cache.contributions(CAMPAIGN, { perkId }).map((row) => row.id)).not.toContain(1_000_003)
    expect(cache.problemRows(CAMPAIGN).map((row) => row.id)).toEqual([1_000_003])
  })

  it('a problem row read again replaces the earlier copy of itself', () => {
    const cache = open(tempDir())
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.addProblems([problemRow(2_000_001, 3, 'first'), problemRow(null, 4, 'first')])
    writer.addProblems([problemRow(2_000_001, 3, 'later'), problemRow(null, 4, 'later')])
    writer.commit({ expectedCount: 2, privileged: true })
    expect(cache.problemRows(CAMPAIGN)).toEqual([
      problemRow(null, 4, 'later'),
      problemRow(2_000_001, 3, 'later'),
    ])
  })
})
