import type { AppSettings, SettingsPatch } from '../../shared/ipc'
import { normalizeUrl } from '../services/profile'
import { checkConcurrency } from '../services/sync'
import type { Connection } from './connection'
import {
  effectiveConcurrency,
  effectivePrintSettings,
  effectiveStationName,
  effectiveTeamUrl,
  effectiveTheme,
  loadSettings,
  saveSettings,
} from './settings-store'
import type { AppStoredSettings } from './settings-store'

/** Settings as the app shows them, and saving them: new URLs move the app to that host. */
export class SettingsDesk {
  constructor(
    private readonly connection: Connection,
    private readonly dataDir: string,
  ) {}

  get(): AppSettings {
    const stored = loadSettings(this.dataDir)
    const { baseUrl, authUrl } = this.connection.target
    return {
      baseUrl,
      authUrl,
      concurrency: effectiveConcurrency(stored),
      theme: effectiveTheme(stored),
      ...effectivePrintSettings(stored),
      stationName: effectiveStationName(stored),
      teamUrl: effectiveTeamUrl(stored) ?? '',
    }
  }

  async update(patch: SettingsPatch): Promise<AppSettings> {
    const connection = this.connection
    const next: Partial<AppStoredSettings> = {}
    if (patch.concurrency !== undefined) next.concurrency = checkConcurrency(patch.concurrency)
    if (patch.theme !== undefined) next.theme = patch.theme
    // The schema checked each of these; they are the person's own, kept across hosts and demos.
    if (patch.labelLayout !== undefined) next.labelLayout = patch.labelLayout
    if (patch.labelOffsetMm !== undefined) {
      next.labelOffsetMm = { x: patch.labelOffsetMm.x, y: patch.labelOffsetMm.y }
    }
    if (patch.labelOrder !== undefined) next.labelOrder = patch.labelOrder
    if (patch.labelSummary !== undefined) next.labelSummary = patch.labelSummary
    if (patch.slipPaper !== undefined) next.slipPaper = patch.slipPaper
    if (patch.slipFooterNote !== undefined) next.slipFooterNote = patch.slipFooterNote
    if (patch.senderCountry !== undefined) {
      next.senderCountry = patch.senderCountry.trim().toUpperCase()
    }
    if (patch.staleAfterHours !== undefined) next.staleAfterHours = patch.staleAfterHours
    if (patch.stationName !== undefined) next.stationName = patch.stationName
    const current = connection.target
    const demo = connection.inDemo
    let baseUrl = patch.baseUrl ? normalizeUrl(patch.baseUrl, 'API base URL') : undefined
    let authUrl = patch.authUrl ? normalizeUrl(patch.authUrl, 'Auth URL') : undefined
    // A settings form saved during the demo sends the simulator's URLs back: they are this
    // run's, and must not become the person's URLs after a restart.
    if (demo && baseUrl === current.baseUrl) baseUrl = undefined
    if (demo && authUrl === current.authUrl) authUrl = undefined
    if (baseUrl !== undefined) next.baseUrl = baseUrl
    if (authUrl !== undefined) next.authUrl = authUrl
    saveSettings(this.dataDir, next)
    if (baseUrl !== undefined || authUrl !== undefined) {
      // Leaving the demo goes back to the person's own host for the URL not given.
      const base = demo ? connection.persistentTarget() : current
      await connection.retarget({
        baseUrl: baseUrl ?? base.baseUrl,
        authUrl: authUrl ?? base.authUrl,
        source: 'settings',
      })
    }
    return this.get()
  }
}
