import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRIDGE_EVENTS, BRIDGE_METHODS } from '../../src/shared/ipc'
import { startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'
import { ensureRendererBuilt, startHarness } from '../../src/web/server'
import type { Harness } from '../../src/web/server'

/** Debian's Chromium (see README); without it this transport check is skipped. */
const CHROMIUM = process.env.PERKPACK_CHROMIUM ?? '/usr/bin/chromium'
const available = fs.existsSync(CHROMIUM)

let sim: Simulator
let harness: Harness
let browser: Browser
let dataDir: string

beforeAll(async () => {
  if (!available) return
  ensureRendererBuilt()
  sim = await startSimulator({ contributions: 200 })
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-bridge-'))
  harness = await startHarness({
    env: {
      PERKPACK_BASE_URL: sim.baseUrl,
      PERKPACK_AUTH_URL: sim.authUrl,
      PERKPACK_DATA_DIR: dataDir,
    },
    log: () => undefined,
  })
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await harness?.close()
  await sim?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe.skipIf(!available)('window.perkpack in Chromium, over the harness', () => {
  it('is the same bridge as the preload, with events in order before each answer', async () => {
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    // The printed URL: its token becomes the page's cookie, and the address bar loses it.
    await page.goto(harness.openUrl)
    expect(page.url()).toBe(harness.url)
    await page.waitForFunction(() => 'perkpack' in globalThis)

    const result = await page.evaluate(
      async ({ credentials, campaignId }) => {
        // The node tsconfig has no DOM types; this runs in the page.
        type Call = (...args: unknown[]) => Promise<unknown>
        const win = globalThis as unknown as {
          perkpack: Record<string, Call>
          open: (url: string) => unknown
        }
        const perkpack = win.perkpack
        const opened: string[] = []
        win.open = (url: string) => {
          opened.push(url)
          return null
        }
        const info = await perkpack.appInfo!()
        await perkpack.signIn!(credentials)
        const phases: string[] = []
        const stop = (await perkpack.onSyncProgress!((p: { phase: string }) =>
          phases.push(p.phase),
        )) as () => void
        const sync = await perkpack.syncCampaign!({ campaignId })
        const seenAtAnswer = [...phases]
        stop()
        const refused = await perkpack.openExternal!({ url: 'https://evil.example/' })
        const allowed = await perkpack.openExternal!({ url: 'https://www.indiegogo.com/x' })
        return {
          frozen: Object.isFrozen(perkpack),
          methods: Object.keys(perkpack).length,
          info,
          sync,
          seenAtAnswer,
          refused,
          allowed,
          opened,
        }
      },
      { credentials: sim.credentials, campaignId: sim.campaignIds[0] as number },
    )
    expect(result.frozen).toBe(true)
    // One method per channel and one listener per event, nothing else.
    expect(result.methods).toBe(
      Object.keys(BRIDGE_METHODS).length + Object.keys(BRIDGE_EVENTS).length,
    )
    expect(result.info).toMatchObject({ ok: true, value: { harness: true } })
    expect(result.sync).toMatchObject({ ok: true, value: { count: 200 } })
    // As over Electron's one channel: the events sent before the answer are in before it.
    expect(result.seenAtAnswer[0]).toBe('walking')
    expect(result.seenAtAnswer.at(-1)).toBe('done')
    expect(result.refused).toMatchObject({ ok: false, error: { code: 'link_not_allowed' } })
    expect(result.allowed).toEqual({ ok: true, value: true })
    expect(result.opened).toEqual(['https://www.indiegogo.com/x'])
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)
})
