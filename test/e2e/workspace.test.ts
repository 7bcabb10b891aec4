/**
 * The workspace as fulfillment staff use it, in Chromium through the web harness, against the
 * simulator serving drifted rows the way a real campaign does (some of them unreadable): sign
 * in, open and sync a campaign, the problem rows, orders and pick list, the order drawer, labels
 * and the Excel export, a batch job, sign-ups, and the same screens again with the API gone.
 */
import { beforeAll, describe, expect } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import {
  expectSignedIn,
  fillSignIn,
  goTo,
  openCampaign,
  openPage,
  recentEntry,
  screenshot,
  signIn,
  themedScreenshots,
  until,
  storyTest,
  useE2eApp,
} from './support'
import {
  DEFAULT_STATUSES,
  drawerAddress,
  keyboardPaging,
  orderRows,
  printAndExport,
  problemRows,
  treeAndPickList,
  unknownStatuses,
} from './workspace-order-screens'
import { servedListing, servedModels } from '../helpers/served-snapshot'
import type { ServedListing } from '../helpers/served-snapshot'

/**
 * A share of rows drifted as real payloads are: at this rate 45 of the 300, 5 of them unreadable
 * and one with a status PerkPack does not know (at 0.05 none of this campaign's has one).
 */
const DRIFT = 0.15

// The story below walks one signed-in page (app.page) through the workspace, in order.
const app = useE2eApp({
  name: 'workspace',
  // The demo team member's first campaign: the primary one, with 300 contributions.
  simulator: { contributions: 300, drift: DRIFT, faults: { latencyMs: 15 } },
})
/** What the listing serves: drifted rows as served, and which rows are broken. */
let served: ServedListing

beforeAll(() => {
  served = servedListing(app.sim, app.campaignId, true)
})

/**
 * The readable rows the simulator serves for the campaign, as the model reads them and in the
 * order the offline copy keeps them: the truth the screens are checked against.
 */
function simRows(): CampaignContribution[] {
  return servedModels(served)
}

/** The readable rows: the orders a sync keeps. */
const goodCount = () => served.good.size

