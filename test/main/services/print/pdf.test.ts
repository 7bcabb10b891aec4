import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { renderLabels, renderPackingSlips } from '../../../../src/main/services/print'
import { generateDataset } from '../../../../src/simulator/data'
import {
  htmlToPdf,
  launchChromium,
  removeTempPdfs,
  squash,
  writePdf,
} from '../../../helpers/print-chromium'
import { toModel } from '../../../helpers/model'
import { numberedOrders, order, shipping } from '../../../helpers/print-fixtures'

// Real Chromium, as the app's print window and the web harness use it: page counts and sizes from
// pdfinfo, the text of each page from pdftotext (so every address must stay real text).

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

/**
 * The little of the DOM the in-page checks use: this project is type-checked without the DOM
 * library (main-process code must not reach for `window`), so the callbacks declare their own.
 */
interface Rect {
  top: number
  bottom: number
  left: number
  right: number
  height: number
}
interface Box {
  textContent: string | null
  className: string
  scrollHeight: number
  clientHeight: number
  getBoundingClientRect(): Rect
  querySelectorAll(selector: string): Iterable<Box>
}
interface InPage {
  document: {
    createRange(): { selectNodeContents(node: Box): void; getBoundingClientRect(): Rect }
  }
  getComputedStyle(box: Box): { fontSize: string }
  pwned?: number
}

const onPage = (pdf: ReturnType<typeof writePdf>, n: number) => squash(pdf.text(n))

