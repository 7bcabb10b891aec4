import { afterAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  planLabels,
  renderCustomsPdf,
  renderLabels,
  renderLabelsPdf,
} from '../../../../src/main/core/print'
import { LABEL_LAYOUTS } from '../../../../src/main/core/print'
import type { PdfPage, Rect, TextBox } from '../../../helpers/print-pdf-boxes'
import { inside, overlaps, readBoxes } from '../../../helpers/print-pdf-boxes'
import { order, shipping } from '../../../helpers/print-fixtures'
import { CONTEXT, CUSTOMS_CATALOG, customsOrders } from './customs-fixtures'

// The customs forms read back from the real PDF with poppler (`pdftotext -bbox-layout`): what
// a printer puts on paper. Totals are worked out by hand in customs-fixtures.ts.

const dir = mkdtempSync(join(tmpdir(), 'perkpack-customs-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const out = () => join(dir, `customs-${++files}.pdf`)

const LABEL_OPTIONS = {
  layout: 'thermal4x6',
  order: 'sequence',
  showSummary: true,
  customs: CONTEXT,
} as const

const pageText = (page: PdfPage) => page.lines.map((line) => line.text).join('\n')
/** Each page's text as poppler lays it out in rows (`-layout`): a table row reads as one line. */
const layoutPages = (path: string) =>
  execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).split('\f')
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;')
const PAGE = (page: PdfPage): Rect => ({
  xMin: 0,
  yMin: 0,
  xMax: page.widthPt,
  yMax: page.heightPt,
})

/** The CN22 part of each label as a rectangle on its page, from the plan the PDF was drawn of. */
function customsAreas(): (Rect | null)[] {
  const layout = LABEL_LAYOUTS.thermal4x6
  const plan = planLabels(customsOrders(), LABEL_OPTIONS)
  return plan.placed.map(({ customs }) => {
    if (customs === undefined) return null
    const left = layout.paddingX * 72
    const top = layout.paddingY * 72 + customs.topPt
    return {
      xMin: left,
      yMin: top,
      xMax: left + (layout.labelWidth - 2 * layout.paddingX) * 72,
      yMax: top + customs.part.heightPt,
    }
  })
}

describe('CN22 on 4×6 labels', { timeout: 60_000 }, () => {
  it('a CN22 with CJK and Arabic descriptions fits its box: every line inside it and the page, none overlapping', async () => {
    const path = out()
    await renderLabelsPdf(customsOrders(), LABEL_OPTIONS, path)
    const pages = readBoxes(path)
    const areas = customsAreas()
    expect(pages).toHaveLength(5)
    for (const [i, page] of pages.entries()) {
      const area = areas[i]
      const words: TextBox[] = page.words
      expect(overlaps(words)).toEqual([])
      for (const word of words) expect(inside(word, PAGE(page)), word.text).toBe(true)
      if (area === null || area === undefined) {
        expect(pageText(page)).not.toContain('CUSTOMS DECLARATION')
        continue
      }
      // The address above the form, the form's lines inside it: nothing straddles its edge.
      const formLines = page.lines.filter((line) => line.yMin >= area.yMin - 0.5)
      const above = page.lines.filter((line) => line.yMin < area.yMin - 0.5)
      expect(formLines.length).toBeGreaterThan(3)
      for (const line of formLines) expect(inside(line, area, 0.5), line.text).toBe(true)
      for (const line of above) expect(line.yMax, line.text).toBeLessThanOrEqual(area.yMin + 0.5)
    }
    // Orders 1 and 2 carry a CN22 with their lines; 3 and 4 point to their CN23; 5 stays home.
    expect(pageText(pages[0]!)).toContain('CN 22')
    expect(pageText(pages[0]!)).toContain('陶瓷马克杯')
    expect(pageText(pages[1]!)).toContain('Enamel pin')
    expect(pageText(pages[2]!)).toContain('See CN23 customs declaration attached')
    expect(pageText(pages[2]!)).toContain('value over 300 SDR')
    expect(pageText(pages[3]!)).toContain('5 item lines, more than the CN22 holds')
  })

  it('shortens long descriptions with an ellipsis instead of running past the column', async () => {
    const path = out()
    await renderLabelsPdf(customsOrders(), LABEL_OPTIONS, path)
    const text = layoutPages(path)[0]!
    const book = CUSTOMS_CATALOG.items.find((item) => item.sku === 'BOOK')!.customsDescription!
    const scarf = CUSTOMS_CATALOG.items.find((item) => item.sku === 'SCARF')!.customsDescription!
    expect(text).not.toContain(book)
    expect(text).not.toContain(scarf)
    // The start of each, then the ellipsis (the Arabic line reads right to left in the file).
    expect(text).toMatch(/図録 ハードカバー[^\n]*…/)
    expect(text).toContain('…')
    expect(text).toContain('وشاح')
  })

  it('prints the totals of a hand computation, and the reward ticked as a sale of goods', async () => {
    const path = out()
    const result = await renderLabelsPdf(customsOrders(), LABEL_OPTIONS, path)
    const [japan, egypt] = layoutPages(path)
    // 2×180 + 350 + 95 + 640 + box 150 = 1,595 g; 2×12.50 + 8.25 + 30 + 45 = 108.25.
    expect(japan).toContain('Total weight (kg): 1.595')
    expect(japan).toContain('Total value: 108.25 USD')
    expect(japan).toMatch(/2\s+Cotton T-shirt\s+610910\s+PT\s+0\.360\s+25\.00/)
    // 95 + 3×10 + 150 = 275 g; 30 + 3×3 = 39.
    expect(egypt).toContain('Total weight (kg): 0.275')
    expect(egypt).toContain('Total value: 39.00 USD')
    expect(egypt).toMatch(/X\s*Sale of goods/)
    expect(result.customsForms).toEqual({ cn22: 2, cn23: 2 })
  })

  it('draws the same form in the print dialog: the HTML places the same lines', () => {
    const html = renderLabels(customsOrders(), LABEL_OPTIONS).html
    const plan = planLabels(customsOrders(), LABEL_OPTIONS)
    for (const label of plan.placed)
      for (const text of label.customs?.part.drawing.texts ?? [])
        expect(html).toContain(`>${escaped(text.text)}</div>`)
    expect(html).toContain('Total value: 108.25 USD')
  })

  it('leaves sheet layouts and a run without a catalogue as they were', () => {
    const sheet = planLabels(customsOrders(), { ...LABEL_OPTIONS, layout: 'avery5160' })
    expect(sheet.placed.every((label) => label.customs === undefined)).toBe(true)
    expect(sheet.customsForms).toBeUndefined()
  })
})

describe('CN23 customs declarations PDF', { timeout: 60_000 }, () => {
  it('holds the orders a label sends to the CN23, with totals of a hand computation', async () => {
    const path = out()
    const result = await renderCustomsPdf(
      customsOrders(),
      { paper: 'a4', customs: CONTEXT, senderName: 'Tidepool Games' },
      path,
    )
    expect(result).toMatchObject({ orders: 2, pages: 2, cn22: 2 })
    const pages = readBoxes(path)
    const [lamp, five] = layoutPages(path)
    expect(lamp).toContain('Order #3')
    expect(lamp).toContain('Anna Schmidt')
    expect(lamp).toMatch(/1\s+Table lamp\s+940520\s+DE\s+0\.900\s+480\.00/)
    // 900 + box 150 = 1,050 g.
    expect(lamp).toContain('Total gross weight (kg): 1.050')
    expect(lamp).toContain('Total value: 480.00 USD')
    expect(lamp).toContain('Tidepool Games')
    expect(lamp).toContain('UNITED STATES')
    expect(lamp).toContain('Reason for export: Sale of goods')
    // 180 + 350 + 95 + 640 + 10 + 150 = 1,425 g; 12.50 + 8.25 + 30 + 45 + 3 = 98.75.
    expect(five).toContain('Order #4')
    expect(five).toContain('Total gross weight (kg): 1.425')
    expect(five).toContain('Total value: 98.75 USD')
    expect(five).toContain('山田 太郎')
    for (const page of pages) {
      expect(overlaps(page.words)).toEqual([])
      const margin = { xMin: 30, yMin: 30, xMax: page.widthPt - 30, yMax: page.heightPt - 30 }
      for (const word of page.words) expect(inside(word, margin), word.text).toBe(true)
    }
  })

  it('runs a long order onto continuation pages, each line once, the foot on the last', async () => {
    const egypt = shipping({ name: 'محمد عبد الله', address: '١٢ شارع التحرير', city: 'القاهرة', state: '', zipcode: '11511', country: 'EG' }) // prettier-ignore
    const items = Array.from({ length: 40 }, (_, i) => ({
      code: i % 2 === 0 ? 'BOOK' : 'SCARF',
      choices: [{ name: 'Edition', value: `E${String(i).padStart(2, '0')}` }],
    }))
    const path = out()
    const result = await renderCustomsPdf(
      [order(9, egypt, items)],
      { paper: 'letter', customs: CONTEXT, senderName: 'Tidepool Games' },
      path,
    )
    const pages = readBoxes(path)
    expect(result.pages).toBe(pages.length)
    expect(pages.length).toBeGreaterThan(1)
    const texts = layoutPages(path).slice(0, pages.length)
    expect(texts.at(-1)).toContain(`page ${pages.length} of ${pages.length}`)
    expect(texts[1]).toContain('Order #9 (continued)')
    // 20 × 640 + 20 × 95 + 150 = 14,850 g; 20 × 45 + 20 × 30 = 1,500.
    expect(texts.at(-1)).toContain('Total gross weight (kg): 14.850')
    expect(texts.at(-1)).toContain('Total value: 1500.00 USD')
    expect(texts.slice(0, -1).join('\n')).not.toContain('Total value')
    // Each of the 40 lines once: 20 books (490199), 20 scarves (621420).
    expect(texts.join('\n').match(/490199/g)).toHaveLength(20)
    expect(texts.join('\n').match(/621420/g)).toHaveLength(20)
    for (const page of pages) expect(overlaps(page.words)).toEqual([])
  })

  it('refuses a selection with no CN23 and says where the declarations went', async () => {
    const path = out()
    await expect(
      renderCustomsPdf(
        customsOrders().slice(0, 2),
        { paper: 'a4', customs: CONTEXT, senderName: 'Tidepool Games' },
        path,
      ),
    ).rejects.toThrow(
      'None of the 2 selected orders needs a CN23 customs declaration. 2 orders abroad carry their CN22 on the 4×6 label.',
    )
  })
})
