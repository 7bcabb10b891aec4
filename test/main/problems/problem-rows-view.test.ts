import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import type { ProblemRowsView } from '../../../src/shared/ipc'
import { problemReport } from '../../../src/shared/problems/report'
import type { Simulator } from '../../../src/simulator'
import type { WireCampaignContribution } from '../../../src/simulator/wire'
import { cleanupApps, makeApp, signIn, startSim, tempDir } from '../../helpers/app'
import type { TestApp } from '../../helpers/app'

afterAll(cleanupApps)

/** Saves every export into `dir` under its suggested name. */
function savingDesktop(dir: string): Desktop {
  return {
    chooseSavePath: async (options) => path.join(dir, options.defaultName),
    print: async () => true,
  }
}

/** Personal values of the contributions the plan breaks, as the privileged listing holds them. */
function personalValues(rows: readonly WireCampaignContribution[], ids: Set<number>): string[] {
  const values: string[] = []
  for (const row of rows) {
    if (!ids.has(row.id)) continue
    const s = row.order.shipping
    for (const value of [row.email, row.contributor_name, s?.name, s?.address, s?.phone_number]) {
      if (typeof value === 'string' && value.trim().length > 3) values.push(value)
    }
  }
  return values
}

describe('problem rows over IPC', () => {
  let sim: Simulator
  let app: TestApp
  let campaignId: number
  let plan: ReturnType<Simulator['driftPlan']>
  let view: ProblemRowsView

  beforeAll(async () => {
    sim = await startSim({ contributions: 600, drift: 1 })
    app = await makeApp({ sim, services: { desktop: savingDesktop(tempDir()) } })
    await signIn(app, sim)
    campaignId = sim.campaignIds[0]!
    plan = sim.driftPlan()
    const summary = await app.value('sync:run', { campaignId })
    expect(summary).toMatchObject({
      count: plan.total - plan.broken.length,
      problemCount: plan.broken.length,
      shrink: null,
    })
    view = await app.value('problems:list', { campaignId })
  }, 60_000)

  it('the banner counts: the campaign list and the opened orders carry the problem count', async () => {
    expect(plan.broken.length).toBeGreaterThan(10)
    const recent = await app.value('campaigns:recent')
    expect(recent.find((c) => c.campaignId === campaignId)?.problemCount).toBe(plan.broken.length)
    const opened = await app.value('orders:open', { campaignId })
    expect(opened.campaign.problemCount).toBe(plan.broken.length)
  })

  it('the list: every broken row, by id or by row, with paths and messages', () => {
    expect(view).toMatchObject({
      campaignId,
      count: plan.total - plan.broken.length,
      problemCount: plan.broken.length,
    })
    const idless = new Set(plan.nonNumericIds)
    expect(idless.size).toBeGreaterThan(0)
    expect(new Set(view.rows.filter((r) => r.id !== null).map((r) => r.id))).toEqual(
      new Set(plan.broken.filter((id) => !idless.has(id))),
    )
    expect(view.rows.filter((r) => r.id === null)).toHaveLength(idless.size)
    for (const row of view.rows) {
      expect(row.problems.length).toBeGreaterThan(0)
      expect(row.problems.every((p) => p.path !== '' && p.message !== '')).toBe(true)
    }
  })

  it('names each row by order number and backer, as Orders does', () => {
    const served = new Map(sim.dataset.contributions.get(campaignId)!.map((r) => [r.id, r]))
    const named = view.rows.filter((row) => row.id !== null && row.backer !== null)
    expect(named.length).toBeGreaterThan(view.rows.length / 2)
    for (const row of named) {
      const clean = served.get(row.id!)!
      const names = [clean.contributor_name, clean.by, clean.order.shipping?.name]
      expect(names.map((name) => name?.trim())).toContain(row.backer)
    }
    const numbered = view.rows.filter((row) => row.id !== null && row.orderNumber !== null)
    expect(numbered.length).toBeGreaterThan(0)
    for (const row of numbered) {
      expect(row.orderNumber).toBe(served.get(row.id!)!.order.sequence_number)
    }
  })

  it('carries no other personal data and no token; the "Copy details" text none at all', () => {
    const served = sim.dataset.contributions.get(campaignId)!
    const personal = personalValues(served, new Set(plan.broken))
    expect(personal.length).toBeGreaterThan(10)
    // The backer's name is shown to find the row; everything else of a person stays masked.
    const wire = JSON.stringify({ ...view, rows: view.rows.map(({ backer: _, ...row }) => row) })
    const copied = problemReport({
      ...view,
      rows: view.rows.map((r) => ({ ...r, raw: r.maskedRaw })),
    })
    for (const text of [wire, copied]) {
      for (const value of personal) expect(text).not.toContain(value)
      expect(text).not.toMatch(/@/)
      expect(text).not.toContain(sim.credentials.apiToken)
      expect(text).not.toMatch(/sim_at_|sim_rt_/)
    }
    // What finds the fault is still there.
    expect(copied).toContain(
      `${plan.broken.length} of ${plan.total} contributions could not be read.`,
    )
    expect(copied).toContain(String(view.rows[0]!.problems[0]!.path))
  })

  it('pre-print checks warn, and the Excel export has a Problems sheet', async () => {
    const selection = { campaignId, filter: { statuses: [] } }
    const checks = await app.value('export:checks', selection)
    expect(checks.find((c) => c.id === 'problem-rows')).toMatchObject({
      severity: 'warning',
      count: plan.broken.length,
    })
    const result = await app.value('export:excel', selection)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(result!.path)
    const lines = view.rows.reduce((sum, row) => sum + row.problems.length, 0)
    // A line per field of a problem row (they have a row number), then the exported orders'
    // items PerkPack cannot read (their orders ship; no row number).
    const sheet = book.getWorksheet('Problems')!
    const rows = sheet.getSheetValues().slice(2) as unknown[][]
    const row = sheet.getRow(1).values as unknown[]
    const at = (header: string) => row.indexOf(header)
    expect(rows.filter((cells) => typeof cells[at('Row')] === 'number')).toHaveLength(lines)
    const flagged = rows.filter((cells) => cells[at('Row')] == null)
    expect(flagged.length).toBeGreaterThan(0)
    for (const cells of flagged) expect(cells[at('Problem')]).toMatch(/check the item by hand\)$/)
  })

  it('refuses a campaign without an offline copy with a message that says what to do', async () => {
    const envelope = await app.call('problems:list', { campaignId: 424242 })
    expect(envelope).toEqual({
      ok: false,
      error: { code: 'campaign_not_synced', message: expect.stringMatching(/Sync now/) },
    })
  })
})
