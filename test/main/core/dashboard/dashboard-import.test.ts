import { afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../../../src/main/core/cache'
import type { OfflineCache, SnapshotWriter } from '../../../../src/main/core/cache'
import {
  DASHBOARD_CHUNK_ROWS,
  openDashboardExport,
} from '../../../../src/main/core/dashboard/dashboard-export'
import {
  DashboardCounts,
  importDashboardExport,
  snapshotSource,
} from '../../../../src/main/core/dashboard/dashboard-import'
import { groupByPerk } from '../../../../src/shared/fulfillment'
import { floorProgress, isOrderToShip, toShipNote } from '../../../../src/shared/floor/progress'
import { parseCsv } from '../../../../src/shared/csv/csv-text'
import { cleanup, tempDir } from '../../../helpers/harness'
import { asReceived } from '../../../helpers/model'
import { dashboardCampaign } from '../../fixtures/dashboard-campaign'

const { campaignId: CAMPAIGN, apiRows, csv } = dashboardCampaign(450)

const opened: OfflineCache[] = []
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  cleanup()
})

/** A cache whose campaign holds an older copy of its first `synced` rows. */
function cacheWithCopy(synced: number): OfflineCache {
  const cache = openCache({ dataDir: tempDir('perkpack-dashboard-import-'), profile: 'import' })
  opened.push(cache)
  const writer = cache.beginSnapshot(CAMPAIGN)
  writer.add(asReceived(apiRows.slice(0, synced)))
  writer.commit({ expectedCount: synced, privileged: true })
  return cache
}

/** A hand-written export of the four columns a dashboard file must have, these lines under them. */
function smallExport(lines: readonly string[]) {
  const text = ['Pledge ID,Fulfillment Status,Perk ID,Perk', ...lines].join('\n')
  return openDashboardExport(Buffer.from(text), 'c.csv')
}

/** `cache` whose snapshot writers fail on the `failAt`-th add, noting what each add got. */
function failingWrites(cache: OfflineCache, failAt: number) {
  const adds: number[] = []
  const aborted: boolean[] = []
  const beginSnapshot = (campaignId: number): SnapshotWriter => {
    const writer = cache.beginSnapshot(campaignId)
    const failing = Object.create(writer) as SnapshotWriter
    failing.add = (rows) => {
      adds.push(rows.length)
      if (adds.length === failAt) throw new Error('The disk is full.')
      return writer.add(rows)
    }
    failing.abort = () => {
      aborted.push(true)
      writer.abort()
    }
    return failing
  }
  return {
    cache: Object.assign(Object.create(cache) as OfflineCache, { beginSnapshot }),
    adds,
    aborted,
  }
}

/** The file's data lines as written, the header first. */
function linesOf(text: string): string[] {
  return parseCsv(text, ',').map((record) =>
    text.slice(record.fields[0]!.start, record.fields[record.fields.length - 1]!.end),
  )
}

