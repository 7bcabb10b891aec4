import { afterEach, describe, expect, it } from 'vitest'
import { SnapshotShrank } from '../../../src/main/services/shrink'
import { syncCampaign } from '../../../src/main/services/sync'
import { missingAddress } from '../../../src/shared/export/address-checks'
import {
  cleanup,
  makeClient,
  makeSession,
  openTestCache,
  startSim,
  tempDir,
} from '../../helpers/harness'

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
    expect(shrank.counts).toMatchObject({ fewerOrders: false, addressesLost: true })
    expect(shrank.message).toContain(
      'received no e-mails or shipping addresses, and the offline copy has them',
    )
    expect(cache.rawContributions(campaignId)).toEqual(before)
    expect(cache.campaign(campaignId)?.privileged).toBe(true)

    shrank.accept()
    expect(cache.campaign(campaignId)?.privileged).toBe(false)
    expect(cache.contributions(campaignId).some((row) => row.order.shipping != null)).toBe(false)
  })
})
