import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  renderLabels,
  renderLabelsPdf,
  renderPackingSlips,
  renderPickListDocument,
  renderPickListPdf,
  renderSlipsPdf,
} from '../../../../src/main/core/print'
import type { LabelOptions } from '../../../../src/main/core/print'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import {
  htmlToPdf,
  launchChromium,
  removeTempPdfs,
  writePdf,
} from '../../../helpers/print-chromium'
import { longAddressOrders, simulatedOrders } from '../../../helpers/print-long-addresses'
import { manyItems, order, shipping } from '../../../helpers/print-fixtures'
import type { PdfPage, TextBox } from '../../../helpers/print-pdf-boxes'
import { readBoxes } from '../../../helpers/print-pdf-boxes'

// Two backends draw the one layout: the PDF file (pdfkit: CLI, "Save as PDF") and the HTML the
// app's print dialog and preview show (Chromium). Read back from both PDFs with poppler, every
// word must be the same text at the same place: across, within a few tenths of a point at the
// end of the longest line; down, within two CSS pixels (Chromium puts each line on whole pixels, 0.75 pt, from rounded
// font metrics; the PDF places baselines exactly). Right-to-left words are compared as lines
// (poppler cuts shaped Arabic into words by glyph gaps, differently at each size).

/** How far across a word may differ, in points, at the end of a long line. */
const ACROSS_PT = 0.3

/**
 * How far down a word may differ: two CSS pixels, or 8 % of its box at large sizes (a 4x6 label's
 * 18 pt CJK line), as Chromium rounds each font's ascent and descent to pixels.
 */
function tolerance(word: TextBox): number {
  return Math.max(1.5, (word.yMax - word.yMin) * 0.08)
}

let browser: Browser
let page: Page
let dir: string

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
  dir = mkdtempSync(join(tmpdir(), 'perkpack-agree-'))
}, 60_000)

