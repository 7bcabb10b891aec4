import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { BridgeError } from '@shared/ipc'
import type { SyncProgress, SyncSummary } from '@shared/ipc'
import { campaignSummary, fail, fakeBridge, syncSummary } from '@renderer/test-utils/fakeBridge'
import { useCampaignsStore } from './campaigns'
import { useSessionStore } from './session'

function progress(overrides: Partial<SyncProgress> = {}): SyncProgress {
  return {
    campaignId: 1001,
    phase: 'walking',
    pagesDone: 3,
    pagesTotal: 10,
    records: 300,
    expected: 1000,
    elapsedMs: 1200,
    rate: 250,
    etaMs: 2800,
    ...overrides,
  }
}

/** A sync main answers only when the test says so. */
function deferredSync() {
  let resolve!: (summary: SyncSummary) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<SyncSummary>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useCampaignsStore', () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })

  it('starts the first sync of a campaign opened without an offline copy, and only then', async () => {
    const fake = fakeBridge({
      openCampaign: ({ campaignId }) => ({
        campaignId,
        name: 'Tidepool',
        offlineCopy: campaignId === 2002,
        checked: true,
      }),
    })
    const campaigns = useCampaignsStore()
    expect(await campaigns.openChecked(1001)).toBeNull()
    expect(fake.calls.syncCampaign).toHaveBeenCalledWith({ campaignId: 1001 })
    await vi.waitFor(() => expect(campaigns.syncing).toBe(false))
    expect(await campaigns.openChecked(2002)).toBeNull()
    expect(fake.calls.syncCampaign).toHaveBeenCalledTimes(1)
  })

  it("follows the running sync's progress events, and only its own", async () => {
    const pending = deferredSync()
    const fake = fakeBridge({ syncCampaign: () => pending.promise })
    const campaigns = useCampaignsStore()
    campaigns.listen()
    campaigns.open(1001)
    const done = campaigns.sync()
    expect(campaigns.syncingId).toBe(1001)

    fake.emit('sync:progress', progress())
    expect(campaigns.progress?.pagesDone).toBe(3)
    fake.emit('sync:progress', progress({ campaignId: 2002, pagesDone: 9 }))
    expect(campaigns.progress?.pagesDone).toBe(3)
    fake.emit('sync:progress', progress({ pagesDone: 7, records: 700 }))
    expect(campaigns.progress?.records).toBe(700)

    pending.resolve(
      syncSummary({ campaignId: 1001, count: 1000, pagesFetched: 10, elapsedMs: 4000 }),
    )
    await done
    expect(campaigns.syncing).toBe(false)
    expect(campaigns.progress).toBeNull()
  })

  it('cancel asks main to cancel the running campaign and reports a cancelled outcome', async () => {
    const pending = deferredSync()
    const fake = fakeBridge({
      syncCampaign: () => pending.promise,
      cancelSync: () => {
        // Main rejects the running sync with the `cancelled` code.
        pending.reject(new BridgeError('cancelled', 'Cancelled.'))
        return true
      },
    })
    const campaigns = useCampaignsStore()
    campaigns.open(1001)
    const done = campaigns.sync()
    await campaigns.cancelSync()
    expect(fake.calls.cancelSync).toHaveBeenCalledWith({ campaignId: 1001 })
    await done
    expect(campaigns.lastOutcome?.kind).toBe('cancelled')
    expect(campaigns.syncError).toBeNull()
    expect(campaigns.syncing).toBe(false)
  })

  it('refreshes the recent list after a completed sync, then announces it', async () => {
    let synced = false
    const fake = fakeBridge({
      recentCampaigns: () => (synced ? [campaignSummary({ count: 1234 })] : []),
      syncCampaign: ({ campaignId }) => {
        synced = true
        return syncSummary({ campaignId, count: 1234, pagesFetched: 13, elapsedMs: 900 })
      },
    })
    const campaigns = useCampaignsStore()
    campaigns.open(1001)
    expect(campaigns.current).toBeNull()
    const summary = await campaigns.sync()
    expect(summary?.count).toBe(1234)
    expect(fake.calls.recentCampaigns).toHaveBeenCalled()
    expect(campaigns.current?.count).toBe(1234)
    expect(campaigns.lastOutcome).toMatchObject({ kind: 'completed', campaignId: 1001 })
  })

  it('keeps a failure message and leaves the stored copy alone', async () => {
    fakeBridge({
      recentCampaigns: () => [campaignSummary({ count: 50 })],
      syncCampaign: () => fail('api_network', 'The API could not be reached (connection refused).'),
    })
    const campaigns = useCampaignsStore()
    campaigns.open(1001)
    await campaigns.sync()
    expect(campaigns.syncError).toBe('The API could not be reached (connection refused).')
    expect(campaigns.lastOutcome?.kind).toBe('failed')
    expect(campaigns.current?.count).toBe(50)
  })

  it('restarts a sync interrupted by an expired session once the password is accepted', async () => {
    let calls = 0
    const fake = fakeBridge({
      syncCampaign: ({ campaignId }) => {
        calls++
        if (calls === 1) fail('sign_in_required', 'Your session has expired.')
        return syncSummary({ campaignId, count: 5, pagesFetched: 1, elapsedMs: 10 })
      },
    })
    const campaigns = useCampaignsStore()
    const session = useSessionStore()
    campaigns.open(1001)
    await campaigns.sync()
    expect(session.expired).not.toBeNull()
    expect(campaigns.syncError).toBeNull()

    await session.reauthenticate('pw')
    await vi.waitFor(() => expect(campaigns.lastOutcome?.kind).toBe('completed'))
    expect(fake.calls.syncCampaign).toHaveBeenCalledTimes(2)
  })

  it('remembers the current campaign across restarts and forgets it on reset', () => {
    fakeBridge()
    useCampaignsStore().open(777)
    setActivePinia(createPinia())
    const again = useCampaignsStore()
    expect(again.currentId).toBe(777)
    again.reset()
    setActivePinia(createPinia())
    expect(useCampaignsStore().currentId).toBeNull()
  })
})
