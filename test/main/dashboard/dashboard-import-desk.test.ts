import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DashboardImportDesk } from '../../../src/main/dashboard/dashboard-import-desk'
import type { DashboardImportDeps } from '../../../src/main/dashboard/dashboard-import-desk'
import type { Desktop, OpenPathOptions } from '../../../src/main/export/desktop-port'
import { NO_DESKTOP } from '../../../src/main/export/desktop-port'
import { campaignSummary } from '../../../src/main/orders/orders-desk'
import { openCache } from '../../../src/main/core/cache'
import type { OfflineCache } from '../../../src/main/core/cache'
import { snapshotSource } from '../../../src/main/core/dashboard/dashboard-import'
import { PerkPackError } from '../../../src/main/core/system/perkpack-errors'
import { IPC_CHANNELS } from '../../../src/shared/ipc'
import { dashboardExportCsv } from '../../../src/simulator/dashboard-export'
import { cleanup, tempDir } from '../../helpers/harness'
import { asReceived } from '../../helpers/model'
import { makeContributions } from '../fixtures/contributions'

const CAMPAIGN = 7001
const rows = makeContributions(40)
const opened: OfflineCache[] = []
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close()
  cleanup()
})

function setUp(options: { synced?: number; now?: () => number; desktop?: Desktop } = {}) {
  const dir = tempDir('perkpack-dashboard-desk-')
  const cache = openCache({ dataDir: dir, profile: 'desk' })
  opened.push(cache)
  if (options.synced) {
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(rows.slice(0, options.synced)))
    writer.commit({ expectedCount: options.synced, privileged: true })
  }
  const rebuilt: number[] = []
  const renamed: [number, string][] = []
  const deps: DashboardImportDeps = {
    cache: () => cache,
    desktop: options.desktop ?? NO_DESKTOP,
    now: options.now ?? (() => Date.parse('2026-11-24T10:42:00Z')),
    syncing: () => false,
    summary: (campaignId) => {
      const info = cache.campaign(campaignId)
      return info ? campaignSummary(info, undefined, snapshotSource(cache, campaignId)) : null
    },
    rename: (campaignId, name) => renamed.push([campaignId, name]),
    imported: (_cache, campaignId) => rebuilt.push(campaignId),
  }
  const file = (name: string, text: string) => {
    const at = path.join(dir, name)
    fs.writeFileSync(at, text)
    return at
  }
  return { dir, cache, desk: new DashboardImportDesk(deps), rebuilt, renamed, file }
}

