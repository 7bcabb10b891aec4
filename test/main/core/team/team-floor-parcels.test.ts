import { describe, expect, it } from 'vitest'
import { secondConnection } from '../../../../src/main/core/cache'
import type { OfflineCache } from '../../../../src/main/core/cache'
import { FloorJournal } from '../../../../src/main/core/floor/floor-journal'
import { loadFloorOverlay, shippedRows } from '../../../../src/main/core/floor/floor-view'
import { shipmentRole, shippableLines } from '../../../../src/shared/fulfillment'
import { parcelNoteOf } from '../../../../src/shared/waves/parcel-rows'
import type { TeamUrl } from '../../../../src/shared/team/team-url'
import { tempDir } from '../../../helpers/harness'
import { openDesk, teamStore as newTeamStore, useTeamServer } from '../../../helpers/team-store'
import { makeContributions } from '../../fixtures/contributions'

// Partial shipments' parcels through the team store's log (real PostgreSQL): desk B prints the
// parcel desk A cut, and knows what desk A packed of it; a wave entry written without parcels
// (an older PerkPack's) is whole orders.
const CAMPAIGN = 42
const PROFILE = 'team-parcels'
const rows = makeContributions(12)
const target = rows.find(
  (row) =>
    shipmentRole(row) === 'ships' && new Set(shippableLines(row).map((l) => l.key)).size >= 2,
)!
const [first, ...rest] = shippableLines(target)
const other = rows.find((row) => shipmentRole(row) === 'ships' && row !== target)!

useTeamServer()

const teamStore = async (name: string) => (await newTeamStore(name)).url

const deskAt = (url: TeamUrl, name: string) =>
  openDesk(url, name, {
    profile: PROFILE,
    dataDir: tempDir('perkpack-parcel-desk-'),
    synced: { campaignId: CAMPAIGN, rows },
  })

/** The target as the desk's outputs read it. */
function shipped(cache: OfflineCache) {
  const [row] = shippedRows(loadFloorOverlay(cache, CAMPAIGN), [target]).rows
  return { keys: shippableLines(row!).map((line) => line.key), note: parcelNoteOf(row!) }
}

describe('partial parcels through the team store', () => {
  it('desk B prints the parcel desk A cut, and owes only the rest once A packed it', async () => {
    const url = await teamStore('parcels')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    const cut = [{ variantKey: first!.key, quantity: first!.quantity }]
    a.plan.waves.create(CAMPAIGN, 'Part', [target.order.id], 'Desk A', undefined, [
      { orderId: target.order.id, lines: cut },
    ])
    expect(await a.desk.syncFloor()).not.toBeNull()
    expect(await b.desk.syncFloor()).not.toBeNull()
    expect(b.plan.waves.wave(CAMPAIGN, 'Part')?.parcels).toEqual([
      { orderId: target.order.id, lines: cut },
    ])
    const before = shipped(b.cache)
    expect(before.keys).toEqual([first!.key])
    expect(before.note?.follows.map((line) => line.variantKey)).toEqual(rest.map((l) => l.key))

    // A packs the parcel and closes the wave: B's outputs now hold only what follows.
    expect(a.plan.parcels.record(CAMPAIGN, target.order.id, 'Part', cut, 'Desk A')).toBe(true)
    a.plan.waves.close(CAMPAIGN, 'Part', undefined, 'Desk A')
    expect(await a.desk.syncFloor()).not.toBeNull()
    expect(await b.desk.syncFloor()).not.toBeNull()
    expect(b.plan.parcels.packed(CAMPAIGN).get(target.order.id)).toEqual([
      { wave: 'Part', lines: cut },
    ])
    const after = shipped(b.cache)
    expect(after.keys).toEqual(rest.map((line) => line.key))
    expect(after.note?.sent.map((line) => line.variantKey)).toEqual([first!.key])
  })

  it('a wave entry without parcels (an older desk) is whole orders on the desk reading it', async () => {
    const url = await teamStore('older-entry')
    const a = deskAt(url, 'Desk A')
    const b = deskAt(url, 'Desk B')
    // What a PerkPack before partial parcels sent: the orders only.
    const { db } = secondConnection(a.cache)
    new FloorJournal(db).record(
      CAMPAIGN,
      { kind: 'wave-save', name: 'Old', orderIds: [target.order.id, other.order.id], by: 'Desk O' },
      new Date().toISOString(),
    )
    db.close()
    expect(await a.desk.syncFloor()).not.toBeNull()
    expect(await b.desk.syncFloor()).not.toBeNull()
    expect(b.plan.waves.wave(CAMPAIGN, 'Old')).toMatchObject({
      orderIds: [target.order.id, other.order.id],
      parcels: [],
    })
    expect(shipped(b.cache)).toEqual({
      keys: shippableLines(target).map((line) => line.key),
      note: null,
    })
  })
})
