import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { readFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  LABEL_LAYOUTS,
  renderLabels,
  renderLabelsPdf,
  renderPackingSlips,
  renderSlipsPdf,
} from '../../../../src/main/core/print'
import type { LabelOptions, SlipOptions } from '../../../../src/main/core/print'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import {
  htmlToPdf,
  launchChromium,
  removeTempPdfs,
  squash,
  writePdf,
} from '../../../helpers/print-chromium'
import { checkLabels, checkPage, labelTexts } from '../../../helpers/print-label-check'
import { longAddressOrders, simulatedOrders } from '../../../helpers/print-long-addresses'
import { readBoxes } from '../../../helpers/print-pdf-boxes'
import { manyItems, numberedOrders, order, shipping } from '../../../helpers/print-fixtures'

// Real Chromium, as the app's print window and the web harness use it, and the real PDF read
// back with poppler: page counts and sizes from pdfinfo, text and its boxes from pdftotext.

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await browser.newPage()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  removeTempPdfs()
})

const onPage = (pdf: ReturnType<typeof writePdf>, n: number) => squash(pdf.text(n))

let fileCount = 0
/** A document's PDF file as the CLI and "Save as PDF" write it (pdfkit, no browser). */
async function pdfFile<Options>(
  name: string,
  render: (
    rows: readonly CampaignContribution[],
    options: Options,
    out: string,
  ) => Promise<unknown>,
  rows: readonly CampaignContribution[],
  options: Options,
): Promise<ReturnType<typeof writePdf>> {
  const path = join(mkdtempSync(join(tmpdir(), `perkpack-${name}-`)), `${name}-${++fileCount}.pdf`)
  await render(rows, options, path)
  return writePdf(readFileSync(path))
}
const labelsPdf = (rows: readonly CampaignContribution[], options: LabelOptions) =>
  pdfFile('labels', renderLabelsPdf, rows, options)
const slipsPdf = (rows: readonly CampaignContribution[], options: SlipOptions) =>
  pdfFile('slips', renderSlipsPdf, rows, options)

describe('labels PDF', { timeout: 120_000 }, () => {
  it('Avery 5160: 61 addresses on 3 Letter pages, label 31 on page 2', async () => {
    const pdf = await labelsPdf(numberedOrders(61), { layout: 'avery5160', order: 'sequence' })
    expect(pdf.pages).toBe(3)
    expect(pdf.sizes()).toEqual(['612 x 792', '612 x 792', '612 x 792'])
    expect(onPage(pdf, 1)).toContain('Backer Number030')
    expect(onPage(pdf, 1)).not.toContain('Backer Number031')
    expect(onPage(pdf, 2)).toContain('Backer Number031')
    expect(onPage(pdf, 2)).toContain('31 Street031 Ave')
    expect(onPage(pdf, 2)).toContain('Boston, MA 02031')
    expect(onPage(pdf, 2)).toContain('Backer Number060')
    expect(onPage(pdf, 3)).toContain('Backer Number061')
  })

  it('Avery L7160: 21 to an A4 page; thermal: one 4 x 6 in page per label', async () => {
    const a4 = await labelsPdf(numberedOrders(22), { layout: 'averyL7160', order: 'sequence' })
    expect(a4.pages).toBe(2)
    expect(a4.sizes()).toEqual(['595 x 842', '595 x 842'])
    expect(onPage(a4, 1)).toContain('Backer Number021')
    expect(onPage(a4, 2)).toContain('Backer Number022')

    const thermal = await labelsPdf(numberedOrders(3), { layout: 'thermal4x6', order: 'sequence' })
    expect(thermal.pages).toBe(3)
    expect(thermal.sizes()).toEqual(['288 x 432', '288 x 432', '288 x 432'])
    for (const n of [1, 2, 3]) expect(onPage(thermal, n)).toContain(`Backer Number00${n}`)
  })

  // The proof of "never overprint, never cut" on paper: for every layout, from a later start
  // position and with a printer offset, with and without the order line, every word of the
  // PDF lies inside its own label, no two words overlap, and each label holds exactly its text.
  const cases = [
    { layout: 'avery5160', startAt: 1, offsetMm: { x: 0, y: 0 }, showSummary: true },
    { layout: 'avery5160', startAt: 17, offsetMm: { x: 1.5, y: -2 }, showSummary: false },
    { layout: 'averyL7160', startAt: 5, offsetMm: { x: -1, y: 1 }, showSummary: true },
    { layout: 'thermal4x6', startAt: 1, offsetMm: { x: 2, y: 2 }, showSummary: true },
  ] as const
  it.each(cases)(
    '$layout from position $startAt, offset $offsetMm.x/$offsetMm.y mm, order line $showSummary: every line inside its label, none overlapping',
    async ({ layout, startAt, offsetMm, showSummary }) => {
      const rows = [...longAddressOrders(), ...simulatedOrders(layout === 'thermal4x6' ? 40 : 150)]
      const options = { layout, startAt, offsetMm, showSummary, order: 'sequence' } as const
      // The texts from the HTML of the same plan: the PDF must hold exactly those lines.
      const result = renderLabels(rows, options)
      const pdf = await labelsPdf(rows, options)
      expect(pdf.pages).toBe(result.pages)
      const texts = labelTexts(result.html)
      expect(texts).toHaveLength(result.labels)
      const problems = checkLabels(
        readBoxes(pdf.path),
        LABEL_LAYOUTS[layout],
        texts,
        startAt,
        offsetMm,
      )
      expect(problems).toEqual([])
      // A label that had to go below the floor is listed, never silently small.
      for (const unfit of result.unfit) expect(result.warnings).toContainEqual(unfit)
    },
  )

  it('prints a label that cannot fit smaller than the floor, inside its label, and lists it', async () => {
    const address = 'Word '.repeat(60).trim()
    const row = order(4, shipping({ address }))
    const result = renderLabels([row, ...numberedOrders(2)], {
      layout: 'avery5160',
      order: 'sequence',
      showSummary: true,
    })
    expect(result.unfit.map((u) => u.contributionId)).toEqual([row.id])
    const pdf = await labelsPdf([row, ...numberedOrders(2)], {
      layout: 'avery5160',
      order: 'sequence',
      showSummary: true,
    })
    const problems = checkLabels(
      readBoxes(pdf.path),
      LABEL_LAYOUTS.avery5160,
      labelTexts(result.html),
      1,
    )
    expect(problems).toEqual([])
    expect(squash(pdf.text(1))).toContain('Word Word Word')
  })

  it('keeps CJK, Hangul, Greek, Cyrillic and Arabic as text in the PDF', async () => {
    const rows = longAddressOrders()
    const pdf = await labelsPdf(rows, { layout: 'avery5160', order: 'sequence' })
    const text = onPage(pdf, 1)
    for (const expected of [
      '山田 太郎',
      '김민준',
      '세종대로 110',
      'Γιώργος Παπαδόπουλος',
      'Анна Смирнова',
      '陳怡君',
    ]) {
      expect(text).toContain(expected)
    }
    // Arabic comes out of pdftotext in visual order; its letters are all there.
    expect(text).toMatch(/[\u0600-\u06ff]{4}/)
  })
})

