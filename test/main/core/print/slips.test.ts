import bwipjs from 'bwip-js/node'
import { describe, expect, it } from 'vitest'
import { code128Svg, renderPackingSlips } from '../../../../src/main/core/print'
import type { CampaignContribution } from '../../../../src/shared/api/schemas'
import { toModelRow } from '../../../helpers/model'
import { order, shipping } from '../../../helpers/print-fixtures'

/** `row` with `items` (as the API sent them, readable or not) added to its first perk. */
function withSentItems(row: CampaignContribution, items: unknown[]): CampaignContribution {
  const raw = structuredClone(row) as unknown as { order: { perks: { items: unknown[] }[] } }
  raw.order.perks[0]!.items.push(...items)
  return toModelRow(raw)
}

/** Bar intervals [start, end) in modules, from our path ("M x 0h w ...") or bwip-js's SVG. */
function barsOfOurs(svg: string): Array<[number, number]> {
  return [...svg.matchAll(/M(\d+) 0h(\d+)v1h-\d+z/g)].map((m) => [
    Number(m[1]),
    Number(m[1]) + Number(m[2]),
  ])
}

/** bwip-js draws each bar as a vertical line of stroke-width w centred on x, at scale 2. */
function barsOfBwip(svg: string): Array<[number, number]> {
  const bars: Array<[number, number]> = []
  for (const path of svg.matchAll(/<path stroke="#000000" stroke-width="(\d+)" d="([^"]+)"/g)) {
    const width = Number(path[1])
    for (const move of (path[2] ?? '').matchAll(/M(\d+(?:\.\d+)?) /g)) {
      const centre = Number(move[1])
      bars.push([(centre - width / 2) / 2, (centre + width / 2) / 2])
    }
  }
  return bars.sort((a, b) => a[0] - b[0])
}

describe('code128Svg', () => {
  it('draws the same bars as bwip-js’s own renderer, inside ten-module quiet zones', () => {
    for (const text of ['18300507', '1', '1234567890123', 'A-17']) {
      const ours = barsOfOurs(code128Svg(text))
      const theirs = barsOfBwip(bwipjs.toSVG({ bcid: 'code128', text, scale: 2 }))
      const origin = (ours[0]?.[0] ?? 0) - (theirs[0]?.[0] ?? 0)
      expect(origin).toBe(10)
      expect(ours.map(([a, b]) => [a - origin, b - origin])).toEqual(theirs)
    }
  })

  it('sizes the symbol from the module width and states the text for screen readers', () => {
    const svg = code128Svg('18300507', { moduleWidthPt: 1, heightPt: 30 })
    const modules = Number(/viewBox="0 0 (\d+) 1"/.exec(svg)?.[1])
    // Start, 4 double-digit symbols, check, stop (13 modules) and two quiet zones.
    expect(modules).toBe(6 * 11 + 13 + 20)
    expect(svg).toContain(`width="${modules}pt" height="30pt"`)
    expect(svg).toContain('aria-label="Code 128: 18300507"')
  })
})

