import { defaultDataDir } from '../main/core/session/profile'

/** Where a harness run keeps settings, caches and tokens. */
export interface HarnessStorage {
  /** Null: a fresh temporary folder, removed when the harness stops. */
  dataDir: string | null
  secretStore: 'memory' | 'keychain'
}

/**
 * A development and test tool keeps nothing by default: a temporary data folder and tokens in
 * memory, so a run neither reads nor changes the person's own account. PERKPACK_DATA_DIR names
 * a folder of the caller's choosing (kept). `--profile` opts into the app's own data folder and
 * the OS keychain (PERKPACK_SECRET_STORE=memory still keeps tokens in memory).
 */
export function harnessStorage(
  env: Record<string, string | undefined>,
  profile: boolean,
): HarnessStorage {
  if (!profile) return { dataDir: env.PERKPACK_DATA_DIR || null, secretStore: 'memory' }
  return {
    dataDir: env.PERKPACK_DATA_DIR || defaultDataDir(env as NodeJS.ProcessEnv),
    secretStore: env.PERKPACK_SECRET_STORE === 'memory' ? 'memory' : 'keychain',
  }
}
