import { afterEach, describe, expect, it } from 'vitest'
import { cleanupApps, makeApp, signIn, startSim } from '../../helpers/app'

afterEach(cleanupApps)

describe('sign-ups', () => {
  it('serves the saved sign-ups when the API cannot be reached', async () => {
    const sim = await startSim()
    const app = await makeApp({ sim })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    const online = await app.value('signups:get', { campaignId, refresh: true })
    expect(online).toMatchObject({ campaignId, offline: false })
    expect(online.signups).toEqual(sim.dataset.signups.get(campaignId))
    expect(online.signups.length).toBeGreaterThan(30)

    await sim.close()
    const offline = await app.value('signups:get', { campaignId, refresh: true })
    expect(offline).toEqual({ ...online, offline: true })
    expect(await app.value('network:status')).toMatchObject({ online: false })
    // Without a saved copy the network error itself is the answer.
    const other = await app.call('signups:get', {
      campaignId: sim.campaignIds[1] as number,
      refresh: false,
    })
    expect(other).toMatchObject({ ok: false, error: { code: 'api_network' } })
    expect(!other.ok && other.error.message).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+ \(connection refused\)\. Gave up after \d attempts\. Check the network or the API address \(API base URL in Settings\), then try again\.$/,
    )
  })
})
