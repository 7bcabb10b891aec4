import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { shippableLines } from '../../../src/shared/fulfillment'
import type { OrderLine } from '../../../src/shared/fulfillment/pick-list'
import type { OrdersFilter, StockRow } from '../../../src/shared/ipc'
import { base64, cleanupApps, rowsOf, savingDesktop, stockFile, syncedApp } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

// Partial shipments (issue 28) through the real handler table, as the window calls it: a wave
// saved from a partial plan cuts its orders that ship in part to their parcel in every output,
// the slip says what follows, packing moves only the parcel's units, and the next wave plans and
// packs only what the order still owes.

let app: TestApp
let campaignId: number
let target: CampaignContribution
let parcel: OrderLine
let rest: OrderLine[]
const { desktop, printed } = savingDesktop()

beforeAll(async () => {
  const synced = await syncedApp(120, { services: { desktop } })
  ;({ app, campaignId } = synced)
  const rows = rowsOf(synced.sim, campaignId)
  target = rows.find(
    (row) =>
      row.order.status === 'captured' &&
      row.order.shipping?.address &&
      shippableLines(row).length >= 2,
  )!
  ;[parcel, ...rest] = shippableLines(target) as [OrderLine, ...OrderLine[]]
  // Only the target's first variant is on the shelf, enough for every order that holds it.
  let needed = 0
  for (const row of rows)
    for (const line of shippableLines(row)) if (line.key === parcel.key) needed += line.quantity
  await setStock((row) => (row.variantKey === parcel.key ? needed : 0))
}, 60_000)
afterAll(cleanupApps)

const only = (row: CampaignContribution): OrdersFilter => ({ statuses: [], ids: [row.id] })

async function setStock(quantity: (row: StockRow) => number): Promise<void> {
  const stock = await app.value('waves:stock', { campaignId })
  await app.value('waves:importStock', {
    campaignId,
    fileName: 'stock.csv',
    contentBase64: base64(stockFile(stock, quantity)),
  })
}

async function levels(): Promise<Map<string, number | null>> {
  const stock = await app.value('waves:stock', { campaignId })
  return new Map(stock.rows.map((row) => [row.variantKey, row.quantity]))
}

interface Word {
  text: string
  yMin: number
  yMax: number
}

/** The slip PDF's words with their boxes (pdftotext -bbox-layout), and the page's height. */
async function slipWords(): Promise<{ words: Word[]; height: number; text: string }> {
  const saved = await app.value('print:slipsPdf', {
    campaignId,
    filter: only(target),
    paper: 'a4',
  })
  const html = execFileSync('pdftotext', ['-bbox-layout', saved!.path, '-'], { encoding: 'utf8' })
  const height = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(html)![1])
  const words = [
    ...html.matchAll(
      /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ text: m[3]!, yMin: Number(m[1]), yMax: Number(m[2]) }))
  const text = execFileSync('pdftotext', ['-layout', saved!.path, '-'], { encoding: 'utf8' })
  return { words, height, text }
}

