import { randomBytes } from 'node:crypto'
import { mkdir, open, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { UsageError } from '../perkpack-errors'
import { registerSecret } from '../redact'
import type { SecretStore } from '../secrets'
import { isCacheKey } from './cache-encryption'

/**
 * Machines without a keychain (CI, containers) may pass the key in the environment, like the
 * API token, so that one run can read what the last one synced.
 */
export const CACHE_KEY_VARIABLE = 'PERKPACK_CACHE_KEY'

/** The keychain entry of a profile's cache key, beside the sign-in entries; the CLI shares it. */
export function cacheKeyAccount(profile: string): string {
  return `cache-key:${profile}`
}

/**
 * The profile's 256-bit cache key: from the environment, else the secret store, else a new
 * random one saved there. A value in the store that is no key (edited by hand) is replaced: the
 * file it locked is then unreadable and the next sync sets it aside.
 *
 * With `dataDir`, a new key is made under a lock file there: the app and `perkpack` opening a
 * brand-new profile at the same moment would otherwise each save a key, the last one winning,
 * and the other's offline copy (its packing record with it) could not be read again.
 */
export async function cacheKeyFor(
  store: SecretStore,
  profile: string,
  env: Record<string, string | undefined> = {},
  dataDir?: string,
): Promise<string> {
  const fromEnv = env[CACHE_KEY_VARIABLE]?.trim().toLowerCase()
  if (fromEnv) {
    if (!isCacheKey(fromEnv)) {
      throw new UsageError(
        `${CACHE_KEY_VARIABLE} must be 64 hex digits (a 256-bit key), for example the output of \`openssl rand -hex 32\`.`,
      )
    }
    registerSecret(fromEnv)
    return fromEnv
  }
  const account = cacheKeyAccount(profile)
  const storedKey = async (): Promise<string | null> => {
    const stored = await store.get(account)
    if (stored === null || !isCacheKey(stored)) return null
    // Like a token: masked in any message or log line that might quote it.
    registerSecret(stored)
    return stored
  }
  const newKey = async (): Promise<string> => {
    // Another process may have made it while this one waited for the lock.
    const made = await storedKey()
    if (made !== null) return made
    const key = randomBytes(32).toString('hex')
    registerSecret(key)
    await store.set(account, key)
    return key
  }
  return (
    (await storedKey()) ??
    (dataDir === undefined ? newKey() : withFileLock(cacheKeyLockPath(dataDir, profile), newKey))
  )
}

/** Beside the cache files, named as they are (no ':' : Windows refuses it in a file name). */
function cacheKeyLockPath(dataDir: string, profile: string): string {
  return join(dataDir, `.cache-key-${profile}.lock`)
}

/** A lock left by a process that died holding it is taken over after this long. */
const STALE_LOCK_MS = 10_000

/**
 * Runs `work` while holding `path`, a file created exclusively (so across processes), waiting
 * for another holder to finish; removed after. A folder that takes no file runs `work` without
 * the lock: opening the offline copy there then says what is wrong.
 */
async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      await (await open(path, 'wx', 0o600)).close()
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return work()
      const since = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      )
      if (since > STALE_LOCK_MS) await rm(path, { force: true })
      else await delay(25)
    }
  }
  try {
    return await work()
  } finally {
    await rm(path, { force: true })
  }
}

/** Sign-out's first step: without the key the files are unreadable, whatever happens next. */
export async function forgetCacheKey(store: SecretStore, profile: string): Promise<void> {
  await store.delete(cacheKeyAccount(profile))
}
