import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir, hostname } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { returnAddressSchema } from '../../../shared/address/return-address'
import { DEFAULT_AUTH_URL, DEFAULT_BASE_URL } from '../../../shared/config'
import { DEFAULT_SENDER_COUNTRY, DEFAULT_STALE_AFTER_HOURS } from '../../../shared/export/checks'
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_SLIP_BATCH_SIZE,
  MAX_FOOTER_NOTE,
  MAX_STATION_NAME,
} from '../../../shared/ipc'
import type { TargetSource } from '../../../shared/ipc'
import {
  concurrencySchema,
  labelOrderSchema,
  layoutSchema,
  offsetSchema,
  paperSchema,
  senderCountrySchema,
  slipBatchSizeSchema,
  staleHoursSchema,
  stationNameSchema,
  themeSchema,
} from '../../../shared/ipc/field-schemas'
import { teamUrlSchema } from '../../../shared/ipc/team-schemas'
import { isLiteralLoopbackHost } from '../../../shared/net/loopback-host'
import { UsageError } from '../system/perkpack-errors'

/**
 * The profile one person works in, the same for the `perkpack` command and the app: the data
 * directory, `settings.json` in it (one schema, one set of defaults), the API target the
 * settings, the environment and the command line choose, and the binding of stored
 * credentials to that target.
 */

/** Trailing slashes would double up when paths are appended. */
export function normalizeUrl(value: string, variable: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new UsageError(
      `${variable} is not a URL: "${value}". Use a full URL such as ${DEFAULT_BASE_URL}.`,
    )
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${variable} must start with https:// (or http:// for a local simulator).`)
  }
  // Tokens travel in the query string: in clear text only to this machine (the simulator). The
  // URL parser has already written an http:// host's IPv4 address the dotted way (127.1 is
  // 127.0.0.1 here), so only names and literal addresses are left to judge.
  if (url.protocol === 'http:' && !isLiteralLoopbackHost(url.hostname)) {
    throw new UsageError(
      `${variable} must use https:// for ${url.hostname}: tokens would cross the network in clear text. Only a simulator on this machine (localhost, 127.0.0.1) may use http://.`,
    )
  }
  return url.toString().replace(/\/+$/, '')
}

/** A URL as saved: kept only when normalizeUrl accepts it (a hand edit may have broken it). */
const savedUrl = z
  .string()
  .transform((value, ctx) => {
    try {
      return normalizeUrl(value, 'The saved URL')
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not a URL PerkPack may send tokens to' })
      return z.NEVER
    }
  })
  .optional()
  .catch(undefined)

const offsetAxis = (axis: 'x' | 'y') => offsetSchema.shape[axis].catch(0)

/**
 * settings.json: shared by the app and the `perkpack` command, and sometimes edited by hand.
 * Each field is read on its own, with the same rules Settings checks when it saves one; a
 * value that does not fit is read as its default and costs only that field, never a start.
 */
export const settingsFileSchema = z.object({
  /**
   * The hosts a person chose at sign-in or in Settings (normalised; a hand-broken one is
   * ignored); absent: the environment's or the default.
   */
  baseUrl: savedUrl,
  authUrl: savedUrl,
  /** The last sign-in's e-mail; null or absent: API token only. */
  email: z.string().trim().min(1).nullable().catch(null).default(null),
  concurrency: concurrencySchema.catch(DEFAULT_CONCURRENCY),
  theme: themeSchema.catch('system'),
  labelLayout: layoutSchema.catch('avery5160'),
  labelOffsetMm: z.object({ x: offsetAxis('x'), y: offsetAxis('y') }).catch({ x: 0, y: 0 }),
  labelOrder: labelOrderSchema.catch('variant'),
  labelSummary: z.boolean().catch(false),
  slipPaper: paperSchema.catch('letter'),
  slipBatchSize: slipBatchSizeSchema.catch(DEFAULT_SLIP_BATCH_SIZE),
  slipFooterNote: z
    .string()
    .transform((note) => note.slice(0, MAX_FOOTER_NOTE))
    .catch(''),
  senderCountry: senderCountrySchema
    .transform((code) => code.toUpperCase())
    .catch(DEFAULT_SENDER_COUNTRY),
  /** The sender's street, city and postcode (return-address.ts); a broken one reads as none. */
  returnAddress: returnAddressSchema.catch({}).default({}),
  staleAfterHours: staleHoursSchema.catch(DEFAULT_STALE_AFTER_HOURS),
  /** Absent: this computer's name (stationName()). */
  stationName: stationNameSchema.optional().catch(undefined),
  /** The team store, never with a password (the keychain holds that); absent: no team store. */
  teamUrl: teamUrlSchema
    .transform((url) => (url === '' ? undefined : url))
    .optional()
    .catch(undefined),
})

/** What settings.json says, every field checked and defaulted. */
export type Settings = z.output<typeof settingsFileSchema>

/** A change to settings.json: undefined removes the field (it reads as its default again). */
export type SettingsChange = { [K in keyof Settings]?: Settings[K] | undefined }

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

/** The file's object as written, unknown keys included (a newer version's survive a save). */
function readSettingsObject(dataDir: string): Record<string, unknown> {
  return readSettingsFile(dataDir).object
}

/**
 * settings.json as read: its object, or (when it is not a JSON object) the read error and where
 * its text was copied before anything overwrites it. A damaged file never blocks a start.
 */
function readSettingsFile(dataDir: string): {
  object: Record<string, unknown>
  damage?: { reason: string; copy: string | null }
} {
  const file = settingsPath(dataDir)
  if (!existsSync(file)) return { object: {} }
  const text = readFileSync(file, 'utf8')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return {
      object: {},
      damage: { reason: jsonErrorPlace(error, text), copy: keepDamaged(file, text) },
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value))
    return { object: value as Record<string, unknown> }
  return {
    object: {},
    damage: { reason: 'it is not a JSON object', copy: keepDamaged(file, text) },
  }
}

