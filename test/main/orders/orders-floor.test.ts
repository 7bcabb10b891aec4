import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OrdersDesk } from '../../../src/main/orders/orders-desk'
import { openCache } from '../../../src/main/core/cache'
import type { OfflineCache } from '../../../src/main/core/cache'
import { cleanup, tempDir } from '../../helpers/harness'
import { asReceived } from '../../helpers/model'
import { makeContributions } from '../fixtures/contributions'

// The Orders view over the packing floor: each row's stage, the floor filter, and packed orders
// a re-sync stopped. The floor changes between syncs: nothing may be served from before it.

const CAMPAIGN = 7001
// Statuses cycle captured, pending, in_fulfillment, fulfilled, refunded (n % 5).
const rows = makeContributions(10)
const opened: OfflineCache[] = []
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  cleanup()
})

function setUp() {
  const cache = openCache({ dataDir: tempDir('perkpack-orders-floor-'), profile: 'floor' })
  opened.push(cache)
  const writer = cache.beginSnapshot(CAMPAIGN)
  writer.add(asReceived(rows))
  writer.commit({ expectedCount: rows.length, privileged: true })
  return { cache, desk: new OrdersDesk(() => cache, 'en') }
}

const ALL = { statuses: [] }
const orderOf = (n: number) => rows[n]!.order.id

describe('orders and the packing floor', () => {
  it('rows show the stage now, and the floor filter follows packing between two queries', () => {
    const { cache, desk } = setUp()
    expect(desk.query(CAMPAIGN, { ...ALL, floor: ['packed'] }).count).toBe(0)

    cache.floor().pack(CAMPAIGN, orderOf(2), 'Desk A')
    cache
      .floor()
      .addTracking(CAMPAIGN, [{ orderId: orderOf(3), carrier: 'UPS', trackingNumber: '1Z' }])
    const packed = desk.query(CAMPAIGN, { ...ALL, floor: ['packed'] })
    expect(packed.rows.map((row) => [row.orderId, row.floor, row.station])).toEqual([
      [orderOf(2), 'packed', 'Desk A'],
    ])
    const notPacked = desk.query(CAMPAIGN, { ...ALL, floor: ['not-packed'] })
    expect(notPacked.count).toBe(rows.length - 2)
    // The page served later shows the floor as it is then, not as it was at the query.
    const all = desk.query(CAMPAIGN, ALL)
    cache.floor().unpack(CAMPAIGN, orderOf(2))
    const page = desk.rows({ campaignId: CAMPAIGN, resultId: all.resultId, offset: 0, limit: 100 })
    expect(page.find((row) => row.orderId === orderOf(2))?.floor).toBe('not-packed')
    expect(page.find((row) => row.orderId === orderOf(3))?.floor).toBe('shipped')
  })

  it('the selection that prints follows the floor filter, and packed refunded orders are counted', () => {
    const { cache, desk } = setUp()
    cache.floor().pack(CAMPAIGN, orderOf(4), 'Desk A') // refunded
    cache.floor().pack(CAMPAIGN, orderOf(0), 'Desk A') // captured
    const selection = desk.selection(CAMPAIGN, { ...ALL, floor: ['not-packed'] })
    expect(selection.contributions.map((row) => row.order.id)).not.toContain(orderOf(0))
    expect(selection.contributions).toHaveLength(rows.length - 2)
    expect(desk.query(CAMPAIGN, ALL).packedButStopped).toBe(1)
  })

  it('counts packed orders a sync stopped again after any write to the file, and only then', () => {
    const { cache, desk } = setUp()
    const read = vi.spyOn(cache.floor(), 'packedAmong')
    expect(desk.query(CAMPAIGN, ALL).packedButStopped).toBe(0)
    cache.floor().pack(CAMPAIGN, orderOf(4), 'Desk A') // refunded
    expect(desk.query(CAMPAIGN, ALL).packedButStopped).toBe(1)
    const reads = read.mock.calls.length
    // Searches with nothing written between them read nothing of the floor again.
    expect(desk.query(CAMPAIGN, { ...ALL, search: 'a' }).packedButStopped).toBe(1)
    expect(desk.query(CAMPAIGN, ALL).packedButStopped).toBe(1)
    expect(read.mock.calls.length).toBe(reads)
    // Another process on the same file (the CLI's \`perkpack pack\`, a second window).
    const other = openCache({ dataDir: path.dirname(cache.path), profile: 'floor' })
    opened.push(other)
    other.floor().pack(CAMPAIGN, orderOf(9), 'Desk B') // refunded
    expect(desk.query(CAMPAIGN, ALL).packedButStopped).toBe(2)
    other.floor().unpack(CAMPAIGN, orderOf(4))
    expect(desk.query(CAMPAIGN, ALL).packedButStopped).toBe(1)
  })

  it('with the floor filter on, searches read the record again only after a write', () => {
    const { cache, desk } = setUp()
    const read = vi.spyOn(cache.floor(), 'states')
    const packedOnes = (search?: string) =>
      desk.query(CAMPAIGN, { ...ALL, floor: ['packed'], ...(search ? { search } : {}) }).count
    cache.floor().pack(CAMPAIGN, orderOf(1), 'Desk A')
    expect(packedOnes()).toBe(1)
    const reads = read.mock.calls.length
    expect(packedOnes(String(orderOf(1)))).toBe(1)
    expect(packedOnes(String(orderOf(3)))).toBe(0)
    expect(packedOnes()).toBe(1)
    expect(read.mock.calls.length).toBe(reads)
    cache.floor().pack(CAMPAIGN, orderOf(2), 'Desk A')
    expect(packedOnes()).toBe(2)
    const other = openCache({ dataDir: path.dirname(cache.path), profile: 'floor' })
    opened.push(other)
    other.floor().unpack(CAMPAIGN, orderOf(1))
    expect(packedOnes()).toBe(1)
  })

  it("the drawer's detail carries the order's floor record", () => {
    const { cache, desk } = setUp()
    expect(desk.detail(CAMPAIGN, rows[1]!.id).floor).toBeNull()
    cache.floor().pack(CAMPAIGN, orderOf(1), 'Desk C')
    cache.floor().setNote(CAMPAIGN, orderOf(1), 'fragile')
    expect(desk.detail(CAMPAIGN, rows[1]!.id).floor).toMatchObject({
      station: 'Desk C',
      note: 'fragile',
    })
  })
})
