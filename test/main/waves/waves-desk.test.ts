import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planFromRecord } from '../../../src/main/core/floor/wave-planning'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { describeChoices, shippableLines } from '../../../src/shared/fulfillment'
import type { OrdersFilter } from '../../../src/shared/ipc'
import {
  base64,
  cleanupApps,
  labelsRequest,
  csvCell,
  levelOf,
  rowsOf,
  savingDesktop,
  stockFile,
  syncedApp,
} from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

// Stock and waves from the window (issue 28), through the real handler table: the same record
// and planner as `perkpack stock` and `perkpack wave`, and a wave in the orders filter narrowing
// every output to exactly the wave's orders.

let app: TestApp
let campaignId: number
let rows: CampaignContribution[]
const { desktop, printed } = savingDesktop()

beforeAll(async () => {
  const synced = await syncedApp(120, { services: { desktop } })
  ;({ app, campaignId } = synced)
  rows = rowsOf(synced.sim, campaignId)
}, 60_000)
afterAll(cleanupApps)

describe('waves:stock, waves:setStock, waves:importStock, waves:stockHistory', () => {
  it('lists every variant of the orders with its item name, unrecorded at first', async () => {
    const stock = await app.value('waves:stock', { campaignId })
    const keys = new Set(rows.flatMap((row) => shippableLines(row).map((line) => line.key)))
    expect(stock.rows.length).toBeGreaterThanOrEqual(keys.size)
    for (const key of keys) expect(stock.rows.map((r) => r.variantKey)).toContain(key)
    expect(stock.rows.every((row) => row.quantity === null && row.updatedAt === null)).toBe(true)
    const named = stock.rows.find((row) => row.choices.length > 0)!
    expect(named.itemName).toBeTruthy()
    expect(named.choicesText).toBe(describeChoices(named.choices))
  })

  it('sets one level and keeps the change in its history', async () => {
    const row = (await app.value('waves:stock', { campaignId })).rows[0]!
    const { skuCode, choices } = row
    const after = await app.value('waves:setStock', { campaignId, skuCode, choices, quantity: 7 })
    expect(levelOf(after, row.variantKey)).toBe(7)
    const history = await app.value('waves:stockHistory', {
      campaignId,
      variantKey: row.variantKey,
    })
    expect(history.map((change) => [change.reason, change.delta, change.quantity])).toEqual([
      ['set', 7, 7],
    ])
  })

  it('refuses a negative level in a sentence', async () => {
    const row = (await app.value('waves:stock', { campaignId })).rows[0]!
    const answer = await app.call('waves:setStock', {
      campaignId,
      skuCode: row.skuCode,
      choices: row.choices,
      quantity: -1,
    })
    expect(answer.ok).toBe(false)
    expect(JSON.stringify(answer)).toContain('Quantity')
  })

  it('imports sku,choices,quantity, names a bad line and keeps the good ones', async () => {
    const stock = await app.value('waves:stock', { campaignId })
    const [first, second] = stock.rows
    const text = [
      'sku,choices,quantity',
      `${csvCell(first!.skuCode)},${csvCell(first!.choicesText)},12`,
      `${csvCell(second!.skuCode)},${csvCell(second!.choicesText)},lots`,
    ].join('\n')
    const result = await app.value('waves:importStock', {
      campaignId,
      fileName: 'stock.csv',
      contentBase64: base64(text),
    })
    expect(result).toMatchObject({ fileName: 'stock.csv', read: 1, changed: 1 })
    expect(result.problems).toEqual([{ line: 3, problem: 'quantity "lots" is no whole number' }])
    expect(levelOf(result.stock, first!.variantKey)).toBe(12)
    const history = await app.value('waves:stockHistory', {
      campaignId,
      variantKey: first!.variantKey,
    })
    expect(history.at(-1)).toMatchObject({ reason: 'import', quantity: 12 })
  })

  it("reads the pick list's own columns (SKU code, Choices, Quantity)", async () => {
    const stock = await app.value('waves:stock', { campaignId })
    const row = stock.rows[2]!
    const text = `SKU code,Item,Choices,Quantity,Orders\n${csvCell(row.skuCode)},x,${csvCell(row.choicesText)},"1,204",3\n`
    const result = await app.value('waves:importStock', {
      campaignId,
      fileName: 'pick-list.csv',
      contentBase64: base64(text),
    })
    expect(levelOf(result.stock, row.variantKey)).toBe(1204)
  })

  it('refuses a file without a quantity column, naming the header it needs', async () => {
    const answer = await app.call('waves:importStock', {
      campaignId,
      fileName: 'notes.csv',
      contentBase64: base64('sku,colour\nTEE,black\n'),
    })
    expect(answer.ok).toBe(false)
    expect(JSON.stringify(answer)).toContain('sku,choices,quantity')
  })
})

