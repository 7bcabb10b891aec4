import { afterEach, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from '../../../../src/main/core/cache'
import { floorStage } from '../../../../src/shared/floor/order-state'
import { cacheDir, syncRows, withCacheFile, writeThenKill } from '../../../helpers/cache-fixtures'
import { cleanup, openTestCache, tempDir } from '../../../helpers/harness'
import { asReceived } from '../../../helpers/model'
import { writeV6Cache } from '../../../helpers/v6-cache'
import { makeContributions } from '../../fixtures/contributions'

const PROFILE = 'floor-test'
const CAMPAIGN = 7001

afterEach(cleanup)

const open = (dataDir: string) => openTestCache(dataDir, PROFILE)

const AT = new Date('2026-11-20T10:42:00.000Z')

describe('the floor record: one pack per order', () => {
  it('packs once; a second station is told who packed it and when, and nothing changes', () => {
    const dir = tempDir('perkpack-floor-')
    const deskA = open(dir).floor()
    const deskB = open(dir).floor()

    const first = deskB.pack(CAMPAIGN, 501, 'Desk B', AT)
    const second = deskA.pack(CAMPAIGN, 501, 'Desk A', new Date('2026-11-20T11:00:00.000Z'))

    expect(first).toMatchObject({ packed: true, state: { station: 'Desk B' } })
    expect(second.packed).toBe(false)
    expect(second.state).toMatchObject({ station: 'Desk B', packedAt: AT.toISOString() })
    expect(deskA.state(CAMPAIGN, 501)?.station).toBe('Desk B')
  })

  it('unpacks, after which another station may pack; unpacking twice reports nothing to undo', () => {
    const floor = open(tempDir('perkpack-floor-')).floor()
    floor.pack(CAMPAIGN, 501, 'Desk A', AT)
    expect(floor.unpack(CAMPAIGN, 501)).toBe(true)
    expect(floor.unpack(CAMPAIGN, 501)).toBe(false)
    expect(floor.pack(CAMPAIGN, 501, 'Desk B', AT)).toMatchObject({
      packed: true,
      state: { station: 'Desk B' },
    })
  })

  it('keeps campaigns apart: the same order id in another campaign is another order', () => {
    const floor = open(tempDir('perkpack-floor-')).floor()
    floor.pack(CAMPAIGN, 501, 'Desk A', AT)
    expect(floor.pack(CAMPAIGN + 1, 501, 'Desk A', AT).packed).toBe(true)
    expect(floor.states(CAMPAIGN).size).toBe(1)
  })
})

describe('the floor record: which of some orders are packed', () => {
  it('names the packed ones among those asked, in this campaign only, with when', () => {
    const floor = open(tempDir('perkpack-floor-')).floor()
    floor.pack(CAMPAIGN, 501, 'Desk A', AT)
    floor.pack(CAMPAIGN, 502, 'Desk A', AT)
    floor.unpack(CAMPAIGN, 502)
    floor.setNote(CAMPAIGN, 503, 'fragile') // a record, never packed
    floor.pack(CAMPAIGN, 504, 'Desk B', AT) // packed, not asked
    floor.pack(CAMPAIGN + 1, 505, 'Desk A', AT) // another campaign's
    const packed = floor.packedAmong(CAMPAIGN, [501, 502, 503, 505, 999])
    expect([...packed]).toEqual([[501, { packedAt: AT.toISOString() }]])
    expect(floor.packedAmong(CAMPAIGN, []).size).toBe(0)
  })

  it('gives another token after a write by this desk or another, and the same one otherwise', () => {
    const dir = tempDir('perkpack-floor-')
    const floor = open(dir).floor()
    const first = floor.changeToken()
    floor.state(CAMPAIGN, 501)
    expect(floor.changeToken()).toBe(first)
    floor.pack(CAMPAIGN, 501, 'Desk A', AT)
    const afterPack = floor.changeToken()
    expect(afterPack).not.toBe(first)
    open(dir).floor().setNote(CAMPAIGN, 501, 'fragile')
    expect(floor.changeToken()).not.toBe(afterPack)
  })

  it('never gives a reopened file the token of an earlier connection', () => {
    const dir = tempDir('perkpack-floor-')
    const cache = open(dir)
    const before = cache.floor().changeToken()
    cache.close()
    // Written while the desk had the file closed (the CLI): the counters of a new connection
    // start where the old ones did, the token must not.
    open(dir).floor().pack(CAMPAIGN, 501, 'Desk A', AT)
    expect(open(dir).floor().changeToken()).not.toBe(before)
  })
})

describe('the floor record: tracking numbers, prints, notes', () => {
  it('keeps every parcel of an order in the order added; the same number twice is one', () => {
    const floor = open(tempDir('perkpack-floor-')).floor()
    const first = floor.addTracking(CAMPAIGN, [
      { orderId: 501, carrier: 'USPS', trackingNumber: '9400111899223856728493' },
      { orderId: 501, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { orderId: 502, carrier: null, trackingNumber: '0012345678' },
    ])
    const again = floor.addTracking(CAMPAIGN, [
      { orderId: 501, carrier: 'USPS', trackingNumber: '9400111899223856728493' },
    ])

    expect(first).toEqual({ added: 3, unchanged: 0 })
    expect(again).toEqual({ added: 0, unchanged: 1 })
    const states = floor.states(CAMPAIGN)
    expect(states.get(501)?.trackingNumbers).toEqual([
      '9400111899223856728493',
      '1Z999AA10123456784',
    ])
    // The carrier of the last parcel added; a row without a carrier does not erase one.
    expect(states.get(501)?.carrier).toBe('UPS')
    expect(states.get(502)).toMatchObject({ carrier: null, trackingNumbers: ['0012345678'] })
    // Leading zeros are part of a tracking number: kept as text.
    expect(floorStage(states.get(502))).toBe('shipped')
  })

  it('stamps prints and shipping per order, and a note that blank text clears', () => {
    const floor = open(tempDir('perkpack-floor-')).floor()
    floor.markPrinted(CAMPAIGN, [501, 502], 'labels', AT)
    floor.markPrinted(CAMPAIGN, [502], 'slips', AT)
    floor.markShipped(CAMPAIGN, [503], AT)
    floor.setNote(CAMPAIGN, 501, '  gift wrap  ')

    const states = floor.states(CAMPAIGN)
    expect(states.get(501)).toMatchObject({
      labelsPrintedAt: AT.toISOString(),
      slipsPrintedAt: null,
      note: 'gift wrap',
    })
    expect(states.get(502)?.slipsPrintedAt).toBe(AT.toISOString())
    expect([501, 503, 504].map((id) => floorStage(states.get(id)))).toEqual([
      'printed',
      'shipped',
      'not-packed',
    ])
    floor.setNote(CAMPAIGN, 501, '   ')
    expect(floor.state(CAMPAIGN, 501)?.note).toBeNull()
    expect(floor.state(CAMPAIGN, 999)).toBeNull()
  })
})

describe('the floor record survives what replaces the snapshot', () => {
  it('stays through a re-sync that drops and re-adds the order', () => {
    const cache = open(tempDir('perkpack-floor-'))
    const rows = makeContributions(20, { campaignId: CAMPAIGN })
    syncRows(cache, CAMPAIGN, rows)
    const orderId = rows[3]!.order.id
    cache.floor().pack(CAMPAIGN, orderId, 'Desk A', AT)
    cache.floor().addTracking(CAMPAIGN, [{ orderId, carrier: 'USPS', trackingNumber: 'X1' }])

    syncRows(
      cache,
      CAMPAIGN,
      rows.filter((row) => row.order.id !== orderId),
    )
    syncRows(cache, CAMPAIGN, rows)

    expect(cache.floor().state(CAMPAIGN, orderId)).toMatchObject({
      station: 'Desk A',
      trackingNumbers: ['X1'],
    })
  })

  it('a schema 4 file moves to the current schema with its snapshot, and packs made there stay', () => {
    const { dir, file } = cacheDir(PROFILE, 'perkpack-floor-')
    const rows = makeContributions(10, { campaignId: CAMPAIGN })
    writeV6Cache(file, [
      { campaignId: CAMPAIGN, rows: asReceived(rows), syncedAt: AT.toISOString() },
    ])
    // Schema 4 is schema 6 without the floor's tables (v5) and team mode's (v6).
    withCacheFile(file, (db) =>
      db.exec(
        'DROP TABLE floor_orders; DROP TABLE floor_tracking; DROP TABLE team_outbox; DROP TABLE team_conflicts; DROP TABLE team_cursor; PRAGMA user_version = 4',
      ),
    )

    const moved = open(dir)
    expect(moved.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(moved.contributionCount(CAMPAIGN)).toBe(10)
    moved.floor().pack(CAMPAIGN, rows[0]!.order.id, 'Desk A', AT)
    moved.close()

    expect(open(dir).floor().state(CAMPAIGN, rows[0]!.order.id)?.station).toBe('Desk A')
  })

  it('keeps a pack committed just before the process is killed', () => {
    const dir = tempDir('perkpack-floor-')
    const child = writeThenKill(dir, PROFILE, `cache.floor().pack(${CAMPAIGN}, 501, 'Desk K')`)
    expect(child.signal).toBe('SIGKILL')
    expect(open(dir).floor().state(CAMPAIGN, 501)?.station).toBe('Desk K')
  })
})
