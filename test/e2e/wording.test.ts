/**
 * The words a person reads, in Chromium through the web harness (issue 25): a first open that
 * syncs at once and names the campaign by the API's title, a reload that comes back to its
 * view, the pre-print checks by severity, the label panel on 4×6 and its corrections, a slip
 * PDF read back, a failed batch job's orders, and a failed team test in a sentence.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import {
  goTo,
  openCampaign,
  pdfPicture,
  schemeScreenshots,
  storyTest,
  until,
  useE2eApp,
} from './support'

const app = useE2eApp({
  name: 'wording',
  simulator: { contributions: 300, faults: { latencyMs: 10 } },
  signedIn: true,
})

/** The demo team member backed this campaign (data-rows.ts): their own listing names it. */
const campaignOf = () => app.sim.campaignIds[1] as number
const titleOf = (id: number) => app.sim.dataset.campaigns.find((c) => c.id === id)?.title ?? ''

/** Light and dark at 1280x800, for a person to look at (not committed). */
const shots = schemeScreenshots

const view = (page: Page) => page.locator('main').getAttribute('data-view')

async function firstOpen(): Promise<void> {
  const page = app.page
  const campaignId = campaignOf()
  await openCampaign(page, campaignId)
  // No "Sync now": the first sync starts by itself.
  await page.getByText(/^Synced [\d,]+ orders in/).waitFor({ timeout: 60_000 })
  const badge = page.getByLabel(/^Current campaign: /)
  await expect.poll(() => badge.getAttribute('aria-label')).toContain(titleOf(campaignId))
  // Its orders' amounts in the campaign's currency (EUR), from the same campaign object.
  await until(async () => (await view(page)) === 'orders')
  const rows = page.getByLabel('Orders', { exact: true }).locator('.order-row')
  await until(async () => (await rows.count()) > 0)
  await rows.first().click()
  const drawer = page.getByRole('dialog', { name: 'Order details' })
  await drawer.waitFor()
  await expect.poll(() => drawer.innerText()).toMatch(/€\d/)
  await page.keyboard.press('Escape')
}

async function reloadComesBack(): Promise<void> {
  const page = app.page
  await goTo(page, 'Print & export')
  await until(async () => (await view(page)) === 'printexport')
  await page.reload()
  await until(async () => (await view(page)) === 'printexport')
  const badge = page.getByLabel(/^Current campaign: /)
  await expect.poll(() => badge.getAttribute('aria-label')).toContain(titleOf(campaignOf()))
  await page.getByText('Pre-print checks').first().waitFor()
}

async function checksBySeverity(): Promise<void> {
  const page = app.page
  const groups = page.locator('.pre-print-checks .group')
  await until(async () => (await groups.count()) > 1)
  const order = await groups.evaluateAll((all) => all.map((g) => g.getAttribute('data-group')))
  const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>
  expect(order).toEqual([...order].sort((a, b) => (rank[a ?? ''] ?? 9) - (rank[b ?? ''] ?? 9)))
  expect(order.at(-1)).toBe('info')
  const notes = groups.last()
  expect(await notes.evaluate((el) => el.tagName)).toBe('DETAILS')
  expect(await notes.getAttribute('open')).toBeNull()
  await page.locator('.pre-print-checks').scrollIntoViewIfNeeded()
  await shots(page, 'wording-checks')
}

async function labelPanel(): Promise<void> {
  const page = app.page
  const start = page.getByLabel('Start at label', { exact: true })
  await start.fill('40')
  await start.blur()
  await page.getByText("Start position 40 is past the sheet's 30 labels: starting at 30.").waitFor()
  expect(await start.inputValue()).toBe('30')
  const small = page.getByTestId('small-addresses')
  await expect
    .poll(() => small.innerText(), { timeout: 30_000 })
    .toMatch(/fits? Avery 5160 labels only below 7 pt/)
  await small.scrollIntoViewIfNeeded()
  await shots(page, 'wording-labels-small-addresses')
  await small.getByRole('button', { name: 'Use 4×6 labels' }).click()
  const summary = page.locator('.page-preview .summary').first()
  await expect.poll(() => summary.innerText()).toMatch(/^[\d,]+ labels?( ·|$)/)
  expect(await summary.innerText()).not.toMatch(/sheet/)
  await page.getByText('One label per 4×6 page: no start position to set.').waitFor()
  expect(await page.getByText('on the first sheet').count()).toBe(0)
  expect(await small.count()).toBe(0)
  await page
    .getByRole('region', { name: 'Shipping labels' })
    .or(page.locator('[aria-label="Shipping labels"]'))
    .first()
    .evaluate((card) => card.scrollIntoView({ block: 'start' }))
  await shots(page, 'wording-labels-4x6')
  // Orders to look at: the orders left out, one folded line per reason.
  const issues = page.locator('details.issues')
  await issues.locator('summary').first().click()
  const group = issues.locator('details.group').first()
  await group.locator('summary').click()
  expect(await group.locator('summary').innerText()).toMatch(/ · [\d,]+ orders?$/)
  await issues.scrollIntoViewIfNeeded()
  await shots(page, 'wording-label-issues')
}