// One test: each step is the floor's next step on the same order (shuffled runs keep it whole).
describe('a wave saved from a partial plan', () => {
  it('cuts every output to the parcel, packs only it, then plans and packs the rest', async () => {
    // The wave keeps the parcel of an order that ships in part.
    await app.value('waves:save', { campaignId, name: 'Part 1', partial: true })
    const wave = app.services.connection.cache().floorPlan().waves.wave(campaignId, 'Part 1')
    expect(wave?.orderIds).toContain(target.order.id)
    expect(wave?.parcels).toContainEqual({
      orderId: target.order.id,
      lines: [{ variantKey: parcel.key, quantity: parcel.quantity }],
    })
    const [listed] = await app.value('waves:list', { campaignId })
    expect(listed!.partialCount).toBe(wave!.parcels.length)
    expect(listed!.followUnits).toBeGreaterThanOrEqual(rest.reduce((n, l) => n + l.quantity, 0))

    // The slip lists the parcel, and what follows in its own section, on the page.
    const { words, height, text } = await slipWords()
    const followsAt = text.indexOf('To follow in a later parcel:')
    expect(followsAt).toBeGreaterThan(0)
    // Items above the section: the parcel's; what follows only in it.
    const items = text.slice(0, followsAt)
    expect(items).toContain(parcel.itemName)
    for (const line of rest)
      expect(text.slice(followsAt)).toContain(`${line.quantity} × ${line.itemName}`)
    expect(items).toMatch(new RegExp(`Total units \\(1 line\\)\\s+${parcel.quantity}`))
    const total = words.find((word) => word.text === 'Total')!
    const follow = words.find((word) => word.text === 'follow')!
    const pageNumber = words.filter((word) => word.text === 'page').at(-1)!
    expect(follow.yMin).toBeGreaterThan(total.yMax)
    expect(follow.yMax).toBeLessThan(pageNumber.yMin)
    expect(pageNumber.yMax).toBeLessThan(height)

    // The printed (HTML) slip says the same as the PDF.
    await app.value('print:slips', { campaignId, filter: only(target), paper: 'a4' })
    expect(printed.at(-1)).toContain('To follow in a later parcel:')
    // The pick list, the shipper CSV and the station count only the parcel.
    const query = await app.value('orders:query', {
      campaignId,
      filter: only(target),
      pickList: true,
    })
    expect(query.pickList.map((row) => [row.sku_code, row.quantity])).toEqual([
      [parcel.skuCode, parcel.quantity],
    ])
    const saved = await app.value('export:csv', {
      campaignId,
      filter: only(target),
      format: 'generic',
    })
    const csv = parse(fs.readFileSync(saved!.path), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(csv.map((record) => [record.product_sku, record.product_qty])).toEqual([
      [parcel.skuCode, String(parcel.quantity)],
    ])
    const scan = await app.value('floor:scanOrder', { campaignId, code: String(target.order.id) })
    expect(scan.found && scan.order.lines.map((line) => line.key)).toEqual([parcel.key])
    // The station's card says what follows (the row's note crosses IPC as a field).
    expect(
      scan.found && scan.order.parcel?.follows.map((line) => [line.variantKey, line.quantity]),
    ).toEqual(rest.map((line) => [line.key, line.quantity]))
    const progress = await app.value('floor:progress', { campaignId, wave: 'Part 1' })
    expect(progress.toFollow?.orders).toBe(wave!.parcels.length)
    // The drawer: the parcel's items, and what follows.
    const detail = await app.value('orders:detail', { campaignId, contributionId: target.id })
    expect(shippableLines(detail.contribution).map((line) => line.key)).toEqual([parcel.key])
    expect(detail.parcel?.follows.map((line) => [line.variantKey, line.quantity])).toEqual(
      rest.map((line) => [line.key, line.quantity]),
    )

    // Packing takes only the parcel off the shelf; the rest is planned and packed next.
    const before = await levels()
    expect((await app.value('floor:pack', { campaignId, orderId: target.order.id })).packed).toBe(
      true,
    )
    const after = await levels()
    expect(after.get(parcel.key)).toBe(before.get(parcel.key)! - parcel.quantity)
    for (const line of rest) expect(after.get(line.key)).toBe(0)

    await app.value('waves:close', { campaignId, name: 'Part 1' })
    await setStock((row) => (rest.some((line) => line.key === row.variantKey) ? 100_000 : 0))
    await app.value('waves:save', { campaignId, name: 'Part 2', partial: true })
    const wave2 = app.services.connection.cache().floorPlan().waves.wave(campaignId, 'Part 2')
    expect(wave2?.orderIds).toContain(target.order.id)

    const scan2 = await app.value('floor:scanOrder', { campaignId, code: String(target.order.id) })
    expect(scan2.found && scan2.order.lines.map((line) => line.key).sort()).toEqual(
      rest.map((line) => line.key).sort(),
    )
    expect(scan2.found && scan2.order.floor?.packedAt).toBeNull()
    expect(scan2.found && scan2.order.parcel?.sent.map((line) => line.variantKey)).toEqual([
      parcel.key,
    ])
    const { text: text2 } = await slipWords()
    expect(text2).toContain(`Sent earlier: ${parcel.quantity} × ${parcel.itemName}`)

    const second = await app.value('floor:pack', { campaignId, orderId: target.order.id })
    expect(second.packed).toBe(true)
    const end = await levels()
    for (const line of rest) expect(end.get(line.key)).toBe(100_000 - line.quantity)
    expect(end.get(parcel.key)).toBe(0)
    const again = await app.value('floor:pack', { campaignId, orderId: target.order.id })
    expect(again.packed).toBe(false)

    // Unpacking the second parcel gives back only its units; the first stays packed.
    expect(await app.value('floor:unpack', { campaignId, orderId: target.order.id })).toBe(true)
    const back = await levels()
    for (const line of rest) expect(back.get(line.key)).toBe(100_000)
    expect(back.get(parcel.key)).toBe(0)
  })
})
