import type { AppSettings, SettingsPatch } from '../../shared/ipc'
import type { ConfirmQuestion } from '../export/desktop-port'
import { PerkPackError } from '../core/system/perkpack-errors'
import { normalizeUrl, readSettings, saveSettings, stationName } from '../core/session/profile'
import type { SettingsChange } from '../core/session/profile'
import type { Connection } from '../session/connection'

/** Settings as the app shows them, and saving them: new URLs move the app to that host. */
export class SettingsDesk {
  constructor(
    private readonly connection: Connection,
    private readonly dataDir: string,
    /** Main's own dialog (Desktop.confirm): the renderer cannot answer for the person. */
    private readonly confirm: (question: ConfirmQuestion) => Promise<boolean> = async () => true,
  ) {}

  get(): AppSettings {
    const saved = readSettings(this.dataDir)
    // The hosts in use (the environment or the demo may have set them), not the saved ones.
    const { baseUrl, authUrl } = this.connection.target
    return {
      baseUrl,
      authUrl,
      concurrency: saved.concurrency,
      theme: saved.theme,
      labelLayout: saved.labelLayout,
      labelOffsetMm: saved.labelOffsetMm,
      labelOrder: saved.labelOrder,
      labelSummary: saved.labelSummary,
      slipPaper: saved.slipPaper,
      slipBatchSize: saved.slipBatchSize,
      slipFooterNote: saved.slipFooterNote,
      senderCountry: saved.senderCountry,
      returnAddress: saved.returnAddress,
      staleAfterHours: saved.staleAfterHours,
      stationName: stationName(saved),
      teamUrl: saved.teamUrl ?? '',
    }
  }

  async update(patch: SettingsPatch): Promise<AppSettings> {
    const connection = this.connection
    const { baseUrl: givenBase, authUrl: givenAuth, ...choices } = patch
    // The IPC schema checked each of these (settingsPatchSchema: the same field rules the
    // settings file is read with); they are the person's own, kept across hosts and demos.
    const next: SettingsChange = Object.fromEntries(
      Object.entries(choices).filter(([, value]) => value !== undefined),
    )
    if (choices.senderCountry !== undefined) {
      next.senderCountry = choices.senderCountry.trim().toUpperCase()
    }
    const current = connection.target
    const demo = connection.inDemo
    let baseUrl = givenBase ? normalizeUrl(givenBase, 'API base URL') : undefined
    let authUrl = givenAuth ? normalizeUrl(givenAuth, 'Auth URL') : undefined
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
