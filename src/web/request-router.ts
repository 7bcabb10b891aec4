import type { IncomingMessage, ServerResponse } from 'node:http'
import { describeError } from '../main/services/redact'
import type { EventStreams } from './event-stream'
import { BRIDGE_PATH, EVENTS_PATH, HARNESS_PATH_PREFIX, IPC_PATH_PREFIX } from './harness-protocol'
import { refuse, send, TEXT } from './http-replies'
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

/**
 * Who may ask what: loopback host names only, no cross-origin preflight, the page's token on
 * every harness endpoint but the bridge script itself, GET and HEAD for the renderer's files.
 */
async function route(routes: HarnessRoutes, req: IncomingMessage, res: ServerResponse) {
  const port = routes.port()
  // DNS rebinding: a page of evil.example resolving to 127.0.0.1 would be "same origin".
  const host = req.headers.host
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
    return refuse(res, 403, 'forbidden', 'The web harness answers 127.0.0.1 and localhost only.')
  }
  const { pathname } = new URL(req.url ?? '/', `http://127.0.0.1:${port}`)
  if (req.method === 'OPTIONS') {
    // A preflight means another origin: never granted.
    return refuse(res, 403, 'forbidden', 'Cross-origin requests are not allowed.')
  }
  if (pathname === BRIDGE_PATH && req.method === 'GET') {
    return send(res, 200, routes.bridgeJs, CONTENT_TYPES['.js'] as string)
  }
  if (pathname.startsWith(HARNESS_PATH_PREFIX)) {
    if (!routes.token.carriedBy(req)) {
      return refuse(
        res,
        403,
        'forbidden',
        'This request did not come from the PerkPack page this harness served.',
      )
    }
    if (pathname === EVENTS_PATH && req.method === 'GET') return routes.events.open(req, res)
    const channel = IPC_PATH.exec(pathname)?.[1]
    if (channel && req.method === 'POST') {
      return routes.callChannel(decodeURIComponent(channel), req, res)
    }
    return refuse(res, 404, 'not_found', 'No such harness endpoint.')
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
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
