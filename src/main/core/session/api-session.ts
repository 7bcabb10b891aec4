import { tokenResponseSchema } from '../../../shared/api/schemas'
import {
  ApiError,
  InvalidCredentials,
  PerkPackError,
  SignInRequired,
} from '../system/perkpack-errors'
import { DEFAULT_RETRY, fetchText, parseJsonBody } from '../api/http'
import type { FetchLike } from '../api/http'
import { forgetSecret, registerSecret } from '../system/redact'
import type { SecretStore } from './secrets'
import { keychainAccount } from './profile'
import type { CredentialTarget } from './profile'

/** What the keychain entry of one account holds. Never the password. */
export interface StoredCredentials {
  apiToken: string
  accessToken?: string
  /** Unix ms; absent when the server did not say how long the token lives. */
  accessTokenExpiresAt?: number
  /** Issued with the access token when the server issues one: renews it without the password. */
  refreshToken?: string
}

export interface SessionStatus {
  signedIn: boolean
  email: string | null
  privileged: boolean
  expiresAt: string | null
}

export interface SessionOptions {
  fetch: FetchLike
  store: SecretStore
  /**
   * The API host these credentials are for. With `authUrl` it is the target the keychain entry
   * is bound to: a client for any other host gets no token from this session (ApiClient checks).
   */
  baseUrl: string
  authUrl: string
  /** null: API token only, unprivileged (no e-mails, no addresses). */
  email: string | null
  userAgent: string
  now?: () => number
  /**
   * The command line's password for this run (PERKPACK_PASSWORD or a prompt), to renew an
   * expired token the server issued no refresh token for. The app never passes one: it renews
   * with the refresh token, else asks the person.
   */
  password?: string
  /** Renew this long before the stated expiry, so a long sync does not start on a dying token. */
  expiryMarginMs?: number
  timeoutMs?: number
}

const bare = (url: string) => url.replace(/\/+$/, '')

/**
 * The token service: API token and access token for one account. Concurrent 401s share one
 * password grant; without a password in this process an expired token is a SignInRequired.
 */
export class Session {
  private password: string | undefined
  private cached: StoredCredentials | null | undefined
  private renewal: Promise<string> | null = null
  private grants = 0
  readonly account: string

  constructor(private readonly options: SessionOptions) {
    this.password = options.password
    registerSecret(options.password)
    this.account = keychainAccount(options, options.email)
  }

  /** The hosts this session's credentials are for. */
  get target(): CredentialTarget {
    return { baseUrl: bare(this.options.baseUrl), authUrl: bare(this.options.authUrl) }
  }

  get email(): string | null {
    return this.options.email
  }

  get privileged(): boolean {
    return this.options.email !== null
  }

  /** Password grants made by this object (tests prove one grant per burst of 401s). */
  get grantCount(): number {
    return this.grants
  }

  private now(): number {
    return (this.options.now ?? Date.now)()
  }

  setPassword(password: string | undefined): void {
    this.password = password
    registerSecret(password)
  }

  async credentials(): Promise<StoredCredentials | null> {
    if (this.cached === undefined) {
      const raw = await this.options.store.get(this.account)
      this.cached = raw ? parseStored(raw) : null
      registerStored(this.cached)
    }
    return this.cached
  }

  private async save(next: StoredCredentials): Promise<void> {
    registerStored(next)
    await this.options.store.set(this.account, JSON.stringify(next))
    this.cached = next
  }

  async setApiToken(apiToken: string): Promise<void> {
    const token = apiToken.trim()
    if (!token)
      throw new PerkPackError(
        'usage',
        'The API token is empty. Paste the token the platform issued to you.',
      )
    const current = await this.credentials()
    await this.save({ ...(current ?? {}), apiToken: token })
  }

  async apiToken(): Promise<string> {
    const stored = await this.credentials()
    if (!stored?.apiToken) {
      throw new SignInRequired(
        'No API token is stored for this account. Sign in with your API token first.',
      )
    }
    return stored.apiToken
  }

  async status(): Promise<SessionStatus> {
    const stored = await this.credentials()
    const expiresAt = stored?.accessTokenExpiresAt
    return {
      signedIn: Boolean(stored?.apiToken) && (!this.privileged || Boolean(stored?.accessToken)),
      email: this.options.email,
      privileged: this.privileged,
      expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
    }
  }

  /** A valid access token (renewed when expired and a password is at hand); null when unprivileged. */
  async accessToken(): Promise<string | null> {
    if (!this.privileged) return null
    const stored = await this.credentials()
    const margin = this.options.expiryMarginMs ?? 60_000
    const expired =
      stored?.accessTokenExpiresAt !== undefined &&
      stored.accessTokenExpiresAt - margin <= this.now()
    if (stored?.accessToken && !expired) return stored.accessToken
    return this.renew()
  }

  /** After a 401 for `rejected`: one shared renewal, unless another caller already renewed. */
  async renewAfter401(rejected: string): Promise<string> {
    const stored = await this.credentials()
    if (stored?.accessToken && stored.accessToken !== rejected) return stored.accessToken
    return this.renew()
  }

  private renew(): Promise<string> {
    this.renewal ??= this.renewNow().finally(() => {
      this.renewal = null
    })
    return this.renewal
  }

  /** The refresh grant when a refresh token is stored, else the run's password, else ask. */
  private async renewNow(): Promise<string> {
    const refreshToken = (await this.credentials())?.refreshToken
    if (refreshToken) {
      const renewed = await this.grant({ grant_type: 'refresh_token', refresh_token: refreshToken })
      if (renewed !== null) return renewed
    }
    if (this.password) {
      const renewed = await this.grant(this.passwordGrant(this.password))
      if (renewed !== null) return renewed
      throw new InvalidCredentials()
    }
    throw new SignInRequired('Your access token has expired. Enter your password to sign in again.')
  }

