import { afterAll, describe, expect, it } from 'vitest'
import { cleanupApps, makeApp, tempDir } from '../../helpers/app'

// The demo opens with a catalogue (issue 29): the primary campaign's SKUs mostly complete, three
// boxes, and the two gaps the Catalogue view's badges and the pre-print checks show.

afterAll(cleanupApps)

describe('the demo catalogue', () => {
  it('describes the demo campaign but one SKU for customs and one for weight, and keeps edits', async () => {
    const app = await makeApp({ dataDir: tempDir() })
    const [campaignId] = (await app.value('demo:start')).campaignIds
    await app.value('sync:run', { campaignId: campaignId! })
    const view = await app.value('catalog:view', { campaignId: campaignId! })
    expect(view.catalog.packaging.map((box) => box.name)).toEqual(['Mailer', 'Box S', 'Box L'])
    expect(view.catalog.items.length).toBeGreaterThan(3)
    const lacking = view.gaps.filter((gap) => gap.missing.length > 0)
    expect(lacking.some((gap) => gap.missing.includes('weight'))).toBe(true)
    expect(lacking.some((gap) => gap.missing.includes('HS code'))).toBe(true)
    expect(lacking.length).toBeLessThan(view.gaps.length / 2)

    await app.value('catalog:removePackaging', { campaignId: campaignId!, name: 'Box L' })
    await app.value('demo:start')
    const again = await app.value('catalog:view', { campaignId: campaignId! })
    expect(again.catalog.packaging.map((box) => box.name)).toEqual(['Mailer', 'Box S'])
  })
})
