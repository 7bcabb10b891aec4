import { afterEach, describe, expect, it } from 'vitest'
import { MemorySecretStore } from '../../../src/main/core/session/secrets'
import {
  buildPickList,
  filterContributions,
  groupByPerk,
  shippedPickList,
  SHIPPING_STATUSES,
} from '../../../src/shared/fulfillment'
import { ORDERS_PAGE_SIZE } from '../../../src/shared/ipc'
import type { SyncProgress } from '../../../src/shared/ipc'
import {
  cleanupApps,
  makeApp,
  queryAll,
  rowsOf,
  signIn,
  startSim,
  syncedApp,
  tempDir,
} from '../../helpers/app'

afterEach(cleanupApps)

describe('sync and orders', () => {
  it('reports progress, then open and query agree with the shared core over the same rows', async () => {
    const sim = await startSim({ contributions: 400 })
    const dataDir = tempDir()
    const store = new MemorySecretStore()
    const app = await makeApp({ sim, dataDir, store })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    const summary = await app.value('sync:run', { campaignId, concurrency: 3 })
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
    expect(snapshot.campaign.title).toMatch(/tidepool/i)
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
        const selected = filterContributions(expected, filter)
        const ids = selected.map((r) => r.id)
        expect(result.count).toBe(ids.length)
        expect(result.rows.map((r) => r.id)).toEqual(ids.slice(0, ORDERS_PAGE_SIZE))
        expect(result.all.map((r) => r.id)).toEqual(ids)
        // The tree and its "All orders" node cover the filter without the node ...
        expect(result.tree).toEqual(groupByPerk(base))
        expect(result.totals).toEqual({
          orders: base.length,
          units: buildPickList(base).reduce((sum, line) => sum + line.quantity, 0),
          variants: buildPickList(base).length,
        })
        // ... the pick list follows the node, like the table, and lists what ships, as printed.
        const picked = shippedPickList(selected)
        expect(result.pickList).toEqual(picked.rows)
        expect(result.pickListTotals).toEqual(picked.totals)
        expect(result.pickListLeftOut).toEqual({
          stopped: picked.skipped.filter((s) => s.kind === 'stopped').length,
          nothingToShip: picked.skipped.filter((s) => s.kind === 'nothing-to-ship').length,
          noAddress: picked.skipped.filter((s) => s.kind === 'no-address').length,
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
    await app.value('sync:run', { campaignId })
    const stale = await page(0, 10, latest.resultId)
    expect(stale).toMatchObject({ ok: false, error: { code: 'orders_result_gone' } })
  })

  it("the tree's counts add up to the pick list's, and tree nodes select their orders", async () => {
    const { app, campaignId } = await syncedApp(500)
    // Every status that ships: the pick list leaves out the others (refunded, pending, ...),
    // which the tree, there to find orders by, still counts.
    const SHIPS = [...SHIPPING_STATUSES]
    await app.value('orders:open', { campaignId })
    const { tree, pickList, totals } = await app.value('orders:query', {
      campaignId,
      filter: { statuses: SHIPS },
      pickList: true,
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
      filter: { statuses: SHIPS, perkId: perk.perkId },
      pickList: true,
    })
    expect(byPerk.count).toBe(perk.orderCount)
    expect(byPerk.tree).toEqual(tree)
    const variant = perk.variants[0]!
    const byVariant = await app.value('orders:query', {
      campaignId,
      filter: { statuses: SHIPS, perkId: perk.perkId, variant: variant.key },
      pickList: true,
    })
    expect(byVariant.count).toBe(variant.orderCount)
    // The pick list follows the node: its orders are the node's, the tree stays whole.
    expect(byPerk.pickListTotals.orders).toBe(perk.orderCount)
    expect(byVariant.pickListTotals.orders).toBe(variant.orderCount)
    expect(byVariant.tree).toEqual(tree)
    const line = byVariant.pickList.find(
      (l) =>
        l.sku_code === variant.skuCode &&
        JSON.stringify(l.choices) === JSON.stringify(variant.choices),
    )
    expect(line?.perks.find((p) => p.perk_id === perk.perkId)?.quantity).toBe(variant.quantity)
    // The Orders view asks without a pick list: the same orders and tree, no list built.
    const bare = await app.value('orders:query', {
      campaignId,
      filter: { statuses: SHIPS, perkId: perk.perkId },
    })
    expect(bare).toMatchObject({ count: byPerk.count, tree, hasPickList: false, pickList: [] })
    expect(byPerk.hasPickList).toBe(true)
    // Orders holding two perks are counted under both: the answer says how many there are.
    const extra = byPerk.perkOverlap.reduce((n, o) => n + o.orders * (o.perks - 1), 0)
    expect(tree.reduce((n, p) => n + p.orderCount, 0)).toBe(totals.orders + extra)
    const noPerk = tree.find((p) => p.perkId === null)
    expect(noPerk?.orderCount ?? 0).toBeGreaterThan(0)
    const none = await app.value('orders:query', {
      campaignId,
      filter: { statuses: SHIPS, perkId: null },
    })
    expect(none.count).toBe(noPerk?.orderCount)
    // "All orders", then "No perk", then "All orders" again: each its own answer, never the
    // one before it (an absent perk and a null one must not look alike to main's cache).
    for (const [perkId, expected] of [
      [undefined, totals.orders],
      [null, noPerk?.orderCount],
      [undefined, totals.orders],
    ] as const) {
      const filter = perkId === undefined ? { statuses: SHIPS } : { statuses: SHIPS, perkId }
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
    // German order: postcode before the city, on one line; the Land after it, as on the label.
    expect(de.lines.some((l) => l.startsWith(`${de.shipping.zipcode} ${de.shipping.city}`))).toBe(
      true,
    )
    expect(de.lines.at(-1)).toBe('GERMANY')

    const us = await lines('US')
    expect(us.lines[0]).toBe(us.shipping.name)
    expect(us.lines).toContain(`${us.shipping.city}, ${us.shipping.state} ${us.shipping.zipcode}`)
    // Parcels leave from the US (Settings): a domestic address has no country line.
    expect(us.lines.at(-1)).toBe(`${us.shipping.city}, ${us.shipping.state} ${us.shipping.zipcode}`)
    expect(us.lines.indexOf(us.shipping.address2!)).toBe(us.lines.indexOf(us.shipping.address!) + 1)

    const missing = await app.call('orders:detail', { campaignId, contributionId: 1 })
    expect(missing).toMatchObject({ ok: false, error: { code: 'order_not_found' } })
    const notSynced = await app.call('orders:open', { campaignId: 999 })
    expect(notSynced).toMatchObject({ ok: false, error: { code: 'campaign_not_synced' } })
    expect(!notSynced.ok && notSynced.error.message).toMatch(/Choose "Sync now"/)
  })
})
