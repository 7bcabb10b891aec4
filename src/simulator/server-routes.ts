import type { IncomingMessage } from 'node:http'
import type { SimApi } from './server-handlers'
import type { Reply } from './server-respond'
import type { Endpoint } from './server-stats'

export interface Route {
  endpoint: Endpoint
  pattern: RegExp
  method: 'GET' | 'POST'
  handle: (api: SimApi, id: string, url: URL, req: IncomingMessage) => Reply | Promise<Reply>
}

type Handle = Route['handle']

const ROUTES: readonly Route[] = [
  route('contributions', 'GET', /^\/2\/campaigns\/([^/]+)\/contributions\.json$/, (api, id, url) =>
    api.campaignContributions(id, url.searchParams),
  ),
  route(
    'accountContributions',
    'GET',
    /^\/2\/accounts\/([^/]+)\/contributions\.json$/,
    (api, id, url) => api.accountContributions(id, url.searchParams),
  ),
  route(
    'batchStatus',
    'GET',
    /^\/2\/campaigns\/([^/]+)\/orders\/batch_status\.json$/,
    (api, id, url) => api.batchStatus(id, url.searchParams),
  ),
  route('signups', 'GET', /^\/2\/pre_launch_pages\/([^/]+)\/signups\.json$/, (api, id, url) =>
    api.signups(id, url.searchParams),
  ),
  route('token', 'POST', /^\/oauth\/token$/, (api, _id, _url, req) => api.token(req)),
]

function route(
  endpoint: Endpoint,
  method: Route['method'],
  pattern: RegExp,
  handle: Handle,
): Route {
  return { endpoint, method, pattern, handle }
}

export function matchRoute(pathname: string): { route: Route; id: string } | undefined {
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname)
    if (match) return { route, id: match[1] ?? '' }
  }
  return undefined
}
