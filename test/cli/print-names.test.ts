import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cacheProfile } from '../../src/main/core/session/profile'
import { countShipments } from '../../src/shared/fulfillment'
import { generateDataset } from '../../src/simulator/data'
import { cleanEnv } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup } from '../helpers/harness'
import { toModel } from '../helpers/model'
import { syncedDataDir } from '../helpers/synced-desk'

// What the printed slips and pick list of the command line are headed with: the campaign as the
// app names it (a rename made in the app, else the slug read aloud) and the selection in the
// app's words, never the slug or the API's status codes.

const BASE_URL = 'http://127.0.0.1:9'
const SLUG = 'tidepool-a-cooperative-ocean-board-game'
const dataset = generateDataset({ seed: 7, contributions: 40 })
const campaign = dataset.campaigns[0]!
const rows = toModel(dataset.contributions.get(campaign.id) ?? [])
const id = String(campaign.id)

afterAll(cleanup)

/** A synced offline copy whose campaign the sync knew only by its slug. */
function dataDirWithSlug(): string {
  return syncedDataDir('perkpack-print-names-', BASE_URL, campaign.id, rows, SLUG)
}

const run = (dataDir: string, args: string[]) =>
  perkpackHere(args, cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL }))
// pdftotext keeps a header line on one line; spaces are runs of one or more.
const textOf = (file: string) =>
  execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ')

async function printed(dataDir: string, extra: string[] = []) {
  const slipsOut = path.join(dataDir, 'slips.pdf')
  const pickOut = path.join(dataDir, 'pick.pdf')
  const slips = await run(dataDir, ['slips', id, '--out', slipsOut, ...extra])
  expect(slips.code, slips.stderr).toBe(0)
  const pick = await run(dataDir, ['picklist', id, '--out', pickOut, ...extra])
  expect(pick.code, pick.stderr).toBe(0)
  return { slips: textOf(slipsOut), pick: textOf(pickOut) }
}

describe('perkpack slips and picklist --out: the app names', { timeout: 60_000 }, () => {
  it('head every slip and the pick list with the slug read aloud and the statuses in words', async () => {
    const { slips, pick } = await printed(dataDirWithSlug())
    expect(slips).not.toContain(SLUG)
    expect(pick).not.toContain(SLUG)
    const slipPages = slips.split('\f').filter((page) => page.trim() !== '')
    expect(slipPages.length).toBeGreaterThan(1)
    for (const page of slipPages) expect(page).toContain('Tidepool a cooperative ocean board game')
    expect(pick).toContain('Tidepool a cooperative ocean board game')
    expect(pick).toContain('Selection: Status: Captured, In fulfillment · Perk / SKU: All orders')
    expect(pick).not.toMatch(/in_fulfillment/)
  })

  it("honour a rename made in the app, and word --status, --country and --perk as the app's filter", async () => {
    const dataDir = dataDirWithSlug()
    fs.writeFileSync(
      path.join(dataDir, 'campaign-names.json'),
      JSON.stringify({ [cacheProfile(BASE_URL)]: { [id]: { name: 'Tidepool spring run' } } }),
    )
    const perk = rows.find(
      (r) =>
        r.order.status === 'captured' &&
        r.order.perks.length > 0 &&
        r.order.shipping?.country &&
        countShipments([r]).ships === 1,
    )!
    const { id: perkId, label } = perk.order.perks[0]!
    const country = perk.order.shipping!.country!
    const { slips, pick } = await printed(dataDir, [
      '--status',
      'captured',
      '--country',
      country,
      '--perk',
      String(perkId),
    ])
    expect(slips).toContain('Tidepool spring run')
    expect(slips).not.toContain('Tidepool a cooperative')
    expect(pick).toContain('Tidepool spring run')
    expect(pick).toContain(
      `Selection: Status: Captured · Country: ${country} · Perk: ${label.trim()}`,
    )
  })
})
