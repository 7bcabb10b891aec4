import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop, SavePathOptions } from '../../../src/main/export/desktop-port'
import { ExportDesk } from '../../../src/main/export/export-desk'
import {
  LABEL_LAYOUTS,
  labelsPerPage,
  planLabels,
  READABLE_PT,
  renderPackingSlips,
} from '../../../src/main/core/print'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import {
  countShipments,
  filterContributions,
  ordersThatShip,
} from '../../../src/shared/fulfillment'
import { LABELS_PER_SHEET } from '../../../src/shared/ipc'
import type { LabelsRequest, OrdersFilter } from '../../../src/shared/ipc'
import type { Simulator } from '../../../src/simulator'
import { harnessDesktop } from '../../../src/web/web-desktop'
import {
  cleanupApps,
  labelsRequest,
  makeApp,
  queryAll,
  signIn,
  startSim,
  tempDir,
} from '../../helpers/app'
import type { TestApp } from '../../helpers/app'
import { compareBySequence } from '../../../src/shared/fulfillment'
import { toModel } from '../../helpers/model'

/** A Desktop that records what it was asked and saves where the test says (or cancels). */
function recordingDesktop(dir: string) {
  const asked: SavePathOptions[] = []
  const printed: { html: string; pageSize?: { width: number; height: number } }[] = []
  let cancel = false
  const desktop: Desktop = {
    async chooseSavePath(options) {
      asked.push(options)
      return cancel ? null : path.join(dir, options.defaultName)
    },
    async print(html, options) {
      printed.push({ html, ...options })
      return true
    },
  }
  return {
    desktop,
    asked,
    printed,
    cancelNext(value: boolean) {
      cancel = value
    },
  }
}

let sim: Simulator
let app: TestApp
let saver: ReturnType<typeof recordingDesktop>
let exportDir: string
let campaignId: number
let rows: CampaignContribution[]

const ALL: OrdersFilter = { statuses: [] }
const labels = (filter: OrdersFilter, extra: Partial<LabelsRequest> = {}) =>
  labelsRequest(campaignId, filter, extra)

beforeAll(async () => {
  sim = await startSim({ contributions: 150 })
  exportDir = tempDir()
  saver = recordingDesktop(exportDir)
  app = await makeApp({ sim, services: { desktop: saver.desktop } })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
  await app.value('sync:run', { campaignId })
  rows = toModel(sim.dataset.contributions.get(campaignId) ?? [])
}, 60_000)

afterAll(cleanupApps)

