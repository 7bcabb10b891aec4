import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Desktop } from '../../../src/main/export/desktop-port'
import { ExportDesk } from '../../../src/main/export/export-desk'
import { harnessDesktop } from '../../../src/web/web-desktop'
import { batchFiles } from '../../../src/main/core/print'
import type * as PdfSlips from '../../../src/main/core/print/pdf-slips'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import type { AppSettings, SlipsProgress } from '../../../src/shared/ipc'
import { order, shipping } from '../../helpers/print-fixtures'

/** 23 orders that ship, one with nothing to ship (no perk), one without an address. */
function campaignRows(): CampaignContribution[] {
  const rows = Array.from({ length: 23 }, (_, i) =>
    order(i + 1, shipping({ name: `Backer ${i + 1}` })),
  )
  rows.push(order(24, shipping(), []), order(25, null))
  return rows
}

const SETTINGS = {
  slipBatchSize: 10,
  slipFooterNote: '',
  senderCountry: 'US',
} as unknown as AppSettings

const dirs: string[] = []
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perkpack-slips-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

interface FakeOptions {
  /** Called when batch `n` (0-based) has started its file; may wait or throw. */
  beforeBatch?: (n: number, signal?: AbortSignal) => Promise<void>
}

// The PDF library's writer, with a hook in the middle of each batch (its file begun).
const hooks: { beforeBatch?: FakeOptions['beforeBatch']; batches: number } = { batches: 0 }
vi.mock('../../../src/main/core/print/pdf-slips', async (importOriginal) => {
  const actual = await importOriginal<typeof PdfSlips>()
  return {
    ...actual,
    writeSlipsPdf: async (...args: Parameters<typeof actual.writeSlipsPdf>) => {
      const n = hooks.batches++
      // Half a file first, as a writer stopped midway would leave it.
      fs.writeFileSync(args[2], '%PDF-1.7 partial')
      await hooks.beforeBatch?.(n, args[3])
      fs.rmSync(args[2])
      return actual.writeSlipsPdf(...args)
    },
  }
})

/** The platform's side (save dialog, print dialog); PDF files are written by the PDF library. */
function fakeDesktop(dir: string, options: FakeOptions = {}) {
  hooks.beforeBatch = options.beforeBatch
  hooks.batches = 0
  const printed: string[] = []
  const desktop: Desktop = {
    chooseSavePath: async ({ defaultName }) => path.join(dir, defaultName),
    print: async (html) => (printed.push(html), true),
  }
  return { desktop, printed }
}

function deskWith(desktop: Desktop, progress: SlipsProgress[] = [], rows = campaignRows()) {
  return new ExportDesk({
    desktop,
    asShipped: (selection) => selection,
    selection: () => ({
      info: {
        campaignId: 7,
        title: 'tidepool-the-game',
        lastSyncedAt: '2026-03-01T00:00:00Z',
        count: rows.length,
        problemCount: 0,
        expectedCount: rows.length,
        privileged: true,
      },
      contributions: rows,
    }),
    syncedAt: () => '2026-03-01T00:00:00Z',
    problemRows: () => [],
    settings: () => SETTINGS,
    progress: () => undefined,
    slipsProgress: (event) => progress.push(event),
    campaignName: () => 'Tidepool: the Game',
    locale: 'en',
    // This computer's clock: file names carry its local date and minute.
    now: () => new Date(2026, 2, 2, 10, 0).getTime(),
  })
}

const request = { campaignId: 7, filter: { statuses: [] }, paper: 'letter' as const }

