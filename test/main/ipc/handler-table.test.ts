import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { MemorySecretStore } from '../../../src/main/services/secrets'
import type { FetchLike } from '../../../src/main/services/http'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { buildPickList, filterContributions, groupByPerk } from '../../../src/shared/fulfillment'
import { ORDERS_PAGE_SIZE } from '../../../src/shared/ipc'
import type { SyncProgress } from '../../../src/shared/ipc'
import { DEFAULT_BASE_URL } from '../../../src/shared/config'
import {
  cleanupApps,
  makeApp,
  queryAll,
  secretsIn,
  signIn,
  startSim,
  tempDir,
  wire,
} from '../../helpers/app'
import { toModel } from '../../helpers/model'
import { driftPlan } from '../../../src/simulator'
import { generateDataset } from '../../../src/simulator/data'

afterEach(cleanupApps)

const rowsOf = (
  sim: { dataset: { contributions: Map<number, readonly unknown[]> } },
  id: number,
): CampaignContribution[] => toModel(sim.dataset.contributions.get(id) ?? [])

describe('the handler table', () => {
  it('refuses bad arguments with a message naming the field and the fix', async () => {
    const app = await makeApp()
    const refused = async (channel: string, args: unknown[]) => {
      const envelope = await (app.table as Record<string, (raw: unknown[]) => Promise<unknown>>)[
        channel
      ]!(args)
      expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } })
      return (envelope as { error: { message: string } }).error.message
    }
    expect(await refused('orders:open', [{ campaignId: -1 }])).toMatch(
      /^Campaign ID must be a whole number above 0, such as \d+ \(got -1\)\. Copy it/,
    )
    expect(await refused('campaigns:sync', [{ campaignId: 'abc' }])).toMatch(
      /Campaign ID must be a whole number .*\(got "abc"\)/,
    )
    expect(await refused('campaigns:sync', [{ campaignId: 1.5 }])).toMatch(/got 1\.5/)
    expect(await refused('jobs:watch', [{ campaignId: 1, jobId: '  ' }])).toMatch(
      /^Job ID is empty\. Enter the ID/,
    )
    expect(await refused('jobs:watch', [{ campaignId: 1, jobId: 'x'.repeat(65) }])).toMatch(
      /^Job ID must be at most 64 characters/,
    )
    expect(await refused('settings:update', [{ baseUrl: 'ftp://example.com' }])).toMatch(
      /^API base URL must be a full http\(s\) URL .*"ftp:\/\/example\.com".*https:\/\//,
    )
    expect(await refused('settings:update', [{ authUrl: 'not a url' }])).toMatch(/^Auth URL/)
    expect(await refused('settings:update', [{ concurrency: 17 }])).toMatch(
      /^Sync concurrency must be at most 16 \(got 17\)/,
    )
    expect(await refused('settings:update', [{ concurrency: 0 }])).toMatch(/at least 1 \(got 0\)/)
    expect(await refused('settings:update', [{ theme: 'blue' }])).toMatch(
      /^Theme must be one of light, dark, system \(got "blue"\)/,
    )
    expect(await refused('orders:query', [{ campaignId: 1, filter: { statuses: [42] } }])).toMatch(
      /^Status must be text such as captured, pending, .* \(got 42\)/,
    )
    expect(await refused('account:contributions', [{ accountId: 0 }])).toMatch(/^Account ID/)
    expect(await refused('session:signIn', [{ apiToken: '' }])).toMatch(/^API token is empty/)
    expect(await refused('session:signIn', [{ apiToken: 't', email: 'nobody' }])).toMatch(
      /^E-mail must look like name@example\.com/,
    )
    expect(await refused('session:reauthenticate', [{ password: '' }])).toMatch(
      /^Password is empty/,
    )
    expect(await refused('orders:open', [{ campaignId: 1, extra: true }])).toBe(
      'The request orders:open has unknown field "extra": remove it.',
    )
    expect(await refused('app:info', [1])).toBe('The request app:info takes 0 arguments, got 1.')
    expect(await refused('orders:open', [])).toBe(
      'The request orders:open takes 1 argument, got 0.',
    )
    expect(await refused('orders:open', [null])).toMatch(
      /needs an object with its fields, got null/,
    )
    const rows = (fields: Record<string, unknown>) =>
      refused('orders:rows', [{ campaignId: 1, resultId: 1, offset: 0, limit: 100, ...fields }])
    expect(await rows({ limit: 0 })).toMatch(
      /^Row count must be a whole number from 1 to 2,000 \(got 0\)\. Ask for fewer rows/,
    )
    expect(await rows({ limit: 2001 })).toMatch(/^Row count .* \(got 2001\)/)
    expect(await rows({ offset: -1 })).toMatch(
      /^Row offset must be a whole number from 0 .* \(got -1\)/,
    )
    expect(await rows({ resultId: 'x' })).toMatch(
      /^Result ID .* \(got "x"\)\. Run the query again\./,
    )
  })

  it('opens only https links to the platform', async () => {
    const app = await makeApp()
    expect(
      await app.call('shell:openExternal', { url: 'https://www.indiegogo.com/projects/x' }),
    ).toEqual({ ok: true, value: true })
    for (const url of [
      'http://www.indiegogo.com/',
      'https://indiegogo.com.evil.example/',
      'https://user:pw@indiegogo.com/',
      'javascript:alert(1)',
      'file:///etc/passwd',
    ]) {
      const envelope = await app.call('shell:openExternal', { url })
      expect(envelope).toMatchObject({ ok: false, error: { code: 'link_not_allowed' } })
    }
    expect(app.opened).toEqual(['https://www.indiegogo.com/projects/x'])
  })

  it('answers an unexpected failure with a generic message and logs the details', async () => {
    const lines: string[] = []
    const app = await makeApp({ services: { log: (line) => lines.push(line) } })
    vi.spyOn(app.services.orders, 'recent').mockImplementation(() => {
      throw new TypeError('boom at line 42')
    })
    const envelope = await app.call('campaigns:recent')
    expect(envelope).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(JSON.stringify(envelope)).not.toMatch(/boom|line 42/)
    expect(lines.join('\n')).toMatch(/TypeError: boom at line 42/)
  })
})