describe('labels in Chromium', { timeout: 60_000 }, () => {
  it('Avery 5160: 61 addresses on 3 Letter pages, label 31 on page 2', async () => {
    const result = renderLabels(numberedOrders(61), { layout: 'avery5160', order: 'sequence' })
    const pdf = writePdf(await htmlToPdf(page, result.html))
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

  it('Avery 5160 from position 25: still 3 pages, the 7th address opens page 2', async () => {
    const result = renderLabels(numberedOrders(61), {
      layout: 'avery5160',
      order: 'sequence',
      startAt: 25,
    })
    const pdf = writePdf(await htmlToPdf(page, result.html))
    expect(pdf.pages).toBe(3)
    expect(onPage(pdf, 1)).toContain('Backer Number006')
    expect(onPage(pdf, 1)).not.toContain('Backer Number007')
    expect(onPage(pdf, 2)).toContain('Backer Number007')
    expect(onPage(pdf, 2)).toContain('Backer Number036')
    expect(onPage(pdf, 3)).toContain('Backer Number037')
    expect(onPage(pdf, 3)).toContain('Backer Number061')
  })

  it('Avery L7160: 21 to an A4 page; thermal: one 4 x 6 in page per label', async () => {
    const a4 = writePdf(
      await htmlToPdf(
        page,
        renderLabels(numberedOrders(22), { layout: 'averyL7160', order: 'sequence' }).html,
      ),
    )
    expect(a4.pages).toBe(2)
    expect(a4.sizes()).toEqual(['595 x 842', '595 x 842'])
    expect(onPage(a4, 1)).toContain('Backer Number021')
    expect(onPage(a4, 2)).toContain('Backer Number022')

    const thermal = writePdf(
      await htmlToPdf(
        page,
        renderLabels(numberedOrders(3), { layout: 'thermal4x6', order: 'sequence' }).html,
      ),
    )
    expect(thermal.pages).toBe(3)
    expect(thermal.sizes()).toEqual(['288 x 432', '288 x 432', '288 x 432'])
    for (const n of [1, 2, 3]) expect(onPage(thermal, n)).toContain(`Backer Number00${n}`)
  })

  it('places labels where the data sheet says, plus the printer offset', async () => {
    const result = renderLabels(numberedOrders(30), {
      layout: 'avery5160',
      order: 'sequence',
      offsetMm: { x: 2, y: -1 },
    })
    await page.setContent(result.html)
    const boxes = await page.$$eval('.label', (labels) =>
      labels.map((label) => {
        const rect = label.getBoundingClientRect()
        return { x: rect.left, y: rect.top, w: rect.width, h: rect.height }
      }),
    )
    const px = 96 // CSS pixels per inch
    const mm = px / 25.4
    boxes.forEach((box, i) => {
      const row = Math.floor(i / 3)
      const column = i % 3
      expect(box.x).toBeCloseTo((0.1875 + column * 2.75) * px + 2 * mm, 1)
      expect(box.y).toBeCloseTo((0.5 + row * 1.0) * px - 1 * mm, 1)
      expect(box.w).toBeCloseTo(2.625 * px, 1)
      expect(box.h).toBeCloseTo(1 * px, 1)
    })
  })

  it('keeps every line of real-world and fabricated long addresses inside its label', async () => {
    const dataset = generateDataset({ seed: 5, contributions: 300 })
    const rows = toModel([...dataset.contributions.values()].flat().slice(0, 240))
    const long = [
      shipping({ name: 'Maximilian Alexander von Habsburg-Lothringen-Württemberg' }),
      shipping({ address: 'Flat 12, The Old Cotton Exchange Building, 145-147 Waterloo Road' }),
      shipping({
        country: 'JP',
        name: '山田 太郎',
        address: '東京都千代田区丸の内一丁目九番一号 グラントウキョウノースタワー三十五階',
      }),
      shipping({ address2: 'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW' }),
    ].map((ship, i) => order(900 + i, ship))
    for (const layout of ['avery5160', 'averyL7160', 'thermal4x6'] as const) {
      const result = renderLabels([...rows, ...long], { layout, showSummary: true })
      await page.setContent(result.html)
      const problems = await page.$$eval('.label', (elements) => {
        const view = globalThis as unknown as InPage
        const out: string[] = []
        for (const label of elements as unknown as Box[]) {
          const outer = label.getBoundingClientRect()
          for (const part of label.querySelectorAll('.l, .sum')) {
            const size = parseFloat(view.getComputedStyle(part).fontSize)
            const range = view.document.createRange()
            range.selectNodeContents(part)
            const text = range.getBoundingClientRect()
            // One line each (nothing wrapped that the layout did not plan), inside the label.
            if (text.height > size * 1.2 * 1.5) out.push(`wrapped: ${part.textContent}`)
            if (text.right > outer.right + 0.5 || text.left < outer.left - 0.5) {
              out.push(`too wide: ${part.textContent}`)
            }
            if (text.bottom > outer.bottom + 0.5 || text.top < outer.top - 0.5) {
              out.push(`outside: ${part.textContent}`)
            }
          }
        }
        return out
      })
      expect(problems, layout).toEqual([])
    }
  })

  it('keeps CJK, Hangul, Greek and Cyrillic as text in the PDF', async () => {
    const rows = [
      order(
        1,
        shipping({
          country: 'JP',
          name: '山田 太郎',
          address: '丸の内1-9-1',
          city: '千代田区',
          state: '東京都',
          zipcode: '100-0005',
        }),
      ),
      order(
        2,
        shipping({
          country: 'KR',
          name: '김민준',
          address: '세종대로 110',
          city: '중구',
          state: '서울특별시',
          zipcode: '04524',
        }),
      ),
      order(
        3,
        shipping({
          country: 'DE',
          name: 'Γιώργος Παπαδόπουλος',
          city: 'Leipzig',
          state: '',
          zipcode: '04107',
        }),
      ),
      order(
        4,
        shipping({
          country: 'SE',
          name: 'Анна Смирнова',
          city: 'Stockholm',
          state: '',
          zipcode: '111 21',
        }),
      ),
    ]
    const pdf = writePdf(
      await htmlToPdf(page, renderLabels(rows, { layout: 'avery5160', order: 'sequence' }).html),
    )
    const text = onPage(pdf, 1)
    for (const expected of [
      '山田 太郎',
      '丸の内1-9-1',
      '김민준',
      '세종대로 110',
      'Γιώργος Παπαδόπουλος',
      'Анна Смирнова',
    ]) {
      expect(text).toContain(expected)
    }
  })
})

describe('packing slips in Chromium', { timeout: 60_000 }, () => {
  it('prints N orders on N Letter pages, each with its order id and backer', async () => {
    const rows = [1, 2, 3, 4, 5].map((n) =>
      order(n, shipping({ name: `Slip Backer${n}` }), [
        { code: `SKU-${n}`, name: `Reward ${n}`, quantity: n },
      ]),
    )
    const result = renderPackingSlips(rows, {
      paper: 'letter',
      campaignTitle: 'Tidepool: A Cooperative Ocean Board Game',
      footerNote: 'Thank you for backing Tidepool!',
    })
    expect(result.pages).toBe(5)
    const pdf = writePdf(await htmlToPdf(page, result.html))
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

  it('A4 slips, continuation pages that match the count, nothing spilling off a page', async () => {
    const many = Array.from({ length: 70 }, (_, i) => ({
      code: `SKU-${String(i).padStart(3, '0')}`,
      name:
        i % 7 === 0
          ? `An item with a rather long name that wraps onto a second line ${i}`
          : `Item ${i}`,
      choices: i % 5 === 0 ? [{ name: 'Colour', value: 'Midnight blue with silver trim' }] : [],
    }))
    const rows = [
      order(1, shipping({ name: 'First Backer' })),
      order(2, shipping({ name: 'Long Order' }), many),
      order(3, null),
    ]
    const result = renderPackingSlips(rows, {
      paper: 'a4',
      campaignTitle:
        'A campaign with a title long enough to need shrinking beside the barcode, surely',
      footerNote: 'Returns: within 30 days. '.repeat(8),
    })
    const pdf = writePdf(await htmlToPdf(page, result.html))
    expect(pdf.pages).toBe(result.pages)
    expect(pdf.pages).toBeGreaterThanOrEqual(4)
    expect(pdf.sizes().every((size) => size === '595 x 842')).toBe(true)
    expect(onPage(pdf, 1)).toContain('First Backer')
    expect(onPage(pdf, 2)).toContain('SKU-000')
    expect(onPage(pdf, pdf.pages)).toContain('No shipping address')
    expect(onPage(pdf, pdf.pages - 1)).toContain('SKU-069')

    await page.setContent(result.html)
    const overflowing = await page.$$eval('.slip', (elements) =>
      (elements as unknown as Box[]).flatMap((slip, i) =>
        [...slip.querySelectorAll('.head, .parties, .items, .foot')]
          .filter((part) => part.scrollHeight > part.clientHeight + 1)
          .map(
            (part) =>
              `slip ${i + 1} ${part.className}: ${part.scrollHeight} > ${part.clientHeight}`,
          ),
      ),
    )
    expect(overflowing).toEqual([])
  })

  it('renders a hostile backer name as text and runs no script', async () => {
    const row = order(
      9,
      shipping({ name: '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">' }),
    )
    const html = renderPackingSlips([row], { paper: 'letter', campaignTitle: 'T' }).html
    const pdf = writePdf(await htmlToPdf(page, html))
    expect(onPage(pdf, 1)).toContain('<script>window.pwned = 1</script>')
    expect(await page.evaluate(() => (globalThis as unknown as InPage).pwned)).toBeUndefined()
  })
})
