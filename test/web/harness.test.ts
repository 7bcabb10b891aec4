import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../src/main/core/session/secrets'
import { ensureRendererBuilt, ROOT, startHarness } from '../../src/web/server'
import type { Harness } from '../../src/web/server'
import { startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'

let sim: Simulator
let harness: Harness
let token: string
/** The cookie the printed URL set, as a browser would send it back. */
let cookie: string
let dataDir: string

/** What a browser does with the printed URL: the redirect's cookie, ready for a Cookie header. */
async function cookieFrom(openUrl: string): Promise<string> {
  const response = await fetch(openUrl, { redirect: 'manual' })
  expect(response.status).toBe(303)
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string
}

beforeAll(async () => {
  // A fresh checkout has no build yet; `npm test` builds at its end, after the tests.
  ensureRendererBuilt()
  sim = await startSimulator({ contributions: 240 })
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-web-'))
  harness = await startHarness({
    env: {
      PERKPACK_BASE_URL: sim.baseUrl,
      PERKPACK_AUTH_URL: sim.authUrl,
      PERKPACK_DATA_DIR: dataDir,
    },
    log: () => undefined,
  })
  token = harness.token
  cookie = await cookieFrom(harness.openUrl)
}, 180_000)

afterAll(async () => {
  await harness?.close()
  await sim?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

const ipc = (channel: string, args: unknown[], headers: Record<string, string> = {}) =>
  fetch(`${harness.url}__harness/ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(args),
  })

/** A raw request, for what fetch will not send (another Host, an unnormalised path). */
function raw(
  options: http.RequestOptions,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: harness.port, ...options }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('web harness', () => {
  it('serves the built renderer with the bridge, and no token in the page', async () => {
    expect(harness.openUrl).toBe(`${harness.url}?token=${token}`)
    expect(token).toMatch(/^[0-9a-f]{48}$/)
    const response = await fetch(harness.url, { headers: { cookie } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    const html = await response.text()
    expect(html).not.toContain(token)
    const bridge = html.indexOf('<script src="/__harness/bridge.js"></script>')
    expect(bridge).toBeGreaterThan(-1)
    expect(bridge).toBeLessThan(html.indexOf('<script type="module"'))

    const script = await fetch(`${harness.url}__harness/bridge.js`, { headers: { cookie } })
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    const js = await script.text()
    expect(js).toContain('session:reauthenticate')
    expect(js).not.toContain(token)
    // The app's own assets are served too.
    const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect((await fetch(`${harness.url}${asset}`, { headers: { cookie } })).status).toBe(200)
    expect((await fetch(`${harness.url}${asset}`)).status).toBe(403)
  })

  it('answers the page without its cookie with a 403 that does not carry the token', async () => {
    const response = await fetch(harness.url)
    expect(response.status).toBe(403)
    const body = await response.text()
    expect(body).toContain('Open the URL the harness printed')
    expect(body).not.toContain(token)
  })

  it("answers the page's calls by its cookie, from its own origin", async () => {
    const call = (origin: string) =>
      fetch(`${harness.url}__harness/ipc/settings:appInfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: '[]',
      })
    expect(await (await call(harness.url.slice(0, -1))).json()).toMatchObject({
      ok: true,
      value: { harness: true },
    })
    expect((await call('http://evil.example')).status).toBe(403)
  })

  it('refuses calls without the token, from another origin, or for another host', async () => {
    const missing = await ipc('settings:appInfo', [])
    expect(missing.status).toBe(403)
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(
      (await ipc('settings:appInfo', [], { 'x-perkpack-harness': 'f'.repeat(48) })).status,
    ).toBe(403)
    expect((await fetch(`${harness.url}__harness/events`)).status).toBe(403)

    const preflight = await fetch(`${harness.url}__harness/ipc/settings:appInfo`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-perkpack-harness',
      },
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()

    const rebound = await raw({
      path: '/',
      headers: { host: `evil.example:${harness.port}` },
    })
    expect(rebound.status).toBe(403)
    expect(rebound.body).not.toContain(token)

    const traversal = await raw({ path: '/%2e%2e/%2e%2e/package.json' })
    expect(traversal.status).toBe(403)
    const traversalWithCookie = await raw({
      path: '/%2e%2e/%2e%2e/package.json',
      headers: { cookie },
    })
    expect(traversalWithCookie.status).toBe(404)
  })

  it('answers an envelope with the token', async () => {
    const response = await ipc('settings:appInfo', [], { 'x-perkpack-harness': token })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      ok: true,
      value: { name: 'PerkPack', harness: true, baseUrl: sim.baseUrl, source: 'environment' },
    })
    const invalid = await ipc('orders:open', [{ campaignId: 0 }], { 'x-perkpack-harness': token })
    expect(await invalid.json()).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } })
    const unknown = await ipc('nope:nope', [], { 'x-perkpack-harness': token })
    expect(unknown.status).toBe(404)
  })

  it('delivers sync:progress over Server-Sent Events', async () => {
    const auth = { 'x-perkpack-harness': token }
    const signIn = await ipc(
      'session:signIn',
      [
        {
          apiToken: sim.credentials.apiToken,
          email: sim.credentials.email,
          password: sim.credentials.password,
        },
      ],
      auth,
    )
    expect(await signIn.json()).toMatchObject({ ok: true, value: { signedIn: true } })

    const stream = await fetch(`${harness.url}__harness/events`, { headers: auth })
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
    const events: Array<{ event: string; data: unknown }> = []
    const reading = (async () => {
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.+)$/m.exec(block)?.[1]
          const data = /^data: (.+)$/m.exec(block)?.[1]
          if (event && data) events.push({ event, data: JSON.parse(data) })
          if (
            event === 'sync:progress' &&
            (JSON.parse(data!) as { phase: string }).phase === 'done'
          )
            return
        }
      }
    })()

    const campaignId = sim.campaignIds[0] as number
    const sync = await ipc('sync:run', [{ campaignId }], auth)
    expect(await sync.json()).toMatchObject({ ok: true, value: { campaignId, count: 240 } })
    await reading
    await reader.cancel()
    const progress = events.filter((e) => e.event === 'sync:progress')
    expect(progress[0]?.data).toMatchObject({ campaignId, phase: 'walking' })
    expect(progress.at(-1)?.data).toMatchObject({ campaignId, phase: 'done', records: 240 })
  })
})

