import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { PageToken } from '../../src/web/page-token'
import { requestRouter } from '../../src/web/request-router'
import type { EventStreams } from '../../src/web/event-stream'

const servers: Array<ReturnType<typeof createServer>> = []
afterEach(() => servers.splice(0).forEach((server) => server.close()))

describe("the harness's log of a failed request", () => {
  it('redacts a token the error quotes, and the page gets a plain refusal', async () => {
    const logged: string[] = []
    let port = 0
    const server = createServer(
      requestRouter({
        port: () => port,
        token: new PageToken(),
        bridgeJs: '',
        events: {} as EventStreams,
        callChannel: () => Promise.resolve(),
        serveStatic: () =>
          Promise.reject(
            new Error('fetch https://api.example/v2/c?api_token=s3cr3t-value&page=2 failed'),
          ),
        log: (line) => logged.push(line),
      }),
    )
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
    const response = await fetch(`http://127.0.0.1:${port}/assets/app.js`)
    expect(response.status).toBe(500)
    expect(await response.text()).not.toContain('s3cr3t')
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('request failed')
    expect(logged[0]).toContain('api_token=[redacted]')
    expect(logged[0]).not.toContain('s3cr3t-value')
  })
})
