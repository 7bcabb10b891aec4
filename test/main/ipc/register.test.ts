import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { formatAddress } from '../../../src/main/orders/order-address'
import { RENDERER_CSP } from '../../../src/main/shell/renderer-csp'
import { isAllowedExternalUrl } from '../../../src/main/shell/external-links'
import { NetworkMonitor } from '../../../src/main/network/network-monitor'
import { restoreBounds } from '../../../src/main/shell/window-state'
import { injectHarness } from '../../../src/web/server'
import { cleanupApps, makeApp } from '../../helpers/app'

const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>()
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) =>
      handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}))

afterAll(cleanupApps)

describe('registerHandlers (Electron glue, with ipcMain faked)', () => {
  it('answers only the top frame of our own page, and validates what it sends', async () => {
    const { registerHandlers } = await import('../../../src/main/ipc/register')
    const app = await makeApp()
    const appUrl = 'file:///opt/PerkPack/resources/app/out/renderer/index.html'
    const unregister = registerHandlers(app.table, (url) => url === appUrl)

    const mainFrame = { url: appUrl }
    const event = (frame: { url: string } | null, top = mainFrame) => ({
      senderFrame: frame,
      sender: { mainFrame: top },
    })
    const invoke = (e: unknown, channel: string, ...args: unknown[]) =>
      handlers.get(channel)!(e, ...args)

    expect(await invoke(event(mainFrame), 'settings:get')).toMatchObject({ ok: true })
    const iframe = { url: appUrl }
    expect(await invoke(event(iframe), 'settings:get')).toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    })
    const elsewhere = { url: 'https://evil.example/' }
    expect(await invoke(event(elsewhere, elsewhere), 'settings:get')).toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    })
    expect(await invoke(event(null), 'settings:get')).toMatchObject({ ok: false })
    expect(await invoke(event(mainFrame), 'orders:open', { campaignId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    })
    unregister()
    expect(handlers.size).toBe(0)
  })
})

describe('external links', () => {
  it('allows https links to the platform and its subdomains only', () => {
    expect(isAllowedExternalUrl('https://www.indiegogo.com/projects/tidepool')).toBe(true)
    expect(isAllowedExternalUrl('https://indiegogo.com/')).toBe(true)
    expect(isAllowedExternalUrl('https://igg.me/at/tidepool')).toBe(true)
    expect(isAllowedExternalUrl('http://www.indiegogo.com/')).toBe(false)
    expect(isAllowedExternalUrl('https://notindiegogo.com/')).toBe(false)
    expect(isAllowedExternalUrl('https://indiegogo.com.evil.example/')).toBe(false)
    expect(isAllowedExternalUrl('https://indiegogo.com:8443/')).toBe(false)
    expect(isAllowedExternalUrl('https://a@indiegogo.com/')).toBe(false)
    expect(isAllowedExternalUrl('not a url')).toBe(false)
  })
})

describe('window state', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }]
  it('restores saved bounds that are still on a display', () => {
    const state = { bounds: { x: 100, y: 80, width: 1400, height: 900 }, maximized: false }
    expect(restoreBounds(state, screen)).toEqual(state.bounds)
  })
  it('falls back to the default position when the display is gone', () => {
    const state = { bounds: { x: 2500, y: 100, width: 1200, height: 800 }, maximized: false }
    expect(restoreBounds(state, screen)).toEqual({ width: 1200, height: 800 })
    expect(restoreBounds(null, screen)).toEqual({ width: 1280, height: 820 })
  })
  it('never restores a window smaller than the minimum', () => {
    const state = { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false }
    expect(restoreBounds(state, screen)).toEqual({ x: 10, y: 10, width: 900, height: 600 })
  })
})

describe('content security policy', () => {
  it('sends as a header the same policy as the renderer page, plus frame-ancestors', () => {
    const html = fs.readFileSync(
      path.resolve(__dirname, '../../../src/renderer/index.html'),
      'utf8',
    )
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toBeDefined()
    const directives = (csp: string) =>
      new Set(
        csp
          .split(';')
          .map((d) => d.trim().replace(/\s+/g, ' '))
          .filter(Boolean),
      )
    const header = directives(RENDERER_CSP)
    header.delete("frame-ancestors 'none'")
    const page = directives(meta as string)
    page.delete("frame-ancestors 'none'")
    expect(header).toEqual(page)
  })
})