describe('waves:plan, waves:save, waves:list, waves:close and the wave filter', () => {
  it('proposes what planFromRecord plans, saves it, and narrows every output to it', async () => {
    const stock = await app.value('waves:stock', { campaignId })
    // Enough of every variant for about a third of the orders: some ship, some wait.
    const needed = new Map<string, number>()
    for (const row of rows)
      for (const line of shippableLines(row))
        needed.set(line.key, (needed.get(line.key) ?? 0) + line.quantity)
    const file = stockFile(stock, (row) => Math.floor((needed.get(row.variantKey) ?? 0) / 3))
    await app.value('waves:importStock', {
      campaignId,
      fileName: 's.csv',
      contentBase64: base64(file),
    })

    const proposal = await app.value('waves:plan', { campaignId })
    const cache = app.services.connection.cache()
    const expected = planFromRecord(
      cache.contributions(campaignId),
      cache.floor(),
      cache.floorPlan(),
      campaignId,
      { priority: 'order-number', first: [], partial: false },
    )
    expect(proposal.orderIds).toEqual(expected.shipments.map((s) => s.orderId))
    expect(proposal.orderIds.length).toBeGreaterThan(2)
    expect(proposal.waiting).toBe(expected.waiting.length)
    expect(proposal.short.map((s) => [s.variantKey, s.short])).toEqual(
      expected.short.map((s) => [s.variantKey, s.short]),
    )
    const units = expected.shipments.flatMap((s) => s.lines).reduce((n, l) => n + l.quantity, 0)
    expect(proposal.units).toBe(units)
    expect(proposal.short.every((s) => s.skuCode !== '')).toBe(true)
    // A dry run saves nothing.
    expect(await app.value('waves:list', { campaignId })).toEqual([])

    const saved = await app.value('waves:save', { campaignId, name: 'March batch' })
    expect(saved).toMatchObject({
      name: 'March batch',
      status: 'open',
      orderCount: proposal.orderIds.length,
      packedCount: 0,
    })

    const wave = new Set(proposal.orderIds)
    const filter: OrdersFilter = { wave: 'March batch' }
    const query = await app.value('orders:query', { campaignId, filter, pickList: true })
    const byContribution = new Map(rows.map((row) => [row.id, row.order.id]))
    const queried = query.rows.map((row) => byContribution.get(row.id))
    expect(query.count).toBe(wave.size)
    expect(new Set(queried)).toEqual(wave)
    expect(query.pickListTotals.orders).toBe(wave.size)

    const saved2 = await app.value('export:csv', { campaignId, filter, format: 'generic' })
    const csv = parse(fs.readFileSync(saved2!.path), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(new Set(csv.map((record) => Number(record.order_id)))).toEqual(wave)

    printed.length = 0
    await app.value('print:labels', labelsRequest(campaignId, filter))
    const html = printed.join('')
    for (const row of rows.filter(
      (r) => r.order.status === 'captured' && r.order.shipping?.address,
    ))
      expect(html.includes(row.order.shipping!.address!)).toBe(wave.has(row.order.id))
  })

  it('counts packed orders, moves the stock, refuses a name taken and closes a wave', async () => {
    const [summary] = await app.value('waves:list', { campaignId })
    const query = await app.value('orders:query', { campaignId, filter: { wave: summary!.name } })
    const row = rows.find((r) => r.id === query.rows[0]!.id)!
    const [line] = shippableLines(row)
    const before = levelOf(await app.value('waves:stock', { campaignId }), line!.key)!
    expect((await app.value('floor:pack', { campaignId, orderId: row.order.id })).packed).toBe(true)
    const after = levelOf(await app.value('waves:stock', { campaignId }), line!.key)!
    const units = shippableLines(row)
      .filter((l) => l.key === line!.key)
      .reduce((n, l) => n + l.quantity, 0)
    expect(after).toBe(before - units)
    expect((await app.value('waves:list', { campaignId }))[0]!.packedCount).toBe(1)

    const again = await app.call('waves:save', { campaignId, name: summary!.name })
    expect(again.ok).toBe(false)
    expect(JSON.stringify(again)).toContain('give the new wave another name')

    const closed = await app.value('waves:close', { campaignId, name: summary!.name })
    expect(closed[0]).toMatchObject({ status: 'closed', name: summary!.name })
    expect(closed[0]!.closedAt).not.toBeNull()
    // A closed wave keeps its list: the filter still gives its orders.
    const still = await app.value('orders:query', { campaignId, filter: { wave: summary!.name } })
    expect(still.count).toBe(summary!.orderCount)
  })

  it('names a wave that is not there, in the filter and on close', async () => {
    const query = await app.call('orders:query', { campaignId, filter: { wave: 'Nope' } })
    expect(query.ok).toBe(false)
    expect(JSON.stringify(query)).toContain('no wave named \\"Nope\\"')
    const close = await app.call('waves:close', { campaignId, name: 'Nope' })
    expect(close.ok || close.error.code).toBe('wave_not_found')
  })
})
