import { describe, expect, it } from 'vitest'
import {
  DASHBOARD_CHUNK_ROWS,
  openDashboardExport,
} from '../../../../src/main/core/dashboard/dashboard-export'
import type { DashboardChunk } from '../../../../src/main/core/dashboard/dashboard-export'
import type { ProblemRow, ReceivedContribution } from '../../../../src/main/core/cache'
import { buildPickList, filterContributions } from '../../../../src/shared/fulfillment'
import { dashboardExportCsv } from '../../../../src/simulator/dashboard-export'
import { dashboardCampaign } from '../../fixtures/dashboard-campaign'

const { apiRows, csv } = dashboardCampaign(400)

/** Every chunk of the file read, put together. */
function readDashboardExport(bytes: Buffer, name: string) {
  const rows: ReceivedContribution[] = []
  const problems: ProblemRow[] = []
  openDashboardExport(bytes, name).read((chunk) => {
    rows.push(...chunk.rows)
    problems.push(...chunk.noPledge, ...chunk.problems)
  })
  return { rows, problems }
}

const models = (bytes: Buffer) =>
  readDashboardExport(bytes, 'contributions.csv').rows.map((r) => r.model)

describe('a dashboard export read into the model', () => {
  it('the pick list from the file equals the pick list from the API for the same campaign', () => {
    const fromFile = models(Buffer.from(csv, 'utf8'))
    expect(fromFile).toHaveLength(apiRows.length)
    expect(buildPickList(filterContributions(fromFile))).toEqual(
      buildPickList(filterContributions(apiRows)),
    )
  })

  it('reads the same from ; with a byte order mark, and from UTF-16 with tabs', () => {
    const semicolons = dashboardExportCsv(apiRows, { delimiter: ';', lineBreak: '\n' })
    const tabs = dashboardExportCsv(apiRows, { delimiter: '\t' })
    const expected = buildPickList(filterContributions(apiRows))
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(semicolons, 'utf8')])
    const wide = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabs, 'utf16le')])
    expect(buildPickList(filterContributions(models(bom)))).toEqual(expected)
    expect(buildPickList(filterContributions(models(wide)))).toEqual(expected)
  })

  it('keeps quoted commas and line breaks, statuses in words, several perks of one pledge', () => {
    const text = [
      'Pledge ID,Order No.,Fulfillment Status,Perk ID,Perk,Shipping Name,Shipping Address,Shipping Country,Item Name,Item SKU,Option 1,Item Name,Item SKU,Option 1',
      '101,#7,In Fulfillment,11,Tee,"Brown, Mary","12 Main St\nBuilding 4",US,T-shirt,TEE-M,Size: M,T-shirt,TEE-M,Size: M',
      '101,#7,In Fulfillment,12,Sticker pack,"Brown, Mary","12 Main St\nBuilding 4",US,Stickers,STK,,,,',
      '102,8,Awaiting Review,11,Tee,Sam,1 Road,DE,T-shirt,TEE-L,L,,,',
    ].join('\r\n')
    const [first, second] = models(Buffer.from(text, 'utf8'))
    expect(first!.order).toMatchObject({
      id: 101,
      sequence_number: 7,
      status: 'in_fulfillment',
      shipping: { name: 'Brown, Mary', address: '12 Main St\nBuilding 4', country: 'US' },
    })
    expect(
      first!.order.perks.map((p) => [p.id, p.label, p.items.map((i) => [i.sku.code, i.quantity])]),
    ).toEqual([
      [11, 'Tee', [['TEE-M', 2]]],
      [12, 'Sticker pack', [['STK', 1]]],
    ])
    expect(first!.order.perks[0]!.items[0]!.sku.choices).toEqual([{ name: 'Size', value: 'M' }])
    // A word the dashboard may add is kept as it came; a bare option keeps its column name.
    expect(second!.order.status).toBe('Awaiting Review')
    expect(second!.order.perks[0]!.items[0]!.sku.choices).toEqual([
      { name: 'Option 1', value: 'L' },
    ])
    // What the file cannot say is absent, not invented.
    expect(first).not.toHaveProperty('amount')
    expect(first!.order.perks[0]).not.toHaveProperty('shipping_address_required')
  })

  it('reads an older export saved tab-delimited as the current one: perks, appearance, text cells', () => {
    const older = dashboardExportCsv(apiRows, { delimiter: '\t', older: true })
    // The older shapes are there to be read: one line for several perks, old words, ="…" cells.
    expect(older).toMatch(/\t\d+, \d+\t/)
    expect(older).toMatch(/\t(Visible|Identity-Only|Anonymous)\t/)
    expect(older).toMatch(/\t="\d+"\t/)
    const fromOlder = models(Buffer.from(older, 'utf8'))
    const fromCurrent = models(Buffer.from(csv, 'utf8'))
    expect(fromOlder).toHaveLength(apiRows.length)
    const perks = (rows: typeof fromOlder) =>
      rows.map((r) => [r.id, r.order.sequence_number, r.order.perks.map((p) => [p.id, p.label])])
    expect(perks(fromOlder)).toEqual(perks(fromCurrent))
    expect(fromOlder.map((r) => r.appearance)).toEqual(fromCurrent.map((r) => r.appearance))
    expect(fromOlder.map((r) => r.order.shipping?.zipcode)).toEqual(
      fromCurrent.map((r) => r.order.shipping?.zipcode),
    )
    // The same units to pick; which perk an item came with is what one line for several perks
    // cannot say (its items go with the first), so the per-perk breakdown is left out here.
    const units = (rows: typeof fromOlder) =>
      buildPickList(filterContributions(rows)).map(({ perks: _, ...row }) => row)
    expect(units(fromOlder)).toEqual(units(apiRows))
  })

  it('maps every appearance word, old and new, to whether the amount is private', () => {
    const text = [
      'Pledge ID\tFulfillment Status\tPerk ID\tPerk\tAppearance',
      ...['Public', 'Private', 'Visible', 'Identity-Only', 'Anonymous', 'Shown Proudly'].map(
        (word, i) => `${501 + i}\tCaptured\t11\tTee\t${word}`,
      ),
    ].join('\n')
    expect(models(Buffer.from(text)).map((r) => r.appearance?.private_amount)).toEqual([
      false,
      true,
      false,
      true,
      true,
      undefined,
    ])
  })

  it('unwraps text cells: leading zeros of order numbers, postcodes and SKUs survive', () => {
    const text = [
      'Pledge ID;Order No.;Fulfillment Status;Perk ID;Perk;Shipping Zip/Postal Code;Item Name;Item SKU',
      '="00601";="0042";Captured;="11";Tee;="02139";T-shirt;="00871-TEE"',
      '"=""00602""";0043;Captured;11;Tee;"=""01001""";Mug;"=""007"""',
    ].join('\r\n')
    const [first, second] = models(Buffer.from(text))
    expect(first!).toMatchObject({ id: 601, order: { id: 601, sequence_number: 42 } })
    expect(first!.order.shipping?.zipcode).toBe('02139')
    expect(first!.order.perks[0]!.items[0]!.sku.code).toBe('00871-TEE')
    expect(second!.order.shipping?.zipcode).toBe('01001')
    expect(second!.order.perks[0]!.items[0]!.sku.code).toBe('007')
  })

  it('reads a Perk ID cell listing several perks as several perks; an empty Perk as no perk', () => {
    const text = [
      'Pledge ID,Fulfillment Status,Perk ID,Perk,Item Name,Item SKU,Item Name,Item SKU',
      '701,Captured,"51002, 51005","Early Bird, Sticker Pack",T-shirt,TEE,Stickers,STK',
      '702,Captured,51002,,,,,',
      '703,Captured,,,,,,',
      '704,Captured,"51002, 51005, 51007","Early Bird, Sticker Pack",T-shirt,TEE,,',
    ].join('\n')
    const read = readDashboardExport(Buffer.from(text), 'c.csv')
    const [several, noPerk, none] = read.rows.map((r) => r.model)
    expect(several!.order.perks.map((p) => [p.id, p.label])).toEqual([
      [51002, 'Early Bird'],
      [51005, 'Sticker Pack'],
    ])
    // The line's items go with its first perk; the pick list counts each unit once.
    expect(several!.order.perks[0]!.items.map((i) => i.sku.code)).toEqual(['TEE', 'STK'])
    expect(several!.order.perks[1]!.items).toEqual([])
    expect(noPerk!.order.perks).toEqual([])
    expect(none!.order.perks).toEqual([])
    // Three ids, two names: a problem row naming both cells, the rest of the file read.
    expect(read.problems.map((p) => [p.id, p.problems.map((q) => q.message)])).toEqual([
      [
        704,
        [
          'line 5, column Perk ID and Perk: 3 perk ids (51002, 51005, 51007) but 2 perk names (Early Bird, Sticker Pack): each perk needs its name',
        ],
      ],
    ])
  })

  it('lines that do not fit become problem rows naming the line and column', () => {
    const text = [
      'Pledge ID,Fulfillment Status,Perk ID,Perk,Item Name,Item SKU',
      '201,Captured,11,Tee,T-shirt,TEE',
      '202,Captured,eleven,Tee,T-shirt,TEE',
      ',Captured,11,Tee,T-shirt,TEE',
      '204,,11,Tee,T-shirt,TEE',
    ].join('\n')
    const read = readDashboardExport(Buffer.from(text), 'c.csv')
    expect(read.rows.map((r) => r.model.id)).toEqual([201])
    expect(read.problems.map((p) => p.problems[0]!.message)).toEqual([
      expect.stringMatching(/^line 4, column Pledge ID: empty$/),
      expect.stringMatching(/^line 3, column Perk ID: /),
      expect.stringMatching(/^line 5, column Fulfillment Status: /),
    ])
  })

  it('a file that is no dashboard export names the columns it lacks', () => {
    expect(() =>
      readDashboardExport(
        Buffer.from('order_number,carrier,tracking_number\n1,UPS,1Z\n'),
        'tracking.csv',
      ),
    ).toThrow(
      "tracking.csv is not a dashboard contributions export: it has no Pledge ID, Fulfillment Status, Perk ID, Perk columns. Download the contributions CSV from the campaign's dashboard (Contributions, Export) and import that file.",
    )
  })

  it('a pledge whose lines are apart comes once, whole, in the order of its first line', () => {
    const text = [
      'Pledge ID,Fulfillment Status,Perk ID,Perk',
      '301,Captured,11,Tee',
      '302,Captured,12,Mug',
      ',Captured,12,Mug',
      '303,Captured,13,Cap',
      '301,Captured,14,Poster',
    ].join('\n')
    const chunks: DashboardChunk[] = []
    // Chunks of one: the pledges after 301 wait for its last line.
    openDashboardExport(Buffer.from(text), 'c.csv').read((chunk) => chunks.push(chunk), 1)
    // The line without a Pledge ID is ranked by its file line (4), as pledges' problems are.
    expect(chunks.map((c) => c.noPledge.map((p) => p.rank))).toEqual([[4], []])
    expect(chunks.map((c) => c.rows.map((r) => r.model.id))).toEqual([[], [301, 302, 303]])
    expect(chunks[1]!.rows[0]!.model.order.perks.map((p) => p.id)).toEqual([11, 14])
  })

  it('hands the rows on in chunks, and reads them again for a second reader', () => {
    const file = openDashboardExport(Buffer.from(csv, 'utf8'), 'contributions.csv')
    const sizes: number[] = []
    file.read((chunk) => sizes.push(chunk.rows.length + chunk.problems.length))
    expect(sizes.slice(0, -1).every((size) => size === DASHBOARD_CHUNK_ROWS)).toBe(true)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(apiRows.length)
    let again = 0
    file.read((chunk) => (again += chunk.rows.length), 7)
    expect(again).toBe(apiRows.length)
  })

  it('a quote left open far into the file refuses it when opened, naming the line', () => {
    const lines = csv.trimEnd().split('\r\n').slice(0, 300)
    const broken = `${lines.join('\r\n')}\r\n"12345,Captured\r\n`
    expect(() => openDashboardExport(Buffer.from(broken), 'c.csv')).toThrow(
      'c.csv, line 301: A quoted field opened on line 301 is never closed. Download the file from the dashboard again.',
    )
  })
})