describe('settings', () => {
  it('persists concurrency, theme and URLs in settings.json and says where URLs came from', async () => {
    const dataDir = tempDir()
    const app = await makeApp({ dataDir })
    expect(await app.value('settings:get')).toEqual({
      baseUrl: DEFAULT_BASE_URL,
      authUrl: 'https://auth.indiegogo.com',
      concurrency: 4,
      theme: 'system',
      // Print & export (test/app/exports.test.ts covers them).
      labelLayout: 'avery5160',
      labelOffsetMm: { x: 0, y: 0 },
      labelOrder: 'variant',
      labelSummary: false,
      slipPaper: 'letter',
      slipFooterNote: '',
      senderCountry: 'US',
      staleAfterHours: 24,
    })
    expect((await app.value('app:info')).source).toBe('default')
    await app.value('settings:update', {
      concurrency: 8,
      theme: 'dark',
      baseUrl: 'http://127.0.0.1:4010/',
    })
    const again = await makeApp({ dataDir })
    expect(await again.value('settings:get')).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      concurrency: 8,
      theme: 'dark',
    })
    expect(await again.value('app:info')).toMatchObject({ source: 'settings', harness: false })
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8'))
    expect(saved).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', concurrency: 8, theme: 'dark' })
  })
})

describe('sign-in', () => {
  it('signs in with e-mail and password, refuses a wrong password, and allows API-token only', async () => {
    const sim = await startSim()
    const app = await makeApp({ sim })
    expect(await app.value('session:status')).toMatchObject({ signedIn: false, demo: false })

    const wrong = await app.call('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
      password: 'not-the-password',
    })
    expect(wrong).toEqual({
      ok: false,
      error: {
        code: 'invalid_credentials',
        message: 'The e-mail or password was not accepted. Check both and try again.',
      },
    })
    expect(await app.value('session:status')).toMatchObject({ signedIn: false })

    const missing = await app.call('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
    })
    expect(missing).toMatchObject({ ok: false, error: { code: 'usage' } })
    expect(!missing.ok && missing.error.message).toMatch(
      /Enter the password for demo@perkpack\.test/,
    )

    const info = await app.value('session:signIn', {
      apiToken: sim.credentials.apiToken,
      email: sim.credentials.email,
      password: sim.credentials.password,
    })
    expect(info).toMatchObject({
      signedIn: true,
      email: sim.credentials.email,
      privileged: true,
      demo: false,
      secretStore: 'memory (this run only)',
    })
    expect(Date.parse(info.expiresAt ?? '')).toBeGreaterThan(Date.now())

    const tokenOnly = await makeApp({ sim })
    expect(
      await tokenOnly.value('session:signIn', { apiToken: sim.credentials.apiToken }),
    ).toMatchObject({
      signedIn: true,
      email: null,
      privileged: false,
    })
    const campaignId = sim.campaignIds[0] as number
    // No password would help here: a distinct code, and no password prompt.
    const teamOnly = await tokenOnly.call('jobs:watch', { campaignId, jobId: sim.jobIds[0]! })
    expect(teamOnly).toMatchObject({ ok: false, error: { code: 'team_sign_in_required' } })
    expect(!teamOnly.ok && teamOnly.error.message).toMatch(/team member's sign-in/)
    expect(tokenOnly.events.filter((e) => e.event === 'session:expired')).toEqual([])
    const signedOut = await makeApp({ sim })
    expect(await signedOut.call('campaigns:sync', { campaignId })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    })
    // Unprivileged: the rows come without addresses, and the drawer has none to show.
    await tokenOnly.value('campaigns:sync', { campaignId })
    const { all: rows } = await queryAll(tokenOnly, campaignId, { statuses: [] })
    expect(rows).toHaveLength(rowsOf(sim, campaignId).length)
    expect(rows.every((row) => row.email === null && row.country === null)).toBe(true)
    const detail = await tokenOnly.value('orders:detail', {
      campaignId,
      contributionId: rows[0]!.id,
    })
    expect(detail.addressLines).toEqual([])
    expect(await tokenOnly.value('campaigns:recent')).toMatchObject([
      { campaignId, privileged: false },
    ])
  })

  it('signs out: keychain entries, cache files and the remembered e-mail are gone', async () => {
    const sim = await startSim()
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const app = await makeApp({ sim, dataDir, store })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    await app.value('campaigns:sync', { campaignId })
    const cacheFiles = () => fs.readdirSync(dataDir).filter((name) => name.startsWith('cache-'))
    expect(cacheFiles().length).toBeGreaterThan(0)
    expect(await app.value('session:signOut')).toMatchObject({ signedIn: false, email: null })
    expect(store.values()).toEqual([])
    expect(cacheFiles()).toEqual([])
    const settings = JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8'))
    expect(settings.email).toBeUndefined()
    expect(await app.value('campaigns:recent')).toEqual([])
  })
})