async function slipPdf(): Promise<void> {
  const page = app.page
  const save = page.getByRole('button', { name: /^Save packing slips as PDF/ })
  await save.scrollIntoViewIfNeeded()
  await save.click()
  const exports = path.join(app.dataDir, 'exports')
  const found = () =>
    fs.existsSync(exports)
      ? fs.readdirSync(exports).filter((f) => /slips.*\.pdf$/.test(f) && !f.startsWith('.'))
      : []
  await until(async () => found().length > 0, 60_000)
  const file = path.join(exports, found()[0] as string)
  const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f')
  const slips = pages.filter((text) => /Packing slip/.test(text))
  expect(slips.length).toBeGreaterThan(0)
  for (const text of slips) expect(text.match(/Pledged/g) ?? []).toHaveLength(1)
  // The first page as an image, for a person to look at.
  pdfPicture(file, 'wording-slip')
}

async function batchJobs(): Promise<void> {
  const page = app.page
  const campaignId = campaignOf()
  await goTo(page, 'Batch jobs')
  const asked = app.sim.stats().byEndpoint.batchStatus
  await page.getByLabel('Job ID').fill('job-5002')
  await page.getByText('is not a number: a batch job’s ID is digits only').waitFor()
  expect(await page.getByRole('button', { name: 'Watch job' }).isDisabled()).toBe(true)
  await page.getByLabel('Job ID').press('Enter')
  expect(app.sim.stats().byEndpoint.batchStatus).toBe(asked)
  await shots(page, 'wording-jobs-id')

  const failing = app.sim.dataset.jobs.find(
    (job) => job.campaignId === campaignId && job.outcome === 'failed',
  )!
  await page.getByLabel('Job ID').fill(failing.jobId)
  await page.getByRole('button', { name: 'Watch job' }).click()
  const card = page.getByLabel(`Batch job ${failing.jobId}`, { exact: true })
  await expect
    .poll(() => card.locator('.n-tag').first().innerText(), { timeout: 30_000 })
    .toBe('Failed')
  const list = card.getByLabel(`Orders job ${failing.jobId} did not update`)
  await expect.poll(() => list.locator('li').count()).toBe(3)
  for (const line of await list.locator('li').allInnerTexts()) {
    expect(line).toMatch(/^#\d+, .+: .+\.$/)
  }
  await shots(page, 'wording-jobs-failed')

  // A job the API does not know: the failure shows, and goes when the person leaves.
  await page.getByLabel('Job ID').fill('99999')
  await page.getByRole('button', { name: 'Watch job' }).click()
  const failure = page.getByText('Could not watch the job')
  await failure.waitFor()
  await goTo(page, 'Orders')
  await goTo(page, 'Batch jobs')
  await page.getByLabel('Job ID').waitFor()
  expect(await failure.count()).toBe(0)
}

async function teamTest(): Promise<void> {
  const page = app.page
  await goTo(page, 'Settings')
  await page.getByLabel('Team URL').fill('postgres://perkpack@127.0.0.1:1/perkpack')
  await page.getByRole('button', { name: 'Test connection' }).click()
  const team = page.getByLabel('Team', { exact: true })
  await team
    .getByText(
      'Nothing answered at 127.0.0.1:1: the connection was refused. Check that PostgreSQL runs on 127.0.0.1 and listens on port 1, and the host and port in the Team URL (Settings → Team).',
    )
    .waitFor()
  expect(await team.innerText()).not.toMatch(/ECONNREFUSED/)
  await team.scrollIntoViewIfNeeded()
  await shots(page, 'wording-team-test')
}

describe('words on screen and paper, in Chromium', () => {
  storyTest(
    'words on a first open, a reload, Print & export, a slip PDF, batch jobs and Settings',
    [
      [
        "opening a campaign the first time syncs it at once and names it by the API's title",
        firstOpen,
      ],
      ['a reload comes back to the view and the campaign the person was on', reloadComesBack],
      [
        'lists the pre-print checks by severity, the notes on orders left out folded last',
        checksBySeverity,
      ],
      [
        'the label panel says what a start position became, suggests 4×6 for small addresses and counts labels on 4×6',
        labelPanel,
      ],
      ['a packing slip PDF says when the backer pledged once per slip', slipPdf],
      [
        'batch jobs: an ID that is no number asks nothing of the API; a failed job lists its orders',
        batchJobs,
      ],
      ['Settings: a team test that fails says what happened and what to check', teamTest],
    ],
  )
})
