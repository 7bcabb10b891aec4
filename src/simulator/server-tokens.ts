import { randomBytes } from 'node:crypto'

export interface TokenGrant {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  refresh_token: string
  created_at: number
}

interface TokenRecord {
  accountId: number
  expiresAtMs: number
  uses: number
  revoked: boolean
}

export type TokenCheck =
  { ok: true; accountId: number } | { ok: false; reason: 'unknown' | 'expired' | 'used_up' }

/** 180 days, what the real token endpoint reports (see shared/api-notes.md). */
export const DEFAULT_TOKEN_TTL_SECONDS = 15_552_000

function newToken(prefix: string): string {
  // Random, not seeded: two simulators in one process must never accept each other's tokens.
  return `${prefix}${randomBytes(24).toString('base64url')}`
}

/** Access tokens issued by the password grant, with their expiry and use counters. */
export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>()
  /** Refresh token to account; each is good for one refresh (rotated, as OAuth servers do). */
  private readonly refreshTokens = new Map<string, number>()

  constructor(
    private readonly clock: () => number,
    private readonly ttlSeconds: number,
  ) {}

  grant(accountId: number): TokenGrant {
    const now = this.clock()
    const accessToken = newToken('sim_at_')
    this.tokens.set(accessToken, {
      accountId,
      expiresAtMs: now + this.ttlSeconds * 1000,
      uses: 0,
      revoked: false,
    })
    const refreshToken = newToken('sim_rt_')
    this.refreshTokens.set(refreshToken, accountId)
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.ttlSeconds,
      refresh_token: refreshToken,
      created_at: Math.floor(now / 1000),
    }
  }

  /** A new grant for a refresh token issued earlier and not yet used; null otherwise. */
  refresh(refreshToken: string): TokenGrant | null {
    const accountId = this.refreshTokens.get(refreshToken)
    if (accountId === undefined) return null
    this.refreshTokens.delete(refreshToken)
    return this.grant(accountId)
  }

  /**
   * Validate a token and count one authorized use. `maxUses` is the
   * tokenExpiresAfterRequests fault: the (maxUses + 1)th use fails and the token stays dead.
   */
  use(token: string, maxUses: number | null): TokenCheck {
    const record = this.tokens.get(token)
    if (!record) return { ok: false, reason: 'unknown' }
    if (record.revoked || this.clock() >= record.expiresAtMs)
      return { ok: false, reason: 'expired' }
    if (maxUses !== null && record.uses >= maxUses) {
      record.revoked = true
      return { ok: false, reason: 'used_up' }
    }
    record.uses++
    return { ok: true, accountId: record.accountId }
  }

  /**
   * Revoke every token issued so far, refresh tokens too (the platform ending every session:
   * only the password signs in again); returns how many access tokens were still alive.
   */
  expireAll(): number {
    let alive = 0
    for (const record of this.tokens.values()) {
      if (!record.revoked) alive++
      record.revoked = true
    }
    this.refreshTokens.clear()
    return alive
  }
}