describe('exports from the app, over the offline copy', () => {
  it('writes the Excel packing list of the current filter, with progress events', async () => {
    const filter: OrdersFilter = { statuses: ['captured', 'in_fulfillment'] }
    const expected = filterContributions(rows, filter)
    const before = app.events.length
    const result = await app.value('export:excel', { campaignId, filter })
    expect(result).not.toBeNull()
    expect(result?.orders).toBe(expected.length)
    expect(saver.asked.at(-1)).toMatchObject({
      filters: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
    })
    // The local date and minute: two exports of one day never share a name.
    expect(saver.asked.at(-1)?.defaultName).toMatch(/-packing-list-\d{4}-\d\d-\d\d-\d{4}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(result!.path)
    expect(workbook.getWorksheet('Orders')?.rowCount).toBe(expected.length + 1)
    expect(workbook.getWorksheet('Checks')).toBeDefined()
    expect(workbook.worksheets.length).toBe(result?.sheets)
    const progress = app.events.slice(before).filter((e) => e.event === 'export:progress')
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)?.payload).toMatchObject({ kind: 'excel' })
    const last = progress.at(-1)?.payload as { done: number; total: number }
    expect(last.done).toBe(last.total)
  })

  it('writes the shipper CSV in either format', async () => {
    const filter: OrdersFilter = {}
    const generic = await app.value('export:csv', { campaignId, filter, format: 'generic' })
    const records = parse(fs.readFileSync(generic!.path), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(records.length).toBe(generic?.rows)
    expect(generic?.rows).toBeGreaterThan(0)
    expect(Object.keys(records[0] ?? {})).toContain('order_id')
    const ship = await app.value('export:csv', { campaignId, filter, format: 'shipstation' })
    expect(path.basename(ship!.path)).toMatch(/-shipstation-.*\.csv$/)
    expect(ship?.rows).toBe(generic?.rows)
    expect(ship?.orders).toBe(generic?.orders)
  })

  it('returns null and writes nothing when the save dialog is cancelled', async () => {
    const files = fs.readdirSync(exportDir).length
    saver.cancelNext(true)
    try {
      expect(await app.value('export:excel', { campaignId, filter: {} })).toBeNull()
      expect(
        await app.value('export:csv', { campaignId, filter: {}, format: 'generic' }),
      ).toBeNull()
      expect(await app.value('print:labelsPdf', labels({}))).toBeNull()
      expect(await app.value('print:slipsPdf', { campaignId, filter: {}, paper: 'a4' })).toBeNull()
    } finally {
      saver.cancelNext(false)
    }
    expect(fs.readdirSync(exportDir).length).toBe(files)
  })

  it('refuses an empty selection before asking where to save', async () => {
    const asked = saver.asked.length
    const none = await app.call('export:excel', {
      campaignId,
      filter: { search: 'no-such-backer-anywhere' },
    })
    expect(none).toMatchObject({ ok: false, error: { code: 'nothing_selected' } })
    expect(saver.asked.length).toBe(asked)
  })

  it('runs the pre-print checks of the selection, orders whose status does not ship included', async () => {
    const refunded = rows.filter((r) => r.order.status === 'refunded')
    expect(refunded.length).toBeGreaterThan(0)
    const checks = await app.value('export:checks', { campaignId, filter: ALL })
    const check = checks.find((c) => c.id === 'stop-status')
    expect(check?.severity).toBe('warning')
    const stopped = rows.filter(
      (r) => !['captured', 'in_fulfillment', 'fulfilled'].includes(r.order.status),
    )
    expect(new Set(check?.contributionIds)).toEqual(new Set(stopped.map((r) => r.id)))

    // The default statuses leave refunds out, so the check has nothing to say.
    const defaults = await app.value('export:checks', { campaignId, filter: {} })
    expect(defaults.find((c) => c.id === 'stop-status')).toBeUndefined()
  })

  it('opens a check as a filtered list: ids narrow the orders query', async () => {
    const checks = await app.value('export:checks', { campaignId, filter: ALL })
    const ids = checks.find((c) => c.id === 'stop-status')?.contributionIds ?? []
    const listed = await queryAll(app, campaignId, { statuses: [], ids })
    expect(new Set(listed.all.map((r) => r.id))).toEqual(new Set(ids))
    expect(listed.totals.orders).toBe(ids.length)
    // Combined with the other fields, like any filter.
    const captured = await app.value('orders:query', {
      campaignId,
      filter: { statuses: ['captured'], ids },
    })
    expect(captured.count).toBe(0)
    expect(captured.rows).toEqual([])
  })

  it('groups the orders without a label by reason, each counted in full', async () => {
    const filter: OrdersFilter = {}
    const preview = await app.value('print:labelsPreview', labels(filter))
    const counts = preview.skippedReasons.map((r) => r.count)
    expect(counts.reduce((a, b) => a + b, 0)).toBe(preview.skippedCount)
    expect([...counts].sort((a, b) => b - a)).toEqual(counts)
    for (const { reason } of preview.skippedReasons) {
      expect(preview.skipped.some((issue) => issue.message === reason)).toBe(true)
    }
    expect(preview.layout).toBe('avery5160')
  })

  it('names the addresses Avery 5160 prints too small to read, over every sheet; none on 4×6', async () => {
    const filter: OrdersFilter = {}
    const sheet = await app.value('print:smallAddresses', labels(filter))
    const plan = planLabels(filterContributions(rows, filter), {
      layout: 'avery5160',
      senderCountry: 'US',
      locale: 'en-US',
    })
    const expected = plan.placed.filter((label) => label.fit.fontPt < READABLE_PT)
    expect(expected.length).toBeGreaterThan(0)
    expect(sheet.count).toBe(expected.length)
    expect([...sheet.contributionIds].sort()).toEqual(expected.map((l) => l.contributionId).sort())
    expect(sheet.orders.length).toBe(Math.min(20, expected.length))
    const roll = await app.value('print:smallAddresses', labels(filter, { layout: 'thermal4x6' }))
    expect(roll).toMatchObject({ layout: 'thermal4x6', count: 0, contributionIds: [] })
  })

  it('previews the first Avery 5160 sheet: the first 30 labels, no more', async () => {
    const filter: OrdersFilter = {}
    const shipping = ordersThatShip(filterContributions(rows, filter)).sort(
      (a, b) => compareBySequence(a, b) || a.id - b.id,
    )
    expect(shipping.length).toBeGreaterThan(30)
    const preview = await app.value('print:labelsPreview', labels(filter))
    expect(preview.labels).toBe(shipping.length)
    expect(preview.pages).toBe(Math.ceil(shipping.length / 30))
    // Orders left out, per reason, as the checks count them (not all "without an address").
    const { stopped, nothingToShip, noAddress } = countShipments(filterContributions(rows, filter))
    expect(preview.leftOut).toEqual({ stopped, nothingToShip, noAddress })
    expect(preview.skippedCount).toBe(stopped + nothingToShip + noAddress)
    expect(preview.pageWidthPx).toBe(816)
    expect(preview.pageHeightPx).toBe(1056)
    const count = (preview.html.match(/class="label"/g) ?? []).length
    expect(count).toBe(30)
    expect(preview.html).toContain('data-page="1"')
    expect(preview.html).not.toContain('data-page="2"')
    const escape = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;')
    for (const row of shipping.slice(0, 30)) {
      expect(preview.html).toContain(escape(row.order.shipping!.name!.trim()))
    }
    // "Start at label 25": six on the first sheet.
    const late = await app.value('print:labelsPreview', labels(filter, { startAt: 25 }))
    expect((late.html.match(/class="label"/g) ?? []).length).toBe(6)
  })

  it('refuses a start position past the sheet, naming the range', async () => {
    const bad = await app.call(
      'print:labelsPreview',
      labels({}, { layout: 'thermal4x6', startAt: 2 }),
    )
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } })
    expect(!bad.ok && bad.error.message).toMatch(/from 1 to 1 for this label layout/)
  })

  it('prints through the platform with the stock’s paper size', async () => {
    expect(await app.value('print:labels', labels({}, { layout: 'averyL7160' }))).toEqual({
      printed: true,
    })
    expect(saver.printed.at(-1)?.pageSize).toEqual({ width: 210_000, height: 297_000 })
    expect(saver.printed.at(-1)?.html).toContain('@page { size: 210mm 297mm')
    expect(await app.value('print:slips', { campaignId, filter: {}, paper: 'letter' })).toEqual({
      printed: true,
    })
    expect(saver.printed.at(-1)?.pageSize).toEqual({ width: 215_900, height: 279_400 })
  })

  it('keeps the print settings like the others', async () => {
    const defaults = await app.value('settings:get')
    expect(defaults).toMatchObject({
      labelLayout: 'avery5160',
      labelOffsetMm: { x: 0, y: 0 },
      labelOrder: 'variant',
      labelSummary: false,
      slipPaper: 'letter',
      slipFooterNote: '',
      senderCountry: 'US',
      staleAfterHours: 24,
    })
    const saved = await app.value('settings:update', {
      labelLayout: 'thermal4x6',
      labelOffsetMm: { x: 1.5, y: -0.5 },
      senderCountry: 'de',
      staleAfterHours: 48,
      slipFooterNote: 'Thank you!',
    })
    expect(saved).toMatchObject({
      labelLayout: 'thermal4x6',
      labelOffsetMm: { x: 1.5, y: -0.5 },
      senderCountry: 'DE',
      staleAfterHours: 48,
      slipFooterNote: 'Thank you!',
    })
    const batch = await app.call('settings:update', { slipBatchSize: 3 })
    expect(!batch.ok && batch.error.message).toMatch(
      /Slips per batch must be a whole number from 10 to 5,000 \(got 3\)/,
    )
    const refused = await app.call('settings:update', { senderCountry: 'Germany' })
    expect(!refused.ok && refused.error.message).toMatch(/two-letter country code/)
    const offset = await app.call('settings:update', { labelOffsetMm: { x: 30, y: 0 } })
    expect(!offset.ok && offset.error.message).toMatch(/from -25\.4 to 25\.4/)
    await app.value('settings:update', {
      labelLayout: 'avery5160',
      labelOffsetMm: { x: 0, y: 0 },
      senderCountry: 'US',
      staleAfterHours: 24,
      slipFooterNote: '',
    })
  })
})