describe('addresses', () => {
  it("names the destination country in the sender's language", () => {
    const shipping = {
      name: 'Jürgen Müller',
      address: 'Schönhauser Allee 12',
      city: 'Berlin',
      state: 'Berlin',
      zipcode: '10435',
      country: 'DE',
      phone_number: '',
    }
    expect(formatAddress(shipping, 'fr')).toEqual([
      'Jürgen Müller',
      'Schönhauser Allee 12',
      '10435 Berlin',
      'ALLEMAGNE',
    ])
    expect(formatAddress(shipping, 'en').at(-1)).toBe('GERMANY')
    expect(formatAddress({ ...shipping, country: 'JP' }, 'de').at(-1)).toBe('JAPAN')
    // A code no runtime knows is printed as sent rather than dropped.
    expect(formatAddress({ ...shipping, country: 'XX' }, 'en').at(-1)).toBe('XX')
    expect(formatAddress(null, 'en')).toEqual([])
  })
})

describe('network monitor', () => {
  it('goes offline when a request gets no answer, not when the caller cancels it', async () => {
    const changes: boolean[] = []
    const monitor = new NetworkMonitor((status) => changes.push(status.online))
    const failing = monitor.wrap(() => Promise.reject(new TypeError('fetch failed')))
    const cancelled = new AbortController()
    cancelled.abort()
    await expect(failing('http://x', { signal: cancelled.signal })).rejects.toThrow()
    expect(changes).toEqual([])
    await expect(failing('http://x')).rejects.toThrow()
    await expect(failing('http://x')).rejects.toThrow()
    expect(changes).toEqual([false])
    await monitor.wrap(() => Promise.resolve(new Response('', { status: 503 })))('http://x')
    expect(changes).toEqual([false, true])
  })
})

describe('web harness page', () => {
  it('puts the token and the bridge before the app script', () => {
    const html =
      '<head><meta charset="UTF-8" />\n<script type="module" crossorigin src="./assets/a.js"></script></head>'
    const out = injectHarness(html, 'abc123')
    const meta = out.indexOf('<meta name="perkpack-harness" content="abc123" />')
    const bridge = out.indexOf('<script src="/__harness/bridge.js"></script>')
    const app = out.indexOf('<script type="module"')
    expect(meta).toBeGreaterThan(-1)
    expect(meta).toBeLessThan(bridge)
    expect(bridge).toBeLessThan(app)
  })
})

describe('lint rule', () => {
  it('keeps raw IPC and Electron out of the plain-TypeScript folders', async () => {
    const eslint = new ESLint({ cwd: path.resolve(__dirname, '../../..') })
    const lint = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath })
      return (result?.messages ?? []).map((m) => m.ruleId)
    }
    const rawIpc = "import { ipcMain } from 'electron'\nexport const x = ipcMain\n"
    expect(await lint('src/main/index.ts', rawIpc)).toContain('no-restricted-imports')
    expect(await lint('src/renderer/src/x.ts', rawIpc)).toContain('no-restricted-imports')
    expect(await lint('src/main/ipc/register.ts', rawIpc)).not.toContain('no-restricted-imports')
    const anyElectron = "import { app } from 'electron'\nexport const x = app\n"
    expect(await lint('src/main/index.ts', anyElectron)).toEqual([])
    for (const file of [
      'src/main/services/x.ts',
      'src/main/orders/x.ts',
      'src/shared/x.ts',
      'src/web/x.ts',
    ]) {
      expect(await lint(file, anyElectron)).toContain('no-restricted-imports')
    }
    const dynamic = "export const load = () => import('electron')\n"
    expect(await lint('src/main/orders/x.ts', dynamic)).toContain('no-restricted-syntax')
    const member = "import electron from 'electron'\nexport const x = electron.ipcRenderer\n"
    expect(await lint('src/renderer/src/x.ts', member)).toContain('no-restricted-syntax')
  }, 60_000)
})
