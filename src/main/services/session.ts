import { tokenResponseSchema } from '../../shared/api/schemas'
import { ApiError, InvalidCredentials, PerkPackError, SignInRequired } from './perkpack-errors'
import { DEFAULT_RETRY, fetchText } from './http'
import type { FetchLike } from './http'
import { registerSecret } from './redact'
import type { SecretStore } from './secrets'

/** What the keychain entry of one account holds. Never the password. */
export interface StoredCredentials {
  apiToken: string
  accessToken?: string
  /** Unix ms; absent when the server did not say how long the token lives. */
  accessTokenExpiresAt?: number
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
  /** Kept in this object's memory only, to renew an expired token without asking again. */
  password?: string
  /** Renew this long before the stated expiry, so a long sync does not start on a dying token. */
  expiryMarginMs?: number
  timeoutMs?: number
}

/** The pair of hosts stored credentials belong to: they are only ever sent to `baseUrl`. */
export interface CredentialTarget {
  baseUrl: string
  authUrl: string
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
      registerSecret(this.cached?.apiToken)
      registerSecret(this.cached?.accessToken)
    }
    return this.cached
  }

  private async save(next: StoredCredentials): Promise<void> {
    registerSecret(next.apiToken)
    registerSecret(next.accessToken)
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
    if (!this.password) {
      return Promise.reject(
        new SignInRequired('Your access token has expired. Enter your password to sign in again.'),
      )
    }
    this.renewal ??= this.grant(this.password).finally(() => {
      this.renewal = null
    })
    return this.renewal
  }

  /** Sign in with the password grant: stores the access token, keeps the password in memory only. */
  async signIn(password: string): Promise<SessionStatus> {
    if (!this.privileged)
      throw new PerkPackError('usage', 'An e-mail is needed to sign in with a password.')
    registerSecret(password)
    this.renewal = null
    await this.grant(password)
    // Only a password the server accepted is kept for silent renewals later.
    this.password = password
    return this.status()
  }

  private async grant(password: string): Promise<string> {
    const email = this.options.email ?? ''
    const url = `${this.options.authUrl.replace(/\/+$/, '')}/oauth/token`
    const endpoint = 'POST /oauth/token'
    const body = new URLSearchParams({
      grant_type: 'password',
      credential_type: 'email',
      email,
      password,
    })
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
    if (status === 400 || status === 401 || status === 403) throw new InvalidCredentials()
    if (status !== 200) {
      throw new ApiError(
        status >= 500 ? 'server' : 'bad_response',
        endpoint,
        `The sign-in service answered ${status}. Try again in a minute.`,
        status,
        { retryable: status >= 500 },
      )
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw new ApiError(
        'bad_response',
        endpoint,
        'The sign-in service answered with something that is not JSON.',
        status,
        {
          cause: error,
        },
      )
    }
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
    await this.save({
      apiToken: current.apiToken,
      accessToken: token.access_token,
      ...(token.expires_in !== undefined
        ? { accessTokenExpiresAt: issuedAtMs + token.expires_in * 1000 }
        : {}),
    })
    return token.access_token
  }

  /** Forget every secret of this account: keychain entry and in-memory password. */
  async signOut(): Promise<void> {
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
    }
  } catch {
    return null
  }
}
