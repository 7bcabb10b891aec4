import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { TOKEN_HEADER } from './harness-protocol'

/**
 * What stands in for Electron's process boundary: a per-run secret written into the page we
 * serve, which another local page cannot read, required on every call and event stream.
 */
export class PageToken {
  readonly value = randomBytes(24).toString('hex')
  private readonly bytes = Buffer.from(this.value)

  carriedBy(req: IncomingMessage): boolean {
    const given = req.headers[TOKEN_HEADER]
    if (typeof given !== 'string') return false
    const buffer = Buffer.from(given)
    return buffer.length === this.bytes.length && timingSafeEqual(buffer, this.bytes)
  }
}
