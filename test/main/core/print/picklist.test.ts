import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  printedTime,
  renderLabels,
  renderPickListDocument,
  renderPickListPdf,
} from '../../../../src/main/core/print'
import { planPickList } from '../../../../src/main/core/print/picklist'
import { buildPickList, ordersThatShip } from '../../../../src/shared/fulfillment'
import { toModelRow } from '../../../helpers/model'
import { order, shipping } from '../../../helpers/print-fixtures'
import { inside, overlaps, readBoxes } from '../../../helpers/print-pdf-boxes'

// The pick list the warehouse picks from on paper, read back from the real PDF: every variant
// once with its quantity, the header and page numbers on every page, nothing outside the page,
// and exactly the orders the labels cover.

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'perkpack-picklist-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** 140 orders over 70 variants (code and size), plus a digital-only order and one without address. */
function campaign() {
  const rows = Array.from({ length: 140 }, (_, i) =>
    order(i + 1, shipping({ name: `Backer ${i + 1}` }), [
      {
        code: `TEE-${String(i % 35).padStart(2, '0')}`,
        name: i % 7 === 0 ? 'Organic cotton T-shirt with the long campaign logo print' : 'T-shirt',
        quantity: 1 + (i % 3),
        choices: [{ name: 'Size', value: i % 2 === 0 ? 'M' : 'L' }],
      },
    ]),
  )
  const digital = order(500, shipping(), [])
  const noAddress = order(501, null, [{ code: 'TEE-00', choices: [{ name: 'Size', value: 'M' }] }])
  return [...rows, digital, noAddress]
}

const options = {
  paper: 'letter' as const,
  campaignTitle: 'Village Café',
  selection: 'Captured, In fulfillment',
  syncedAt: '2026-03-01T09:30:00Z',
  printedAt: new Date(2026, 2, 2, 8, 5),
}

describe('the pick list header', () => {
  it("writes its times as the window and the slips do, in the desk's locale", () => {
    const doc = renderPickListDocument(campaign(), { ...options, locale: 'en-US' })
    expect(doc.html).toMatch(/printed Mar 2, 2026, 8:05\sAM/)
    expect(doc.html).not.toMatch(/2026-03-0\d \d\d:\d\d/)
    expect(printedTime(options.printedAt, 'de')).toBe('02.03.2026, 08:05')
  })
})

describe('printable pick list', () => {
  it('covers the orders the labels cover, and says what it leaves out', () => {
    const rows = campaign()
    const doc = renderPickListDocument(rows, options)
    const labels = renderLabels(rows, { layout: 'avery5160', maxSheets: 0 })
    expect(doc.orders).toBe(labels.labels)
    expect(doc.skipped.map((s) => s.kind)).toEqual(['nothing-to-ship', 'no-address'])
    const expected = buildPickList(ordersThatShip(rows))
    expect(doc.variants).toBe(expected.length)
    expect(doc.units).toBe(expected.reduce((sum, r) => sum + r.quantity, 0))
    expect(doc.html).toContain(
      '140 orders that ship (2 orders left out: 1 with nothing to ship, 1 without an address)',
    )
  })

  it('lists items without a SKU last, to pick by hand, and counts their orders as shipping', () => {
    const pinOnly = structuredClone(order(1, shipping(), [])) as unknown as {
      order: { perks: { items: unknown[]; shipping_address_required?: boolean }[] }
    }
    pinOnly.order.perks[0]!.items.push({ name: 'Enamel pin', quantity: 2, sku: null })
    pinOnly.order.perks[0]!.shipping_address_required = true
    const rows = [toModelRow(pinOnly), order(2, shipping(), [{ code: 'CORE' }])]
    const plan = planPickList(rows, options)
    expect(plan.orders).toBe(2)
    const text = (cell: { parts: { text: string }[] }) => cell.parts.map((p) => p.text).join(' ')
    expect(plan.pages.flat().map(({ cells }) => cells.map(text))).toEqual([
      ['CORE', 'Item CORE', '', '1', '1'],
      ['no SKU', 'Enamel pin (check by hand)', '', '2', '1'],
    ])
    expect(plan.head.map((head) => head.parts.map((p) => p.text).join(' ')).join(' ')).toContain(
      'To pick by hand: items PerkPack cannot pick by SKU: 1 line, listed last',
    )
  })

  it('writes the counts of the header with thousands separators, like the rows', () => {
    const rows = Array.from({ length: 1_100 }, (_, i) =>
      order(i + 1, shipping(), [{ code: 'CORE' }]),
    )
    rows.push(order(1_101, shipping(), [{ code: 'CORE', quantity: 815 }]))
    const doc = renderPickListDocument(rows, options)
    expect(doc.html).toContain('1 variant · 1,915 units · 1,101 orders that ship')
    expect(doc.html).toContain('>1,915<')
  })

  it('prints every variant once with its quantity, the header on every page, inside the paper', async () => {
    const rows = campaign()
    const out = join(dir, 'picklist.pdf')
    const result = await renderPickListPdf(rows, options, out)
    expect(result.pages).toBeGreaterThan(1)
    const pages = readBoxes(out)
    expect(pages).toHaveLength(result.pages)

    const sheet = { xMin: 0, yMin: 0, xMax: 612, yMax: 792 }
    const found = new Map<string, number>()
    pages.forEach((page, i) => {
      const text = page.lines.map((l) => l.text)
      expect(text).toContain('Pick list')
      expect(text).toContain('Village Café')
      expect(text).toContain(`Pick list · page ${i + 1} of ${pages.length}`)
      expect(
        text.some((t) => t.includes(`Offline copy of ${printedTime(new Date(options.syncedAt))}`)),
      ).toBe(true)
      for (const line of page.lines) expect(inside(line, sheet), line.text).toBe(true)
      expect(overlaps(page.lines)).toEqual([])
      for (const line of page.lines) {
        const match = /^(TEE-\d\d)\b/.exec(line.text)
        if (match) found.set(line.text, (found.get(line.text) ?? 0) + 1)
      }
    })
    // Each variant's SKU cell appears exactly once across the pages (no row cut or repeated).
    const skuCells = [...found.values()].reduce((sum, n) => sum + n, 0)
    expect(skuCells).toBe(result.variants)
  })

  it('refuses a selection where nothing ships, naming why', async () => {
    await expect(
      renderPickListPdf([order(1, shipping(), [])], options, join(dir, 'none.pdf')),
    ).rejects.toThrow(
      'The selected order does not ship (a status that does not ship, nothing to ship, or no address: see the pre-print checks), so there is no pick list to print.',
    )
  })
})
