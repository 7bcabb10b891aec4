import { describe, expect, it } from 'vitest'
import {
  LABEL_LAYOUTS,
  labelSlot,
  labelsPerPage,
  renderLabels,
  sheetCount,
} from '../../../../src/main/core/print'
import { numberedOrders, order, shipping } from '../../../helpers/print-fixtures'

const { avery5160, averyL7160, thermal4x6 } = LABEL_LAYOUTS

/** The label divs of a rendered document, with their position styles and text, in order. */
function labelsOf(html: string): Array<{ page: number; left: string; top: string; text: string }> {
  const out: Array<{ page: number; left: string; top: string; text: string }> = []
  const sheets = html.split('<section class="sheet"').slice(1)
  sheets.forEach((sheet, page) => {
    for (const match of sheet.matchAll(
      /<div class="label" style="left:([^;]+);top:([^"]+)"[^>]*>(.*?)<\/div><\/div>(?:<div class="sum"[^>]*>.*?<\/div>)?<\/div>/g,
    )) {
      const text = (match[3] ?? '')
        .replace(/<[^>]+>/g, '\n')
        .replace(/\n+/g, '\n')
        .trim()
      out.push({ page: page + 1, left: match[1] ?? '', top: match[2] ?? '', text })
    }
  })
  return out
}

describe('label geometry (../shared/api-notes.md, "Label sheets")', () => {
  it('Avery 5160: 3 x 10 on US Letter, 0.1875 in side, 0.5 in top, 2.75 x 1.0 in pitch', () => {
    expect(labelsPerPage(avery5160)).toBe(30)
    expect(labelSlot(avery5160, 0)).toEqual({
      page: 0,
      index: 0,
      row: 0,
      column: 0,
      x: 0.1875,
      y: 0.5,
    })
    expect(labelSlot(avery5160, 1)).toMatchObject({ row: 0, column: 1, x: 2.9375, y: 0.5 })
    expect(labelSlot(avery5160, 2)).toMatchObject({ row: 0, column: 2, x: 5.6875, y: 0.5 })
    expect(labelSlot(avery5160, 3)).toMatchObject({ row: 1, column: 0, x: 0.1875, y: 1.5 })
    expect(labelSlot(avery5160, 29)).toMatchObject({
      page: 0,
      row: 9,
      column: 2,
      x: 5.6875,
      y: 9.5,
    })
    // Label 31 starts the second sheet at the first position again.
    expect(labelSlot(avery5160, 30)).toMatchObject({ page: 1, index: 0, x: 0.1875, y: 0.5 })
    // The last column ends 0.1875 in from the right edge, the last row 0.5 in from the bottom.
    expect(5.6875 + avery5160.labelWidth).toBeCloseTo(avery5160.pageWidth - 0.1875, 10)
    expect(9.5 + avery5160.labelHeight).toBeCloseTo(avery5160.pageHeight - 0.5, 10)
  })

  it('Avery L7160: 3 x 7 on A4, 7.2 mm side, 15.15 mm top, 66.04 x 38.1 mm pitch', () => {
    expect(averyL7160.unit).toBe('mm')
    expect(labelsPerPage(averyL7160)).toBe(21)
    expect(labelSlot(averyL7160, 0)).toMatchObject({ x: 7.2, y: 15.15 })
    const last = labelSlot(averyL7160, 20)
    expect(last).toMatchObject({ page: 0, row: 6, column: 2 })
    expect(last.x).toBeCloseTo(7.2 + 2 * 66.04, 10)
    expect(last.y).toBeCloseTo(15.15 + 6 * 38.1, 10)
    expect(labelSlot(averyL7160, 21)).toMatchObject({ page: 1, index: 0 })
    expect(last.y + averyL7160.labelHeight).toBeLessThanOrEqual(297)
  })

  it('thermal 4 x 6: one label per page at the page origin', () => {
    expect(labelsPerPage(thermal4x6)).toBe(1)
    expect(labelSlot(thermal4x6, 4)).toEqual({ page: 4, index: 0, row: 0, column: 0, x: 0, y: 0 })
  })

  it('counts sheets, with and without a half-used first sheet', () => {
    expect(sheetCount(avery5160, 61)).toBe(3)
    // Start at 25: 6 labels on the first sheet, then 30, then 25.
    expect(sheetCount(avery5160, 61, 25)).toBe(3)
    expect(sheetCount(avery5160, 6, 25)).toBe(1)
    expect(sheetCount(avery5160, 7, 25)).toBe(2)
    expect(sheetCount(avery5160, 30)).toBe(1)
    expect(sheetCount(avery5160, 0)).toBe(0)
    expect(sheetCount(averyL7160, 21)).toBe(1)
    expect(sheetCount(averyL7160, 22)).toBe(2)
    expect(sheetCount(averyL7160, 42, 1)).toBe(2)
    expect(sheetCount(thermal4x6, 5)).toBe(5)
  })
})