describe('packing slips PDF', { timeout: 120_000 }, () => {
  it('prints N orders on N Letter pages, each with its order id and backer', async () => {
    const rows = [1, 2, 3, 4, 5].map((n) =>
      order(n, shipping({ name: `Slip Backer${n}` }), [
        { code: `SKU-${n}`, name: `Reward ${n}`, quantity: n },
      ]),
    )
    const options = {
      paper: 'letter',
      campaignTitle: 'Tidepool: A Cooperative Ocean Board Game',
      footerNote: 'Thank you for backing Tidepool!',
    } as const
    expect(renderPackingSlips(rows, options).pages).toBe(5)
    const pdf = await slipsPdf(rows, options)
    expect(pdf.pages).toBe(5)
    expect(pdf.sizes().every((size) => size === '612 x 792')).toBe(true)
    for (const n of [1, 2, 3, 4, 5]) {
      const text = onPage(pdf, n)
      expect(text).toContain(`Order ID 1830000${n}`)
      expect(text).toContain(`Slip Backer${n}`)
      expect(text).toContain(`Reward ${n}`)
      expect(text).toContain('Thank you for backing Tidepool!')
      for (const other of [1, 2, 3, 4, 5].filter((m) => m !== n)) {
        expect(text).not.toContain(`Slip Backer${other}`)
      }
    }
  })

  it('A4 slips: continuation pages that match the count, nothing off a page or overlapping', async () => {
    const many = manyItems(70, { longEvery: 7, choice: 'Midnight blue with silver trim' })
    const rows = [
      order(1, shipping({ name: 'First Backer' })),
      order(2, shipping({ name: 'Long Order' }), many),
      order(3, null),
      ...longAddressOrders(),
    ]
    const options = {
      paper: 'a4',
      campaignTitle:
        'A campaign with a title long enough to need shrinking beside the barcode, surely, and then some more words',
      footerNote: 'Returns: within 30 days. '.repeat(8),
    } as const
    const result = renderPackingSlips(rows, options)
    const pdf = await slipsPdf(rows, options)
    expect(pdf.pages).toBe(result.pages)
    // The order without an address gets no slip (as no label and no CSV row): listed instead.
    expect(result.skipped.map((skip) => skip.sequenceNumber)).toEqual([3])
    expect(pdf.pages).toBeGreaterThanOrEqual(3 + longAddressOrders().length)
    expect(pdf.sizes().every((size) => size === '595 x 842')).toBe(true)
    expect(onPage(pdf, 1)).toContain('First Backer')
    expect(onPage(pdf, 2)).toContain('SKU-000')
    const longPages = result.html
      .split('<section class="slip"')
      .slice(1)
      .filter((slip) => slip.includes('data-order-id="18300002"')).length
    expect(longPages).toBeGreaterThan(1)
    for (let p = 2; p < 2 + longPages; p++) {
      expect(onPage(pdf, p)).toContain(`Order #2 · page ${p - 1} of ${longPages}`)
    }
    expect(onPage(pdf, 1 + longPages)).toContain('SKU-069')
    const pages = readBoxes(pdf.path)
    const a4 = { widthPt: (210 / 25.4) * 72, heightPt: (297 / 25.4) * 72 }
    expect(pages.flatMap((p, i) => checkPage(p, a4, 36, i))).toEqual([])
  })

  // The print dialog's document (HTML in Chromium): a name is text, never markup.
  it('renders a hostile backer name as text and runs no script', async () => {
    const row = order(
      9,
      shipping({ name: '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">' }),
    )
    const html = renderPackingSlips([row], { paper: 'letter', campaignTitle: 'T' }).html
    const pdf = writePdf(await htmlToPdf(page, html))
    expect(onPage(pdf, 1)).toContain('<script>window.pwned = 1</script>')
    expect(
      await page.evaluate(() => (globalThis as unknown as { pwned?: number }).pwned),
    ).toBeUndefined()
  })
})
