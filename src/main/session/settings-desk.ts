import type { AppSettings, SettingsPatch } from '../../shared/ipc'
import type { ConfirmQuestion } from '../exports/desktop-port'
import { PerkPackError } from '../services/perkpack-errors'
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
    /** Main's own dialog (Desktop.confirm): the renderer cannot answer for the person. */
    private readonly confirm: (question: ConfirmQuestion) => Promise<boolean> = async () => true,
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
    const moving =
      (baseUrl !== undefined && baseUrl !== current.baseUrl) ||
      (authUrl !== undefined && authUrl !== current.authUrl)
    if (moving && !demo) await this.confirmLeaving(baseUrl ?? current.baseUrl)
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

  /**
   * Signed in on this host, moving to another ends that session here: the stored sign-in is
   * only ever sent to the hosts it was issued for. Declined, nothing is saved.
   */
  private async confirmLeaving(newBaseUrl: string): Promise<void> {
    if (!(await this.connection.session.status()).signedIn) return
    const from = new URL(this.connection.target.baseUrl).host
    const to = new URL(newBaseUrl).host
    const goAhead = await this.confirm({
      message: from === to ? 'Change the sign-in address?' : `Move from ${from} to ${to}?`,
      detail:
        `You are signed in to ${from}. That sign-in is never sent to another address: you will ` +
        'sign in again there. The offline copies of both hosts stay on this computer.',
      confirmLabel: 'Change and sign in again',
    })
    if (!goAhead) {
      throw new PerkPackError(
        'cancelled',
        `Settings not saved: you are still signed in to ${from}.`,
      )
    }
  }
}
