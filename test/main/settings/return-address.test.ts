import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import { readSettings, saveSettings } from '../../../src/main/core/session/profile'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { cleanupApps, makeApp, rowsOf, signIn, startSim, tempDir } from '../../helpers/app'
import { syncedDataDir } from '../../helpers/synced-desk'
import type { TestApp } from '../../helpers/app'
import { perkpackHere } from '../../helpers/cli-in-process'

// The return address of Settings (issue 29): kept in settings.json, checked with the shared
// rule, and printed in the CN23's sender block by the app and by `perkpack customs` alike.

let app: TestApp
let campaignId: number
let baseUrl: string
let rows: CampaignContribution[]
const dataDir = tempDir()
const saves = tempDir()

beforeAll(async () => {
  const sim = await startSim({ contributions: 60 })
  baseUrl = sim.baseUrl
  const desktop: Desktop = {
    chooseSavePath: async ({ defaultName }) => path.join(saves, defaultName),
    chooseOpenPath: async () => path.join(saves, 'catalog.csv'),
    print: async () => true,
  }
  app = await makeApp({ sim, dataDir, services: { desktop } })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
  rows = rowsOf(sim, campaignId)
  await app.value('sync:run', { campaignId })
  // Values above the CN22 ceiling: every order abroad gets a CN23.
  const gaps = (await app.value('catalog:view', { campaignId })).gaps
  const lines = gaps.map((gap) => `${gap.sku},${gap.variant ?? ''},300,950300,CN,Toy,900,USD`)
  const header =
    'sku,variant,weight_g,hs_code,origin_country,customs_description,customs_value,customs_currency'
  fs.writeFileSync(path.join(saves, 'catalog.csv'), [header, ...lines].join('\n'))
  await app.value('catalog:import', { campaignId })
}, 60_000)
afterAll(cleanupApps)

const ADDRESS = { street: 'Hafenstraße 12', city: 'Hamburg', postcode: '20457' }
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })

describe('the return address', () => {
  it('is refused half filled, with what is missing and the fix', async () => {
    const answer = await app.call('settings:update', { returnAddress: { city: 'Hamburg' } })
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_arguments',
        message: expect.stringContaining('has no street: type the street and number'),
      }),
    })
  })

  it('is kept in settings.json and printed in the sender block of the app’s CN23', async () => {
    await app.value('settings:update', { senderCountry: 'DE', returnAddress: ADDRESS })
    expect((await app.value('settings:get')).returnAddress).toEqual(ADDRESS)
    expect(readSettings(dataDir).returnAddress).toEqual(ADDRESS)
    const saved = await app.value('print:customsPdf', { campaignId, filter: {}, paper: 'a4' })
    const text = pdfText(saved!.path)
    expect(text).toContain('Hafenstraße 12')
    expect(text).toContain('20457 Hamburg')
  })

  it('is printed by perkpack customs from the same settings', async () => {
    // A desk of the command line, with the same settings file fields and catalogue file.
    const cliDir = syncedDataDir('perkpack-return-', baseUrl, campaignId, rows)
    saveSettings(cliDir, { senderCountry: 'DE', returnAddress: ADDRESS })
    const env = { PERKPACK_DATA_DIR: cliDir, PERKPACK_BASE_URL: baseUrl }
    const csv = path.join(saves, 'catalog.csv')
    expect((await perkpackHere(['catalog', 'import', String(campaignId), csv], env)).code).toBe(0)
    const out = path.join(saves, 'cli-customs.pdf')
    const run = await perkpackHere(['customs', String(campaignId), '--out', out], env)
    expect(run.code, run.stderr).toBe(0)
    expect(pdfText(out)).toContain('Hafenstraße 12')
    expect(pdfText(out)).toContain('20457 Hamburg')
  })
})
