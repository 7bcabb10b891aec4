import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ExportDesk } from '../../../src/main/exports/export-desk'
import { settingsFileSchema } from '../../../src/main/services/profile'
import type { PrintedDocument } from '../../../src/shared/floor/order-state'
import { ordersThatShip } from '../../../src/shared/fulfillment'
import type { AppSettings, LabelsRequest } from '../../../src/shared/ipc'
import { makeContribution, makeContributions } from '../fixtures/contributions'

// Printing labels or slips (or saving them as PDF) notes it on the packing floor, for the orders
// the document holds, and only once it happened.

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
    printed: (_campaignId, orderIds, document) => marks.push({ orderIds: [...orderIds], document }),
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

  it('labels saved as PDF mark them; a cancelled save dialog does not', async () => {
    await desk(true, null).labelsPdf(labels)
    expect(marks).toEqual([])
    await desk(true, join(saveDir, 'labels.pdf')).labelsPdf(labels)
    expect(marks.map((mark) => mark.document)).toEqual(['labels'])
  })
})
