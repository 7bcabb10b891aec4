import type { SessionInfo, SignInInput } from '../../shared/ipc'
import { eraseOfflineCopies, wipeCacheFiles } from '../core/cache'
import { UsageError } from '../core/system/perkpack-errors'
import { keychainAccount, normalizeUrl, saveSettings } from '../core/session/profile'
import { DEMO_PROFILE } from './connection'
import type { CampaignNames } from '../core/session/campaign-names'
import type { Connection } from './connection'

/** Signing in, in again after an expiry, and out: what the person's credentials decide. */
export class SignInDesk {
  constructor(
    private readonly connection: Connection,
    private readonly dataDir: string,
    /** The campaign names kept for the host signed in to. */
    private readonly names: CampaignNames,
    /** What the platform keeps besides the data directory (Desktop.forgetLocalData). */
    private readonly forgetLocalData: () => Promise<void> = async () => undefined,
  ) {}

  async signIn(input: SignInInput): Promise<SessionInfo> {
    const email = input.email?.trim() || null
    const password = input.password ?? ''
    if (email && !password) {
      throw new UsageError(
        `Enter the password for ${email}, or clear the E-mail field to sign in with the API ` +
          'token only (without e-mails and addresses).',
      )
    }
    if (!email && password) {
      throw new UsageError(
        'Enter the e-mail that goes with the password, or clear the Password field to sign in ' +
          'with the API token only.',
      )
    }
    const connection = this.connection
    const fallback = connection.inDemo ? connection.persistentTarget() : connection.target
    const baseUrl = input.baseUrl?.trim()
      ? normalizeUrl(input.baseUrl, 'API base URL')
      : fallback.baseUrl
    const authUrl = input.authUrl?.trim()
      ? normalizeUrl(input.authUrl, 'Auth URL')
      : fallback.authUrl

    // Tried on the side: a refused password leaves the current session exactly as it was.
    const candidate = connection.newSession({ baseUrl, authUrl }, email)
    await candidate.signInWith(input.apiToken, email ? password : null)

    // Only an address the person changed is theirs to keep: one the app would use anyway (the
    // environment's, the saved one, the default) saved here would outlive the variable or
    // freeze the default, and the source would say "Settings" of what nobody set there.
    const chosen = {
      ...(baseUrl !== fallback.baseUrl ? { baseUrl } : {}),
      ...(authUrl !== fallback.authUrl ? { authUrl } : {}),
    }
    const urlsChosen = Object.keys(chosen).length > 0
    saveSettings(this.dataDir, { email, ...chosen })
    if (connection.inDemo || baseUrl !== connection.target.baseUrl) connection.leaveHost()
    connection.switchTo(
      { baseUrl, authUrl, source: urlsChosen ? 'settings' : fallback.source },
      candidate,
    )
    await connection.unlockCache()
    connection.renewed()
    return connection.sessionInfo()
  }

  async reauthenticate(password: string): Promise<SessionInfo> {
    const session = this.connection.session
    if (!session.privileged) {
      throw new UsageError(
        'This sign-in uses the API token only, so there is no password to enter. Sign out and ' +
          'sign in with your e-mail and password to see e-mails and addresses.',
      )
    }
    try {
      await session.signIn(password)
    } catch (error) {
      // Session never keeps a refused password; drop any older one too, so the next renewal
      // asks the person again instead of retrying credentials they just corrected.
      session.setPassword(undefined)
      throw error
    }
    this.connection.renewed()
    return this.connection.sessionInfo()
  }

  /**
   * Forgets the account: the offline copies' keys first (crypto-erase), then every cache file
   * of every host in the data directory, the keychain entries (the e-mail's and the
   * API-token-only one), what the platform keeps (the renderer's storage, the harness's
   * exports), the remembered e-mail. During the demo it only ends the demo: the person's own
   * account was not what they were looking at.
   */
  async signOut(): Promise<SessionInfo> {
    const connection = this.connection
    if (connection.inDemo) {
      connection.leaveHost()
      this.names.forget(DEMO_PROFILE)
      wipeCacheFiles(this.dataDir, DEMO_PROFILE)
      await connection.retarget(connection.persistentTarget())
      return connection.sessionInfo()
    }
    const profile = connection.profile()
    const target = connection.target
    connection.leaveHost()
    await eraseOfflineCopies(connection.keychain, this.dataDir, [profile])
    connection.forgetCacheKey()
    await connection.session.signOut()
    await connection.keychain.delete(keychainAccount(target, null))
    // Again: a request that came in during the awaits may have opened the cache (with a key).
    connection.leaveHost()
    await eraseOfflineCopies(connection.keychain, this.dataDir, [profile])
    connection.forgetCacheKey()
    await this.forgetLocalData()
    this.names.forget(profile)
    saveSettings(this.dataDir, { email: undefined })
    connection.switchTo(connection.target, connection.newSession(target, null))
    return connection.sessionInfo()
  }
}
