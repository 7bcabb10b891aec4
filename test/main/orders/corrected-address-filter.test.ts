import { afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../../src/main/core/cache'
import type { OfflineCache } from '../../../src/main/core/cache'
import { correctAddress } from '../../../src/main/core/floor/address-correction'
import { loadFloorOverlay } from '../../../src/main/core/floor/floor-view'
import { OrdersWorkspace, toViewRow } from '../../../src/main/core/orders/workspace'
import { narrowByFloorRecord } from '../../../src/main/orders/floor-narrowing'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import type { AddressParts } from '../../../src/shared/corrections/correction-types'
import type { OrdersFilter } from '../../../src/shared/ipc'
import { cleanup, tempDir } from '../../helpers/harness'
import { asReceived } from '../../helpers/model'
import { makeContributions } from '../fixtures/contributions'

// A corrected address is where the order ships: the country filter and the search read it, so
// an export "by country" never carries an address of another country.

const CAMPAIGN = 7001
// Every order ships (captured) from Berlin, DE, unless a test corrects it.
const rows: CampaignContribution[] = makeContributions(6).map((row) => ({
  ...row,
  order: {
    ...row.order,
    status: 'captured',
    shipping: { ...row.order.shipping!, city: 'Berlin', country: 'DE' },
  },
}))

const TO_LEEDS: AddressParts = {
  name: 'Rowan Quayside',
  address: '12 Harbour Road',
  address2: null,
  city: 'Leeds',
  state: null,
  zipcode: 'LS1 4AP',
  country: 'GB',
  phone_number: null,
}

const opened: OfflineCache[] = []
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  cleanup()
})

function desk() {
  const cache = openCache({ dataDir: tempDir('perkpack-corrected-'), profile: 'corrected' })
  opened.push(cache)
  const writer = cache.beginSnapshot(CAMPAIGN)
  writer.add(asReceived(rows))
  writer.commit({ expectedCount: rows.length, privileged: true })
  const workspace = new OrdersWorkspace(CAMPAIGN, 'synced', rows.map(toViewRow))
  const ids = (filter: OrdersFilter) =>
    workspace
      .match(narrowByFloorRecord(cache, workspace, filter))
      .rows.map((row) => row.id)
      .sort((a, b) => a - b)
  return { cache, ids }
}

const all = rows.map((row) => row.id).sort((a, b) => a - b)
const moved = rows[2]!

describe('the country filter and the search on a corrected address', () => {
  it('count an order corrected to another country in that country, not in its old one', () => {
    const { cache, ids } = desk()
    expect(ids({ country: 'DE' })).toEqual(all)
    correctAddress(cache.floorPlan(), CAMPAIGN, moved, TO_LEEDS, 'moved to the UK', 'Desk A')
    expect(ids({ country: 'DE' })).toEqual(all.filter((id) => id !== moved.id))
    expect(ids({ country: 'GB' })).toEqual([moved.id])
    expect(ids({ country: 'gb', search: 'rowan' })).toEqual([moved.id])
  })

  it('find the order by the corrected name and city, and still by the synced city', () => {
    const { cache, ids } = desk()
    expect(ids({ search: 'leeds' })).toEqual([])
    correctAddress(cache.floorPlan(), CAMPAIGN, moved, TO_LEEDS, 'new flat', 'Desk A')
    expect(ids({ search: 'leeds' })).toEqual([moved.id])
    expect(ids({ search: 'rowan quayside' })).toEqual([moved.id])
    expect(ids({ search: 'berlin' })).toEqual(all)
  })

  it('keep the status filter and a listed set of orders', () => {
    const { cache, ids } = desk()
    correctAddress(cache.floorPlan(), CAMPAIGN, moved, TO_LEEDS, 'new flat', 'Desk A')
    expect(ids({ search: 'leeds', statuses: ['refunded'] })).toEqual([])
    expect(ids({ search: 'leeds', ids: [rows[0]!.id] })).toEqual([])
    expect(ids({ country: 'GB', ids: [moved.id, rows[0]!.id] })).toEqual([moved.id])
  })

  it("read the query's own overlay when given one, not the record a second time", () => {
    const { cache } = desk()
    const workspace = new OrdersWorkspace(CAMPAIGN, 'synced', rows.map(toViewRow))
    // The overlay the query read: a correction made on another desk a moment ago, say.
    correctAddress(cache.floorPlan(), CAMPAIGN, moved, TO_LEEDS, 'new flat', 'Desk A')
    const overlay = loadFloorOverlay(cache, CAMPAIGN)
    correctAddress(cache.floorPlan(), CAMPAIGN, moved, { ...TO_LEEDS, city: 'York' }, 'again', 'B')
    let reads = 0
    const given = () => {
      reads++
      return overlay
    }
    const found = workspace.match(narrowByFloorRecord(cache, workspace, { search: 'leeds' }, given))
    expect(found.rows.map((row) => row.id)).toEqual([moved.id])
    expect(reads).toBe(1)
    // No country and no search: no correction can change the answer, nothing is read.
    workspace.match(narrowByFloorRecord(cache, workspace, { statuses: ['captured'] }, given))
    expect(reads).toBe(1)
  })
})