describe('a harness started with no data folder named', () => {
  it('uses a temporary one, removed at close, memory for tokens, and a random port', async () => {
    const config = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-web-config-'))
    try {
      // XDG_CONFIG_HOME holds the app's own data folder on Linux: it must stay untouched.
      const own = await startHarness({
        env: {
          PERKPACK_BASE_URL: sim.baseUrl,
          PERKPACK_AUTH_URL: sim.authUrl,
          XDG_CONFIG_HOME: config,
        },
        log: () => undefined,
      })
      const { dataDir: temporary } = own
      try {
        expect(own.temporaryDataDir).toBe(true)
        expect(path.dirname(temporary)).toBe(os.tmpdir())
        expect(fs.existsSync(temporary)).toBe(true)
        expect(own.services.connection.keychain).toBeInstanceOf(MemorySecretStore)
        // Two harnesses in a row, neither on the old fixed port.
        expect([own.port, harness.port]).not.toContain(4020)
        expect(own.port).not.toBe(harness.port)
      } finally {
        await own.close()
      }
      expect(fs.existsSync(temporary)).toBe(false)
      expect(fs.readdirSync(config)).toEqual([])
    } finally {
      fs.rmSync(config, { recursive: true, force: true })
    }
  })
})

describe('npm run web', () => {
  it('prints the URL to open first, runs the demo in a temporary folder, exits cleanly on SIGTERM', async () => {
    const config = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-web-cli-'))
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: config }
    delete env.PERKPACK_DATA_DIR
    delete env.PERKPACK_SECRET_STORE
    // tsx directly: npm would not pass SIGTERM on (see docs/simulator.md).
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/web/harness.ts', '--demo'],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      let stdout = ''
      let stderr = ''
      child.stderr.setEncoding('utf8')
      child.stderr.on('data', (chunk: string) => (stderr += chunk))
      const firstLine = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8')
        child.stdout.on('data', (chunk: string) => {
          stdout += chunk
          const end = stdout.indexOf('\n')
          if (end !== -1) resolve(stdout.slice(0, end))
        })
        child.once('exit', (code) => reject(new Error(`harness exited early (${code})`)))
      })
      const printed =
        /^PerkPack web harness: ((http:\/\/127\.0\.0\.1:(\d+)\/)\?token=[0-9a-f]{48})$/.exec(
          firstLine,
        )
      expect(printed, firstLine).not.toBeNull()
      const [, openUrl, url, port] = printed as unknown as [string, string, string, string]
      expect(Number(port)).not.toBe(4020)
      const cliCookie = await cookieFrom(openUrl)
      const status = await fetch(`${url}__harness/ipc/session:status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cliCookie },
        body: '[]',
      })
      expect(await status.json()).toMatchObject({
        ok: true,
        value: { signedIn: true, demo: true, email: 'demo@perkpack.test' },
      })
      const named = /removed when the harness stops: (\S+)/
      await expect.poll(() => stderr).toMatch(named)
      const temporary = named.exec(stderr)?.[1] as string
      expect(fs.existsSync(temporary)).toBe(true)
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(fs.existsSync(temporary)).toBe(false)
      expect(fs.readdirSync(config)).toEqual([])
    } finally {
      // SIGTERM, not SIGKILL: tsx runs the harness in a child of its own, which SIGKILL would orphan.
      if (child.exitCode === null) child.kill('SIGTERM')
      fs.rmSync(config, { recursive: true, force: true })
    }
  }, 120_000)
})
