import { DEFAULT_AUTH_URL, DEFAULT_BASE_URL } from '../shared/config'
import type { AppInfo } from '../shared/ipc/contract'

/** Trailing slashes would double up when paths are appended. */
export function normalizeUrl(value: string, variable: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new Error(
      `${variable} is not a URL: "${value}". Use a full URL such as ${DEFAULT_BASE_URL}.`,
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${variable} must start with https:// (or http:// for a local simulator).`)
  }
  return url.toString().replace(/\/+$/, '')
}

export function resolveApiTarget(
  env: Record<string, string | undefined>,
  app: { name: string; version: string },
): AppInfo {
  const base = env.PERKPACK_BASE_URL
  const auth = env.PERKPACK_AUTH_URL
  return {
    name: app.name,
    version: app.version,
    baseUrl: base ? normalizeUrl(base, 'PERKPACK_BASE_URL') : DEFAULT_BASE_URL,
    authUrl: auth ? normalizeUrl(auth, 'PERKPACK_AUTH_URL') : DEFAULT_AUTH_URL,
    source: base || auth ? 'environment' : 'default',
  }
}
