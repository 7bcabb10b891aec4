import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { openCaches, SqliteOfflineCache } from './cache'
import { encryptPlaintextCache, isPlaintextFile, unlockCache } from './cache-encryption'
import { CacheError, newerSchemaError, translateSqliteError } from './errors'
import {
  BUSY_TIMEOUT_MS,
  enableIncrementalVacuum,
  limitWalSize,
  preferIncrementalVacuum,
} from './file-space'
import { SCHEMA_VERSION, migrate, userVersion } from './schema'
import { sqliteNativeBinding } from '../system/native-builds'
import type { CacheOptions, OfflineCache } from './types'

/** The profile becomes part of a file name: no separators, no `../../services`, no surprises. */
const PROFILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
/** How to open another connection to a cache's file with its key (see secondConnection). */
const connectors = new WeakMap<OfflineCache, () => Database.Database>()
const PAGE_SIZE = 16_384
const CACHE_KIB = 32_768
/** The database and what SQLite keeps beside it. */
export const FILE_SUFFIXES = ['', '-wal', '-shm', '-journal'] as const

export function cacheFilePath(dataDir: string, profile: string): string {
  if (!PROFILE_PATTERN.test(profile)) {
    throw new CacheError(
      'cache_bad_profile',
      `The cache profile name "${profile}" cannot be used in a file name; use letters, digits, ` +
        'dots, dashes and underscores only.',
    )
  }
  return path.resolve(dataDir, `cache-${profile}.sqlite`)
}

export function openCache(options: CacheOptions): OfflineCache {
  const file = cacheFilePath(options.dataDir, options.profile)
  const nativeBinding = sqliteNativeBinding()
  try {
    // E-mails and shipping addresses live here: readable by the user alone.
    fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
    createPrivateFile(file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new CacheError(
      'cache_unavailable',
      `The data directory ${path.resolve(options.dataDir)} cannot hold the offline cache ` +
        `(${code}). Check that it is a folder you may write to, or choose another data directory.`,
      { cause: error },
    )
  }
  let db: Database.Database | undefined
  try {
    const { key } = options
    const connect = (): Database.Database => {
      const connection = new Database(file, { timeout: BUSY_TIMEOUT_MS, nativeBinding })
      try {
        if (key !== undefined) unlockCache(connection, file, key)
      } catch (error) {
        connection.close()
        throw error
      }
      return connection
    }
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS, nativeBinding })
    const plaintext = key !== undefined && isPlaintextFile(file)
    if (key !== undefined && !plaintext) unlockCache(db, file, key)
    // Before anything writes: a newer file must be left exactly as it is.
    const found = userVersion(db)
    if (found > SCHEMA_VERSION) throw newerSchemaError(found)
    // A cache from before encryption: encrypted in place on its first open with a key.
    if (key !== undefined && plaintext) encryptPlaintextCache(db, key)
    // Both take effect only on a new file. Bigger pages cut B-tree overhead: measured about
    // 25% off add + commit when rows were 1 KB of JSON.
    db.pragma(`page_size = ${PAGE_SIZE}`)
    preferIncrementalVacuum(db)
    db.pragma('journal_mode = WAL')
    limitWalSize(db)
    // In WAL mode NORMAL cannot corrupt; a power cut may only lose the last commits.
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    // ANALYZE samples this many rows per index instead of reading them all: milliseconds.
    db.pragma('analysis_limit = 1000')
    // The default 2 MB page cache spills to the WAL in the middle of a commit (about 15%
    // slower measured); this is a ceiling, allocated only as pages are used.
    db.pragma(`cache_size = -${CACHE_KIB}`)

    migrate(db)
    enableIncrementalVacuum(db, BUSY_TIMEOUT_MS)
    const cache = new SqliteOfflineCache(db, file, options.now ?? (() => new Date()))
    cache.dropDeadSyncs()
    cache.tidyLeftovers()
    openCaches.add(cache)
    connectors.set(cache, connect)
    return cache
  } catch (error) {
    db?.close()
    throw translateSqliteError(error, file)
  }
}

/**
 * Another connection to an open cache's file, unlocked with the same key: team mode's outbox
 * keeps one of its own. The caller closes it.
 */
export function secondConnection(cache: OfflineCache): { db: Database.Database; file: string } {
  const connect = connectors.get(cache)
  if (!connect) throw new Error('secondConnection() of a cache openCache() did not open')
  try {
    return { db: connect(), file: cache.path }
  } catch (error) {
    throw translateSqliteError(error, cache.path)
  }
}

/**
 * Deletes the cache file and its WAL and shared-memory files (sign-out). A cache of that file
 * still open in this process is closed first: a connection left on an unlinked file would keep
 * writing to data nobody can see.
 */
export function wipeCacheFiles(dataDir: string, profile: string): void {
  const file = cacheFilePath(dataDir, profile)
  for (const cache of [...openCaches]) if (cache.path === file) cache.close()
  for (const suffix of FILE_SUFFIXES) fs.rmSync(file + suffix, { force: true })
}

/** SQLite would create the file with the umask's mode (often world-readable). */
function createPrivateFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
}