describe('renderPackingSlips', () => {
  const items = [
    { code: 'TEE-BLK-M', name: 'T-shirt', choices: [{ name: 'Size', value: 'M' }], quantity: 2 },
    { code: '00871-CORE', name: 'Core Game' },
  ]

  it('says when the backer pledged once per slip, in the header beside the order', () => {
    const row = order(7, shipping({ name: 'Ada Lovelace' }), items)
    const result = renderPackingSlips([{ ...row, created_at: '2026-02-28T22:34:00-08:00' }], {
      paper: 'letter',
      campaignTitle: 'Tidepool',
      locale: 'en-US',
    })
    expect(result.html.match(/Pledged/g)).toEqual(['Pledged'])
    expect(result.html).toContain('Pledged Feb 28, 2026')
  })

  it('gives one page per order, with the order, backer, address, items and footer', () => {
    const rows = [
      order(
        7,
        shipping({
          name: 'Ada Lovelace',
          country: 'GB',
          city: 'London',
          state: '',
          zipcode: 'N1 9GU',
        }),
        items,
      ),
      order(8, shipping({ name: 'Grace Hopper' }), [{ code: 'PIN' }]),
    ]
    const result = renderPackingSlips(rows, {
      paper: 'letter',
      campaignTitle: 'Tidepool: A Cooperative Ocean Board Game',
      footerNote: 'Thank you!\nQuestions: help@example.com',
    })
    expect(result.pages).toBe(2)
    expect(result.warnings).toEqual([])
    expect(result.html).toContain('@page { size: 8.5in 11in; margin: 0; }')
    const slips = result.html.split('<section class="slip"').slice(1)
    expect(slips).toHaveLength(2)
    const first = slips[0] ?? ''
    expect(first).toContain('data-order-id="18300007"')
    expect(first).toContain('Tidepool: A Cooperative Ocean Board Game')
    expect(first).toContain('Order #7 · Order ID 18300007')
    expect(first).toContain('<div class="l" dir="auto">Ada Lovelace</div>')
    expect(first).toContain('UNITED KINGDOM')
    const cells = (slip: string) =>
      [...slip.matchAll(/<tr><td class="check">.*?<\/tr>/g)].map((row) =>
        [...(row[0] ?? '').matchAll(/<div class="(?:c|cb)"[^>]*>([^<]*)<\/div>/g)].map((m) => m[1]),
      )
    expect(cells(first)).toEqual([
      ['00871-CORE', 'Core Game', '', '1'],
      ['TEE-BLK-M', 'T-shirt', 'Size: M', '2'],
    ])
    expect(first).toContain('<span class="box"></span>')
    expect(first).toMatch(
      /Total units \(2 lines\)<\/div><\/td><td class="num"><div class="cb"[^>]*>3</,
    )
    expect(first).toContain('<svg xmlns="http://www.w3.org/2000/svg"')
    expect(first).toMatch(/>Thank you!<\/div><div class="note"[^>]*>Questions: help@example.com</)
    expect(slips[1]).toContain('Grace Hopper')
    expect(renderPackingSlips(rows, { paper: 'a4', campaignTitle: 'T' }).html).toContain(
      '@page { size: 210mm 297mm; margin: 0; }',
    )
  })

  it('escapes every interpolated string', () => {
    const row = order(
      3,
      shipping({ name: '<script>window.pwned = 1</script>', city: '=HYPERLINK("http://x","y")' }),
      [
        {
          code: '<i>SKU</i>',
          name: '<img src=x onerror=alert(1)>',
          choices: [{ name: 'A&B', value: '"q"' }],
        },
      ],
      { contributor_name: '<b>Backer</b>' },
    )
    row.order.perks[0]!.label = '<u>Perk</u>'
    const html = renderPackingSlips([row], {
      paper: 'letter',
      campaignTitle: '</title><script>x()</script>',
      footerNote: '<a href="http://evil">click</a>',
    }).html
    for (const raw of ['<script', '<img', '<i>', '<b>', '<u>', '<a href', '</title><']) {
      expect(html).not.toContain(raw)
    }
    expect(html).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;')
    expect(html).toContain('=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)')
    expect(html).toContain('A&amp;B: &quot;q&quot;')
    expect(html).toContain('Perks: &lt;u&gt;Perk&lt;/u&gt;')
    expect(html).toContain('&lt;a href=&quot;http://evil&quot;&gt;click&lt;/a&gt;')
  })

  it('leaves out orders that do not ship, as the labels and the shipper CSV do, and says why', () => {
    const hidden = order(4, null)
    const digital = order(5, shipping(), [])
    const ships = order(6, shipping())
    const result = renderPackingSlips([hidden, digital, ships], {
      paper: 'letter',
      campaignTitle: 'T',
    })
    expect(result).toMatchObject({ slips: 1, pages: 1 })
    expect(result.html).toContain('Order #6')
    expect(result.html).not.toContain('Order #4')
    expect(result.skipped).toEqual([
      {
        contributionId: hidden.id,
        sequenceNumber: 4,
        kind: 'no-address',
        reason: expect.stringMatching(/No shipping address/),
      },
      {
        contributionId: digital.id,
        sequenceNumber: 5,
        kind: 'nothing-to-ship',
        reason: expect.stringMatching(/Nothing to ship/),
      },
    ])
  })

  it('lists an item PerkPack cannot read, so the packer looks for it by hand', () => {
    const row = withSentItems(order(9, shipping(), [{ code: 'TEE', name: 'T-shirt' }]), [
      { id: 3, name: 'Enamel pin', quantity: 1, sku: null },
      { name: 'Sticker', sku: { code: 'STK', choices: [] } },
    ])
    const result = renderPackingSlips([row], { paper: 'letter', campaignTitle: 'T' })
    expect(result.slips).toBe(1)
    const cells = [...result.html.matchAll(/<tr><td class="check">.*?<\/tr>/g)].map((match) =>
      [...(match[0] ?? '').matchAll(/<div class="(?:c|cb)"[^>]*>([^<]*)<\/div>/g)].map((m) => m[1]),
    )
    expect(cells).toEqual([
      ['TEE', 'T-shirt', '', '1'],
      ['', 'Enamel pin (no SKU: check by hand)', '', '1'],
      ['STK', 'Sticker (no quantity: check by hand)', '', '?'],
    ])
    expect(result.html).toMatch(
      /Total units \(3 lines\)<\/div><\/td><td class="num"><div class="cb"[^>]*>2 \+ \?</,
    )
  })

  it('continues a long item list on further pages, each page naming the order', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({
      code: `SKU-${String(i).padStart(3, '0')}`,
      name: `Stretch goal reward number ${i}`,
    }))
    const result = renderPackingSlips([order(5, shipping(), many), order(6, shipping())], {
      paper: 'letter',
      campaignTitle: 'T',
    })
    expect(result.pages).toBeGreaterThanOrEqual(3)
    const slips = result.html.split('<section class="slip"').slice(1)
    expect(slips).toHaveLength(result.pages)
    const pagesOfFive = slips.filter((slip) => slip.includes('data-order-id="18300005"'))
    expect(pagesOfFive.length).toBe(result.pages - 1)
    pagesOfFive.forEach((slip, i) => {
      expect(slip).toContain(`Order #5 · page ${i + 1} of ${pagesOfFive.length}`)
    })
    // Every line is on exactly one page.
    for (let i = 0; i < 80; i++) {
      const code = `SKU-${String(i).padStart(3, '0')}`
      expect(pagesOfFive.filter((slip) => slip.includes(`>${code}<`))).toHaveLength(1)
    }
    expect(pagesOfFive.at(-1)).toContain('Total units (80 lines)')
  })
})
