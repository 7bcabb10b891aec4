import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PrintProgress } from '../../../../src/main/core/print'
import {
  planSlipBatches,
  renderLabelsPdf,
  renderSlipsPdf,
  slipPreview,
} from '../../../../src/main/core/print'
import { numberedOrders } from '../../../helpers/print-fixtures'

// The engine the command line will call: a PDF from the same documents, through a headless
// browser found on the machine, in batches, with progress and cancel, leaving nothing behind.

let root: string
let out: string
let temp: string
const savedTmp = process.env.TMPDIR

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'perkpack-engine-'))
  out = join(root, 'out')
  temp = join(root, 'tmp')
  mkdirSync(out)
  mkdirSync(temp)
  // The engine's private folders go here, so the test can see that none is left.
  process.env.TMPDIR = temp
})

afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = savedTmp
  rmSync(root, { recursive: true, force: true })
})

const pagesOf = (path: string) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1])

describe('batches', () => {
  it('cuts orders into batches of the given size, the last one shorter', () => {
    expect(planSlipBatches(1_201, 500)).toEqual([
      { index: 0, from: 0, to: 500 },
      { index: 1, from: 500, to: 1_000 },
      { index: 2, from: 1_000, to: 1_201 },
    ])
    expect(planSlipBatches(0)).toEqual([])
    expect(() => planSlipBatches(10, 0)).toThrow(RangeError)
  })

  it('previews the first order’s slip only', () => {
    const preview = slipPreview(numberedOrders(3), { paper: 'letter', campaignTitle: 'T' })
    expect(preview?.pages).toBe(1)
    expect(preview?.html).toContain('Backer Number001')
    expect(preview?.html).not.toContain('Backer Number002')
    expect(slipPreview([], { paper: 'letter', campaignTitle: 'T' })).toBeNull()
  })
})

describe('PDF files (no browser)', { timeout: 120_000 }, () => {
  it('writes the labels PDF without a browser, with progress', async () => {
    const events: PrintProgress[] = []
    const path = join(out, 'labels.pdf')
    const result = await renderLabelsPdf(
      numberedOrders(45),
      { layout: 'avery5160', order: 'sequence' },
      path,
      { onProgress: (p) => events.push(p) },
    )
    expect(result).toMatchObject({ path, labels: 45, pages: 2, unfit: [] })
    expect(readdirSync(out).filter((name) => name.includes('labels'))).toEqual(['labels.pdf'])
    expect(pagesOf(path)).toBe(2)
    expect(events).toEqual([
      { batch: 0, batches: 1, done: 0, total: 45, pages: 0 },
      { batch: 1, batches: 1, done: 45, total: 45, pages: 2 },
    ])
  })

  it('writes slips in batches, one file each, pages matching, progress after each batch', async () => {
    const events: PrintProgress[] = []
    const result = await renderSlipsPdf(
      numberedOrders(5),
      { paper: 'a4', campaignTitle: 'Tidepool' },
      join(out, 'slips.pdf'),
      { batchSize: 2, onProgress: (p) => events.push(p) },
    )
    expect(result.files.map((f) => [f.path, f.pages])).toEqual([
      // The names the app's "Save packing slips as PDF" gives (test/main/exports/slip-batches).
      [join(out, 'slips-001-of-003.pdf'), 2],
      [join(out, 'slips-002-of-003.pdf'), 2],
      [join(out, 'slips-003-of-003.pdf'), 1],
    ])
    for (const file of result.files) expect(pagesOf(file.path)).toBe(file.pages)
    expect(events.map((e) => [e.batch, e.done, e.pages])).toEqual([
      [0, 0, 0],
      [1, 2, 2],
      [2, 4, 4],
      [3, 5, 5],
    ])
    expect(readdirSync(temp)).toEqual([])
  })

  it('cancels between batches: no file written, no temporary file or folder left', async () => {
    const controller = new AbortController()
    const target = join(root, 'cancelled')
    mkdirSync(target)
    const run = renderSlipsPdf(
      numberedOrders(6),
      { paper: 'letter', campaignTitle: 'T' },
      join(target, 'slips.pdf'),
      {
        batchSize: 2,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.batch === 1) controller.abort()
        },
      },
    )
    await expect(run).rejects.toMatchObject({ code: 'print_cancelled' })
    expect(readdirSync(target)).toEqual([])
    expect(readdirSync(temp)).toEqual([])
  })

  it('says which file could not be written, never a temporary path', async () => {
    const path = join(root, 'no-such-folder', 'labels.pdf')
    const run = renderLabelsPdf(numberedOrders(2), { layout: 'avery5160' }, path)
    await expect(run).rejects.toMatchObject({ code: 'export_no_folder' })
    const message = await run.catch((error: Error) => error.message)
    expect(message).toContain(path)
    expect(message).not.toMatch(/\.part|perkpack-print-|\.html/)
    expect(readdirSync(temp)).toEqual([])
  })
})
