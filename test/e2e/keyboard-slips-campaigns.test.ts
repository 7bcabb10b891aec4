/**
 * Issue 10 items 4, 7 and 9 in Chromium through the web harness: the keyboard (Tab reaches the
 * side menu, Ctrl+2, the shortcut list), campaign ids checked before they open, and packing
 * slips saved in batches with progress and Cancel.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { goTo, openCampaign, screenshot, until, useE2eApp } from './support'

const app = useE2eApp({
  name: 'keys',
  // Enough orders for a save in batches of 10 to outlast the click on Cancel: drawn by the PDF
  // library, 100 slips take a fraction of a second.
  simulator: { contributions: 1500, faults: { latencyMs: 5 } },
})
// Each test on a page of its own (app.openSignedIn): the view and the focus are the page's, and
// each test needs them as a fresh window has them.

describe('keyboard, campaign ids and slips in batches', () => {
  it('Tab reaches the side menu, arrows move in it, Ctrl+2 opens Orders, ? lists the shortcuts', async () => {
    await app.openSignedIn()
    await app.page.locator('body').focus()
    const current = app.page
      .getByRole('navigation', { name: 'PerkPack' })
      .locator('[aria-current="page"]')
    const focused = () => current.evaluate((el) => el.matches(':focus'))
    for (let i = 0; i < 6 && !(await focused()); i++) await app.page.keyboard.press('Tab')
    expect(await current.innerText()).toBe('Campaigns')
    expect(await focused()).toBe(true)
    await app.page.keyboard.press('ArrowDown')
    expect((await app.page.locator(':focus').innerText()).trim()).toBe('Orders')

    await app.page.keyboard.press('Control+2')
    await until(async () => (await app.page.locator('main').getAttribute('data-view')) === 'orders')
    await app.page.locator('main').click({ position: { x: 5, y: 5 } })
    await app.page.keyboard.press('?')
    const list = app.page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await list.waitFor()
    expect(await list.innerText()).toContain('Open Print & export')
    await screenshot(app.page, 'shortcut-list')
    await app.page.keyboard.press('Escape')
    await list.waitFor({ state: 'hidden' })
  })

  it('refuses an unknown campaign id with the message and keeps none current', async () => {
    await app.openSignedIn()
    await goTo(app.page, 'Campaigns')
    await app.page.getByLabel('Campaign ID').fill('999999')
    await app.page.getByRole('button', { name: 'Open campaign' }).click()
    await app.page.getByText('No campaign 999999 on', { exact: false }).waitFor()
    expect(
      await app.page
        .getByText("check the id in the dashboard's address bar", { exact: false })
        .count(),
    ).toBeGreaterThan(0)
    expect(await app.page.getByLabel('No campaign opened').count()).toBe(1)
  })

  it('saves the slips in batches with progress, and Cancel leaves no file', async () => {
    // Its own harness: the campaign it syncs would be current on the other tests' pages.
    await app.withOwnHarness(async () => {
      await app.openSignedIn()
      // Opened for the first time: its sync starts by itself.
      await openCampaign(app.page, app.campaignId)
      await until(
        async () => (await app.page.locator('main').getAttribute('data-view')) === 'orders',
        60_000,
      )
      await app.page.keyboard.press('Control+4')
      const panel = app.page
        .getByRole('region', { name: 'Packing slips' })
        .or(app.page.locator('[aria-label="Packing slips"]'))
      await panel.first().waitFor()
      await app.page.getByLabel('Slips per batch').fill('10')
      await app.page.getByLabel('Slips per batch').blur()
      await app.page.getByTitle('Packing slip preview').waitFor()
      const save = app.page.getByRole('button', {
        name: /^Save packing slips as PDF \(\d+ files\)$/,
      })
      await save.waitFor()
      const files = Number(/\((\d+) files\)/.exec(await save.innerText())?.[1])
      expect(files).toBeGreaterThan(2)

      await save.click()
      const status = app.page.locator('[aria-label="Saving packing slips"] [role="status"]')
      await until(
        async () =>
          /^Batch \d+ of \d+, [\d,]+ of [\d,]+ slips$/.test(
            await status.innerText().catch(() => ''),
          ),
        60_000,
      )
      // At once: drawn by the PDF library, a batch takes milliseconds.
      await app.page.getByRole('button', { name: 'Cancel', exact: true }).click()
      await screenshot(app.page, 'slips-progress')
      await app.page
        .getByText('Cancelled: no packing slip file was kept.')
        .waitFor({ timeout: 60_000 })
      const exportDir = `${app.dataDir}/exports`
      const left = fs.existsSync(exportDir) ? fs.readdirSync(exportDir) : []
      expect(left.filter((f) => f.includes('slips'))).toEqual([])
    })
  }, 180_000)
})