/** A simulator with `contributions` orders, an app signed in to it, its first campaign synced. */
async function syncedApp(contributions: number) {
  const sim = await startSim({ contributions })
  const app = await makeApp({ sim })
  await signIn(app, sim)
  const campaignId = sim.campaignIds[0] as number
  await app.value('campaigns:sync', { campaignId })
  return { sim, app, campaignId }
}

describe('sync and orders', () => {
  it('reports progress, then open and query agree with the shared core over the same rows', async () => {
    const sim = await startSim({ contributions: 400 })
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const app = await makeApp({ sim, dataDir, store })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    const summary = await app.value('campaigns:sync', { campaignId, concurrency: 3 })
    expect(summary).toMatchObject({ campaignId, count: 400 })
    expect(summary.pagesFetched).toBeGreaterThanOrEqual(14)

    const progress = app.events
      .filter((e) => e.event === 'sync:progress')
      .map((e) => e.payload as SyncProgress)
    expect(progress[0]).toMatchObject({ campaignId, phase: 'walking', pagesTotal: 14 })
    expect(progress.at(-1)).toMatchObject({ phase: 'done', records: 400, expected: 400 })
    expect(progress.some((p) => p.phase === 'saving')).toBe(true)

    const expected = rowsOf(sim, campaignId)
    const snapshot = await app.value('orders:open', { campaignId })
    expect(snapshot.campaign).toMatchObject({ campaignId, count: 400, privileged: true })
    expect(snapshot.campaign.title).toMatch(/tidepool/)
    const everything = (await queryAll(app, campaignId, { statuses: [] })).all
    expect(everything.map((r) => r.id)).toEqual(expected.map((r) => r.id))
    expect(snapshot.countries).toEqual(
      [...new Set(expected.map((r) => r.order.shipping?.country).filter(Boolean))].sort(),
    )
    const first = everything[0]!
    const source = expected[0]!
    expect(first).toMatchObject({
      id: source.id,
      orderId: source.order.id,
      sequenceNumber: source.order.sequence_number,
      email: source.email,
      status: source.order.status,
      country: source.order.shipping?.country,
      city: source.order.shipping?.city,
      createdAt: source.created_at,
    })
    expect(first.perks).toBe(source.order.perks.map((p) => p.label).join(', ') || '(no perk)')

    const filters = [
      {},
      { statuses: [] },
      { statuses: ['refunded' as const] },
      { search: 'mill' },
      { country: 'DE', search: '' },
      { statuses: [], perkId: null },
      { perkId: expected[0]!.order.perks[0]?.id ?? null },
    ]
    const agree = async (target: typeof app) => {
      for (const filter of filters) {
        const result = await queryAll(target, campaignId, filter)
        const base = filterContributions(expected, { ...filter, perkId: undefined })
        const ids = filterContributions(expected, filter).map((r) => r.id)
        expect(result.count).toBe(ids.length)
        expect(result.rows.map((r) => r.id)).toEqual(ids.slice(0, ORDERS_PAGE_SIZE))
        expect(result.all.map((r) => r.id)).toEqual(ids)
        expect(result.pickList).toEqual(buildPickList(base))
        expect(result.tree).toEqual(groupByPerk(base))
        expect(result.totals).toEqual({
          orders: base.length,
          units: buildPickList(base).reduce((sum, line) => sum + line.quantity, 0),
          variants: buildPickList(base).length,
        })
      }
    }
    await agree(app)
    // After a restart the view comes from the compact copy saved in the cache: same answers.
    const restarted = await makeApp({ sim, dataDir, store })
    expect(await restarted.value('orders:open', { campaignId })).toEqual(snapshot)
    expect((await queryAll(restarted, campaignId, { statuses: [] })).all).toEqual(everything)
    await agree(restarted)
    const detail = await restarted.value('orders:detail', { campaignId, contributionId: source.id })
    expect(detail.contribution).toEqual(source)
    expect(await app.value('campaigns:recent')).toMatchObject([{ campaignId, count: 400 }])
  })

  it('pages through an answer by position, and says so once main has let go of it', async () => {
    const { sim, app, campaignId } = await syncedApp(450)
    const expected = rowsOf(sim, campaignId)
    const answer = await app.value('orders:query', { campaignId, filter: { statuses: [] } })
    expect(answer.count).toBe(450)
    expect(answer.rows).toHaveLength(ORDERS_PAGE_SIZE)
    const page = (offset: number, limit: number, resultId = answer.resultId) =>
      app.call('orders:rows', { campaignId, resultId, offset, limit })
    const ids = async (offset: number, limit: number) => {
      const envelope = await page(offset, limit)
      if (!envelope.ok) throw new Error(envelope.error.message)
      return envelope.value.map((row) => row.id)
    }
    expect(await ids(400, 100)).toEqual(expected.slice(400).map((r) => r.id))
    expect(await ids(450, 100)).toEqual([])
    expect(await ids(0, 3)).toEqual(expected.slice(0, 3).map((r) => r.id))

    // Another campaign's id with this answer: refused rather than mixed up.
    const wrongCampaign = await app.call('orders:rows', {
      campaignId: campaignId + 1,
      resultId: answer.resultId,
      offset: 0,
      limit: 10,
    })
    expect(wrongCampaign).toMatchObject({ ok: false, error: { code: 'orders_result_gone' } })

    // Main keeps a few answers: many queries later, the first one is gone.
    for (let i = 0; i < 10; i++) {
      await app.value('orders:query', { campaignId, filter: { search: `x${i}` } })
    }
    const evicted = await page(0, 10)
    expect(evicted).toMatchObject({ ok: false, error: { code: 'orders_result_gone' } })
    expect(!evicted.ok && evicted.error.message).toMatch(/Run the filter again/)

    // A new snapshot makes every earlier answer stale, even the newest.
    const latest = await app.value('orders:query', { campaignId, filter: {} })
    expect((await page(0, 10, latest.resultId)).ok).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 5))
    await app.value('campaigns:sync', { campaignId })
    const stale = await page(0, 10, latest.resultId)
    expect(stale).toMatchObject({ ok: false, error: { code: 'orders_result_gone' } })
  })

  it('keeps the previous snapshot when a sync is cancelled', async () => {
    const { sim, app, campaignId } = await syncedApp(300)
    const before = await app.value('campaigns:recent')

    sim.setFaults({ latencyMs: 150 })
    app.events.length = 0
    const running = app.call('campaigns:sync', { campaignId, concurrency: 1 })
    await app.waitFor('sync:progress')
    expect(await app.value('campaigns:cancelSync', { campaignId })).toBe(true)
    expect(await running).toEqual({
      ok: false,
      error: {
        code: 'cancelled',
        message: 'Sync cancelled. The last complete copy of the campaign is kept.',
      },
    })
    expect(await app.value('campaigns:cancelSync', { campaignId })).toBe(false)

    expect(await app.value('campaigns:recent')).toEqual(before)
    const snapshot = await app.value('orders:open', { campaignId })
    expect(snapshot.campaign.count).toBe(300)
    expect((await queryAll(app, campaignId, { statuses: [] })).all).toHaveLength(300)
    expect(snapshot.campaign.lastSyncedAt).toBe(before[0]!.lastSyncedAt)
  })

  it("the tree's counts add up to the pick list's, and tree nodes select their orders", async () => {
    const { app, campaignId } = await syncedApp(500)
    await app.value('orders:open', { campaignId })
    const { tree, pickList, totals } = await app.value('orders:query', {
      campaignId,
      filter: { statuses: [] },
    })
    expect(tree.length).toBeGreaterThan(1)

    // Per variant: the pick list's quantity is the sum over the perks that hold it, and its
    // per-perk breakdown is exactly the tree's numbers.
    for (const line of pickList) {
      const inTree = tree.flatMap((perk) =>
        perk.variants
          .filter(
            (v) =>
              v.skuCode === line.sku_code &&
              JSON.stringify(v.choices) === JSON.stringify(line.choices),
          )
          .map((v) => ({ perkId: perk.perkId, quantity: v.quantity })),
      )
      expect(inTree.reduce((sum, v) => sum + v.quantity, 0)).toBe(line.quantity)
      expect(line.perks.map((p) => ({ perkId: p.perk_id, quantity: p.quantity }))).toEqual(
        inTree.sort((a, b) => (a.perkId ?? 0) - (b.perkId ?? 0)),
      )
    }
    for (const perk of tree) {
      expect(perk.variants.reduce((sum, v) => sum + v.quantity, 0)).toBe(perk.unitCount)
    }
    expect(tree.reduce((sum, perk) => sum + perk.unitCount, 0)).toBe(totals.units)

    // A perk node selects its orders, a variant node the orders holding it inside that perk.
    const perk = tree.find((p) => p.variants.length > 1)!
    const byPerk = await app.value('orders:query', {
      campaignId,
      filter: { statuses: [], perkId: perk.perkId },
    })
    expect(byPerk.count).toBe(perk.orderCount)
    expect(byPerk.tree).toEqual(tree)
    const variant = perk.variants[0]!
    const byVariant = await app.value('orders:query', {
      campaignId,
      filter: { statuses: [], perkId: perk.perkId, variant: variant.key },
    })
    expect(byVariant.count).toBe(variant.orderCount)
    const noPerk = tree.find((p) => p.perkId === null)
    if (noPerk) {
      const none = await app.value('orders:query', {
        campaignId,
        filter: { statuses: [], perkId: null },
      })
      expect(none.count).toBe(noPerk.orderCount)
    }
    // "All orders", then "No perk", then "All orders" again: each its own answer, never the
    // one before it (an absent perk and a null one must not look alike to main's cache).
    expect(noPerk?.orderCount ?? 0).toBeGreaterThan(0)
    for (const [perkId, expected] of [
      [undefined, totals.orders],
      [null, noPerk?.orderCount],
      [undefined, totals.orders],
    ] as const) {
      const filter = perkId === undefined ? { statuses: [] } : { statuses: [], perkId }
      expect((await app.value('orders:query', { campaignId, filter })).count).toBe(expected)
    }
  })

  it('formats the ship-to address for the destination (JP, DE, US)', async () => {
    const { sim, app, campaignId } = await syncedApp(400)
    const rows = rowsOf(sim, campaignId)
    // A US order with a second street line, so its place under the first is checked.
    const pick = (country: string) =>
      rows.find((r) => r.order.shipping?.country === country && r.order.shipping.address2)!
    const lines = async (country: string) => {
      const row = pick(country)
      const detail = await app.value('orders:detail', { campaignId, contributionId: row.id })
      expect(detail.contribution).toEqual(row)
      return { lines: detail.addressLines, shipping: row.order.shipping! }
    }

    const jp = await lines('JP')
    expect(jp.lines[0]).toBe(jp.shipping.name)
    expect(jp.lines).toContain(jp.shipping.address)
    expect(jp.lines.some((l) => l.includes(jp.shipping.zipcode!))).toBe(true)
    expect(jp.lines.at(-1)).toBe('JAPAN')

    const de = await lines('DE')
    expect(de.lines[0]).toBe(de.shipping.name)
    expect(de.lines).toContain(de.shipping.address)
    // German order: postcode before the city, on one line; no state.
    expect(de.lines).toContain(`${de.shipping.zipcode} ${de.shipping.city}`)
    expect(de.lines.at(-1)).toBe('GERMANY')

    const us = await lines('US')
    expect(us.lines[0]).toBe(us.shipping.name)
    expect(us.lines).toContain(`${us.shipping.city}, ${us.shipping.state} ${us.shipping.zipcode}`)
    expect(us.lines.at(-1)).toBe('UNITED STATES')
    expect(us.lines.indexOf(us.shipping.address2!)).toBe(us.lines.indexOf(us.shipping.address!) + 1)

    const missing = await app.call('orders:detail', { campaignId, contributionId: 1 })
    expect(missing).toMatchObject({ ok: false, error: { code: 'order_not_found' } })
    const notSynced = await app.call('orders:open', { campaignId: 999 })
    expect(notSynced).toMatchObject({ ok: false, error: { code: 'campaign_not_synced' } })
    expect(!notSynced.ok && notSynced.error.message).toMatch(/Choose "Sync now"/)
  })
})

