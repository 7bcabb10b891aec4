import type { ThemeSetting } from '../../shared/ipc/contract'
import { readSettings, writeSettings } from '../services/profile'
import type { StoredSettings } from '../services/profile'
import { DEFAULT_CONCURRENCY, MAX_CONCURRENCY, MIN_CONCURRENCY } from '../services/sync'

/** settings.json as the app keeps it: the CLI's fields plus the app's own. */
export interface AppStoredSettings extends StoredSettings {
  theme?: ThemeSetting
}

export const THEMES = ['light', 'dark', 'system'] as const satisfies readonly ThemeSetting[]

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
