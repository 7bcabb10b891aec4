/**
 * The web harness's request router on a free port of 127.0.0.1, with stand-ins that answer 200
 * and say which route ran unless a test passes its own; closed after each test.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'
import type { EventStreams } from '../../src/web/event-stream'
import { PageToken } from '../../src/web/page-token'
import { requestRouter } from '../../src/web/request-router'
import type { HarnessRoutes } from '../../src/web/request-router'

const servers: Array<ReturnType<typeof createServer>> = []
afterEach(() => servers.splice(0).forEach((server) => server.close()))

export async function startRouter(overrides: Partial<HarnessRoutes> = {}) {
  const token = new PageToken()
  let port = 0
  const server = createServer(
    requestRouter({
      port: () => port,
      token,
      bridgeJs: '/* bridge */',
      events: {
        open: (_req, res) => void res.writeHead(200).end('events'),
      } as EventStreams,
      callChannel: (channel, _req, res) => Promise.resolve(void res.writeHead(200).end(channel)),
      serveStatic: (pathname, res) => Promise.resolve(void res.writeHead(200).end(pathname)),
      log: () => undefined,
      ...overrides,
    }),
  )
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`
  const cookie = `perkpack-harness-${port}=${token.value}`
  return { token, port, origin, cookie }
}
