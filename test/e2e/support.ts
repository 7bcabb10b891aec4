/**
 * Plumbing for the browser end-to-end tests: Debian's Chromium driven by playwright-core, the
 * web harness and the simulator in this process, screenshots under test-results/e2e.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest'
import type { RetryPolicy } from '../../src/main/core/api/http'
import type { SecretStore } from '../../src/main/core/session/secrets'
import { startSimulator } from '../../src/simulator'
import type { Simulator, SimulatorOptions } from '../../src/simulator'
import { ensureRendererBuilt, startHarness } from '../../src/web/server'
import type { Harness } from '../../src/web/server'
import { launchChromium } from '../helpers/print-chromium'
import { failureScreenshot, SCREENSHOTS } from './screenshots'

export {
  pdfPicture,
  schemeScreenshots,
  screenshot,
  SCREENSHOTS,
  themedScreenshots,
} from './screenshots'

/**
 * Retries and job polling in tens of milliseconds rather than seconds: the behaviour the person
 * sees is the same, the suite is faster (a sync against a stopped simulator fails in well under
 * a second instead of after half a minute of backoff).
 */
const FAST_RETRY: Partial<RetryPolicy> = {
  attempts: 3,
  baseDelayMs: 20,
  maxDelayMs: 100,
  maxRetryAfterMs: 100,
  attemptTimeoutMs: 10_000,
}
const FAST_JOB_POLLING = { minIntervalMs: 100, maxIntervalMs: 400 }

/**
 * The run's Chromium (test/e2e/shared-chromium.ts, the project's global setup), connected to:
 * closing it closes this file's contexts and leaves the browser to the next file. Outside that
 * setup, a Chromium of the file's own.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint')
  if (endpoint) return chromium.connect(endpoint)
  ensureRendererBuilt()
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  return launchChromium()
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-e2e-'))
}

export interface HarnessSetup {
  dataDir: string
  /** Same port as a harness closed before: the page's origin (and its localStorage) is kept. */
  port?: number
  /** A store shared by two harnesses stands in for the OS keychain across an app restart. */
  secretStore?: SecretStore
}

/** The harness pointed at `sim`, with its log kept for failure messages rather than stderr. */
export async function startAppHarness(
  sim: Simulator,
  setup: HarnessSetup,
): Promise<{ harness: Harness; log: string[] }> {
  const log: string[] = []
  const store = setup.secretStore
  const harness = await startHarness({
    ...(setup.port !== undefined ? { port: setup.port } : {}),
    env: {
      PERKPACK_BASE_URL: sim.baseUrl,
      PERKPACK_AUTH_URL: sim.authUrl,
      PERKPACK_DATA_DIR: setup.dataDir,
    },
    log: (line) => log.push(line),
    services: {
      retry: FAST_RETRY,
      jobPolling: FAST_JOB_POLLING,
      ...(store ? { secretStore: () => store } : {}),
    },
  })
  return { harness, log }
}

/**
 * A fresh context (own storage) and page, with uncaught page errors collected, at the harness's
 * printed URL (`harness.openUrl`): its token becomes the context's cookie, the page lands on `/`.
 */
export async function openPage(
  browser: Browser,
  openUrl: string,
): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto(openUrl)
  return { context, page, pageErrors }
}

/** Fills the sign-in screen the way a person does; does not wait for the outcome. */
export async function fillSignIn(
  page: Page,
  credentials: { apiToken: string; email: string; password: string },
): Promise<void> {
  await page.getByLabel('API token').fill(credentials.apiToken)
  await page.getByLabel('E-mail').fill(credentials.email)
  await page.getByLabel('Password').fill(credentials.password)
}

export async function signIn(
  page: Page,
  credentials: { apiToken: string; email: string; password: string },
): Promise<void> {
  await fillSignIn(page, credentials)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expectSignedIn(page, credentials.email)
}

/** The workspace's menu is on screen, with the account's e-mail at its foot. */
export async function expectSignedIn(page: Page, email: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'PerkPack' })
  await menu.getByText(email, { exact: true }).waitFor()
}

/** Clicks an entry of the side menu. */
export async function goTo(page: Page, entry: string): Promise<void> {
  await page.getByRole('navigation', { name: 'PerkPack' }).getByText(entry, { exact: true }).click()
}

export async function openCampaign(page: Page, campaignId: number): Promise<void> {
  await page.getByLabel('Campaign ID').fill(String(campaignId))
  await page.getByRole('button', { name: 'Open campaign' }).click()
  // The Campaigns view's card names it at once; a first sync that completes moves the window to
  // Orders, where the side badge names it (once synced). Either will do: reading only the card
  // raced that move on a small campaign and waited 15 s for a card no longer there.
  const named = async () => {
    const texts = await Promise.all(
      [
        page.getByLabel('Current campaign', { exact: true }),
        page.getByRole('button', { name: /^Current campaign: / }),
      ].map((where) =>
        where
          .first()
          .innerText({ timeout: 500 })
          .catch(() => ''),
      ),
    )
    return texts.join('\n')
  }
  await expect.poll(named).toContain(`#${campaignId}`)
}

/** The entry of the "Recent campaigns" list for one campaign. */
export function recentEntry(page: Page, campaignId: number) {
  return page.getByRole('button', { name: new RegExp(`^Open .* #${campaignId}$`) })
}

/** "1,234" to 1234. */
export function count(text: string): number {
  return Number(text.replace(/,/g, ''))
}

/** Waits until `check` holds, for what a person would see settle (a poll, not a sleep). */
export async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  await expect.poll(check, { timeout: timeoutMs, interval: 100 }).toBe(true)
}

/**
 * A named step of a story test: a file whose tests were the steps of one story in one page is
 * one test, so the story is whole in any order; a failure still names its step.
 */
