import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An API host that must never see a token: it answers 401 to everything and records every
 * request's URL and headers, so a test can assert that stored credentials stayed at home.
 */
export interface TokenSpy {
  baseUrl: string
  /** Every request, as the raw request line's URL plus the headers. */
  requests: string[]
  /** The requests that carried a token or secret in any form. */
  leaks(secrets: readonly string[]): string[]
  close(): Promise<void>
}

export async function startTokenSpy(): Promise<TokenSpy> {
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      requests.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${body}`)
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end('{"error":"unauthorized"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    leaks: (secrets) =>
      requests.filter(
        (r) =>
          /api_token|access_token|refresh_token/i.test(r) || secrets.some((s) => r.includes(s)),
      ),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
