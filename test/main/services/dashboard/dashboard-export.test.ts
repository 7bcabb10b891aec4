import { describe, expect, it } from 'vitest'
import { readDashboardExport } from '../../../../src/main/services/dashboard/dashboard-export'
import { buildPickList, filterContributions } from '../../../../src/shared/fulfillment'
import { dashboardExportCsv } from '../../../../src/simulator/dashboard-export'
import { generateDataset } from '../../../../src/simulator/data'
import { toModel } from '../../../helpers/model'

const dataset = generateDataset({ seed: 21, contributions: 400 })
const campaignId = dataset.campaigns[0]!.id
const apiRows = toModel(dataset.contributions.get(campaignId) ?? [])
const csv = dashboardExportCsv(apiRows)

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
})