/**
 * Where JSON.parse stopped, as a line and column. Never its message: V8 quotes the text there
 * ('"postgres:/"... is not valid JSON'), and a hand-edited file may hold a password.
 */
function jsonErrorPlace(error: unknown, text: string): string {
  const at = /at position (\d+)/.exec(error instanceof Error ? error.message : '')
  if (!at) return text.trim() === '' ? 'it is empty' : 'it is not valid JSON'
  const before = text.slice(0, Number(at[1])).split('\n')
  return `not valid JSON at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`
}

/**
 * Copies a damaged settings file aside, once per distinct text: settings.json.damaged, then
 * settings.json.damaged-<hash> for a later, different damage (a save would replace the file, and
 * with it the team store and choices someone may want to copy back). Null: it could not be copied.
 */
function keepDamaged(file: string, text: string): string | null {
  const first = `${file}.damaged`
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8)
  const aside =
    !existsSync(first) || readFileSync(first, 'utf8') === text ? first : `${first}-${hash}`
  try {
    if (!existsSync(aside)) writeFileSync(aside, text, { mode: 0o600 })
    return aside
  } catch {
    return null
  }
}

/**
 * What the app and the command line say when settings.json cannot be read (null when it can):
 * the file, that the defaults are in use (a team store set there included), and the fix.
 */
export function settingsProblem(dataDir: string): string | null {
  const { damage } = readSettingsFile(dataDir)
  if (!damage) return null
  const kept = damage.copy ? ` Its text is kept in ${damage.copy}.` : ''
  return `${settingsPath(dataDir)} cannot be read (${damage.reason}), so PerkPack uses the default settings: a team store, station name or theme set there is not in use.${kept} Fix the file (JSON allows no comma after the last value, a common slip), or set your choices again in PerkPack's Settings.`
}

export function readSettings(dataDir: string): Settings {
  return settingsFileSchema.parse(readSettingsObject(dataDir))
}

/** Read, merge, write atomically; returns the settings as read back. */
export function saveSettings(dataDir: string, change: SettingsChange): Settings {
  const next: Record<string, unknown> = { ...readSettingsObject(dataDir), ...change }
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key]
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = settingsPath(dataDir)
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 })
  renameSync(temp, file)
  return settingsFileSchema.parse(next)
}

/** The pack station's name: as set, else this computer's name (what a desk is known by). */
export function stationName(settings: Settings): string {
  return settings.stationName ?? (hostname().trim().slice(0, MAX_STATION_NAME) || 'Packing desk')
}

/** The pair of hosts stored credentials belong to: they are only ever sent to `baseUrl`. */
export interface CredentialTarget {
  baseUrl: string
  authUrl: string
}

/** The hosts a run talks to, and why those. */
export interface TargetHosts extends CredentialTarget {
  /** Set for this run (a command-line flag or the environment), saved in Settings, or neither. */
  source: TargetSource
}

export interface Target extends TargetHosts {
  dataDir: string
}

export interface TargetFlags {
  baseUrl?: string | undefined
  authUrl?: string | undefined
  dataDir?: string | undefined
}

/** The command line's data directory: --data-dir, PERKPACK_DATA_DIR, else the app's own. */
export function dataDirFor(flags: TargetFlags, env: NodeJS.ProcessEnv): string {
  return flags.dataDir || env.PERKPACK_DATA_DIR || defaultDataDir(env)
}

/**
 * Flag, then environment, then what settings.json remembers, then production. A bad flag or
 * variable is refused (the person who set it wants to know); a bad saved URL is skipped, as the
 * schema reads it, so a hand-edited file never sends tokens somewhere unchecked.
 */
export function resolveTarget(
  dataDir: string,
  env: Record<string, string | undefined>,
  flags: TargetFlags = {},
): Target {
  const stored = readSettings(dataDir)
  const given = (flag: string | undefined, flagName: string, variable: string) => {
    if (flag) return normalizeUrl(flag, flagName)
    const value = env[variable]?.trim()
    return value ? normalizeUrl(value, variable) : undefined
  }
  const runBase = given(flags.baseUrl, '--base-url', 'PERKPACK_BASE_URL')
  const runAuth = given(flags.authUrl, '--auth-url', 'PERKPACK_AUTH_URL')
  return {
    dataDir,
    baseUrl: runBase ?? stored.baseUrl ?? DEFAULT_BASE_URL,
    authUrl: runAuth ?? stored.authUrl ?? DEFAULT_AUTH_URL,
    source:
      runBase || runAuth
        ? 'environment'
        : stored.baseUrl || stored.authUrl
          ? 'settings'
          : 'default',
  }
}

const bare = (url: string) => url.replace(/\/+$/, '')

/** Same target: the credentials of one may be sent to the other. */
export function sameTarget(a: CredentialTarget, b: CredentialTarget): boolean {
  return bare(a.baseUrl) === bare(b.baseUrl) && bare(a.authUrl) === bare(b.authUrl)
}

/**
 * The keychain entry's name: the target and the account. A new base URL finds no entry, so a
 * token issued for one host is never read, let alone sent, for another.
 */
export function keychainAccount(target: CredentialTarget, email: string | null): string {
  return `${bare(target.baseUrl)} ${bare(target.authUrl)} ${
    email ? email.trim().toLowerCase() : '(api token only)'
  }`
}

/** The offline cache is per API host: campaign ids of two hosts must never mix. */
export function cacheProfile(baseUrl: string): string {
  return createHash('sha256').update(baseUrl).digest('hex').slice(0, 16)
}
