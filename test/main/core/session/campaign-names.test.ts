import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CampaignNames, readableSlug } from '../../../../src/main/core/session/campaign-names'
import { campaignObjectsIn } from '../../../../src/main/campaigns/campaign-open'
import type { Simulator } from '../../../../src/simulator'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../../helpers/app'
import type { TestApp } from '../../../helpers/app'

let sim: Simulator
let app: TestApp
let dataDir: string
let campaignId: number

beforeAll(async () => {
  sim = await startSim({ contributions: 40 })
  dataDir = tempDir()
  app = await makeApp({ sim, dataDir })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
}, 60_000)

afterAll(cleanupApps)

describe('campaign names', () => {
  it('reads a slug aloud, and leaves ids and blanks to the caller', () => {
    expect(readableSlug('my-cool-campaign')).toBe('My cool campaign')
    expect(readableSlug('  Tidepool_THE-game ')).toBe('Tidepool the game')
    expect(readableSlug('2843117')).toBeNull()
    expect(readableSlug('')).toBeNull()
    expect(readableSlug(null)).toBeNull()
  })

  it('prefers the name given, then the title, then the slug, per host', () => {
    const dir = tempDir()
    let profile = 'api.example.test'
    const names = new CampaignNames(dir, () => profile)
    expect(names.displayName(7, null)).toBe('Campaign 7')
    expect(names.displayName(7, 'lumen-loop')).toBe('Lumen loop')
    names.noteTitles([
      { campaignId: 7, title: 'Lumen Loop: The Bike Light' },
      { campaignId: 8, title: null },
    ])
    expect(names.displayName(7, 'lumen-loop')).toBe('Lumen Loop: The Bike Light')
    expect(names.rename(7, '  Lumen\n spring run ', 'lumen-loop')).toBe('Lumen spring run')
    // Another host's campaign 7 is another campaign.
    profile = 'other.example.test'
    expect(names.displayName(7, null)).toBe('Campaign 7')
    profile = 'api.example.test'
    // Kept on disk for the next run; an empty name goes back to the title.
    const again = new CampaignNames(dir, () => profile)
    expect(again.displayName(7, null)).toBe('Lumen spring run')
    expect(again.rename(7, '   ', null)).toBe('Lumen Loop: The Bike Light')
    expect(fs.readdirSync(dir)).toEqual(['campaign-names.json'])
  })

  it('reads the campaign objects rows carry, whatever else the rows hold', () => {
    const rows = [
      { campaign: { id: '7', title: 'Lumen Loop', currency: { iso_code: 'EUR', symbol: '€' } } },
      { campaign: { id: 8 } },
      { campaign: 'lumen-loop' },
      { campaign: { id: 'x', title: 'No id' } },
      null,
      {},
    ]
    expect(campaignObjectsIn(rows)).toEqual([
      { campaignId: 7, title: 'Lumen Loop', currency: { iso_code: 'EUR', symbol: '€' } },
      { campaignId: 8, title: null, currency: undefined },
    ])
    const names = new CampaignNames(tempDir(), () => 'p')
    names.noteTitles(campaignObjectsIn(rows))
    expect(names.currency(7)).toEqual({ iso_code: 'EUR', symbol: '€' })
    expect(names.currency(8)).toBeNull()
  })

  it('a damaged names file costs the names, not the start', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'campaign-names.json'), '{not json')
    expect(new CampaignNames(dir, () => 'p').displayName(3, 'a-b')).toBe('A b')
  })
})

