import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { TOKEN_HEADER } from './harness-protocol'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * What stands in for Electron's process boundary: a per-run secret that reaches the browser once,
 * in the URL the harness prints, and is then held in an HttpOnly cookie the page's scripts cannot
 * read. Every request carries it: the cookie (the page) or a header (tests, scripts).
 */
export class PageToken {
  readonly value = randomBytes(24).toString('hex')
  private readonly expected = digest(this.value)

  /**
   * Cookies are not told apart by port (RFC 6265 §8.5): one name per port, so two harnesses in one
   * browser do not overwrite each other's.
   */
  static cookieName(port: number): string {
    return `perkpack-harness-${port}`
  }

  /** Constant time: both sides hashed to one length first, so not even the length leaks. */
  matches(given: string | undefined): boolean {
    return given !== undefined && timingSafeEqual(digest(given), this.expected)
  }

  /** The `Set-Cookie` value `/?token=` answers with: for this origin's requests only. */
  cookie(port: number): string {
    return `${PageToken.cookieName(port)}=${this.value}; HttpOnly; SameSite=Strict; Path=/`
  }

  carriedBy(req: IncomingMessage, port: number): boolean {
    const header = req.headers[TOKEN_HEADER]
    if (typeof header === 'string') return this.matches(header)
    const name = PageToken.cookieName(port)
    // Every cookie of that name is tried: a stale one of an earlier run may come first.
    let found = false
    for (const pair of (req.headers.cookie ?? '').split(';')) {
      const at = pair.indexOf('=')
      if (at !== -1 && pair.slice(0, at).trim() === name) {
        found = this.matches(pair.slice(at + 1).trim()) || found
      }
    }
    return found
  }
}
