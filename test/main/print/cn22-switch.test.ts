import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import type { LabelsRequest } from '../../../src/shared/ipc'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

// The label panel's CN22 switch (issue 29): the option `perkpack labels --layout 4x6 --cn22`
// gives, through the print channels' schema; 4×6 only.

let app: TestApp
let campaignId: number
const dir = tempDir()

beforeAll(async () => {
  const sim = await startSim({ contributions: 40 })
  const desktop: Desktop = {
    chooseSavePath: async ({ defaultName }) => path.join(dir, `${Date.now()}-${defaultName}`),
    chooseOpenPath: async () => path.join(dir, 'catalog.csv'),
    print: async () => true,
  }
  app = await makeApp({ sim, services: { desktop } })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
  await app.value('sync:run', { campaignId })
  // A sender far from every backer, and a catalogue describing every variant for customs.
  await app.value('settings:update', { senderCountry: 'NZ' })
  const gaps = (await app.value('catalog:view', { campaignId })).gaps
  const lines = gaps.map((gap) => `${gap.sku},${gap.variant ?? ''},120,950300,CN,Board game part,5`)
  fs.writeFileSync(
    path.join(dir, 'catalog.csv'),
    [
      'sku,variant,weight_g,hs_code,origin_country,customs_description,customs_value',
      ...lines,
    ].join('\n'),
  )
  await app.value('catalog:import', { campaignId })
}, 60_000)
afterAll(cleanupApps)

const request = (more: Partial<LabelsRequest>): LabelsRequest => ({
  campaignId,
  filter: {},
  layout: 'thermal4x6',
  startAt: 1,
  offsetMm: { x: 0, y: 0 },
  order: 'sequence',
  showSummary: false,
  ...more,
})
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })

describe('the CN22 switch of the label panel', () => {
  it('prints the CN22 on 4×6 labels when switched on, and not when off', async () => {
    const on = await app.value('print:labelsPdf', request({ cn22: true }))
    const off = await app.value('print:labelsPdf', request({}))
    expect(pdfText(on!.path)).toContain('CN 22')
    expect(pdfText(on!.path)).toContain('Board game part')
    expect(pdfText(off!.path)).not.toContain('CN 22')
  })

  it('refuses it for sheet labels, saying what to choose', async () => {
    const answer = await app.call('print:labelsPdf', request({ layout: 'avery5160', cn22: true }))
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_arguments',
        message: expect.stringContaining('prints on 4×6 labels only: choose the 4×6 layout'),
      }),
    })
  })
})
