import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterEach, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import { neutralizeFormula } from '../../../src/shared/export/formula'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'

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

describe('sign-ups export', () => {
  it('saves the list the view shows as CSV or Excel, under a dated name, offline too', async () => {
    const sim = await startSim()
    const dir = tempDir()
    const asked: string[] = []
    const desktop: Desktop = {
      chooseSavePath: async ({ defaultName }) => (
        asked.push(defaultName),
        path.join(dir, defaultName)
      ),
      print: async () => false,
    }
    const app = await makeApp({ sim, services: { desktop } })
    await signIn(app, sim)
    const campaignId = sim.campaignIds[0] as number
    const signups = sim.dataset.signups.get(campaignId) ?? []
    await app.value('signups:get', { campaignId, refresh: true })
    // The saved list is exported: no API needed.
    await sim.close()

    const csv = await app.value('signups:export', { campaignId, format: 'csv' })
    expect(csv).toEqual({ path: path.join(dir, asked[0]!), signups: signups.length })
    expect(asked[0]).toMatch(/-signups-\d{4}-\d\d-\d\d-\d{4}\.csv$/)
    const records = parse(fs.readFileSync(csv!.path), { bom: true }) as string[][]
    expect(records[0]).toEqual(['email', 'signed_up'])
    expect(records.slice(1).map((r) => r[0])).toEqual(
      signups.map((s) => neutralizeFormula(s.email)),
    )

    const xlsx = await app.value('signups:export', { campaignId, format: 'xlsx' })
    expect(xlsx?.path).toMatch(/-signups-\d{4}-\d\d-\d\d-\d{4}\.xlsx$/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(xlsx!.path)
    expect(book.getWorksheet('Sign-ups')?.rowCount).toBe(signups.length + 1)

    const bad = await app.call('signups:export', { campaignId, format: 'pdf' as 'csv' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } })
  })
})