describe('packing slips in batches', () => {
  it('numbers the files so they sort, and keeps one name for one batch', () => {
    expect(batchFiles('/x/tidepool-slips.pdf', 1)).toEqual(['/x/tidepool-slips.pdf'])
    expect(batchFiles('/x/tidepool-slips.pdf', 3)).toEqual([
      '/x/tidepool-slips-001-of-003.pdf',
      '/x/tidepool-slips-002-of-003.pdf',
      '/x/tidepool-slips-003-of-003.pdf',
    ])
    expect(batchFiles('/x/s', 1200)[1199]).toBe('/x/s-1200-of-1200.pdf')
  })

  it('previews the first slip and plans the batches of the orders that ship', () => {
    const preview = deskWith(fakeDesktop(tempDir()).desktop).slipsPreview(request)
    expect(preview.slips).toBe(23)
    expect(preview.skippedCount).toBe(2)
    expect(preview.batches).toEqual([
      { index: 0, from: 0, to: 10 },
      { index: 1, from: 10, to: 20 },
      { index: 2, from: 20, to: 23 },
    ])
    // One slip, the first order's, under the name the person gave the campaign.
    expect(preview.html).toContain('Backer 1<')
    expect(preview.html).not.toContain('Backer 2<')
    expect(preview.html).toContain('Tidepool: the Game')
    expect(preview.pageWidthPx).toBe(816)
    expect(
      deskWith(fakeDesktop(tempDir()).desktop).slipsPreview({ ...request, batchSize: 500 }).batches,
    ).toHaveLength(1)
  })

  it('saves one numbered file per batch, reports progress, and leaves no temporary file', async () => {
    const dir = tempDir()
    const fake = fakeDesktop(dir)
    const progress: SlipsProgress[] = []
    const saved = await deskWith(fake.desktop, progress).slipsPdf(request)
    const names = ['001', '002', '003'].map(
      (n) => `tidepool-the-game-slips-2026-03-02-1000-${n}-of-003.pdf`,
    )
    expect(saved?.files.map((f) => path.basename(f))).toEqual(names)
    expect(saved?.slips).toBe(23)
    expect(fs.readdirSync(dir).sort()).toEqual(names)
    expect(fs.readFileSync(path.join(dir, names[0] as string), 'latin1')).toMatch(/^%PDF-1\.\d/)
    expect(progress).toEqual([
      { batch: 0, batches: 3, done: 0, total: 23 },
      { batch: 1, batches: 3, done: 10, total: 23 },
      { batch: 2, batches: 3, done: 20, total: 23 },
      { batch: 3, batches: 3, done: 23, total: 23 },
    ])
    // Each batch's file holds its own orders only.
    const third = execFileSync('pdftotext', [path.join(dir, names[2] as string), '-'], {
      encoding: 'utf8',
    })
    expect(third).toContain('Backer 21\n')
    expect(third).not.toContain('Backer 20\n')
    expect(saved?.pages).toBe(23)
  })

  it('cancel stops during a batch and removes every file of the run, finished or partial', async () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept')
    let desk: ExportDesk | null = null
    const fake = fakeDesktop(dir, {
      beforeBatch: (n, signal) =>
        new Promise<void>((resolve, reject) => {
          if (n < 1) return resolve()
          // Batch 2 hangs like a slow printer until cancel arrives.
          signal?.addEventListener('abort', () => reject(new Error('window destroyed')))
          expect(desk?.cancelSlips()).toBe(true)
        }),
    })
    desk = deskWith(fake.desktop)
    await expect(desk.slipsPdf(request)).rejects.toMatchObject({ code: 'print_cancelled' })
    expect(fs.readdirSync(dir)).toEqual(['notes.txt'])
    expect(desk.cancelSlips()).toBe(false)
  })

  it('a failed batch leaves nothing behind, not even the batches already written', async () => {
    const dir = tempDir()
    const fake = fakeDesktop(dir, {
      beforeBatch: async (n) => {
        if (n === 2) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' })
      },
    })
    await expect(deskWith(fake.desktop).slipsPdf(request)).rejects.toMatchObject({
      code: 'export_disk_full',
    })
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('one run at a time: a second save is refused while the first runs', async () => {
    let release: () => void = () => undefined
    const fake = fakeDesktop(tempDir(), {
      beforeBatch: () => new Promise<void>((resolve) => (release = resolve)),
    })
    const desk = deskWith(fake.desktop)
    const first = desk.slipsPdf({ ...request, batchSize: 500 })
    await expect(desk.slipsPdf(request)).rejects.toMatchObject({ code: 'export_busy' })
    await new Promise((r) => setTimeout(r, 0))
    release()
    expect((await first)?.files).toHaveLength(1)
  })

  it('prints the batch asked for, and refuses one the selection does not make', async () => {
    const fake = fakeDesktop(tempDir())
    const desk = deskWith(fake.desktop)
    await desk.printSlips({ ...request, batch: 1 })
    expect(fake.printed[0]).toContain('Backer 11<')
    expect(fake.printed[0]).not.toContain('Backer 10<')
    expect(fake.printed[0]).not.toContain('Backer 21<')
    await expect(desk.printSlips({ ...request, batch: 3 })).rejects.toThrow(
      'There is no batch 4: the selection makes 3. Pick a batch again.',
    )
  })

  it('a second save in the same minute is offered a name whose batch files are all free', async () => {
    const dir = tempDir()
    await deskWith(harnessDesktop({ exportDir: dir })).slipsPdf(request)
    const second = await deskWith(harnessDesktop({ exportDir: dir })).slipsPdf(request)
    expect(second?.files.map((f) => path.basename(f))).toEqual(
      ['001', '002', '003'].map((n) => `tidepool-the-game-slips-2026-03-02-1000-2-${n}-of-003.pdf`),
    )
    expect(fs.readdirSync(dir)).toHaveLength(6)
  })

  it('refuses a selection where nothing ships before any dialog', async () => {
    const asked: string[] = []
    const fake = fakeDesktop(tempDir())
    fake.desktop.chooseSavePath = async ({ defaultName }) => (asked.push(defaultName), null)
    const desk = deskWith(fake.desktop, [], [order(1, null), order(2, shipping(), [])])
    await expect(desk.slipsPdf(request)).rejects.toMatchObject({ code: 'nothing_to_print' })
    expect(asked).toEqual([])
  })
})