describe('renderLabels: placement', () => {
  it('puts 61 labels on 3 Letter sheets, label 31 first on sheet 2', () => {
    const result = renderLabels(numberedOrders(61), { layout: 'avery5160', order: 'sequence' })
    expect(result).toMatchObject({ labels: 61, pages: 3, skipped: [], warnings: [] })
    expect(result.html).toContain('@page { size: 8.5in 11in; margin: 0; }')
    const labels = labelsOf(result.html)
    expect(labels).toHaveLength(61)
    expect(labels.filter((l) => l.page === 1)).toHaveLength(30)
    expect(labels.filter((l) => l.page === 3)).toHaveLength(1)
    expect(labels[30]).toMatchObject({ page: 2, left: '0.1875in', top: '0.5in' })
    expect(labels[30]?.text).toContain('Backer Number031')
    expect(labels[29]).toMatchObject({ page: 1, left: '5.6875in', top: '9.5in' })
  })

  it('starts at position 25 of the first sheet: 6 + 30 + 25 labels', () => {
    const result = renderLabels(numberedOrders(61), {
      layout: 'avery5160',
      order: 'sequence',
      startAt: 25,
    })
    expect(result.pages).toBe(3)
    const labels = labelsOf(result.html)
    // Position 25 is row 9 (0-based 8), column 1.
    expect(labels[0]).toMatchObject({ page: 1, left: '0.1875in', top: '8.5in' })
    expect(labels[0]?.text).toContain('Backer Number001')
    expect(labels[5]).toMatchObject({ page: 1, left: '5.6875in', top: '9.5in' })
    expect(labels[6]).toMatchObject({ page: 2, left: '0.1875in', top: '0.5in' })
    expect(labels[6]?.text).toContain('Backer Number007')
    expect(labels.filter((l) => l.page === 2)).toHaveLength(30)
    expect(labels.filter((l) => l.page === 3)).toHaveLength(25)
  })

  it('shifts every label by the printer offset, in millimetres on top of the layout unit', () => {
    const result = renderLabels(numberedOrders(2), {
      layout: 'avery5160',
      order: 'sequence',
      offsetMm: { x: 1.5, y: -0.75 },
    })
    const labels = labelsOf(result.html)
    expect(labels[0]).toMatchObject({
      left: 'calc(0.1875in + 1.5mm)',
      top: 'calc(0.5in + -0.75mm)',
    })
    expect(labels[1]?.left).toBe('calc(2.9375in + 1.5mm)')
  })

  it('lays out L7160 in millimetres, 21 to a sheet, and thermal labels one per 4 x 6 page', () => {
    const a4 = renderLabels(numberedOrders(22), { layout: 'averyL7160', order: 'sequence' })
    expect(a4.pages).toBe(2)
    expect(a4.html).toContain('@page { size: 210mm 297mm; margin: 0; }')
    const a4Labels = labelsOf(a4.html)
    expect(a4Labels[20]).toMatchObject({ page: 1, left: '139.28mm', top: '243.75mm' })
    expect(a4Labels[21]).toMatchObject({ page: 2, left: '7.2mm', top: '15.15mm' })

    const thermal = renderLabels(numberedOrders(3), { layout: 'thermal4x6', order: 'sequence' })
    expect(thermal.pages).toBe(3)
    expect(thermal.html).toContain('@page { size: 4in 6in; margin: 0; }')
    expect(labelsOf(thermal.html).map((l) => [l.page, l.left, l.top])).toEqual([
      [1, '0in', '0in'],
      [2, '0in', '0in'],
      [3, '0in', '0in'],
    ])
  })

  it('rejects a start position off the sheet and an offset that is surely a unit mistake', () => {
    const orders = numberedOrders(1)
    expect(() => renderLabels(orders, { layout: 'avery5160', startAt: 0 })).toThrow(RangeError)
    expect(() => renderLabels(orders, { layout: 'avery5160', startAt: 31 })).toThrow(/1 to 30/)
    expect(() => renderLabels(orders, { layout: 'averyL7160', startAt: 22 })).toThrow(/1 to 21/)
    expect(() => renderLabels(orders, { layout: 'thermal4x6', startAt: 2 })).toThrow(RangeError)
    expect(() => renderLabels(orders, { layout: 'avery5160', startAt: 2.5 })).toThrow(RangeError)
    expect(() => renderLabels(orders, { layout: 'avery5160', offsetMm: { x: 72, y: 0 } })).toThrow(
      /offset x/,
    )
    expect(() =>
      renderLabels(orders, { layout: 'avery5160', offsetMm: { x: 0, y: Number.NaN } }),
    ).toThrow(/offset y/)
  })

  it('returns an empty document and no pages when nothing is printable', () => {
    const result = renderLabels([order(1, null)], { layout: 'avery5160' })
    expect(result).toMatchObject({ labels: 0, pages: 0 })
    expect(result.html).not.toContain('class="sheet"')
  })
})

