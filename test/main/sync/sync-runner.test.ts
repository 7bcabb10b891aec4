import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../../src/simulator'
import type { WireCampaignContribution } from '../../../src/simulator/wire'
import { cleanupApps, makeApp, queryAll, signIn, startSim, syncedApp } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

afterAll(cleanupApps)

describe('syncs', () => {
  it('keeps the previous snapshot when a sync is cancelled', async () => {
    const { sim, app, campaignId } = await syncedApp(300)
    const before = await app.value('campaigns:recent')

    sim.setFaults({ latencyMs: 150 })
    app.events.length = 0
    const running = app.call('sync:run', { campaignId, concurrency: 1 })
    await app.waitFor('sync:progress')
    expect(await app.value('sync:cancel', { campaignId })).toBe(true)
    expect(await running).toEqual({
      ok: false,
      error: {
        code: 'cancelled',
        message: 'Sync cancelled. The last complete copy of the campaign is kept.',
      },
    })
    expect(await app.value('sync:cancel', { campaignId })).toBe(false)

    expect(await app.value('campaigns:recent')).toEqual(before)
    const snapshot = await app.value('orders:open', { campaignId })
    expect(snapshot.campaign.count).toBe(300)
    expect((await queryAll(app, campaignId, { statuses: [] })).all).toHaveLength(300)
    expect(snapshot.campaign.lastSyncedAt).toBe(before[0]!.lastSyncedAt)
  })
})

describe('a sync that would shrink the campaign, over IPC', () => {
  let sim: Simulator
  let app: TestApp
  let campaignId: number
  let all: WireCampaignContribution[]

  beforeAll(async () => {
    sim = await startSim({ contributions: 300 })
    app = await makeApp({ sim })
    await signIn(app, sim)
    campaignId = sim.campaignIds[0]!
    all = sim.dataset.contributions.get(campaignId)!
    await app.value('sync:run', { campaignId })
  }, 60_000)

  const serve = (n: number) => sim.dataset.contributions.set(campaignId, all.slice(0, n))
  const orders = async () => (await app.value('orders:open', { campaignId })).campaign.count

  it('asks with both counts and keeps the current copy until told', async () => {
    serve(100)
    const summary = await app.value('sync:run', { campaignId })
    const counts = {
      campaignId,
      currentCount: 300,
      incomingCount: 100,
      incomingProblemCount: 0,
      fewerOrders: true,
      addressesLost: null,
    }
    expect(summary).toMatchObject({ count: 300, shrink: counts })
    expect(await app.value('sync:pendingShrink', { campaignId })).toEqual(counts)
    expect(await orders()).toBe(300)

    const kept = await app.value('sync:resolveShrink', { campaignId, choice: 'keep' })
    expect(kept).toMatchObject({ count: 300, shrink: null })
    expect(await app.value('sync:pendingShrink', { campaignId })).toBeNull()
    expect(await orders()).toBe(300)
    const again = await app.call('sync:resolveShrink', { campaignId, choice: 'replace' })
    expect(again).toMatchObject({ ok: false, error: { code: 'shrink_not_pending' } })
  })

  it('replaces the copy with the smaller one when the person says so', async () => {
    serve(100)
    expect((await app.value('sync:run', { campaignId })).shrink).not.toBeNull()
    const replaced = await app.value('sync:resolveShrink', { campaignId, choice: 'replace' })
    expect(replaced).toMatchObject({ count: 100, problemCount: 0, shrink: null })
    expect(await orders()).toBe(100)
    serve(300)
    expect((await app.value('sync:run', { campaignId })).count).toBe(300)
  })

  it('a new sync answers an open question with "keep" and decides afresh', async () => {
    serve(100)
    expect((await app.value('sync:run', { campaignId })).shrink).not.toBeNull()
    serve(300)
    const summary = await app.value('sync:run', { campaignId })
    expect(summary).toMatchObject({ count: 300, shrink: null })
    expect(await app.value('sync:pendingShrink', { campaignId })).toBeNull()
  })

  it('refuses a choice that is neither replace nor keep', async () => {
    const envelope = await app.call('sync:resolveShrink', {
      campaignId,
      choice: 'maybe' as 'keep',
    })
    expect(envelope).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments', message: expect.stringMatching(/"replace".*"keep"/) },
    })
  })
})
