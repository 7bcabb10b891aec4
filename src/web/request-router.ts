import type { IncomingMessage, ServerResponse } from 'node:http'
import { describeError } from '../main/core/system/redact'
import type { EventStreams } from './event-stream'
import {
  BRIDGE_PATH,
  EVENTS_PATH,
  HARNESS_PATH_PREFIX,
  IPC_PATH_PREFIX,
  TOKEN_QUERY,
} from './harness-protocol'
import { BASE_HEADERS, refuse, send, TEXT } from './http-replies'
import type { PageToken } from './page-token'
import { CONTENT_TYPES } from './static-files'

export interface HarnessRoutes {
  /** The port the server listens on, known once it listens. */
  port: () => number
  token: PageToken
  bridgeJs: string
  events: EventStreams
  callChannel: (channel: string, req: IncomingMessage, res: ServerResponse) => Promise<void>
  serveStatic: (pathname: string, res: ServerResponse) => Promise<void>
  log: (line: string) => void
}

const IPC_PATH = new RegExp(`^${IPC_PATH_PREFIX}([^/]+)$`)

const OPEN_PRINTED_URL =
  '<!doctype html><meta charset="utf-8"><title>PerkPack web harness</title>' +
  '<p>This browser has not opened the PerkPack web harness yet. Open the URL the harness ' +
  'printed when it started (<code>http://127.0.0.1:PORT/?token=…</code>), or start it again with ' +
  '<code>npm run web</code>.</p>\n'

/** A person's browser without the cookie gets a page to read; a program gets an envelope. */
function refuseWithoutToken(pathname: string, res: ServerResponse): void {
  if (pathname.startsWith(HARNESS_PATH_PREFIX)) {
    return refuse(
      res,
      403,
      'forbidden',
      'This request did not come from the PerkPack page this harness served: open the URL it printed.',
    )
  }
  send(res, 403, OPEN_PRINTED_URL, CONTENT_TYPES['.html'] as string, {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  })
}

/**
 * `GET /?token=` from the printed URL: the token becomes an HttpOnly cookie and the address bar
 * loses it (303 to `/`), so it is not left in the history or shown on screen.
 */
function tradeTokenForCookie(routes: HarnessRoutes, given: string, res: ServerResponse): void {
  if (!routes.token.matches(given)) return refuseWithoutToken('/', res)
  res.writeHead(303, {
    ...BASE_HEADERS,
    location: '/',
    'set-cookie': routes.token.cookie(routes.port()),
    'cache-control': 'no-store',
    'content-length': 0,
  })
  res.end()
}

/**
 * Who may ask what: loopback host names only, no cross-origin preflight, no request that changes
 * state (nor the event stream) from another origin, the run's token (cookie or header) on every
 * request, GET and HEAD for the renderer's files.
 */
async function route(routes: HarnessRoutes, req: IncomingMessage, res: ServerResponse) {
  const port = routes.port()
  // DNS rebinding: a page of evil.example resolving to 127.0.0.1 would be "same origin".
  const host = req.headers.host
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
    return refuse(res, 403, 'forbidden', 'The web harness answers 127.0.0.1 and localhost only.')
  }
  const ownOrigin = `http://${host}`
  const url = new URL(req.url ?? '/', ownOrigin)
  const { pathname } = url
  if (req.method === 'OPTIONS') {
    // A preflight means another origin: never granted.
    return refuse(res, 403, 'forbidden', 'Cross-origin requests are not allowed.')
  }
  const readOnly = req.method === 'GET' || req.method === 'HEAD'
  const origin = req.headers.origin
  // Browsers send Origin on every POST and on cross-origin reads; a program may send none.
  if ((!readOnly || pathname === EVENTS_PATH) && origin !== undefined && origin !== ownOrigin) {
    return refuse(res, 403, 'forbidden', 'Requests from another origin are not allowed.')
  }
  const given = url.searchParams.get(TOKEN_QUERY)
  if (pathname === '/' && given !== null && readOnly) {
    return tradeTokenForCookie(routes, given, res)
  }
  if (!routes.token.carriedBy(req, port)) return refuseWithoutToken(pathname, res)
  if (pathname === BRIDGE_PATH && req.method === 'GET') {
    return send(res, 200, routes.bridgeJs, CONTENT_TYPES['.js'] as string)
  }
  if (pathname.startsWith(HARNESS_PATH_PREFIX)) {
    if (pathname === EVENTS_PATH && req.method === 'GET') return routes.events.open(req, res)
    const channel = IPC_PATH.exec(pathname)?.[1]
    if (channel && req.method === 'POST') {
      return routes.callChannel(decodeURIComponent(channel), req, res)
    }
    return refuse(res, 404, 'not_found', 'No such harness endpoint.')
  }
  if (!readOnly) {
    return send(res, 405, 'Method not allowed', TEXT, { allow: 'GET, HEAD' })
  }
  return routes.serveStatic(pathname, res)
}

export function requestRouter(routes: HarnessRoutes) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    route(routes, req, res).catch((error: unknown) => {
      // A failing request's message may quote a URL with a token in it.
      routes.log(`request failed: ${describeError(error)}`)
      if (!res.headersSent) refuse(res, 500, 'internal', 'The web harness failed on this request.')
      else res.destroy()
    })
  }
}
