import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_AUTH_URL, DEFAULT_BASE_URL } from '../../shared/config'
import { UsageError } from './perkpack-errors'

/** localhost, 127.0.0.0/8 and ::1: hosts whose traffic never leaves this machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

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
  // Tokens travel in the query string: in clear text only to this machine (the simulator).
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new Error(
      `${variable} must use https:// for ${url.hostname}: tokens would cross the network in clear text. Only a simulator on this machine (localhost, 127.0.0.1) may use http://.`,
    )
  }
  return url.toString().replace(/\/+$/, '')
}

/** Non-secret choices remembered in the data directory (tokens live in the keychain). */
export interface StoredSettings {
  baseUrl?: string
  authUrl?: string
  email?: string | null
  concurrency?: number
}

/** Same folder as Electron's `userData` for an app named PerkPack, so the CLI and app share it. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'PerkPack')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'PerkPack')
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'PerkPack')
}

function settingsPath(dataDir: string): string {
  return join(dataDir, 'settings.json')
}

export function readSettings(dataDir: string): StoredSettings {
  const file = settingsPath(dataDir)
  if (!existsSync(file)) return {}
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as unknown
    return value && typeof value === 'object' ? (value as StoredSettings) : {}
  } catch {
    // A damaged settings file only costs the remembered choices; never block on it.
    return {}
  }
}

export function writeSettings(dataDir: string, next: StoredSettings): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = settingsPath(dataDir)
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
  renameSync(temp, file)
}

export interface Target {
  baseUrl: string
  authUrl: string
  dataDir: string
}

/** Flag, then environment, then what the data directory remembers, then production. */
export function resolveTarget(
  flags: {
    baseUrl?: string | undefined
    authUrl?: string | undefined
    dataDir?: string | undefined
  },
  env: NodeJS.ProcessEnv,
): Target {
  const dataDir = flags.dataDir || env.PERKPACK_DATA_DIR || defaultDataDir(env)
  const stored = readSettings(dataDir)
  const pick = (
    flag: string | undefined,
    flagName: string,
    variable: string,
    remembered: string | undefined,
    fallback: string,
  ) => {
    if (flag) return normalizeUrl(flag, flagName)
    if (env[variable]) return normalizeUrl(env[variable] as string, variable)
    return remembered ?? fallback
  }
  try {
    return {
      dataDir,
      baseUrl: pick(
        flags.baseUrl,
        '--base-url',
        'PERKPACK_BASE_URL',
        stored.baseUrl,
        DEFAULT_BASE_URL,
      ),
      authUrl: pick(
        flags.authUrl,
        '--auth-url',
        'PERKPACK_AUTH_URL',
        stored.authUrl,
        DEFAULT_AUTH_URL,
      ),
    }
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** The offline cache is per API host: campaign ids of two hosts must never mix. */
export function cacheProfile(baseUrl: string): string {
  return createHash('sha256').update(baseUrl).digest('hex').slice(0, 16)
}