describe('renderLabels: order, skips, summary', () => {
  const tee = (size: string, quantity = 1) => ({
    code: `TEE-${size}`,
    name: 'T-shirt',
    quantity,
    choices: [{ name: 'Size', value: size }],
  })
  const rows = [
    order(1, shipping({ name: 'Seq One' }), [tee('M')]),
    order(2, shipping({ name: 'Seq Two' }), [{ code: 'BOOK' }]),
    order(3, shipping({ name: 'Seq Three' }), [tee('L', 2)]),
    order(4, shipping({ name: 'Seq Four' }), [{ code: 'BOOK' }, tee('M')]),
    order(5, shipping({ name: 'Seq Five' }), [tee('M')]),
    order(6, shipping({ name: 'Seq Six' }), []),
    order(7, shipping({ name: 'Seq Seven' }), [{ code: 'BOOK' }]),
  ]
  const names = (html: string) =>
    labelsOf(html).map((label) => /Seq \w+/.exec(label.text)?.[0] ?? '?')

  it('orders by SKU variant then sequence number by default (the walk of a picker)', () => {
    // [BOOK] < [BOOK, TEE-M] < [TEE-L] < [TEE-M]; the order without items ships nothing.
    const result = renderLabels([...rows].reverse(), { layout: 'avery5160' })
    expect(names(result.html)).toEqual([
      'Seq Two',
      'Seq Seven',
      'Seq Four',
      'Seq Three',
      'Seq One',
      'Seq Five',
    ])
    expect(result.skipped).toEqual([
      expect.objectContaining({ sequenceNumber: 6, kind: 'nothing-to-ship' }),
    ])
  })

  it('orders by sequence number on request', () => {
    const result = renderLabels([...rows].reverse(), { layout: 'avery5160', order: 'sequence' })
    expect(names(result.html)).toEqual([
      'Seq One',
      'Seq Two',
      'Seq Three',
      'Seq Four',
      'Seq Five',
      'Seq Seven',
    ])
  })

  it('skips and reports orders whose address is hidden, missing or empty', () => {
    const hidden = order(10, null)
    const missing = order(11, undefined)
    const empty = order(12, shipping({ address: ' ', city: '', zipcode: '', address2: null }))
    const result = renderLabels([hidden, rows[0]!, missing, empty], { layout: 'avery5160' })
    expect(result.labels).toBe(1)
    expect(result.skipped).toEqual([
      {
        contributionId: hidden.id,
        sequenceNumber: 10,
        kind: 'no-address',
        reason: expect.stringMatching(/No shipping address/),
      },
      {
        contributionId: missing.id,
        sequenceNumber: 11,
        kind: 'no-address',
        reason: expect.stringMatching(/No shipping address/),
      },
      {
        contributionId: empty.id,
        sequenceNumber: 12,
        kind: 'no-address',
        reason: expect.stringMatching(/no street line/),
      },
    ])
  })

  it('adds "#seq · SKU summary" only when asked, with quantities and choices where codes repeat', () => {
    const same = order(8, shipping(), [
      { code: 'TEE', choices: [{ name: 'Size', value: 'M' }], quantity: 2 },
      { code: 'TEE', choices: [{ name: 'Size', value: 'L' }] },
      { code: 'BOOK' },
    ])
    expect(renderLabels([same], { layout: 'avery5160' }).html).not.toContain('class="sum"')
    const html = renderLabels([same], { layout: 'avery5160', showSummary: true }).html
    expect(html).toMatch(
      /<div class="sum" style="font-size:6pt;[^"]*">#8 · BOOK, TEE \(L\), TEE \(M\) ×2<\/div>/,
    )
  })

  it('replaces the tail of a summary too long for one line with an explicit "+N more"', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ code: `LONG-SKU-CODE-${i + 10}` }))
    const html = renderLabels([order(9, shipping(), items)], {
      layout: 'avery5160',
      showSummary: true,
    }).html
    const summary = /<div class="sum"[^>]*>([^<]*)<\/div>/.exec(html)?.[1] ?? ''
    expect(summary).toMatch(/^#9 · LONG-SKU-CODE-10, .* \+\d+ more$/)
  })
})