afterAll(async () => {
  await browser?.close()
  removeTempPdfs()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Mixed right-to-left and left-to-right lines: the order of their words is the bidi's. */
function bidiOrders(): CampaignContribution[] {
  return [
    order(901, shipping({ name: 'محمد الأحمد (Mo) 12', address: 'شارع 15 - Tower B, 3' })),
    order(902, shipping({ name: 'דוד כהן', address: 'רחוב הרצל 12, דירה 3', city: 'תל אביב' })),
    order(903, shipping({ name: 'Dana [שרה] Levi', address: 'Apt 5 שלום עליכם 7' })),
    order(904, shipping({ name: 'مريم ١٢٣ علي', address: '(12) شارع الملك', city: 'Riyadh' })),
  ]
}

interface Word extends TextBox {
  page: number
}

const RTL = /[\u0590-\u08ff]/

function words(pages: readonly PdfPage[]): Word[] {
  return pages.flatMap((p, i) =>
    p.words.filter((word) => !RTL.test(word.text)).map((word) => ({ ...word, page: i + 1 })),
  )
}

/** Lines holding right-to-left text, with their page, sorted, without the spaces poppler guesses. */
function rtlLines(pages: readonly PdfPage[]): string[] {
  return pages
    .flatMap((p, i) =>
      p.lines.filter((l) => RTL.test(l.text)).map((l) => `${i + 1}: ${l.text.replace(/\s+/g, '')}`),
    )
    .sort()
}

/** Each word of `expected` with the nearest same word of `actual`, when farther than allowed. */
function misplaced(expected: readonly Word[], actual: readonly Word[]): string[] {
  const pool = new Map<string, Word[]>()
  for (const word of actual) {
    const key = `${word.page}\u0000${word.text}`
    pool.set(key, [...(pool.get(key) ?? []), word])
  }
  const out: string[] = []
  for (const word of expected) {
    const candidates = pool.get(`${word.page}\u0000${word.text}`) ?? []
    let best = -1
    let distance = Infinity
    candidates.forEach((other, i) => {
      // 1 or less: within both tolerances.
      const across = Math.max(Math.abs(other.xMin - word.xMin), Math.abs(other.xMax - word.xMax))
      const down = Math.max(Math.abs(other.yMin - word.yMin), Math.abs(other.yMax - word.yMax))
      const d = Math.max(across / ACROSS_PT, down / tolerance(word))
      if (d < distance) [best, distance] = [i, d]
    })
    if (distance > 1) {
      out.push(
        `page ${word.page} "${word.text}" at ${word.xMin.toFixed(1)},${word.yMin.toFixed(1)}: ${best === -1 ? 'missing' : `${distance.toFixed(2)} times the tolerance away`}`,
      )
    }
    if (best !== -1) candidates.splice(best, 1)
  }
  return out
}

async function bothBackends(rows: readonly CampaignContribution[], options: LabelOptions) {
  const path = join(dir, `labels-${options.layout}-${options.startAt ?? 1}.pdf`)
  await renderLabelsPdf(rows, options, path)
  const pdfkit = writePdf(readFileSync(path))
  const chromium = writePdf(await htmlToPdf(page, renderLabels(rows, options).html))
  return { pdfkit, chromium }
}

describe('the PDF file and the printed HTML agree', { timeout: 120_000 }, () => {
  const rows = () => [...bidiOrders(), ...longAddressOrders(), ...simulatedOrders(60)]
  it.each([
    { layout: 'avery5160', startAt: 3, offsetMm: { x: 1, y: -1 }, showSummary: true },
    { layout: 'averyL7160', startAt: 1, offsetMm: { x: 0, y: 0 }, showSummary: false },
    { layout: 'thermal4x6', startAt: 1, offsetMm: { x: -2, y: 1.5 }, showSummary: true },
  ] as const)('$layout: every word at the same place', async (options) => {
    const { pdfkit, chromium } = await bothBackends(rows(), { ...options, order: 'sequence' })
    expect(pdfkit.pages).toBe(chromium.pages)
    const fromHtml = words(readBoxes(chromium.path))
    const fromPdf = words(readBoxes(pdfkit.path))
    expect(fromHtml.length).toBeGreaterThan(500)
    const a = fromHtml.map((w) => w.text).sort(),
      b = fromPdf.map((w) => w.text).sort()
    console.log(
      'ONLYHTML',
      a.filter((x) => !b.includes(x)),
      'ONLYPDF',
      b.filter((x) => !a.includes(x)),
    )
    expect(fromPdf.length).toBe(fromHtml.length)
    expect(misplaced(fromHtml, fromPdf)).toEqual([])
    expect(rtlLines(readBoxes(pdfkit.path))).toEqual(rtlLines(readBoxes(chromium.path)))
  })

  it('mixed Arabic, Hebrew and Latin lines come out in the order Chromium shows them', async () => {
    const { pdfkit, chromium } = await bothBackends(bidiOrders(), {
      layout: 'avery5160',
      order: 'sequence',
    })
    // Sorted: poppler's reading order across a sheet's columns is not what is compared.
    const lines = (pages: readonly PdfPage[]) =>
      pages.flatMap((p) => p.lines.map((l) => l.text)).sort()
    const fromHtml = lines(readBoxes(chromium.path))
    // The lines that mix directions, as a reader sees them left to right.
    const mixed = fromHtml.filter(
      (line) => /[\u0590-\u06ff]/.test(line) && /[A-Za-z0-9(]/.test(line),
    )
    expect(mixed.length).toBeGreaterThanOrEqual(4)
    expect(lines(readBoxes(pdfkit.path))).toEqual(fromHtml)
  })

  it('packing slips: every word at the same place, continuation pages included', async () => {
    const many = manyItems(45, { longEvery: 9, choice: 'Midnight blue', quantities: true })
    const rows = [
      ...bidiOrders(),
      order(905, shipping({ name: 'Long Order' }), many),
      order(906, shipping({ name: 'No Items' }), []),
      ...longAddressOrders().slice(0, 6),
      ...simulatedOrders(8),
    ]
    const options = {
      paper: 'a4',
      campaignTitle: 'Tidepool: A Cooperative Ocean Board Game',
      footerNote: 'Returns within 30 days. Thank you for backing Tidepool!',
    } as const
    const path = join(dir, 'slips.pdf')
    await renderSlipsPdf(rows, options, path)
    const pdfkit = writePdf(readFileSync(path))
    const chromium = writePdf(await htmlToPdf(page, renderPackingSlips(rows, options).html))
    expect(pdfkit.pages).toBe(chromium.pages)
    expect(pdfkit.pages).toBeGreaterThan(rows.length - 1)
    const fromHtml = words(readBoxes(chromium.path))
    const fromPdf = words(readBoxes(pdfkit.path))
    expect(fromPdf.length).toBe(fromHtml.length)
    expect(misplaced(fromHtml, fromPdf)).toEqual([])
    expect(rtlLines(readBoxes(pdfkit.path))).toEqual(rtlLines(readBoxes(chromium.path)))
  })

  it('the pick list: every word at the same place', async () => {
    const rows = [...bidiOrders(), ...simulatedOrders(400)]
    const options = {
      paper: 'letter',
      campaignTitle: 'Tidepool: A Cooperative Ocean Board Game',
      selection: 'Captured, In fulfillment',
      syncedAt: '2026-03-01T12:00:00Z',
      printedAt: new Date('2026-03-02T10:00:00Z'),
    } as const
    const path = join(dir, 'picklist.pdf')
    const result = await renderPickListPdf(rows, options, path)
    const pdfkit = writePdf(readFileSync(path))
    const chromium = writePdf(await htmlToPdf(page, renderPickListDocument(rows, options).html))
    expect(pdfkit.pages).toBe(chromium.pages)
    expect(result.variants).toBeGreaterThan(10)
    const fromHtml = words(readBoxes(chromium.path))
    const fromPdf = words(readBoxes(pdfkit.path))
    expect(fromPdf.length).toBe(fromHtml.length)
    expect(misplaced(fromHtml, fromPdf)).toEqual([])
  })
})