async function wrongPassword(): Promise<void> {
  // Its own context: nothing signed in yet, nothing left behind for the steps after it.
  const own = await openPage(app.browser, app.harness.openUrl)
  try {
    const { page: signInPage } = own
    await fillSignIn(signInPage, {
      ...app.sim.credentials,
      password: 'not-the-password',
    })
    await signInPage.getByRole('button', { name: 'Sign in' }).click()
    const alert = signInPage.getByRole('alert')
    await alert.waitFor()
    const text = await alert.innerText()
    expect(text).toContain('Could not sign in')
    expect(text).toMatch(/e-mail/i)
    expect(text).toMatch(/password/i)
    // A message for a person: no error class names, no stack frames, no secrets.
    const body = await signInPage.locator('body').innerText()
    expect(body).not.toMatch(/\bat \S+ \(|\.ts:\d+|Error:|InvalidCredentials|stack/)
    expect(body).not.toContain('not-the-password')
    expect(body).not.toContain(app.sim.credentials.apiToken)
    // Still on the sign-in screen.
    await expect.poll(() => signInPage.getByLabel('API token').isVisible()).toBe(true)
    await screenshot(signInPage, 'sign-in-wrong-password')
    expect(own.pageErrors).toEqual([])
  } finally {
    await own.context.close()
  }
}

async function signInToTheWorkspace(): Promise<void> {
  await app.open()
  await app.page.getByLabel('API token').waitFor()
  await themedScreenshots(app.page, 'sign-in')
  await signIn(app.page, app.sim.credentials)
  await expect
    .poll(() => app.page.getByRole('heading', { name: 'Campaigns', exact: true }).isVisible())
    .toBe(true)
  await expectSignedIn(app.page, app.sim.credentials.email)
}

async function openWithProgress(): Promise<void> {
  // 300 contributions are 10 pages; slow the API down so the progress can be watched.
  app.sim.setFaults({ latencyMs: 400 })
  try {
    // No "Sync now": a campaign opened without an offline copy syncs at once.
    await openCampaign(app.page, app.campaignId)
    const bar = app.page
      .getByRole('region', { name: 'Sync' })
      .getByRole('progressbar', { name: 'Sync progress' })
    await bar.waitFor()
    const numbers = app.page.getByTestId('sync-progress-text')
    // Pages and records counted, and the bar moved: read together while the sync runs.
    const seen = async () => {
      const [text, now] = await Promise.all([
        numbers.innerText({ timeout: 1000 }),
        bar.getAttribute('aria-valuenow', { timeout: 1000 }),
      ])
      return /pages [1-9]\d* of 10 · records [1-9][\d,]* of 300/.test(text) && Number(now) > 0
    }
    await expect.poll(seen, { interval: 50 }).toBe(true)
    await screenshot(app.page, 'campaigns-sync-progress')
  } finally {
    app.sim.setFaults({ latencyMs: 15 })
  }
  // Done: the app says so and opens Orders; Campaigns lists the campaign with its count.
  // The orders are the readable rows: 300 less the unreadable ones.
  expect(goodCount()).toBe(300 - served.plan.broken.length)
  await app.page.getByText(`Synced ${goodCount()} orders in`).waitFor()
  await app.page.getByRole('heading', { name: 'Orders', exact: true }).waitFor()
  await goTo(app.page, 'Campaigns')
  await expect
    .poll(() => recentEntry(app.page, app.campaignId).innerText())
    .toContain(`${goodCount()} orders`)
  expect(await app.page.getByRole('progressbar', { name: 'Sync progress' }).count()).toBe(0)
  await app.page.getByRole('button', { name: 'Sync now' }).waitFor()
  await screenshot(app.page, 'campaigns-synced')
}

async function batchJob(): Promise<void> {
  const job = app.sim.dataset.jobs.find(
    (j) => j.campaignId === app.campaignId && j.outcome === 'completed' && j.total > 100,
  )
  expect(job).toBeDefined()
  const jobId = job?.jobId ?? ''
  await goTo(app.page, 'Batch jobs')
  await app.page.getByLabel('Job ID').fill(jobId)
  await app.page.getByRole('button', { name: 'Watch job' }).click()
  const card = app.page.getByLabel(`Batch job ${jobId}`, { exact: true })
  await card.waitFor()
  const tag = card.locator('.n-tag').first()
  await expect.poll(() => tag.innerText(), { timeout: 20_000 }).toBe('Completed')
  const bar = card.getByRole('progressbar', { name: `Progress of ${jobId}` })
  expect(await bar.getAttribute('aria-valuenow')).toBe('100')
  expect(await card.innerText()).toContain(`${job?.total} / ${job?.total}`)
  await expect.poll(() => card.innerText()).toContain('no longer polled')
  await screenshot(app.page, 'jobs')
}

async function signUps(): Promise<void> {
  const expected = app.sim.dataset.signups.get(app.campaignId)?.length ?? 0
  expect(expected).toBeGreaterThan(0)
  await goTo(app.page, 'Sign-ups')
  const status = app.page.getByRole('status').filter({ hasText: /sign-ups?$/ })
  await expect.poll(() => status.innerText()).toBe(`${expected.toLocaleString('en-US')} sign-ups`)
  const first = app.sim.dataset.signups.get(app.campaignId)?.[0]?.email ?? ''
  const table = app.page.getByLabel('Sign-ups', { exact: true })
  await table.getByText(first, { exact: true }).waitFor()
  // The e-mail search narrows the list.
  await app.page.getByLabel('Search e-mails').fill(first)
  await expect.poll(() => status.innerText()).toBe(`1 of ${expected} sign-ups`)
  await app.page.getByLabel('Search e-mails').fill('')
  await screenshot(app.page, 'signups')
}

async function settingsFields(): Promise<void> {
  await goTo(app.page, 'Settings')
  const station = app.page.getByLabel('Station name', { exact: true })
  await station.fill('Desk 7')
  for (const label of ['API base URL', 'Auth URL', 'Sync concurrency', 'Packing slip footer']) {
    await expect.poll(() => app.page.getByLabel(label, { exact: true }).isVisible()).toBe(true)
  }
  const account = app.page.locator('[aria-label="Account"]')
  await expect.poll(() => account.innerText()).toContain(app.sim.credentials.email)
  await themedScreenshots(app.page, 'settings')
  expect(await station.inputValue()).toBe('Desk 7')
  await station.fill('')
}

async function offline(): Promise<void> {
  const expectedSignups = app.sim.dataset.signups.get(app.campaignId)?.length ?? 0
  await app.sim.close()
  await app.page.reload()
  await expectSignedIn(app.page, app.sim.credentials.email)
  const offlineBadge = app.page
    .getByRole('navigation', { name: 'PerkPack' })
    .getByText('Offline', { exact: true })
  const shown = simRows().filter((r) => DEFAULT_STATUSES.includes(r.order.status))

  await goTo(app.page, 'Orders')
  await app.page
    .getByRole('navigation', { name: 'Perks' })
    .getByText(`All orders — ${shown.length} orders`)
    .waitFor()
  await until(async () => (await orderRows(app).count()) > 0)

  await goTo(app.page, 'Pick list')
  await app.page.getByLabel('Pick list', { exact: true }).locator('tbody tr').first().waitFor()
  expect(await app.page.getByTestId('pick-list-totals').innerText()).toMatch(/[1-9][\d,]* units/)

  await goTo(app.page, 'Sign-ups')
  const status = app.page.getByRole('status').filter({ hasText: /sign-ups?$/ })
  await expect
    .poll(() => status.innerText())
    .toBe(`${expectedSignups.toLocaleString('en-US')} sign-ups`)
  const firstSignup = app.sim.dataset.signups.get(app.campaignId)?.[0]?.email ?? ''
  await app.page.getByLabel('Sign-ups', { exact: true }).getByText(firstSignup).waitFor()

  // Nothing has failed yet: no badge. A sync tries the API, fails, and the badge appears.
  expect(await offlineBadge.count()).toBe(0)
  await goTo(app.page, 'Campaigns')
  await app.page.getByRole('button', { name: 'Sync now' }).click()
  await offlineBadge.waitFor()
  const failed = app.page.getByRole('alert').filter({ hasText: 'Sync failed' })
  await failed.waitFor()
  expect(await failed.innerText()).toContain('The last complete offline copy is kept.')
  // The offline copy is still listed with its count.
  expect(await recentEntry(app.page, app.campaignId).innerText()).toContain(`${goodCount()} orders`)
  await screenshot(app.page, 'offline')

  await goTo(app.page, 'Orders')
  await until(async () => (await orderRows(app).count()) > 0)
  await screenshot(app.page, 'offline-orders')
  expect(app.pageErrors).toEqual([])
}

describe('the workspace in Chromium, through the web harness and the simulator', () => {
  storyTest(
    'signs in, syncs with progress, works through every screen, then does without the API',
    [
      ['a wrong password shows a clear message and no stack trace', wrongPassword],
      [
        'signs in with API token, e-mail and password: the workspace shows the e-mail',
        signInToTheWorkspace,
      ],
      [
        'opens a campaign, which starts its first sync at once, with a visible progress bar',
        openWithProgress,
      ],
      [
        'the contributions that could not be read: a banner with their number opens their list',
        () => problemRows(app, served),
      ],
      [
        'orders with a status PerkPack does not know are counted and named in words',
        () => unknownStatuses(app, served),
      ],
      [
        'the tree counts every order, the pick list the orders that ship, for the default and a country filter',
        () => treeAndPickList(app, served),
      ],
      [
        'clicking an order opens the drawer with its formatted shipping address',
        () => drawerAddress(app, served),
      ],
      [
        'the table pages through every order from the keyboard: End reaches the last one',
        () => keyboardPaging(app, served),
      ],
      [
        'Print & export: the label preview, the checks and an Excel file with a Problems sheet',
        () => printAndExport(app, served),
      ],
      ['a watched batch job reaches completed with its progress at 100%', batchJob],
      ['loads the sign-ups while online', signUps],
      [
        'Settings names every field by its label and keeps what was typed until saved',
        settingsFields,
      ],
      [
        'with the API gone, orders, pick list and sign-ups still show, and "Offline" appears',
        offline,
      ],
    ],
  )
})
