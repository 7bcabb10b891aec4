import { randomBytes } from 'node:crypto'
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
 */
export async function cacheKeyFor(
  store: SecretStore,
  profile: string,
  env: Record<string, string | undefined> = {},
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
  const stored = await store.get(account)
  // Like a token: masked in any message or log line that might quote it.
  if (stored !== null && isCacheKey(stored)) {
    registerSecret(stored)
    return stored
  }
  const key = randomBytes(32).toString('hex')
  registerSecret(key)
  await store.set(account, key)
  return key
}

/** Sign-out's first step: without the key the files are unreadable, whatever happens next. */
export async function forgetCacheKey(store: SecretStore, profile: string): Promise<void> {
  await store.delete(cacheKeyAccount(profile))
}
