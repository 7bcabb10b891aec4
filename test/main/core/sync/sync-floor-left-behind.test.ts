import { afterEach, describe, expect, it } from 'vitest'
import { openDashboardExport } from '../../../../src/main/core/dashboard/dashboard-export'
import { importDashboardExport } from '../../../../src/main/core/dashboard/dashboard-import'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import { dashboardExportCsv } from '../../../../src/simulator/dashboard-export'
import * as harness from '../../../helpers/harness'

// A sync over a copy imported from a dashboard file: the floor record made against the file's
// stand-in ids stays behind (kept, not shown), and the sync's result counts it.

afterEach(async () => {
  await harness.cleanup()
})

async function syncedCache() {
  const sim = await harness.startSim({ contributions: 60 })
  const { session } = await harness.makeSession(sim)
  const cache = harness.openTestCache(harness.tempDir())
  const campaignId = sim.campaignIds[0]!
  const sync = () =>
    syncCampaign({
      client: harness.makeClient(sim, session),
      cache,
      campaignId,
      privileged: true,
      concurrency: 2,
    })
  await sync()
  return { cache, campaignId, sync }
}

describe('a sync over a copy imported from a dashboard file', () => {
  it("counts the floor records made against the file's stand-in ids", async () => {
    const { cache, campaignId, sync } = await syncedCache()
    const csv = dashboardExportCsv(cache.contributions(campaignId))
    importDashboardExport(cache, campaignId, openDashboardExport(Buffer.from(csv), 'c.csv'), {
      fileName: 'c.csv',
    })
    const standIns = cache.contributions(campaignId).map((row) => row.order.id)
    cache.floor().pack(campaignId, standIns[0]!, 'vm')
    cache.floor().pack(campaignId, standIns[1]!, 'vm')
    cache.floor().setNote(campaignId, standIns[2]!, 'fragile')
    const result = await sync()
    expect(result.floorLeftBehind).toBe(3)
  })

  it("over the API's own copy, counts nothing: its records follow", async () => {
    const { cache, campaignId, sync } = await syncedCache()
    const orderId = cache.contributions(campaignId)[0]!.order.id
    cache.floor().pack(campaignId, orderId, 'vm')
    // A record of no order in the copy: not the sync's doing, so not counted either.
    cache.floor().pack(campaignId, 987_654_321, 'vm')
    const result = await sync()
    expect(result.floorLeftBehind).toBe(0)
  })
})
