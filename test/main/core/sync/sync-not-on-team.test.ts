import { afterEach, describe, expect, it } from 'vitest'
import { SnapshotShrank } from '../../../../src/main/core/sync/shrink'
import { syncCampaign } from '../../../../src/main/core/sync/sync-engine'
import { missingAddress } from '../../../../src/shared/export/address-checks'
import {
  cleanup,
  makeClient,
  makeSession,
  openTestCache,
  startSim,
  tempDir,
} from '../../../helpers/harness'

afterEach(cleanup)

/*
 * An account that is not on a campaign's team signs in fine; the API then leaves out e-mails and
 * addresses, as for an API token alone. The copy must say it has none, not look like a campaign
 * whose backers gave no address.
 */
describe('a sync signed in as a person who is not on the campaign team', () => {
  it('stores the copy as one without e-mails and addresses, and says why', async () => {
    const sim = await startSim({ contributions: 60, drift: 0.2 })
    const { session } = await makeSession(sim)
    const cache = openTestCache(tempDir())
    const client = makeClient(sim, session)
    // The simulator's demo account is on the team of its first campaigns, not of the last one.
    const foreign = sim.campaignIds.at(-1)!
    const own = sim.campaignIds[0]!

    const theirs = await syncCampaign({ client, cache, campaignId: foreign, privileged: true })
    expect(theirs.notOnTeam).toBe(true)
    expect(theirs.snapshot.privileged).toBe(false)
    expect(cache.campaign(foreign)?.privileged).toBe(false)
    const check = missingAddress(cache.contributions(foreign), cache.campaign(foreign)!.privileged)
    expect(check?.detail).toMatch(
      /^Addresses are hidden: this copy was synced without a team member's sign-in \(an API token only, or an account not on the campaign's team\)/,
    )

    const mine = await syncCampaign({ client, cache, campaignId: own, privileged: true })
    expect(mine.notOnTeam).toBe(false)
    expect(mine.snapshot.privileged).toBe(true)
  })
})

describe('a sync without e-mails and addresses over a copy that has them', () => {
  it('is held back, the copy kept whole, until the person accepts it', async () => {
    const sim = await startSim({ contributions: 60, drift: 0.2 })
    const cache = openTestCache(tempDir())
    const campaignId = sim.campaignIds[0]!
    const person = makeClient(sim, (await makeSession(sim)).session)
    await syncCampaign({ client: person, cache, campaignId, privileged: true })
    const before = cache.rawContributions(campaignId)
    expect(cache.contributions(campaignId).some((row) => row.order.shipping != null)).toBe(true)

    const tokenOnly = makeClient(sim, (await makeSession(sim, { email: null })).session)
    const held = await syncCampaign({ client: tokenOnly, cache, campaignId, privileged: false })
      .then(() => null)
      .catch((error: unknown) => error)
    expect(held).toBeInstanceOf(SnapshotShrank)
    const shrank = held as SnapshotShrank<unknown>
    expect(shrank.counts).toMatchObject({ fewerOrders: false, addressesLost: 'api-token-only' })
    expect(shrank.message).toContain(
      'received no e-mails or shipping addresses (it was signed in with an API token only), and the offline copy has them. The offline copy was kept. Sign in with a team member',
    )
    expect(cache.rawContributions(campaignId)).toEqual(before)
    expect(cache.campaign(campaignId)?.privileged).toBe(true)

    shrank.accept()
    expect(cache.campaign(campaignId)?.privileged).toBe(false)
    expect(cache.contributions(campaignId).some((row) => row.order.shipping != null)).toBe(false)
  })
  it('names an account off the team as the cause when the session was a person', async () => {
    const sim = await startSim({ contributions: 30 })
    const cache = openTestCache(tempDir())
    const campaignId = sim.campaignIds[0]!
    const person = makeClient(sim, (await makeSession(sim)).session)
    await syncCampaign({ client: person, cache, campaignId, privileged: true })
    // The rows come without addresses although the session is a person's: as for an account
    // taken off the team since the last sync.
    const tokenOnly = makeClient(sim, (await makeSession(sim, { email: null })).session)
    const held = await syncCampaign({ client: tokenOnly, cache, campaignId, privileged: true })
      .then(() => null)
      .catch((error: unknown) => error)
    expect((held as SnapshotShrank<unknown>).counts.addressesLost).toBe('not-on-team')
    expect((held as Error).message).toContain(
      "the account you signed in with is not on the campaign's team), and the offline copy has them. The offline copy was kept. Ask the campaign's owner to add your account as a team member",
    )
  })

  it('says both when the copy is far smaller and without addresses', () => {
    const both = new SnapshotShrank(
      {
        campaignId: 7,
        currentCount: 300,
        incomingCount: 40,
        incomingProblemCount: 0,
        fewerOrders: true,
        addressesLost: 'api-token-only',
      },
      { accept: () => null, decline: () => undefined },
    )
    expect(both.message).toMatch(
      /^This sync of campaign 7 found 40 orders, the offline copy holds 300 \(13 %\), and received no e-mails or shipping addresses \(it was signed in with an API token only\)\. The offline copy was kept/,
    )
    expect(both.message).toContain(
      "holds fewer orders now. Sign in with a team member's e-mail and password, then sync again.",
    )
  })
})
