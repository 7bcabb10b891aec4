import { hostname } from 'node:os'
import { DEFAULT_SENDER_COUNTRY, DEFAULT_STALE_AFTER_HOURS } from '../../shared/export/checks'
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_SLIP_BATCH_SIZE,
  isOneOf,
  LABEL_LAYOUT_IDS,
  LABEL_ORDERS,
  MAX_CONCURRENCY,
  MAX_FOOTER_NOTE,
  MAX_OFFSET_MM,
  MAX_SLIP_BATCH_SIZE,
  MAX_STALE_HOURS,
  MIN_CONCURRENCY,
  MIN_SLIP_BATCH_SIZE,
  MIN_STALE_HOURS,
  SLIP_PAPERS,
  THEME_SETTINGS,
} from '../../shared/ipc'
import type { AppSettings, ThemeSetting } from '../../shared/ipc'
import { teamUrlProblem } from '../../shared/ipc/team-schemas'
import { readSettings, writeSettings } from '../services/profile'
import type { StoredSettings } from '../services/profile'

/** The print and export preferences, as Settings and "Print & export" keep them. */
type PrintSettings = Pick<
  AppSettings,
  | 'labelLayout'
  | 'labelOffsetMm'
  | 'labelOrder'
  | 'labelSummary'
  | 'slipPaper'
  | 'slipBatchSize'
  | 'slipFooterNote'
  | 'senderCountry'
  | 'staleAfterHours'
>

/** settings.json as the app keeps it: the CLI's fields plus the app's own. */
export interface AppStoredSettings extends StoredSettings, Partial<PrintSettings> {
  theme?: ThemeSetting
  stationName?: string
  /** The team store's URL, never with a password (the keychain holds that). */
  teamUrl?: string
}

const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  labelLayout: 'avery5160',
  labelOffsetMm: { x: 0, y: 0 },
  labelOrder: 'variant',
  labelSummary: false,
  slipPaper: 'letter',
  slipBatchSize: DEFAULT_SLIP_BATCH_SIZE,
  slipFooterNote: '',
  senderCountry: DEFAULT_SENDER_COUNTRY,
  staleAfterHours: DEFAULT_STALE_AFTER_HOURS,
}

/**
 * The settings file is shared with the `perkpack` command and may be edited by hand: values
 * that do not fit are read as the default rather than refusing to start.
 */
export function loadSettings(dataDir: string): AppStoredSettings {
  return readSettings(dataDir) as AppStoredSettings
}

function wholeNumberIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

export function effectiveConcurrency(stored: AppStoredSettings): number {
  const value = stored.concurrency
  return wholeNumberIn(value, MIN_CONCURRENCY, MAX_CONCURRENCY) ? value : DEFAULT_CONCURRENCY
}

export function effectiveTheme(stored: AppStoredSettings): ThemeSetting {
  return isOneOf(THEME_SETTINGS, stored.theme) ? stored.theme : 'system'
}

const MAX_STATION_NAME = 64

/** The pack station's name: as set, else this computer's name (what a desk is known by). */
export function effectiveStationName(stored: AppStoredSettings): string {
  const set = typeof stored.stationName === 'string' ? stored.stationName.trim() : ''
  if (set !== '' && set.length <= MAX_STATION_NAME) return set
  return hostname().trim().slice(0, MAX_STATION_NAME) || 'Packing desk'
}

/**
 * The team URL as kept, or null: none, or one hand-edited into a shape Settings would refuse
 * (a password in it, no TLS to another host): then this desk keeps its own record, and
 * Settings → Team shows the field empty to be set again.
 */
export function effectiveTeamUrl(stored: AppStoredSettings): string | null {
  const raw = typeof stored.teamUrl === 'string' ? stored.teamUrl.trim() : ''
  if (raw === '' || teamUrlProblem(raw) !== null) return null
  return raw
}

function offsetValue(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_OFFSET_MM
    ? value
    : null
}

/** Each field on its own: one hand-edited value that does not fit costs only that field. */
export function effectivePrintSettings(stored: AppStoredSettings): PrintSettings {
  const d = DEFAULT_PRINT_SETTINGS
  const offset = stored.labelOffsetMm as unknown
  const x = offset && typeof offset === 'object' ? offsetValue((offset as { x?: unknown }).x) : null
  const y = offset && typeof offset === 'object' ? offsetValue((offset as { y?: unknown }).y) : null
  const country = typeof stored.senderCountry === 'string' ? stored.senderCountry.trim() : ''
  const hours = stored.staleAfterHours
  return {
    labelLayout: isOneOf(LABEL_LAYOUT_IDS, stored.labelLayout) ? stored.labelLayout : d.labelLayout,
    labelOffsetMm: { x: x ?? 0, y: y ?? 0 },
    labelOrder: isOneOf(LABEL_ORDERS, stored.labelOrder) ? stored.labelOrder : d.labelOrder,
    labelSummary: typeof stored.labelSummary === 'boolean' ? stored.labelSummary : d.labelSummary,
    slipPaper: isOneOf(SLIP_PAPERS, stored.slipPaper) ? stored.slipPaper : d.slipPaper,
    slipBatchSize: wholeNumberIn(stored.slipBatchSize, MIN_SLIP_BATCH_SIZE, MAX_SLIP_BATCH_SIZE)
      ? stored.slipBatchSize
      : d.slipBatchSize,
    slipFooterNote:
      typeof stored.slipFooterNote === 'string'
        ? stored.slipFooterNote.slice(0, MAX_FOOTER_NOTE)
        : d.slipFooterNote,
    senderCountry: /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : d.senderCountry,
    staleAfterHours: wholeNumberIn(hours, MIN_STALE_HOURS, MAX_STALE_HOURS)
      ? hours
      : d.staleAfterHours,
  }
}

/** Read, merge, write: keys this app does not know (written by a newer CLI) survive. */
export function saveSettings(
  dataDir: string,
  patch: Partial<AppStoredSettings>,
): AppStoredSettings {
  const next: AppStoredSettings = { ...loadSettings(dataDir), ...patch }
  for (const key of Object.keys(next) as (keyof AppStoredSettings)[]) {
    if (next[key] === undefined) delete next[key]
  }
  writeSettings(dataDir, next)
  return next
}
