/**
 * An access token that expires while the app has no password in memory: the way it happens to
 * people, after a restart (the keychain still holds the tokens, the password was never stored).
 * The app asks for the password in a dialog over the current screen, then finishes the sync.
 */
import { describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../src/main/core/session/secrets'
import { servedListing } from '../helpers/served-snapshot'
import {
  expectSignedIn,
  goTo,
  openCampaign,
  recentEntry,
  screenshot,
  signIn,
  startAppHarness,
  useE2eApp,
} from './support'

// The test starts the harness itself: twice, on one port, with a keychain that outlives it.
const app = useE2eApp({
  name: 'reauth',
  // Rows drift as real payloads do, some unreadable: the finished sync must still keep them all.
  simulator: { contributions: 300, drift: 0.15, faults: { latencyMs: 15 } },
  harness: false,
})

describe('an expired session in Chromium, through the web harness', () => {
  it('asks for the password in a dialog, keeps the screen, and the sync finishes', async () => {
    const { campaignId, sim } = app
    // Stands in for the OS keychain: it outlives the app process, the password never enters it.
    const keychain = new MemorySecretStore()
    const startApp = async (port?: number) => {
      const setup = { dataDir: app.dataDir, secretStore: keychain }
      const started = await startAppHarness(sim, port === undefined ? setup : { ...setup, port })
      ;({ harness: app.harness, log: app.harnessLog } = started)
      return started.harness
    }
    const first = await startApp()
    const page = await app.open()
    await signIn(page, sim.credentials)
    await openCampaign(page, campaignId)
    // Its first sync starts by itself: done before the app quits.
    await page.getByText(/Synced [\d,]+ orders in/).waitFor()

    // The app quits and starts again (same data folder, same keychain, same address, so the
    // page's own storage is kept too): the tokens are back, the password is not. A new run has a
    // new token: the page is opened at the URL it prints, as a person would.
    await first.close()
    const second = await startApp(first.port)
    await page.goto(second.openUrl)
    await expectSignedIn(page, sim.credentials.email)
    // The same tab comes back to the view it was on (Orders, after the first sync): to Campaigns.
    await goTo(page, 'Campaigns')
    const card = page.getByLabel('Current campaign', { exact: true })
    await expect.poll(() => card.innerText()).toContain(`#${campaignId}`)

    // The platform revokes every access token; the next sync meets a 401.
    expect(sim.expireAllTokens()).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Sync now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sign in again' })
    await dialog.waitFor()
    const password = dialog.getByLabel('Password')
    await password.waitFor()
    expect(await dialog.innerText()).toContain(sim.credentials.email)
    // Over the screen the person was on, not instead of it.
    expect(await page.getByRole('heading', { name: 'Campaigns', exact: true }).isVisible()).toBe(
      true,
    )
    expect(await card.isVisible()).toBe(true)
    await screenshot(page, 'reauth-dialog')

    // A wrong password is refused in the dialog, which stays open.
    await password.fill('not-the-password')
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    const refusal = dialog.getByRole('alert')
    await refusal.waitFor()
    expect(await refusal.innerText()).toMatch(/password/i)
    expect(await refusal.innerText()).not.toMatch(/\bat \S+ \(|Error:|stack/)
    await screenshot(page, 'reauth-dialog-wrong-password')

    await password.fill(sim.credentials.password)
    await dialog.getByRole('button', { name: 'Sign in' }).click()
    await dialog.waitFor({ state: 'hidden' })
    // The interrupted sync runs again and finishes: every readable row an order, the rest
    // counted as contributions that could not be read.
    const { good, plan } = servedListing(sim, campaignId, true)
    expect(plan.broken.length).toBeGreaterThan(0)
    expect(good.size + plan.broken.length).toBe(300)
    await page.getByText(`Synced ${good.size} orders in`).waitFor()
    await goTo(page, 'Campaigns')
    const entry = recentEntry(page, campaignId)
    await expect.poll(() => entry.innerText()).toContain(`${good.size} orders`)
    await expect
      .poll(() => page.getByTestId('problem-banner').innerText())
      .toContain(`${plan.broken.length} contributions could not be read`)
    expect(await page.getByRole('alert').filter({ hasText: 'Sync failed' }).count()).toBe(0)
    await screenshot(page, 'reauth-synced')
    expect(app.pageErrors).toEqual([])
  })
})