describe('batch jobs', () => {
  it('polls a job to completed, and the list survives a restart', async () => {
    const sim = await startSim()
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const app = await makeApp({ sim, dataDir, store })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    const plan = sim.dataset.jobs.find(
      (j) => j.campaignId === campaignId && j.outcome === 'completed',
    )!
    const watched = await app.value('jobs:watch', { campaignId, jobId: plan.jobId })
    expect(watched).toMatchObject({ campaignId, jobId: plan.jobId, done: false, error: null })
    const finished = await app.waitFor('job:update', (job) => job.jobId === plan.jobId && job.done)
    expect(finished.status).toMatchObject({
      status: 'completed',
      number_processed: plan.total,
      total: plan.total,
    })
    expect(app.events.filter((e) => e.event === 'job:update').length).toBeGreaterThan(2)

    // A wrong id is refused at once and not kept.
    const wrong = await app.call('jobs:watch', { campaignId, jobId: 'no-such-job' })
    expect(wrong).toMatchObject({ ok: false, error: { code: 'api_not_found' } })

    // A failing job stops at failed.
    const failing = sim.dataset.jobs.find(
      (j) => j.campaignId === campaignId && j.outcome === 'failed',
    )!
    await app.value('jobs:watch', { campaignId, jobId: failing.jobId })
    const failed = await app.waitFor('job:update', (job) => job.jobId === failing.jobId && job.done)
    expect(failed.status?.status).toBe('failed')

    await app.services.dispose()
    const again = await makeApp({ sim, dataDir, store })
    const list = await again.value('jobs:list')
    expect(list.map((j) => [j.jobId, j.done, j.status?.status])).toEqual([
      [failing.jobId, true, 'failed'],
      [plan.jobId, true, 'completed'],
    ])
    expect(await again.value('jobs:unwatch', { campaignId, jobId: failing.jobId })).toHaveLength(1)
  })

  it('resumes polling an unfinished job after a restart', async () => {
    const sim = await startSim()
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const slow = { minIntervalMs: 60_000, maxIntervalMs: 60_000 }
    const first = await makeApp({ sim, dataDir, store, services: { jobPolling: slow } })
    await signIn(first, sim)
    const campaignId = sim.campaignIds[0] as number
    const plan = sim.dataset.jobs.find((j) => j.campaignId === campaignId && j.total === 250)!
    expect(await first.value('jobs:watch', { campaignId, jobId: plan.jobId })).toMatchObject({
      done: false,
    })
    await first.services.dispose()

    const second = await makeApp({ sim, dataDir, store })
    const done = await second.waitFor('job:update', (job) => job.jobId === plan.jobId && job.done)
    expect(done.status?.status).toBe('completed')
    expect((await second.value('jobs:list'))[0]).toMatchObject({ jobId: plan.jobId, done: true })
  })
})

