import type {
  AppSettings,
  LabelLayoutId,
  LabelOrder,
  SlipPaper,
  ThemeSetting,
} from '../../shared/ipc/contract'
import { DEFAULT_SENDER_COUNTRY, DEFAULT_STALE_AFTER_HOURS } from '../../shared/export/checks'
import { readSettings, writeSettings } from '../services/profile'
import type { StoredSettings } from '../services/profile'
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, MIN_CONCURRENCY } from '../services/sync'
import { MAX_OFFSET_MM } from '../services/print'

/** The print and export preferences, as Settings and "Print & export" keep them. */
export type PrintSettings = Pick<
  AppSettings,
  | 'labelLayout'
  | 'labelOffsetMm'
  | 'labelOrder'
  | 'labelSummary'
  | 'slipPaper'
  | 'slipFooterNote'
  | 'senderCountry'
  | 'staleAfterHours'
>

/** settings.json as the app keeps it: the CLI's fields plus the app's own. */
export interface AppStoredSettings extends StoredSettings, Partial<PrintSettings> {
  theme?: ThemeSetting
}

export const THEMES = ['light', 'dark', 'system'] as const satisfies readonly ThemeSetting[]
export const LABEL_LAYOUT_IDS = [
  'avery5160',
  'averyL7160',
  'thermal4x6',
] as const satisfies readonly LabelLayoutId[]
export const LABEL_ORDERS = ['variant', 'sequence'] as const satisfies readonly LabelOrder[]
export const SLIP_PAPERS = ['letter', 'a4'] as const satisfies readonly SlipPaper[]
export const MAX_FOOTER_NOTE = 500
export const MIN_STALE_HOURS = 1
/** A year: beyond that the check would never speak. */
export const MAX_STALE_HOURS = 8760

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  labelLayout: 'avery5160',
  labelOffsetMm: { x: 0, y: 0 },
  labelOrder: 'variant',
  labelSummary: false,
  slipPaper: 'letter',
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

export function effectiveConcurrency(stored: AppStoredSettings): number {
  const value = stored.concurrency
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_CONCURRENCY &&
    value <= MAX_CONCURRENCY
    ? value
    : DEFAULT_CONCURRENCY
}

export function effectiveTheme(stored: AppStoredSettings): ThemeSetting {
  return (THEMES as readonly unknown[]).includes(stored.theme)
    ? (stored.theme as ThemeSetting)
    : 'system'
}

function oneOf<T>(values: readonly T[], value: unknown, fallback: T): T {
  return (values as readonly unknown[]).includes(value) ? (value as T) : fallback
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
    labelLayout: oneOf(LABEL_LAYOUT_IDS, stored.labelLayout, d.labelLayout),
    labelOffsetMm: { x: x ?? 0, y: y ?? 0 },
    labelOrder: oneOf(LABEL_ORDERS, stored.labelOrder, d.labelOrder),
    labelSummary: typeof stored.labelSummary === 'boolean' ? stored.labelSummary : d.labelSummary,
    slipPaper: oneOf(SLIP_PAPERS, stored.slipPaper, d.slipPaper),
    slipFooterNote:
      typeof stored.slipFooterNote === 'string'
        ? stored.slipFooterNote.slice(0, MAX_FOOTER_NOTE)
        : d.slipFooterNote,
    senderCountry: /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : d.senderCountry,
    staleAfterHours:
      typeof hours === 'number' &&
      Number.isInteger(hours) &&
      hours >= MIN_STALE_HOURS &&
      hours <= MAX_STALE_HOURS
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