describe('importing a dashboard export in the app', () => {
  it('previews without writing: counts, encoding, delimiter, problem rows with line and column', async () => {
    const { cache, desk, file } = setUp()
    const csv = dashboardExportCsv(rows.slice(0, 10), { delimiter: ';' })
    // A line without a Pledge ID: kept as a problem row, the rest still imports.
    const broken = csv.replace(/\r\n$/, '') + '\r\n' + ';;;Shipped' + ';'.repeat(20) + '\r\n'
    const brokenLine = csv.trimEnd().split('\r\n').length + 1
    const preview = await desk.preview(CAMPAIGN, file('contributions.csv', `\uFEFF${broken}`))
    expect(preview).toMatchObject({
      campaignId: CAMPAIGN,
      fileName: 'contributions.csv',
      encoding: 'utf-8',
      bom: true,
      delimiter: ';',
      orders: 10,
      current: null,
      shrink: false,
      problems: { count: 1, rows: [{ line: brokenLine, column: 'Pledge ID', message: 'empty' }] },
    })
    expect(preview.lines).toBe(brokenLine - 1)
    expect(preview.perks.count).toBeGreaterThan(0)
    expect(preview.perks.rows.reduce((sum, perk) => sum + perk.orders, 0)).toBeGreaterThanOrEqual(
      10,
    )
    expect(cache.campaign(CAMPAIGN)).toBeNull()
    expect(snapshotSource(cache, CAMPAIGN)).toBeNull()
  })

  it('writes exactly the preview, records the source, names the campaign, and only once', async () => {
    const { cache, desk, file, rebuilt, renamed } = setUp()
    const preview = await desk.preview(
      CAMPAIGN,
      file('contributions.csv', dashboardExportCsv(rows)),
    )
    const outcome = await desk.import({
      campaignId: CAMPAIGN,
      previewId: preview.previewId,
      name: '  Lantern  ',
    })
    expect(outcome).toMatchObject({
      outcome: 'imported',
      fileName: 'contributions.csv',
      campaign: {
        campaignId: CAMPAIGN,
        count: rows.length,
        source: {
          kind: 'dashboard-file',
          fileName: 'contributions.csv',
          importedAt: '2026-11-24T10:42:00.000Z',
        },
      },
    })
    expect(cache.campaign(CAMPAIGN)?.count).toBe(rows.length)
    expect(rebuilt).toEqual([CAMPAIGN])
    expect(renamed).toEqual([[CAMPAIGN, 'Lantern']])
    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId }),
    ).rejects.toMatchObject({ code: 'dashboard_preview_gone' })
  })

  it("counts, before anything is written, the API copy's floor records the file leaves out", async () => {
    const { cache, desk, file } = setUp({ synced: 40 })
    for (const row of rows.slice(0, 3)) cache.floor().pack(CAMPAIGN, row.order.id, 'vm')
    cache
      .floor()
      .addTracking(CAMPAIGN, [
        { orderId: rows[5]!.order.id, carrier: null, trackingNumber: '1Z999' },
      ])
    const preview = await desk.preview(CAMPAIGN, file('c.csv', dashboardExportCsv(rows)))
    expect(preview.floorLeftBehind).toBe(4)
    expect(cache.campaign(CAMPAIGN)?.count).toBe(40)
  })

  it('a file changed after its preview is previewed again, nothing written', async () => {
    const { cache, desk, file } = setUp({ synced: 40 })
    const at = file('contributions.csv', dashboardExportCsv(rows))
    const preview = await desk.preview(CAMPAIGN, at)
    fs.writeFileSync(at, dashboardExportCsv(rows.slice(0, 36)))
    const outcome = await desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId })
    expect(outcome.outcome).toBe('changed')
    const again = outcome.outcome === 'changed' ? outcome.preview : null
    expect(again).toMatchObject({ orders: 36, current: { count: 40 }, shrink: false })
    expect(again?.previewId).not.toBe(preview.previewId)
    expect(snapshotSource(cache, CAMPAIGN)).toBeNull()
    // The new preview is the one that writes.
    const written = await desk.import({ campaignId: CAMPAIGN, previewId: again!.previewId })
    expect(written).toMatchObject({ outcome: 'imported', campaign: { count: 36 } })
  })

  it('a file removed after its preview still imports what was previewed', async () => {
    const { cache, desk, file } = setUp()
    const at = file('contributions.csv', dashboardExportCsv(rows.slice(0, 5)))
    const preview = await desk.preview(CAMPAIGN, at)
    fs.rmSync(at)
    await desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId })
    expect(cache.campaign(CAMPAIGN)?.count).toBe(5)
  })

  it('a much smaller file is flagged in the preview and held back until accepted', async () => {
    const { cache, desk, file } = setUp({ synced: 40 })
    const preview = await desk.preview(
      CAMPAIGN,
      file('few.csv', dashboardExportCsv(rows.slice(0, 4))),
    )
    expect(preview).toMatchObject({ orders: 4, shrink: true, current: { count: 40, source: null } })
    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId }),
    ).rejects.toMatchObject({
      code: 'sync_shrank',
      message: expect.stringMatching(/few\.csv holds 4 orders.*holds 40\. Nothing was replaced/),
    })
    expect(cache.campaign(CAMPAIGN)?.count).toBe(40)
    // Still at hand: "Replace anyway" writes it.
    await desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId, acceptShrink: true })
    expect(cache.campaign(CAMPAIGN)?.count).toBe(4)
  })

  it('refuses a preview of another campaign, an old one, and while the campaign syncs', async () => {
    let now = 0
    const { desk, file } = setUp({ now: () => now })
    const at = file('contributions.csv', dashboardExportCsv(rows.slice(0, 3)))
    const preview = await desk.preview(CAMPAIGN, at)
    await expect(
      desk.import({ campaignId: CAMPAIGN + 1, previewId: preview.previewId }),
    ).rejects.toMatchObject({ code: 'dashboard_preview_gone' })
    now = 31 * 60_000
    await expect(
      desk.import({ campaignId: CAMPAIGN, previewId: preview.previewId }),
    ).rejects.toMatchObject({ code: 'dashboard_preview_gone' })
    expect(desk.discard(preview.previewId)).toBe(true)
    expect(desk.discard(preview.previewId)).toBe(false)
  })

  it('says which columns a file lacks, and when a file cannot be read, in words', async () => {
    const { desk, file, dir } = setUp()
    const wrong = file('orders.csv', 'Order,Name,Pledge ID\n1,Ada,55\n')
    await expect(desk.preview(CAMPAIGN, wrong)).rejects.toThrow(
      'orders.csv is not a dashboard contributions export: it has no Fulfillment Status, Perk ID, Perk columns.',
    )
    const missing = desk.preview(CAMPAIGN, path.join(dir, 'gone.csv'))
    await expect(missing).rejects.toMatchObject({
      code: 'dashboard_file_unreadable',
      message: 'gone.csv is no longer there. Choose the file again.',
    })
    await expect(desk.preview(CAMPAIGN, dir)).rejects.toThrow(/is a folder, not a file/)
    const error = await desk.preview(CAMPAIGN, wrong).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PerkPackError)
    expect((error as Error).message).not.toMatch(/\n\s+at /)
  })

  it('asks main for the file: the dialog answer previews, cancel answers null', async () => {
    const asked: OpenPathOptions[] = []
    let answer: string | null = null
    const desktop: Desktop = {
      ...NO_DESKTOP,
      chooseOpenPath: (options) => {
        asked.push(options)
        return Promise.resolve(answer)
      },
    }
    const { desk, file } = setUp({ desktop })
    expect(await desk.choose(CAMPAIGN)).toBeNull()
    answer = file('contributions.csv', dashboardExportCsv(rows.slice(0, 2)))
    expect(await desk.choose(CAMPAIGN)).toMatchObject({ fileName: 'contributions.csv', orders: 2 })
    expect(asked[0]?.filters[0]?.extensions).toContain('csv')
    await expect(setUp().desk.choose(CAMPAIGN)).rejects.toMatchObject({ code: 'open_unavailable' })
  })

  it('a damaged source document reads as no source, not as a broken campaign list', () => {
    const { cache } = setUp({ synced: 3 })
    cache.putDocument('snapshot-source', String(CAMPAIGN), { fileName: 42 })
    expect(snapshotSource(cache, CAMPAIGN)).toBeNull()
    cache.putDocument('snapshot-source', String(CAMPAIGN), {
      kind: 'dashboard-file',
      fileName: 'a.csv',
      importedAt: '2026-11-24T10:42:00.000Z',
      extra: true,
    })
    expect(snapshotSource(cache, CAMPAIGN)).toEqual({
      kind: 'dashboard-file',
      fileName: 'a.csv',
      importedAt: '2026-11-24T10:42:00.000Z',
    })
  })

  it('the channels refuse a preview id that is not a positive whole number', () => {
    const args = IPC_CHANNELS['dashboard:import'].args
    expect(args.safeParse([{ campaignId: CAMPAIGN, previewId: 0 }]).success).toBe(false)
    expect(
      args.safeParse([{ campaignId: CAMPAIGN, previewId: 2, acceptShrink: 'yes' }]).success,
    ).toBe(false)
    expect(args.safeParse([{ campaignId: CAMPAIGN, previewId: 2, name: 'Lantern' }]).success).toBe(
      true,
    )
  })
})