describe('importing a dashboard export into the offline cache', () => {
  it('writes a chunk at a time; a failure in a later chunk leaves the old copy as it was', () => {
    const cache = cacheWithCopy(40)
    const before = cache.contributions(CAMPAIGN).map((row) => row.id)
    const { cache: failing, adds, aborted } = failingWrites(cache, 3)
    const file = openDashboardExport(Buffer.from(csv), 'contributions.csv')
    expect(() =>
      importDashboardExport(failing, CAMPAIGN, file, { fileName: 'contributions.csv' }),
    ).toThrow('The disk is full.')
    expect(adds).toEqual([DASHBOARD_CHUNK_ROWS, DASHBOARD_CHUNK_ROWS, DASHBOARD_CHUNK_ROWS])
    expect(aborted).toEqual([true])
    expect(cache.campaign(CAMPAIGN)).toMatchObject({ count: 40, expectedCount: 40 })
    expect(cache.contributions(CAMPAIGN).map((row) => row.id)).toEqual(before)
    expect(snapshotSource(cache, CAMPAIGN)).toBeNull()
  })

  it('counts what it wrote, a pledge with lines apart and problem lines included', () => {
    const [header, ...lines] = linesOf(csv)
    // Order No. and Pledge ID lead every line (no quotes there).
    const pledgeOf = (line: string) => line.split(',')[1]
    // A pledge with several perks, its last line moved to the end, past several chunks.
    const pledge = apiRows.find((row) => row.order.perks.length > 1)!
    const second = lines.findLastIndex((line) => pledgeOf(line) === String(pledge.id))
    const [moved] = lines.splice(second, 1)
    const columns = header!.split(',')
    const cells = (values: Record<number, string>) =>
      columns.map((_, at) => values[at] ?? '').join(',')
    const status = columns.indexOf('Fulfillment Status')
    const perkId = columns.indexOf('Perk ID')
    const broken = [
      cells({ [status]: 'Captured', [perkId]: '11' }),
      cells({ 1: '999999999', [status]: 'Captured', [perkId]: 'eleven', [perkId + 1]: 'Tee' }),
    ]
    const text = [header, ...lines, ...broken, moved].join('\r\n')
    const cache = cacheWithCopy(40)
    const summary = importDashboardExport(
      cache,
      CAMPAIGN,
      openDashboardExport(Buffer.from(text), 'contributions.csv'),
      { fileName: 'contributions.csv' },
    )
    const stored = cache.contributions(CAMPAIGN)
    const tree = groupByPerk(stored)
    expect(stored).toHaveLength(apiRows.length)
    expect(stored.find((row) => row.id === pledge.id)?.order.perks).toHaveLength(
      pledge.order.perks.length,
    )
    expect(summary).toMatchObject({
      orders: apiRows.length,
      problemRows: 2,
      perks: tree.filter((perk) => perk.perkId !== null).length,
      variants: new Set(tree.flatMap((perk) => perk.variants.map((v) => v.key))).size,
      ordersToShip: stored.filter(isOrderToShip).length,
      snapshot: { count: apiRows.length, problemCount: 2, expectedCount: apiRows.length + 2 },
    })
    expect(cache.problemRows(CAMPAIGN)).toHaveLength(2)
  })

  it('counts the orders to ship as Progress does and the orders of other statuses apart', () => {
    const text = [
      'Pledge ID,Fulfillment Status,Perk ID,Perk,Item Name,Item SKU',
      '1,Captured,11,Tee,Tee,TEE',
      '2,In Fulfillment,11,Tee,Tee,TEE',
      '3,Fulfilled,11,Tee,Tee,TEE',
      '4,Refunded,11,Tee,Tee,TEE',
      '5,On Hold,11,Tee,Tee,TEE',
      '6,Refunded,11,Tee,Tee,TEE',
      '7,Pending,11,Tee,Tee,TEE',
      // Captured, but nothing to ship: neither counted nor among the other statuses.
      '8,Captured,12,Download,,',
      '9,Shipped Elsewhere,11,Tee,Tee,TEE',
    ].join('\n')
    const cache = cacheWithCopy(0)
    const file = openDashboardExport(Buffer.from(text), 'mixed.csv')
    const summary = importDashboardExport(cache, CAMPAIGN, file, { fileName: 'mixed.csv' })
    const stored = cache.contributions(CAMPAIGN)
    expect(summary.orders).toBe(9)
    // The figure Progress shows for the same copy, before anything is packed.
    expect(summary.ordersToShip).toBe(floorProgress(stored, new Map()).totals.toShip)
    expect(summary.ordersToShip).toBe(3)
    expect(summary.notCounted).toEqual([
      { status: 'pending', count: 1 },
      { status: 'refunded', count: 2 },
      { status: 'on_hold', count: 1 },
      { status: 'Shipped Elsewhere', count: 1 },
    ])
    expect(toShipNote(summary.notCounted)).toBe(
      'captured, in fulfillment and fulfilled orders with something to ship; 5 pending, refunded, on hold or shipped elsewhere not counted.',
    )
  })

  it('keeps every problem line: one without a Pledge ID never takes the place of another', () => {
    const cache = cacheWithCopy(0)
    const summary = importDashboardExport(
      cache,
      CAMPAIGN,
      smallExport(['401,Captured,eleven,Tee', 'abc,Captured,11,Tee', ',Captured,11,Tee']),
      { fileName: 'c.csv' },
    )
    expect(summary.problemRows).toBe(3)
    expect(cache.problemRows(CAMPAIGN)).toHaveLength(3)
  })

  it('the preview lists lines without a Pledge ID first, then the pledges, whatever the chunks', () => {
    const counts = new DashboardCounts(3)
    smallExport([
      '401,Captured,eleven,Tee',
      ',Captured,11,Tee',
      '402,Captured,twelve,Tee',
      ',Captured,11,Tee',
    ]).read((chunk) => counts.add(chunk), 1)
    expect(counts.places().map((p) => [p.line, p.column])).toEqual([
      [3, 'Pledge ID'],
      [5, 'Pledge ID'],
      [2, 'Perk ID'],
    ])
    expect(counts.totals()).toMatchObject({ orders: 0, problemRows: 4 })
  })
})

describe('the floor record a switch of source leaves behind', () => {
  /** An API copy whose floor holds: 3 packed, 1 note, 1 packed then unpacked (an empty row). */
  function apiCopyWithFloor(): OfflineCache {
    const cache = cacheWithCopy(40)
    const floor = cache.floor()
    for (const row of apiRows.slice(0, 3)) floor.pack(CAMPAIGN, row.order.id, 'vm')
    floor.setNote(CAMPAIGN, apiRows[3]!.order.id, 'fragile')
    floor.pack(CAMPAIGN, apiRows[4]!.order.id, 'vm')
    floor.unpack(CAMPAIGN, apiRows[4]!.order.id)
    return cache
  }

  it("counts the API copy's floor records the file's stand-in ids leave out, empty rows not", () => {
    const cache = apiCopyWithFloor()
    const file = openDashboardExport(Buffer.from(csv), 'contributions.csv')
    const summary = importDashboardExport(cache, CAMPAIGN, file, { fileName: 'contributions.csv' })
    expect([summary.floorLeftBehind, summary.replaced]).toEqual([4, 'api'])
  })

  it("over a file's copy, the records made against the file's own ids follow", () => {
    const cache = apiCopyWithFloor()
    const open = () => openDashboardExport(Buffer.from(csv), 'contributions.csv')
    const first = importDashboardExport(cache, CAMPAIGN, open(), { fileName: 'contributions.csv' })
    const standIn = cache.contributions(CAMPAIGN)[0]!.order.id
    cache.floor().pack(CAMPAIGN, standIn, 'vm')
    const again = importDashboardExport(cache, CAMPAIGN, open(), { fileName: 'contributions.csv' })
    expect(first.floorLeftBehind).toBe(4)
    expect([again.floorLeftBehind, again.replaced]).toEqual([4, 'dashboard-file'])
  })

  it('is 0 when the campaign had no copy, whatever the floor holds', () => {
    const cache = openCache({ dataDir: tempDir('perkpack-dashboard-import-'), profile: 'import' })
    opened.push(cache)
    cache.floor().pack(CAMPAIGN, 1, 'vm')
    const file = openDashboardExport(Buffer.from(csv), 'contributions.csv')
    const summary = importDashboardExport(cache, CAMPAIGN, file, { fileName: 'contributions.csv' })
    expect([summary.floorLeftBehind, summary.replaced]).toEqual([0, null])
  })
})
