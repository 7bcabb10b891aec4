import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../src/main/core/cache'
import { cacheProfile } from '../../src/main/core/session/profile'
import { cleanEnv, TEST_CACHE_KEY } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, tempDir } from '../helpers/harness'
import { asReceived } from '../helpers/model'
import { makeContributions } from '../main/fixtures/contributions'

afterEach(cleanup)

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7001

function prepareCache(): string {
  const dataDir = tempDir('perkpack-catalog-cli-')
  const rows = makeContributions(10, { campaignId: CAMPAIGN })
  const cache = openCache({ dataDir, profile: cacheProfile(BASE_URL), key: TEST_CACHE_KEY })
  try {
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(rows))
    writer.commit({ expectedCount: rows.length, privileged: true })
  } finally {
    cache.close()
  }
  return dataDir
}

const perkpack = (dataDir: string, args: string[]) =>
  perkpackHere(args, cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL }))

function csvFile(dataDir: string, text: string): string {
  const file = path.join(dataDir, 'in.csv')
  fs.writeFileSync(file, text)
  return file
}

describe('perkpack catalog', () => {
  it('imports a file, keeps the good rows of a bad one and names the bad line', async () => {
    const dataDir = prepareCache()
    const file = csvFile(
      dataDir,
      'sku;weight (oz);hs code;country of origin\nMUG-RED;12;6912.00;China\nSTICKER;heavy;4911;CN\n',
    )
    const result = await perkpack(dataDir, ['catalog', 'import', String(CAMPAIGN), file])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('Imported 1 item row and 0 boxes')
    expect(result.stderr).toContain('in.csv, Line 3: Weight "heavy" is not a weight')
    expect(result.stderr).toContain('perkpack catalog import')

    const listed = await perkpack(dataDir, ['catalog', 'list', String(CAMPAIGN), '--json'])
    expect(JSON.parse(listed.stdout)).toEqual({
      items: [
        { sku: 'MUG-RED', variant: null, weightG: 340.2, hsCode: '691200', originCountry: 'CN' },
      ],
      packaging: [],
      pledgeShare: 1,
    })
  })

  it('exports what it imported, and the shipper CSV carries the weights', async () => {
    const dataDir = prepareCache()
    const file = csvFile(
      dataDir,
      'kind,sku,name,weight_g,length_cm,width_cm,height_cm\nitem,MUG-RED,,350,12,9,10\nitem,MUG-BLUE,,350,12,9,10\nitem,SHIRT-M,,180,30,25,2\nitem,SHIRT-L,,200,30,25,2\nitem,STICKER,,5,8,8,0.1\nitem,BOOK-HC,,900,25,20,4\npackaging,Box L,,300,40,30,20\n',
    )
    expect((await perkpack(dataDir, ['catalog', 'import', String(CAMPAIGN), file])).code).toBe(0)
    const out = path.join(dataDir, 'catalog.csv')
    const exported = await perkpack(dataDir, ['catalog', 'export', String(CAMPAIGN), '--out', out])
    expect(exported.code).toBe(0)
    const records = parse(fs.readFileSync(out), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(records.map((r) => [r.kind, r.sku || r.name, r.weight_g])).toContainEqual([
      'packaging',
      'Box L',
      '300',
    ])

    const ship = path.join(dataDir, 'ship.csv')
    const csv = await perkpack(dataDir, ['export-csv', String(CAMPAIGN), '--out', ship])
    expect(csv.code).toBe(0)
    const rows = parse(fs.readFileSync(ship), { bom: true, columns: true }) as Record<
      string,
      string
    >[]
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => Number(r.parcel_weight_g) > 300)).toBe(true)
  })

  it('names the actions when given another', async () => {
    const result = await perkpack(prepareCache(), ['catalog', 'show', String(CAMPAIGN)])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('use import, export or list')
  })
})