describe('offline', () => {
  it('serves the saved sign-ups when the API cannot be reached', async () => {
    const sim = await startSim()
    const app = await makeApp({ sim })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    const online = await app.value('signups:get', { campaignId, refresh: true })
    expect(online).toMatchObject({ campaignId, offline: false })
    expect(online.signups).toEqual(sim.dataset.signups.get(campaignId))
    expect(online.signups.length).toBeGreaterThan(30)

    await sim.close()
    const offline = await app.value('signups:get', { campaignId, refresh: true })
    expect(offline).toEqual({ ...online, offline: true })
    expect(await app.value('network:status')).toMatchObject({ online: false })
    // Without a saved copy the network error itself is the answer.
    const other = await app.call('signups:get', {
      campaignId: sim.campaignIds[1] as number,
      refresh: false,
    })
    expect(other).toMatchObject({ ok: false, error: { code: 'api_network' } })
    expect(!other.ok && other.error.message).toMatch(
      /^Could not reach the API \(connection refused\)\. Gave up after \d attempts\. Check the internet connection \(or the API base URL in Settings\), then try again\.$/,
    )
  })

  it('flips the network status on a failure and back on the next answer', async () => {
    const sim = await startSim()
    let down = false
    const flaky: FetchLike = (input, init) =>
      down ? Promise.reject(new TypeError('fetch failed')) : globalThis.fetch(input, init)
    const app = await makeApp({ sim, fetch: flaky })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    expect(await app.value('network:status')).toMatchObject({ online: true })
    await app.value('signups:get', { campaignId, refresh: true })

    down = true
    const offline = await app.value('signups:get', { campaignId, refresh: true })
    expect(offline.offline).toBe(true)
    expect(await app.waitFor('network:status', (s) => !s.online)).toMatchObject({ online: false })

    down = false
    await app.value('account:contributions', { accountId: sim.accounts.demo })
    await app.waitFor('network:status', (s) => s.online)
    const changes = app.events
      .filter((e) => e.event === 'network:status')
      .map((e) => (e.payload as { online: boolean }).online)
    expect(changes).toEqual([false, true])
  })
})