describe('Save as PDF through the web harness', () => {
  it('renders the labels in headless Chromium with the right page count', async () => {
    const dir = tempDir()
    const harnessApp = await makeApp({
      sim,
      store: undefined,
      services: { desktop: harnessDesktop({ exportDir: dir }) },
    })
    await signIn(harnessApp, sim)
    await harnessApp.value('sync:run', { campaignId })
    const request = labels({}, { startAt: 25 })
    const preview = await harnessApp.value('print:labelsPreview', request)
    const saved = await harnessApp.value('print:labelsPdf', request)
    expect(path.dirname(saved!.path)).toBe(dir)
    const info = execFileSync('pdfinfo', [saved!.path], { encoding: 'utf8' })
    expect(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])).toBe(preview.pages)
    expect(info).toMatch(/Page size:\s+612 x 792 pts/)

    // Packing slips of three orders, picked as a check's list would pick them.
    const three = rows.filter((r) => r.order.shipping?.address?.trim()).slice(0, 3)
    const slipsRequest = {
      campaignId,
      filter: { statuses: [], ids: three.map((r) => r.id) },
      paper: 'a4' as const,
    }
    const expectedPages = renderPackingSlips(three, {
      paper: 'a4',
      campaignTitle: 'x',
      locale: 'en',
    }).pages
    const slips = await harnessApp.value('print:slipsPdf', slipsRequest)
    const slipInfo = execFileSync('pdfinfo', [slips!.path], { encoding: 'utf8' })
    expect(Number(/^Pages:\s+(\d+)/m.exec(slipInfo)?.[1])).toBe(expectedPages)
    expect(slipInfo).toMatch(/Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)/)

    const printed = await harnessApp.call('print:labels', request)
    expect(printed).toEqual({
      ok: false,
      error: {
        code: 'print_unavailable',
        message: 'Printing from the browser: use Save as PDF, or the desktop app.',
      },
    })
  }, 120_000)
})

