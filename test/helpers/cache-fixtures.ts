/**
 * Offline cache files for the cache and floor store tests: a data dir with the path of a
 * profile's cache file, an old file written at the schema an earlier PerkPack left, a sync as
 * the engine commits it, and a process killed just after it wrote. The dirs go with harness's
 * `cleanup`, as do caches opened with its `openTestCache`.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import type { OfflineCache } from '../../src/main/core/cache'
import { migrate } from '../../src/main/core/cache/schema'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { tempDir } from './harness'
import { asReceived } from './model'

/** A fresh data dir, and the file `profile`'s cache lives in there (not written yet). */
export function cacheDir(profile: string, prefix: string): { dir: string; file: string } {
  const dir = tempDir(prefix)
  return { dir, file: path.join(dir, `cache-${profile}.sqlite`) }
}

/**
 * A data dir whose cache file for `profile` is as PerkPack at schema `version` left it, holding
 * what `fill` wrote: the next open migrates it from there.
 */
export function writeOldCache(
  profile: string,
  prefix: string,
  version: number,
  fill: (db: Database.Database) => void,
): { dir: string; file: string } {
  const made = cacheDir(profile, prefix)
  const db = new Database(made.file)
  try {
    migrate(db, version)
    fill(db)
  } finally {
    db.close()
  }
  return made
}

/** What `use` reads (or writes) in `file`, through a connection of its own, closed after. */
export function withCacheFile<T>(file: string, use: (db: Database.Database) => T): T {
  const db = new Database(file)
  try {
    return use(db)
  } finally {
    db.close()
  }
}

/** `rows` as a finished, privileged sync of `campaignId` leaves them. */
export function syncRows(
  cache: OfflineCache,
  campaignId: number,
  rows: readonly CampaignContribution[],
) {
  const writer = cache.beginSnapshot(campaignId)
  writer.add(asReceived(rows))
  return writer.commit({ expectedCount: rows.length, privileged: true })
}

/**
 * Runs `body` in a child process that opens `profile`'s cache in `dir` as `cache`, then kills
 * the child (SIGKILL) before it can close anything: what it wrote must stay.
 */
export function writeThenKill(dir: string, profile: string, body: string) {
  const script = `
    const { openCache } = require(${JSON.stringify(path.resolve('src/main/core/cache'))})
    const cache = openCache({ dataDir: ${JSON.stringify(dir)}, profile: ${JSON.stringify(profile)} })
    ${body}
    process.kill(process.pid, 'SIGKILL')
  `
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' })
}
