import fs from 'node:fs'
import path from 'node:path'
import type { SecretStore } from '../session/secrets'
import { openCaches } from './cache'
import { CacheError } from './errors'
import type { OfflineCache } from './types'
import { forgetCacheKey } from './cache-key'
import { cacheFilePath, FILE_SUFFIXES } from './open-cache'

/** Every cache file of every profile, set-aside ones included: what sign-out deletes. */
const CACHE_FILE_PATTERN = /^cache-.+\.sqlite(-wal|-shm|-journal)?$/
/** A live cache (not a set-aside one): its name gives the profile whose key locks it. */
const LIVE_CACHE_PATTERN = /^cache-(.+)\.sqlite$/
const SET_ASIDE_PATTERN = /-unreadable-\d{8}T\d{6}Z$/

/**
 * The cache a sync fills: `open()`, or, when this computer's key cannot read the file (the
 * re-sync its message offers), the file set aside under another name (`said` is told where)
 * and an empty one opened. The command line and the app sync through this alike.
 */
export function cacheForSync(
  open: () => OfflineCache,
  dataDir: string,
  profile: string,
  said: (aside: string) => void,
): OfflineCache {
  try {
    return open()
  } catch (error) {
    if (!(error instanceof CacheError) || error.code !== 'cache_key_mismatch') throw error
    said(setAsideUnreadableCache(dataDir, profile))
    return open()
  }
}

/**
 * A cache this computer's key cannot read (cache_key_mismatch) is renamed, with its WAL,
 * to `cache-<profile>-unreadable-<time>.sqlite` so the next open starts empty: the re-sync the
 * message offers. Returns the new name. Sign-out deletes these files with the others.
 */
export function setAsideUnreadableCache(
  dataDir: string,
  profile: string,
  now = new Date(),
): string {
  const file = cacheFilePath(dataDir, profile)
  for (const cache of [...openCaches]) if (cache.path === file) cache.close()
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const aside = path.resolve(dataDir, `cache-${profile}-unreadable-${stamp}.sqlite`)
  for (const suffix of FILE_SUFFIXES) {
    try {
      fs.renameSync(file + suffix, aside + suffix)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return aside
}

/**
 * Sign-out: every cache file in the data directory, whatever host or profile it was for (a
 * changed base URL leaves the old host's file behind), with their WAL and set-aside copies.
 * Open caches are closed first. Returns the names deleted.
 */
export function wipeAllCacheFiles(dataDir: string): string[] {
  for (const cache of [...openCaches]) {
    if (path.dirname(cache.path) === path.resolve(dataDir)) cache.close()
  }
  const names = cacheFileNames(dataDir)
  for (const name of names) fs.rmSync(path.join(dataDir, name), { force: true })
  return names
}

/** The profiles with a cache file in `dataDir`: every target this computer synced from. */
export function cacheProfilesIn(dataDir: string): string[] {
  return cacheFileNames(dataDir).flatMap((name) => {
    const profile = LIVE_CACHE_PATTERN.exec(name)?.[1]
    return profile !== undefined && !SET_ASIDE_PATTERN.test(profile) ? [profile] : []
  })
}

/**
 * Sign-out ("forget this account"). The keys go first (crypto-erase): whatever happens to the
 * files afterwards (a crash, a file another program holds open), what is left cannot be read.
 * Then every cache file of every target in the data directory.
 */
export async function eraseOfflineCopies(
  store: SecretStore,
  dataDir: string,
  profiles: readonly string[],
): Promise<void> {
  for (const profile of new Set([...profiles, ...cacheProfilesIn(dataDir)])) {
    await forgetCacheKey(store, profile)
  }
  wipeAllCacheFiles(dataDir)
}

function cacheFileNames(dataDir: string): string[] {
  try {
    return fs.readdirSync(dataDir).filter((name) => CACHE_FILE_PATTERN.test(name))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}
