import { DEFAULT_AUTH_URL, DEFAULT_BASE_URL } from '../../shared/config'
import type { TargetSource } from '../../shared/ipc'
import { normalizeUrl } from '../services/profile'

export interface AppTarget {
  baseUrl: string
  authUrl: string
  source: TargetSource
}

/**
 * Environment first (it is how tests, scripts and the harness point the app somewhere), then
 * what Settings saved, then production. A bad environment value throws, because the person who
 * set it wants to know; a bad saved value is skipped, because a hand-edited settings file must
 * never keep the app from starting.
 */
export function resolveAppTarget(
  env: Record<string, string | undefined>,
  stored: { baseUrl?: unknown; authUrl?: unknown },
): AppTarget {
  const fromEnv = (variable: 'PERKPACK_BASE_URL' | 'PERKPACK_AUTH_URL') => {
    const value = env[variable]?.trim()
    return value ? normalizeUrl(value, variable) : undefined
  }
  const fromSettings = (value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') return undefined
    try {
      return normalizeUrl(value, 'The saved URL')
    } catch {
      return undefined
    }
  }
  const envBase = fromEnv('PERKPACK_BASE_URL')
  const envAuth = fromEnv('PERKPACK_AUTH_URL')
  const savedBase = fromSettings(stored.baseUrl)
  const savedAuth = fromSettings(stored.authUrl)
  return {
    baseUrl: envBase ?? savedBase ?? DEFAULT_BASE_URL,
    authUrl: envAuth ?? savedAuth ?? DEFAULT_AUTH_URL,
    source: envBase || envAuth ? 'environment' : savedBase || savedAuth ? 'settings' : 'default',
  }
}
