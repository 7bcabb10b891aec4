import { randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { UsageError } from '../system/perkpack-errors'
import { isProcessAlive } from '../system/process-alive'
import { registerSecret } from '../system/redact'
import type { SecretStore } from '../session/secrets'
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
    // What the store holds is what every process reads from now on.
    return (await storedKey()) ?? key
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

/** A lock file its holder died before writing its id into is taken over after this long. */
const UNSIGNED_LOCK_MS = 10_000

/** Who holds a lock: the process's id and a nonce of this hold. */
function holder(text: string): { pid: number; nonce: string } | null {
  const [pid, nonce] = text.trim().split(' ')
  return /^\d+$/.test(pid ?? '') && nonce ? { pid: Number(pid), nonce } : null
}

/**
 * Runs `work` while holding `path`, a file created exclusively (so across processes) and signed
 * with this process's id, waiting for another holder to finish. A holder may wait on a keychain
 * prompt for minutes: its lock is taken over only once its process is gone, and released only
 * by the hold that signed it. A folder that takes no file runs `work` without the lock: opening
 * the offline copy there then says what is wrong.
 */
async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const mine = `${process.pid} ${randomBytes(8).toString('hex')}`
  for (;;) {
    try {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      const file = await open(path, 'wx', 0o600)
      await file.writeFile(mine).finally(() => file.close())
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return work()
      const text = await readFile(path, 'utf8').catch(() => null)
      if (text === null) continue
      const held = holder(text)
      const since = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      )
      const abandoned = held ? !isProcessAlive(held.pid) : since > UNSIGNED_LOCK_MS
      // Only the lock just read is removed: another waiter may have taken it over already.
      if (abandoned && (await readFile(path, 'utf8').catch(() => null)) === text) {
        await rm(path, { force: true })
      } else await delay(25)
    }
  }
  try {
    return await work()
  } finally {
    if ((await readFile(path, 'utf8').catch(() => null)) === mine) await rm(path, { force: true })
  }
}

/** Sign-out's first step: without the key the files are unreadable, whatever happens next. */
export async function forgetCacheKey(store: SecretStore, profile: string): Promise<void> {
  await store.delete(cacheKeyAccount(profile))
}