describe('file names', () => {
  /** An ExportDesk over `rows` of a campaign titled `title`, saving to what `chosen` returns. */
  function desk(
    title: string | null,
    chosen: (defaultName: string) => string,
    contributions: readonly CampaignContribution[] = rows,
  ) {
    const asked: string[] = []
    const exports = new ExportDesk({
      desktop: {
        chooseSavePath: async ({ defaultName }) => (asked.push(defaultName), chosen(defaultName)),
        print: async () => true,
      },
      asShipped: (selection) => selection,
      selection: () => ({
        info: {
          campaignId: 7,
          title,
          lastSyncedAt: '2024-05-01T00:00:00Z',
          count: contributions.length,
          problemCount: 0,
          expectedCount: contributions.length,
          privileged: true,
        },
        contributions: [...contributions],
      }),
      syncedAt: () => '2024-05-01T00:00:00Z',
      problemRows: () => [],
      settings: () => {
        throw new Error('a CSV export reads no settings')
      },
      progress: () => undefined,
      slipsProgress: () => undefined,
      locale: 'en',
      // This computer's clock: names carry its local date and minute.
      now: () => new Date(2024, 4, 2, 9, 5).getTime(),
    })
    return { exports, asked }
  }
  const csv = (exports: ExportDesk) =>
    exports.csv({ campaignId: 7, filter: ALL, format: 'generic' })

  it('refuses before asking where when no order of the selection ships', async () => {
    const dir = tempDir()
    // Every order needs shipping, none has an address.
    const unaddressed = rows.map((row) => ({
      ...row,
      order: { ...row.order, shipping: undefined },
    }))
    const { exports, asked } = desk('T', (name) => path.join(dir, name), unaddressed)
    await expect(csv(exports)).rejects.toMatchObject({
      code: 'nothing_to_print',
      message: expect.stringMatching(/so there is no shipper CSV to write\.$/),
    })
    expect(asked).toEqual([])
  })

  it('suggests a name from the campaign title that every file system takes', async () => {
    const dir = tempDir()
    const at = (name: string) => path.join(dir, name)
    for (const [title, stem] of [
      ['Tidepool: Ünder the Sea!', 'tidepool-under-the-sea'],
      ['山田', 'campaign-7'],
      [null, 'campaign-7'],
    ] as const) {
      const { exports, asked } = desk(title, at)
      const result = await csv(exports)
      expect(asked).toEqual([`${stem}-shipping-2024-05-02-0905.csv`])
      expect(result?.path).toBe(at(`${stem}-shipping-2024-05-02-0905.csv`))
    }
  })
})

describe('the label stocks', () => {
  it('agrees with the print core on labels per sheet', () => {
    for (const [id, count] of Object.entries(LABELS_PER_SHEET)) {
      expect(labelsPerPage(LABEL_LAYOUTS[id as keyof typeof LABEL_LAYOUTS])).toBe(count)
    }
  })
})