  /**
   * Sign in with the password grant: stores the access token (and the refresh token when the
   * server issues one). The password is not kept (RFC 6749 section 4.3.2), not even to redact
   * it: nothing holds it after this returns.
   */
  async signIn(password: string): Promise<SessionStatus> {
    if (!this.privileged)
      throw new PerkPackError('usage', 'An e-mail is needed to sign in with a password.')
    registerSecret(password)
    this.renewal = null
    try {
      if ((await this.grant(this.passwordGrant(password))) === null) throw new InvalidCredentials()
    } finally {
      if (password !== this.password) forgetSecret(password)
    }
    return this.status()
  }

  private passwordGrant(password: string): Record<string, string> {
    return {
      grant_type: 'password',
      credential_type: 'email',
      email: this.options.email ?? '',
      password,
    }
  }

  /**
   * One token request. Null when the server refuses the grant (400, 401, 403): a refused
   * refresh token is dropped, so the next renewal does not offer it again.
   */
  private async grant(fields: Record<string, string>): Promise<string | null> {
    const url = `${this.options.authUrl.replace(/\/+$/, '')}/oauth/token`
    const endpoint = 'POST /oauth/token'
    const body = new URLSearchParams(fields)
    const refreshing = fields.grant_type === 'refresh_token'
    this.grants++
    const { status, text } = await fetchText(
      this.options.fetch,
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'user-agent': this.options.userAgent,
        },
        body: body.toString(),
      },
      endpoint,
      this.options.timeoutMs ?? DEFAULT_RETRY.attemptTimeoutMs,
    )
    if (status === 400 || status === 401 || status === 403) {
      if (refreshing) await this.dropRefreshToken()
      return null
    }
    if (status !== 200) {
      throw new ApiError(
        status >= 500 ? 'server' : 'bad_response',
        endpoint,
        `The sign-in service answered ${status}. Try again in a minute.`,
        status,
        { retryable: status >= 500 },
      )
    }
    const json = parseJsonBody(
      text,
      endpoint,
      'The sign-in service answered with something that is not JSON.',
    )
    const parsed = tokenResponseSchema.safeParse(json)
    if (!parsed.success) {
      throw new ApiError(
        'bad_response',
        endpoint,
        'The sign-in service answered without an access token.',
        status,
      )
    }
    const token = parsed.data
    registerSecret(token.access_token)
    const issuedAtMs = token.created_at !== undefined ? token.created_at * 1000 : this.now()
    const current = await this.credentials()
    if (!current?.apiToken) {
      throw new SignInRequired(
        'No API token is stored for this account. Sign in with your API token first.',
      )
    }
    // A refresh grant answered without a new refresh token leaves the old one good (RFC 6749
    // section 6); a password grant without one means there is none.
    const refreshToken = token.refresh_token ?? (refreshing ? current.refreshToken : undefined)
    await this.save({
      apiToken: current.apiToken,
      accessToken: token.access_token,
      ...(token.expires_in !== undefined
        ? { accessTokenExpiresAt: issuedAtMs + token.expires_in * 1000 }
        : {}),
      ...(refreshToken ? { refreshToken } : {}),
    })
    return token.access_token
  }

  private async dropRefreshToken(): Promise<void> {
    const current = await this.credentials()
    if (!current?.refreshToken) return
    const { refreshToken, ...rest } = current
    forgetSecret(refreshToken)
    await this.save(rest)
  }

  /**
   * Signs this account in with what the person typed, tried on the side: a refused API token
   * or password leaves the stored entry exactly as it was (the app and `perkpack login` alike).
   * `password` null: API token only.
   */
  async signInWith(apiToken: string, password: string | null): Promise<void> {
    const before = await this.credentials()
    try {
      await this.setApiToken(apiToken)
      if (password !== null) await this.signIn(password)
    } catch (error) {
      if (before) await this.options.store.set(this.account, JSON.stringify(before))
      else await this.options.store.delete(this.account)
      this.cached = undefined
      throw error
    }
  }

  /** Forget every secret of this account: keychain entries, the redaction's copies, the password. */
  async signOut(): Promise<void> {
    const stored = await this.credentials().catch(() => null)
    for (const secret of [
      stored?.apiToken,
      stored?.accessToken,
      stored?.refreshToken,
      this.password,
    ])
      forgetSecret(secret)
    this.password = undefined
    this.renewal = null
    this.cached = null
    await this.options.store.delete(this.account)
    // The entry as named before credentials were bound to their API host (auth URL and
    // e-mail only): signing out forgets it too, so no token outlives the account it was for.
    await this.options.store.delete(legacyKeychainAccount(this.options.authUrl, this.options.email))
  }
}

function legacyKeychainAccount(authUrl: string, email: string | null): string {
  return `${bare(authUrl)} ${email ? email.trim().toLowerCase() : '(api token only)'}`
}

function parseStored(raw: string): StoredCredentials | null {
  try {
    const value = JSON.parse(raw) as Partial<StoredCredentials>
    if (typeof value.apiToken !== 'string') return null
    return {
      apiToken: value.apiToken,
      ...(typeof value.accessToken === 'string' ? { accessToken: value.accessToken } : {}),
      ...(typeof value.accessTokenExpiresAt === 'number'
        ? { accessTokenExpiresAt: value.accessTokenExpiresAt }
        : {}),
      ...(typeof value.refreshToken === 'string' ? { refreshToken: value.refreshToken } : {}),
    }
  } catch {
    return null
  }
}

function registerStored(stored: StoredCredentials | null): void {
  registerSecret(stored?.apiToken)
  registerSecret(stored?.accessToken)
  registerSecret(stored?.refreshToken)
}