describe('session expiry', () => {
  it('asks for the password when the token expires with none in memory, then carries on', async () => {
    const sim = await startSim()
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const first = await makeApp({ sim, dataDir, store })
    await signIn(first, sim)
    await first.services.dispose()

    // A restart: the keychain still has the tokens, the password is gone with the old process.
    const app = await makeApp({ sim, dataDir, store })
    expect(await app.value('session:status')).toMatchObject({
      signedIn: true,
      email: sim.credentials.email,
    })
    const campaignId = sim.campaignIds[0] as number
    expect((await app.value('campaigns:sync', { campaignId })).count).toBe(150)

    sim.expireAllTokens()
    const refused = await app.call('campaigns:sync', { campaignId })
    expect(refused).toMatchObject({ ok: false, error: { code: 'sign_in_required' } })
    const expired = await app.waitFor('session:expired')
    expect(expired.email).toBe(sim.credentials.email)
    expect(expired.message).toMatch(/password/)

    const wrong = await app.call('session:reauthenticate', { password: 'nope-nope' })
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_credentials' } })
    expect(
      await app.value('session:reauthenticate', { password: sim.credentials.password }),
    ).toMatchObject({
      signedIn: true,
      privileged: true,
    })
    expect((await app.value('campaigns:sync', { campaignId })).count).toBe(150)
    // The password is now in memory: a second expiry renews silently.
    sim.expireAllTokens()
    expect((await app.value('campaigns:sync', { campaignId })).count).toBe(150)
    expect(app.events.filter((e) => e.event === 'session:expired')).toHaveLength(1)
  })
})

