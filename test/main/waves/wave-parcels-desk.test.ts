import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { shippableLines } from '../../../src/shared/fulfillment'
import type { ParcelLineText } from '../../../src/shared/waves/parcel-rows'
import {
  CORRECTED_ADDRESS,
  base64,
  cleanupApps,
  rowsOf,
  stockFile,
  syncedApp,
  tempDir,
} from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { TEST_CACHE_KEY } from '../../helpers/cli'
import { perkpackHere } from '../../helpers/cli-in-process'

// The Waves view's list of a wave's orders that ship in part (waves:parcels), through the real
// handler table: the same parcels `perkpack wave show --json` lists for the same saved wave, read
// by the CLI from the app's own data directory (one offline copy, one floor record).

let app: TestApp
let campaignId: number
let rows: CampaignContribution[]
let baseUrl: string
const dataDir = tempDir()

beforeAll(async () => {
  const synced = await syncedApp(120, { dataDir, env: { PERKPACK_CACHE_KEY: TEST_CACHE_KEY } })
  ;({ app, campaignId } = synced)
  baseUrl = synced.sim.baseUrl
  rows = rowsOf(synced.sim, campaignId)
  // Every variant at a third of what the orders need: a partial plan ships many orders in part.
  const needed = new Map<string, number>()
  for (const row of rows)
    for (const line of shippableLines(row))
      needed.set(line.key, (needed.get(line.key) ?? 0) + line.quantity)
  const stock = await app.value('waves:stock', { campaignId })
  const file = stockFile(stock, (row) => Math.floor((needed.get(row.variantKey) ?? 0) / 3))
  await app.value('waves:importStock', {
    campaignId,
    fileName: 'stock.csv',
    contentBase64: base64(file),
  })
  await app.value('waves:save', { campaignId, name: 'Part 1', partial: true })
}, 60_000)
afterAll(cleanupApps)

const counts = (lines: readonly ParcelLineText[]) =>
  lines.map((line) => ({ variant_key: line.variantKey, quantity: line.quantity }))

interface ShownParcel {
  order_id: number
  lines: { variant_key: string; quantity: number }[]
  follows: { variant_key: string; quantity: number }[]
  sent: { variant_key: string; quantity: number }[]
}

describe('waves:parcels', () => {
  it('lists the same parcels as perkpack wave show --json for the same wave', async () => {
    const listed = await app.value('waves:parcels', { campaignId, name: 'Part 1' })
    const show = await perkpackHere(['wave', 'show', String(campaignId), 'Part 1', '--json'], {
      PERKPACK_DATA_DIR: dataDir,
      PERKPACK_BASE_URL: baseUrl,
    })
    expect(show.code, show.stderr).toBe(0)
    const shown = (JSON.parse(show.stdout) as { parcels: ShownParcel[] }).parcels
    expect(shown.length).toBeGreaterThan(1)
    expect(listed.partialCount).toBe(shown.length)
    const window = listed.rows.map((row) => ({
      order_id: row.orderId,
      lines: counts(row.lines),
      follows: counts(row.follows),
      sent: counts(row.sent),
    }))
    const byId = (a: ShownParcel, b: ShownParcel) => a.order_id - b.order_id
    expect(window.sort(byId)).toEqual([...shown].sort(byId))
    // The list's count is the wave's "N in part".
    const [summary] = await app.value('waves:list', { campaignId })
    expect(summary!.partialCount).toBe(listed.partialCount)
  })

  it('lists them by order number, each named and its lines as the order names them', async () => {
    const listed = await app.value('waves:parcels', { campaignId, name: 'Part 1' })
    const byOrder = new Map(rows.map((row) => [row.order.id, row]))
    const numbers = listed.rows.map((row) => byOrder.get(row.orderId)!.order.sequence_number!)
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    const [first] = listed.rows
    const row = byOrder.get(first!.orderId)!
    expect(first!.orderNumber).toBe(`#${row.order.sequence_number}`)
    expect(first!.recipient).toBe(row.order.shipping?.name?.trim() || row.contributor_name)
    const line = shippableLines(row).find((l) => l.key === first!.follows[0]!.variantKey)!
    expect(first!.follows[0]).toMatchObject({
      itemName: line.itemName,
      skuCode: line.skuCode,
      choices: line.choices,
    })
  })

  it('names the person the parcel goes to now: a corrected address comes first', async () => {
    const [, second] = (await app.value('waves:parcels', { campaignId, name: 'Part 1' })).rows
    const row = rows.find((r) => r.order.id === second!.orderId)!
    await app.value('floor:correctAddress', {
      campaignId,
      contributionId: row.id,
      address: CORRECTED_ADDRESS,
      reason: 'backer e-mailed a new address',
    })
    const listed = await app.value('waves:parcels', { campaignId, name: 'Part 1' })
    const shown = listed.rows.find((r) => r.orderId === row.order.id)!
    expect(shown.recipient).toBe(CORRECTED_ADDRESS.name)
    // Still this wave's parcel, cut from the synced order's lines.
    expect(counts(shown.lines)).toEqual(counts(second!.lines))
  })

  it("reads the orders from the desk's memory, not the offline copy's file, for each wave", async () => {
    const read = vi.spyOn(app.services.connection.cache(), 'contributions')
    const [summary] = await app.value('waves:list', { campaignId })
    const listed = await app.value('waves:parcels', { campaignId, name: 'Part 1' })
    expect(summary!.partialCount).toBeGreaterThan(1)
    expect(listed.rows).toHaveLength(summary!.partialCount)
    expect(read).not.toHaveBeenCalled()
    read.mockRestore()
  })

  it('says in a sentence that a wave is no longer there', async () => {
    const answer = await app.call('waves:parcels', { campaignId, name: 'Nope' })
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'wave_not_found',
        message: expect.stringContaining('There is no wave named "Nope"'),
      }),
    })
  })
})