export async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Error) error.message = `${name}: ${error.message}`
    throw error
  }
}

/** A step of a story: what it does, the function that does it, its time if not the default. */
export type StoryStep = readonly [name: string, run: () => Promise<void>, timeoutMs?: number]

/** A story as one test, its steps in order, with the time each had as a test of its own. */
export function storyTest(
  title: string,
  steps: ReadonlyArray<StoryStep>,
  stepTimeoutMs = 120_000,
): void {
  it(
    title,
    async () => {
      for (const [name, run] of steps) await step(name, run)
    },
    steps.reduce((sum, [, , timeoutMs]) => sum + (timeoutMs ?? stepTimeoutMs), 0),
  )
}

export function removeDir(dir: string | undefined): void {
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
}

/** Text a person reads never shows a missing value as "null", "undefined" or "NaN". */
export function expectNoMissingText(text: string, where: string): void {
  expect(text.match(/\b(null|undefined|NaN)\b/g) ?? [], where).toEqual([])
}

export interface E2eSetup {
  /** Names the screenshot taken when a test fails: `failed-<name>-<test>.png`. */
  name: string
  simulator: SimulatorOptions
  /** A page signed in before the first test; otherwise a test opens one with `app.open()`. */
  signedIn?: boolean
  /** False: the file starts (and restarts) its harness itself, e.g. with a keychain of its own. */
  harness?: boolean
}

/**
 * What a browser test file works with: one simulator, one data folder, one harness and one
 * Chromium for the whole file. Filled in by the file's beforeAll (see `useE2eApp`).
 */
export class E2eApp {
  sim!: Simulator
  /** The simulator's first campaign (the demo team member's primary one). */
  campaignId!: number
  dataDir!: string
  browser!: Browser
  /** Undefined until a file that starts its own (`harness: false`) has done so. */
  harness!: Harness
  /** The harness's log, printed when a test fails rather than on every run. */
  harnessLog: string[] = []
  context: BrowserContext | undefined
  page!: Page
  pageErrors: string[] = []

  /** The app in a fresh context (own storage), as `page`; the previous context is closed. */
  async open(): Promise<Page> {
    await this.context?.close()
    ;({
      context: this.context,
      page: this.page,
      pageErrors: this.pageErrors,
    } = await openPage(this.browser, this.harness.openUrl))
    return this.page
  }

  /**
   * A fresh page (own storage, view and focus), signed in. The harness keeps the session of a
   * page before (the page may open signed in), and the page opens the first of the harness's
   * recent campaigns, if it has one.
   */
  async openSignedIn(): Promise<Page> {
    await this.open()
    const form = this.page.getByLabel('API token')
    await form
      .or(this.page.getByRole('navigation', { name: 'PerkPack' }))
      .first()
      .waitFor()
    if (await form.isVisible()) await signIn(this.page, this.sim.credentials)
    else await expectSignedIn(this.page, this.sim.credentials.email)
    return this.page
  }

  /**
   * `run` on a harness and data folder of its own (as `harness` and `dataDir`; open a page with
   * `open`), then the file's put back: for a test whose changes the others must not see, or that
   * needs a harness nothing was synced on. A fresh page opens the first of the recent campaigns.
   */
  async withOwnHarness(run: () => Promise<void>): Promise<void> {
    const kept = { harness: this.harness, harnessLog: this.harnessLog, dataDir: this.dataDir }
    this.dataDir = tempDataDir()
    try {
      const started = await startAppHarness(this.sim, { dataDir: this.dataDir })
      ;({ harness: this.harness, log: this.harnessLog } = started)
      await run()
    } finally {
      // The page stays open for the failure screenshot; the next `open` closes it.
      if (this.harness !== kept.harness) await this.harness.close()
      removeDir(this.dataDir)
      Object.assign(this, kept)
    }
  }

  /**
   * A fresh page, signed in, the campaign opened: its first sync starts by itself (wait for
   * what you need).
   */
  async openAndSync(): Promise<Page> {
    await this.open()
    await signIn(this.page, this.sim.credentials)
    await openCampaign(this.page, this.campaignId)
    return this.page
  }
}

/**
 * Registers the file's hooks: before all, the simulator, the data folder, Chromium, the harness
 * (and a signed-in page when asked); after a failed test, a screenshot and the harness log; after
 * all, everything closed and the folder removed.
 */
export function useE2eApp(setup: E2eSetup): E2eApp {
  const app = new E2eApp()
  beforeAll(async () => {
    app.sim = await startSimulator(setup.simulator)
    app.campaignId = app.sim.campaignIds[0] as number
    app.dataDir = tempDataDir()
    // First: it builds the renderer the harness serves when the build is missing or stale.
    app.browser = await launchBrowser()
    if (setup.harness !== false) {
      ;({ harness: app.harness, log: app.harnessLog } = await startAppHarness(app.sim, {
        dataDir: app.dataDir,
      }))
    }
    if (setup.signedIn) {
      await app.open()
      await signIn(app.page, app.sim.credentials)
    }
  }, 120_000)

  afterEach(async (test) => {
    if (test.task.result?.state !== 'fail') return
    const page = app.context && app.page
    if (page && !page.isClosed()) {
      const what = test.task.name.replace(/\W+/g, '-').slice(0, 50)
      await failureScreenshot(page, `${setup.name}-${what}`)
    }
    if (app.harnessLog.length)
      console.error(`harness log:\n${app.harnessLog.slice(-40).join('\n')}`)
  })

  afterAll(async () => {
    await app.context?.close()
    await app.browser?.close()
    await app.harness?.close()
    await app.sim?.close()
    removeDir(app.dataDir)
  })
  return app
}