describe('demo', () => {
  it('starts the simulator once, signs in, and leaves no trace in the settings', async () => {
    const dataDir = tempDir()
    const app = await makeApp({ dataDir })
    const demo = await app.value('demo:start')
    expect(demo).toMatchObject({
      signedIn: true,
      privileged: true,
      demo: true,
      email: 'demo@perkpack.test',
    })
    expect(demo.campaignIds.length).toBeGreaterThan(0)
    expect(demo.jobIds.length).toBeGreaterThan(0)
    const info = await app.value('app:info')
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const again = await app.value('demo:start')
    expect(again.campaignIds).toEqual(demo.campaignIds)
    expect((await app.value('app:info')).baseUrl).toBe(info.baseUrl)

    const campaignId = demo.campaignIds[0] as number
    // The demo drifts (3 %): the rows broken beyond the model are kept apart as problem rows.
    const broken = driftPlan(generateDataset({ seed: 1, contributions: 300 }), 0.03).broken.length
    expect(broken).toBeGreaterThan(0)
    expect((await app.value('campaigns:sync', { campaignId })).count).toBe(300 - broken)
    const job = await app.value('jobs:watch', { campaignId, jobId: demo.jobIds[0] as string })
    expect(job.error).toBeNull()
    // Saving the settings form during the demo must not keep the simulator's URLs.
    await app.value('settings:update', {
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      theme: 'light',
    })
    expect((await app.value('app:info')).baseUrl).toBe(info.baseUrl)

    const settingsFile = path.join(dataDir, 'settings.json')
    const saved = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : ''
    expect(saved).not.toContain('127.0.0.1')
    expect(saved).not.toContain('demo@perkpack.test')

    // After a restart the app is where the person left it, not on a simulator that is gone.
    const restarted = await makeApp({ dataDir })
    expect(await restarted.value('app:info')).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      source: 'default',
    })
    expect(await restarted.value('session:status')).toMatchObject({ signedIn: false, demo: false })

    // Signing out of the demo ends the demo only.
    expect(await app.value('session:signOut')).toMatchObject({ signedIn: false, demo: false })
    expect((await app.value('app:info')).baseUrl).toBe(DEFAULT_BASE_URL)
  })
})

