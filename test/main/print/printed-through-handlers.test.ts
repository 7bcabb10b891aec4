import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { ordersThatShip } from '../../../src/shared/fulfillment'
import type { LabelsRequest } from '../../../src/shared/ipc'
import type { Simulator } from '../../../src/simulator'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { toModel } from '../../helpers/model'

// "Printed" on the floor comes from the print dialog, or from the person marking a saved PDF
// printed; saving a PDF alone marks nothing. Through the real handler table, with a platform
// whose print dialog answers as the test says (the web harness has none).

let sim: Simulator
let app: TestApp
let campaignId: number
let shipping: CampaignContribution[]
let dialogAnswer = false

beforeAll(async () => {
  sim = await startSim({ contributions: 40 })
  const dir = tempDir()
  const desktop: Desktop = {
    chooseSavePath: async ({ defaultName }) => path.join(dir, defaultName),
    print: async () => dialogAnswer,
  }
  app = await makeApp({ sim, services: { desktop } })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
  await app.value('sync:run', { campaignId })
  shipping = ordersThatShip(toModel(sim.dataset.contributions.get(campaignId) ?? []))
}, 60_000)
afterAll(cleanupApps)

const only = (row: CampaignContribution) => ({ statuses: [], ids: [row.id] })
const labels = (row: CampaignContribution): LabelsRequest => ({
  campaignId,
  filter: only(row),
  layout: 'avery5160',
  startAt: 1,
  offsetMm: { x: 0, y: 0 },
  order: 'sequence',
  showSummary: false,
})
const floorOf = async (row: CampaignContribution) =>
  (await app.value('orders:detail', { campaignId, contributionId: row.id })).floor

describe('printed on the floor', () => {
  it('labels: marked when the print dialog printed, not when it was cancelled', async () => {
    const row = shipping[0]!
    dialogAnswer = false
    expect(await app.value('print:labels', labels(row))).toEqual({ printed: false })
    expect((await floorOf(row))?.labelsPrintedAt ?? null).toBeNull()
    dialogAnswer = true
    expect(await app.value('print:labels', labels(row))).toEqual({ printed: true })
    expect((await floorOf(row))?.labelsPrintedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('labels saved as PDF: not printed until "Mark as printed"', async () => {
    const row = shipping[1]!
    const saved = await app.value('print:labelsPdf', labels(row))
    expect(saved).toMatchObject({ orders: 1 })
    expect((await floorOf(row))?.labelsPrintedAt ?? null).toBeNull()
    const before = (await app.value('floor:progress', { campaignId })).totals.printed

    const marked = await app.value('print:markPdfPrinted', {
      campaignId,
      savedPdfId: saved!.savedPdfId,
    })
    expect(marked).toEqual({ document: 'labels', orders: 1 })
    expect((await floorOf(row))?.labelsPrintedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect((await app.value('floor:progress', { campaignId })).totals.printed).toBe(before + 1)
  })

  it('packing slips saved as PDF: not printed until marked; a second mark is refused', async () => {
    const row = shipping[2]!
    const saved = await app.value('print:slipsPdf', { campaignId, filter: only(row), paper: 'a4' })
    expect((await floorOf(row))?.slipsPrintedAt ?? null).toBeNull()
    await app.value('print:markPdfPrinted', { campaignId, savedPdfId: saved!.savedPdfId })
    expect((await floorOf(row))?.slipsPrintedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    const again = await app.call('print:markPdfPrinted', {
      campaignId,
      savedPdfId: saved!.savedPdfId,
    })
    expect(again).toMatchObject({ ok: false, error: { code: 'saved_pdf_gone' } })
  })
})
