import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop, SavePathOptions } from '../../../src/main/export/desktop-port'
import { renderPickListDocument } from '../../../src/main/core/print'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { filterContributions, groupByPerk } from '../../../src/shared/fulfillment'
import { formatDateTime } from '../../../src/shared/format/locale-format'
import type { OrdersFilter, PickListPrintRequest } from '../../../src/shared/ipc'
import { cleanupApps, makeApp, rowsOf, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

/** Saves the HTML where the test says, records prints; the real PDF is the e2e's business. */
function recordingDesktop(dir: string, printUnavailable?: string) {
  const asked: SavePathOptions[] = []
  const printed: string[] = []
  let cancel = false
  const desktop: Desktop = {
    ...(printUnavailable ? { printUnavailable } : {}),
    async chooseSavePath(options) {
      asked.push(options)
      return cancel ? null : path.join(dir, options.defaultName)
    },
    async print(html) {
      printed.push(html)
      return true
    },
  }
  return { desktop, asked, printed, cancelNext: (value: boolean) => (cancel = value) }
}

const NOW = Date.parse('2026-03-02T09:30:00Z')

let app: TestApp
let saver: ReturnType<typeof recordingDesktop>
let campaignId: number
let rows: CampaignContribution[]

const request = (filter: OrdersFilter, extra: Partial<PickListPrintRequest> = {}) => ({
  campaignId,
  filter,
  paper: 'a4' as const,
  selection: 'Captured, In fulfillment · SKU: TEE',
  ...extra,
})

beforeAll(async () => {
  const sim = await startSim({ contributions: 120 })
  saver = recordingDesktop(tempDir())
  app = await makeApp({ sim, services: { desktop: saver.desktop, now: () => NOW } })
  await signIn(app, sim)
  campaignId = sim.campaignIds[0] as number
  await app.value('sync:run', { campaignId })
  rows = rowsOf(sim, campaignId)
}, 60_000)

afterAll(cleanupApps)

/** A variant node of the tree over the default statuses, held by more than one order. */
function variantNode(): OrdersFilter {
  const base = filterContributions(rows, {})
  for (const perk of groupByPerk(base)) {
    const variant = perk.variants.find((v) => v.orderCount > 1)
    if (variant && perk.perkId !== null) return { perkId: perk.perkId, variant: variant.key }
  }
  throw new Error('the simulated campaign has no variant held by two orders')
}

describe('the pick list on paper, from the app', () => {
  it('saves the PDF of exactly the selected node, with the words and the snapshot time', async () => {
    const filter = variantNode()
    const saved = await app.value('picklist:pdf', request(filter))
    expect(saved).not.toBeNull()
    const expected = renderPickListDocument(filterContributions(rows, filter), {
      paper: 'a4',
      campaignTitle: 'x',
      selection: 'x',
      syncedAt: null,
    })
    expect(saved).toMatchObject({
      variants: expected.variants,
      units: expected.units,
      orders: expected.orders,
      leftOut: expected.skipped.length,
      pages: expected.pages,
    })
    // Fewer orders than the whole default selection: the node narrowed it.
    expect(expected.orders).toBeLessThan(filterContributions(rows, {}).length)
    // The dialog's suggestion, saved under it.
    expect(saver.asked.at(-1)).toMatchObject({
      title: 'Save the pick list as PDF',
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    })
    expect(saver.asked.at(-1)?.defaultName).toMatch(/-pick-list-\d{4}-\d\d-\d\d-\d{4}\.pdf$/)
    expect(saved?.path).toBe(path.join(path.dirname(saved!.path), saver.asked.at(-1)!.defaultName))
    // A real PDF file (the PDF library's), read back.
    const text = execFileSync('pdftotext', [saved!.path, '-'], { encoding: 'utf8' })
    expect(text).toContain('Selection: Captured, In fulfillment · SKU: TEE')
    // The snapshot's time as the window says it, in the desk's locale.
    const synced = (await app.value('campaigns:recent'))[0]?.lastSyncedAt
    const when = formatDateTime(synced, new Intl.DateTimeFormat().resolvedOptions().locale)
    expect(text.replace(/\s+/g, ' ')).toContain(`Offline copy of ${when.replace(/\s+/g, ' ')}`)
  })

  it('prints the same document, and answers null when the save dialog is cancelled', async () => {
    const filter: OrdersFilter = { statuses: [] }
    const printed = await app.value(
      'picklist:print',
      request(filter, { selection: 'Every status' }),
    )
    expect(printed).toEqual({ printed: true })
    expect(saver.printed.at(-1)).toContain('Selection: Every status')
    saver.cancelNext(true)
    const before = saver.asked.length
    expect(await app.value('picklist:pdf', request(filter))).toBeNull()
    expect(saver.asked.length).toBe(before + 1)
    saver.cancelNext(false)
  })

  it('refuses an empty selection before any dialog opens', async () => {
    const before = saver.asked.length
    const answer = await app.call('picklist:pdf', request({ search: 'no-such-backer-anywhere' }))
    expect(answer).toMatchObject({ ok: false, error: { code: 'nothing_selected' } })
    expect(!answer.ok && answer.error.message).toMatch(/clear the perk or SKU/)
    expect(saver.asked.length).toBe(before)
  })

  it('says where to turn when there is no printer (the browser harness)', async () => {
    const sim = await startSim({ contributions: 20 })
    const harness = await makeApp({
      sim,
      services: { desktop: recordingDesktop(tempDir(), 'Use Save as PDF.').desktop },
    })
    await signIn(harness, sim)
    const id = sim.campaignIds[0] as number
    await harness.value('sync:run', { campaignId: id })
    const answer = await harness.call('picklist:print', { ...request({}), campaignId: id })
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'print_unavailable', message: 'Use Save as PDF.' },
    })
  })

  it('checks its arguments and names what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      [{ ...request({}), paper: 'legal' }, /paper/i],
      [{ ...request({}), selection: 42 }, /Selection must be text/],
      [{ ...request({}), selection: 'x'.repeat(1001) }, /Selection must be at most 1000/],
      [{ ...request({}), selection: undefined }, /Selection/],
      [{ ...request({}), filter: { perkId: -3 } }, /Perk/],
      [{ ...request({}), extra: true }, /extra/],
    ]
    for (const [args, message] of cases) {
      const answer = await app.table['picklist:pdf']([args])
      expect(answer, JSON.stringify(args).slice(0, 80)).toMatchObject({
        ok: false,
        error: { code: 'invalid_arguments' },
      })
      expect(!answer.ok && answer.error.message).toMatch(message)
    }
  })
})