describe('secrets', () => {
  it('never sends a token or password across, in any answer or event', async () => {
    wire.splice(0)
    const sim = await startSim()
    const store = new MemorySecretStore()
    const dataDir = tempDir()
    const app = await makeApp({ sim, store, dataDir })
    const { apiToken, email, password } = sim.credentials
    // A refused password, then the right one; a sync, a query, a detail, a job.
    await app.call('session:signIn', { apiToken, email, password: `${password}-wrong` })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    await app.value('campaigns:sync', { campaignId })
    const { all } = await queryAll(app, campaignId, { statuses: [] })
    await app.value('orders:detail', { campaignId, contributionId: all[0]!.id })
    await app.call('jobs:watch', { campaignId, jobId: sim.dataset.jobs[0]!.jobId })
    // An expiry with the password gone (a restart), its event, a wrong and a right password.
    await app.services.dispose()
    const restarted = await makeApp({ sim, store, dataDir })
    sim.expireAllTokens()
    await restarted.call('campaigns:sync', { campaignId })
    await restarted.waitFor('session:expired')
    await restarted.call('session:reauthenticate', { password: `${password}-wrong` })
    await restarted.value('session:reauthenticate', { password })
    await restarted.value('session:signOut')

    expect(wire.length).toBeGreaterThan(10)
    // Who is signed in crosses (the check is not vacuous); how they signed in does not.
    expect(wire.join('\n')).toContain(email)
    expect(secretsIn(wire)).toEqual([])
  })
})

afterAll(cleanupApps)