describe('opening a campaign by id', () => {
  it('refuses an id the API does not know, naming the host and where to look', async () => {
    const refused = await app.call('campaigns:open', { campaignId: 999_999 })
    expect(refused.ok).toBe(false)
    const message = !refused.ok ? refused.error.message : ''
    expect(message).toBe(
      `No campaign 999999 on ${new URL(sim.baseUrl).host}: check the id in the dashboard's address bar (the number in …/campaigns/<id>/…).`,
    )
    expect(!refused.ok && refused.error.code).toBe('api_not_found')
    expect(message).not.toContain(sim.credentials.apiToken)
  })

  it('opens a real one with its slug read aloud, renames it, and the recent list follows', async () => {
    const opened = await app.value('campaigns:open', { campaignId })
    expect(opened).toMatchObject({ campaignId, offlineCopy: false, checked: true })
    expect(opened.name).toBe('Tidepool a cooperative ocean board game')
    await app.value('sync:run', { campaignId })
    await app.value('campaigns:rename', { campaignId, name: 'Tidepool' })
    const recent = await app.value('campaigns:recent')
    expect(recent.find((c) => c.campaignId === campaignId)?.title).toBe('Tidepool')
    const tooLong = await app.call('campaigns:rename', { campaignId, name: 'x'.repeat(121) })
    expect(!tooLong.ok && tooLong.error.message).toMatch(/at most 120 characters/)
  })

  it("takes the API's title and currency from the signed-in person's own contributions", async () => {
    // The demo team member backed the second and third campaigns, not the first (data-rows.ts).
    const [first, backed, next] = sim.campaignIds as [number, number, number]
    const title = (id: number) => sim.dataset.campaigns.find((c) => c.id === id)?.title
    const opened = await app.value('campaigns:open', { campaignId: backed })
    // Nothing yet says who the signed-in person is: the slug, read aloud.
    expect(opened.name).not.toBe(title(backed))
    await app.value('sync:run', { campaignId: backed })
    // The copy holds their own pledge (their e-mail): their account listing names the campaign.
    const recent = await app.value('campaigns:recent')
    expect(recent.find((c) => c.campaignId === backed)?.title).toBe(title(backed))
    // Known from then on: another campaign they backed opens by its title at once.
    expect((await app.value('campaigns:open', { campaignId: next })).name).toBe(title(next))
    // One they did not back has no campaign object anywhere in the API: no title to take.
    expect((await app.value('campaigns:open', { campaignId: first })).name).not.toBe(title(first))
    // The campaign object's currency names the amounts of its orders.
    await app.value('orders:open', { campaignId: backed })
    const row = sim.dataset.contributions.get(backed)?.[0]
    const detail = await app.value('orders:detail', { campaignId: backed, contributionId: row!.id })
    const currency = sim.dataset.campaigns.find((c) => c.id === backed)?.currency
    expect(detail.currency).toEqual({ iso_code: currency?.iso_code, symbol: currency?.symbol })
  })

  /** A desk signed in to a simulator of its own, with campaign `id` synced to its offline copy. */
  async function deskWithCopy() {
    const own = await startSim({ contributions: 20 })
    const desk = await makeApp({ sim: own })
    await signIn(desk, own)
    const id = own.campaignIds[0] as number
    await desk.value('sync:run', { campaignId: id })
    return { own, desk, id }
  }

  it('offline, opens a campaign with an offline copy and refuses one without', async () => {
    const { own, desk: offline, id } = await deskWithCopy()
    await own.close()
    const copy = await offline.value('campaigns:open', { campaignId: id })
    expect(copy).toMatchObject({ campaignId: id, offlineCopy: true, checked: false })
    expect(copy.name).toBe('Tidepool a cooperative ocean board game')
    const none = await offline.call('campaigns:open', { campaignId: 424_242 })
    expect(!none.ok && none.error.message).toMatch(
      /cannot be reached and campaign 424242 has no offline copy on this computer: connect/,
    )
  }, 30_000)

  it('while the API answers 5xx, opens a campaign with an offline copy and refuses one without', async () => {
    const { own, desk: outage, id } = await deskWithCopy()
    own.setFaults({ errorRate: 1 })
    const copy = await outage.value('campaigns:open', { campaignId: id })
    expect(copy).toMatchObject({ campaignId: id, offlineCopy: true, checked: false })
    const none = await outage.call('campaigns:open', { campaignId: 424_242 })
    expect(!none.ok && none.error.code).toBe('api_server')
    await own.close()
  }, 30_000)
})
