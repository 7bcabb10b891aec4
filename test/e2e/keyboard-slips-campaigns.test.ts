/**
 * Issue 10 items 4, 7 and 9 in Chromium through the web harness: the keyboard (Tab reaches the
 * side menu, Ctrl+2, the shortcut list), campaign ids checked before they open, and packing
 * slips saved in batches with progress and Cancel.
 */
import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator } from '../../src/simulator'
import type { Simulator } from '../../src/simulator'
import type { Harness } from '../../src/web/server'
import {
  goTo,
  launchBrowser,
  openCampaign,
  openPage,
  removeDir,
  screenshot,
  signIn,
  startAppHarness,
  tempDataDir,
  until,
} from './support'

let sim: Simulator
let harness: Harness
let browser: Browser
let dataDir: string
let context: BrowserContext
let page: Page
let campaignId: number

beforeAll(async () => {
  sim = await startSimulator({ contributions: 120, faults: { latencyMs: 5 } })
  campaignId = sim.campaignIds[0] as number
  dataDir = tempDataDir()
  ;({ harness } = await startAppHarness(sim, { dataDir }))
  browser = await launchBrowser()
  ;({ context, page } = await openPage(browser, harness.url))
  await signIn(page, sim.credentials)
}, 120_000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await harness?.close()
  await sim?.close()
  removeDir(dataDir)
})

describe('keyboard, campaign ids and slips in batches', () => {
  it('Tab reaches the side menu, arrows move in it, Ctrl+2 opens Orders, ? lists the shortcuts', async () => {
    await page.locator('body').focus()
    const current = page
      .getByRole('navigation', { name: 'PerkPack' })
      .locator('[aria-current="page"]')
    const focused = () => current.evaluate((el) => el.matches(':focus'))
    for (let i = 0; i < 6 && !(await focused()); i++) await page.keyboard.press('Tab')
    expect(await current.innerText()).toBe('Campaigns')
    expect(await focused()).toBe(true)
    await page.keyboard.press('ArrowDown')
    expect((await page.locator(':focus').innerText()).trim()).toBe('Orders')

    await page.keyboard.press('Control+2')
    await until(async () => (await page.locator('main').getAttribute('data-view')) === 'orders')
    await page.locator('main').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('?')
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await list.waitFor()
    expect(await list.innerText()).toContain('Open Print & export')
    await screenshot(page, 'shortcut-list')
    await page.keyboard.press('Escape')
    await list.waitFor({ state: 'hidden' })
  })

  it('refuses an unknown campaign id with the message and keeps none current', async () => {
    await goTo(page, 'Campaigns')
    await page.getByLabel('Campaign ID').fill('999999')
    await page.getByRole('button', { name: 'Open campaign' }).click()
    await page.getByText('No campaign 999999 on', { exact: false }).waitFor()
    expect(
      await page.getByText("check the id in the dashboard's address bar", { exact: false }).count(),
    ).toBeGreaterThan(0)
    expect(await page.getByLabel('No campaign opened').count()).toBe(1)
  })

  it('saves the slips in batches with progress, and Cancel leaves no file', async () => {
    await openCampaign(page, campaignId)
    await page.getByRole('button', { name: 'Sync now' }).click()
    await until(
      async () => (await page.locator('main').getAttribute('data-view')) === 'orders',
      60_000,
    )
    await page.keyboard.press('Control+4')
    const panel = page
      .getByRole('region', { name: 'Packing slips' })
      .or(page.locator('[aria-label="Packing slips"]'))
    await panel.first().waitFor()
    await page.getByLabel('Slips per batch').fill('10')
    await page.getByLabel('Slips per batch').blur()
    await page.getByTitle('Packing slip preview').waitFor()
    const save = page.getByRole('button', { name: /^Save packing slips as PDF \(\d+ files\)$/ })
    await save.waitFor()
    const files = Number(/\((\d+) files\)/.exec(await save.innerText())?.[1])
    expect(files).toBeGreaterThan(2)

    await save.click()
    const status = page.locator('[aria-label="Saving packing slips"] [role="status"]')
    await until(
      async () =>
        /^Batch \d+ of \d+, [\d,]+ of [\d,]+ slips$/.test(await status.innerText().catch(() => '')),
      60_000,
    )
    await screenshot(page, 'slips-progress')
    await page.getByRole('button', { name: 'Cancel', exact: true }).click()
    await page.getByText('Cancelled: no packing slip file was kept.').waitFor({ timeout: 60_000 })
    const exportDir = `${dataDir}/exports`
    const left = fs.existsSync(exportDir) ? fs.readdirSync(exportDir) : []
    expect(left.filter((f) => f.includes('slips'))).toEqual([])
  }, 180_000)
})
