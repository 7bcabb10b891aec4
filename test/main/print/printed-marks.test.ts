import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ExportDesk } from '../../../src/main/export/export-desk'
import { settingsFileSchema } from '../../../src/main/core/session/profile'
import type { PrintedDocument } from '../../../src/shared/floor/order-state'
import { ordersThatShip } from '../../../src/shared/fulfillment'
import type { AppSettings, LabelsRequest } from '../../../src/shared/ipc'
import { makeContribution, makeContributions } from '../fixtures/contributions'

// Printing labels or slips notes it on the packing floor, for the orders the document holds, and
// only once it happened: the print dialog printed, or the person marks a saved PDF printed.

const rows = [
  // Six of them ship; the pending and refunded ones do not (their status does not ship).
  ...makeContributions(10),
  // Nothing to ship: no label, no slip, no mark.
  { ...makeContribution(10), order: { ...makeContribution(10).order, perks: [] } },
]
const marks: { orderIds: number[]; document: PrintedDocument }[] = []
afterEach(() => {
  marks.length = 0
})
const saveDir = mkdtempSync(join(tmpdir(), 'perkpack-marks-'))
afterAll(() => rmSync(saveDir, { recursive: true, force: true }))

function desk(printed: boolean, saveTo: string | null) {
  return new ExportDesk({
    desktop: {
      chooseSavePath: async () => saveTo,
      print: async () => printed,
    },
    asShipped: (selection) => selection,
    selection: () => ({
      info: {
        campaignId: 7,
        title: 'Tidepool',
        lastSyncedAt: '2024-05-01T00:00:00Z',
        count: rows.length,
        problemCount: 0,
        expectedCount: rows.length,
        privileged: true,
      },
      contributions: rows,
    }),
    syncedAt: () => '2024-05-01T00:00:00Z',
    problemRows: () => [],
    settings: () => ({ ...settingsFileSchema.parse({}), slipBatchSize: 4 }) as AppSettings,
    progress: () => undefined,
    slipsProgress: () => undefined,
    locale: 'en',
    now: () => Date.parse('2024-05-02T10:00:00Z'),
    printed: (_campaignId, orderIds, document) => {
      marks.push({ orderIds: [...orderIds], document })
    },
  })
}

const labels: LabelsRequest = {
  campaignId: 7,
  filter: { statuses: [] },
  layout: 'avery5160',
  startAt: 1,
  offsetMm: { x: 0, y: 0 },
  order: 'sequence',
  showSummary: false,
}
const shipping = ordersThatShip(rows).map((row) => row.order.id)

describe('printed marks on the packing floor', () => {
  it('labels printed mark the orders that got a label; a cancelled print marks nothing', async () => {
    await desk(false, null).printLabels(labels)
    expect(marks).toEqual([])
    await desk(true, null).printLabels(labels)
    expect(marks).toEqual([{ orderIds: shipping, document: 'labels' }])
    expect(shipping).not.toContain(rows[10]!.order.id)
  })

  it('one batch of slips printed marks that batch only', async () => {
    await desk(true, null).printSlips({
      campaignId: 7,
      filter: { statuses: [] },
      paper: 'letter',
      batch: 1,
    })
    expect(marks).toEqual([{ orderIds: shipping.slice(4, 8), document: 'slips' }])
  })

  it('labels saved as PDF are not printed: marked when the person says so, once', async () => {
    const saving = desk(true, join(saveDir, 'labels.pdf'))
    const saved = await saving.labelsPdf(labels)
    expect(marks).toEqual([])
    expect(saved).toEqual({
      path: join(saveDir, 'labels.pdf'),
      savedPdfId: expect.any(Number) as number,
      orders: shipping.length,
    })
    await expect(
      saving.markPdfPrinted({ campaignId: 7, savedPdfId: saved!.savedPdfId }),
    ).resolves.toEqual({ document: 'labels', orders: shipping.length })
    expect(marks).toEqual([{ orderIds: shipping, document: 'labels' }])
    // The same file twice, or another campaign's id: refused, nothing marked again.
    await expect(
      saving.markPdfPrinted({ campaignId: 7, savedPdfId: saved!.savedPdfId }),
    ).rejects.toThrow(/no longer knows which orders that PDF holds/)
    expect(marks).toHaveLength(1)
  })

  it('a cancelled save dialog keeps nothing to mark', async () => {
    await expect(desk(true, null).labelsPdf(labels)).resolves.toBeNull()
    expect(marks).toEqual([])
  })

  it('slips saved as PDF are not printed until marked; a saved PDF of another campaign is not this one', async () => {
    const saving = desk(true, join(saveDir, 'slips.pdf'))
    const saved = await saving.slipsPdf({ campaignId: 7, filter: { statuses: [] }, paper: 'a4' })
    expect(marks).toEqual([])
    await expect(
      saving.markPdfPrinted({ campaignId: 8, savedPdfId: saved!.savedPdfId }),
    ).rejects.toThrow(/no longer knows/)
    await saving.markPdfPrinted({ campaignId: 7, savedPdfId: saved!.savedPdfId })
    expect(marks).toEqual([{ orderIds: shipping, document: 'slips' }])
  })
})