describe('renderLabels: text that must not be cut or run', () => {
  it('escapes backer-supplied text: markup prints as text, formulas stay inert', () => {
    const evil = order(
      1,
      shipping({
        name: '<script>window.pwned = 1</script>',
        address: '"><img src=x onerror=alert(1)>',
        address2: '=HYPERLINK("http://x","y")',
        city: "O'Hare & Sons",
      }),
      [{ code: '<b>SKU</b>' }],
    )
    const html = renderLabels([evil], { layout: 'avery5160', showSummary: true }).html
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b>')
    expect(html).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;')
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)')
    expect(html).toContain('O&#39;Hare &amp; Sons')
    expect(html).toContain('&lt;b&gt;SKU&lt;/b&gt;')
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:"`,
    )
  })

  it('shrinks a label with a long line, down to the floor, without wrapping', () => {
    const short = renderLabels([order(1, shipping())], { layout: 'avery5160' }).html
    const long = renderLabels(
      [order(1, shipping({ address: '1234 Extraordinarily Long Boulevard Name Street NW' }))],
      { layout: 'avery5160' },
    )
    const size = (html: string) =>
      Number(/class="addr" style="font-size:([\d.]+)pt/.exec(html)?.[1])
    expect(size(short)).toBe(10)
    expect(size(long.html)).toBeLessThan(10)
    expect(size(long.html)).toBeGreaterThanOrEqual(6)
    expect(long.warnings).toEqual([])
  })

  it('wraps a line that cannot fit even at 6 pt, keeps every character, and warns', () => {
    const address = `${'Very long building name '.repeat(6)}Tower, 99 Some Road`
    const row = order(3, shipping({ address }))
    const result = renderLabels([row], { layout: 'avery5160' })
    expect(result.html).toContain('class="addr" style="font-size:6pt')
    const text = labelsOf(result.html)[0]?.text.split('\n') ?? []
    expect(text.join(' ')).toContain(address)
    expect(text.length).toBeGreaterThan(4)
    expect(result.warnings).toEqual([
      {
        contributionId: row.id,
        sequenceNumber: 3,
        message: expect.stringMatching(/wrapped/),
        sheet: 1,
        position: 1,
      },
    ])
  })

  it('goes below the floor only for a label that cannot fit otherwise, and lists it as unfit', () => {
    const address = 'Word '.repeat(60).trim()
    const row = order(4, shipping({ address }))
    const result = renderLabels([row], { layout: 'avery5160' })
    const message = expect.stringMatching(/does not fit the label at 6 pt: it prints at 5(\.5)? pt/)
    expect(result.warnings.map((w) => w.message)).toEqual([
      message,
      expect.stringMatching(/wrapped/),
    ])
    expect(result.unfit).toEqual([
      { contributionId: row.id, sequenceNumber: 4, message, sheet: 1, position: 1 },
    ])
    const text = labelsOf(result.html)[0]?.text.split('\n') ?? []
    expect(text.join(' ')).toContain(address)
  })

  it('prints a notice, not a cut address, when nothing fits even at 4 pt', () => {
    const row = order(5, shipping({ address: 'Word '.repeat(400).trim() }))
    const result = renderLabels([row], { layout: 'avery5160' })
    expect(result.unfit.map((u) => u.message)).toEqual([
      expect.stringMatching(/prints a notice instead/),
    ])
    expect(result.html).toContain('Address too long for this label: see the pre-print checks')
    expect(result.html).not.toContain('Word Word')
  })

  it('marks labels for CJK countries with a lang, so Han characters take the regional form', () => {
    const jp = order(1, shipping({ country: 'JP', name: '山田 太郎' }))
    const kr = order(2, shipping({ country: 'KR', name: '김민준' }))
    const html = renderLabels([jp, kr], { layout: 'avery5160', order: 'sequence' }).html
    expect(html).toMatch(/<div class="label"[^>]* lang="ja">/)
    expect(html).toMatch(/<div class="label"[^>]* lang="ko">/)
    // The fonts come with the document; only the bundled families are named, no generic one.
    expect(html).toMatch(
      /@font-face \{ font-family: 'PerkPack JP';[^}]*url\(data:font\/woff;base64,/,
    )
    expect(html).toMatch(/font-family: 'PerkPack Sans', [^;]*'PerkPack Emoji';/)
    expect(html).not.toMatch(/font-family:[^;]*sans-serif/)
  })
})
