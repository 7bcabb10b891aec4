import fs from 'node:fs'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { parse } from 'csv-parse/sync'
import { afterEach, describe, expect, it } from 'vitest'
import { openCache } from '../../src/main/core/cache'
import { CampaignNames } from '../../src/main/core/session/campaign-names'
import { cacheProfile, saveSettings } from '../../src/main/core/session/profile'
import type { Catalog } from '../../src/shared/catalog'
import { cleanEnv, TEST_CACHE_KEY } from '../helpers/cli'
import { perkpackHere } from '../helpers/cli-in-process'
import { cleanup, tempDir } from '../helpers/harness'
import { asReceived } from '../helpers/model'
import { CUSTOMS_CATALOG, customsOrders } from '../main/core/print/customs-fixtures'

afterEach(cleanup)

const BASE_URL = 'http://127.0.0.1:9'
const CAMPAIGN = 7002

/** The customs fixtures (customs-fixtures.ts) synced, with `catalog` saved for the campaign. */
function prepare(catalog: Catalog = CUSTOMS_CATALOG): string {
  const dataDir = tempDir('perkpack-customs-cli-')
  const rows = customsOrders()
  const cache = openCache({ dataDir, profile: cacheProfile(BASE_URL), key: TEST_CACHE_KEY })
  try {
    const writer = cache.beginSnapshot(CAMPAIGN)
    writer.add(asReceived(rows))
    writer.commit({ expectedCount: rows.length, privileged: true })
    cache.catalog().save(CAMPAIGN, catalog)
  } finally {
    cache.close()
  }
  return dataDir
}

const perkpack = (dataDir: string, args: string[]) =>
  perkpackHere(args, cleanEnv({ PERKPACK_DATA_DIR: dataDir, PERKPACK_BASE_URL: BASE_URL }))
const pdfText = (file: string) =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })

describe('perkpack customs', () => {
  it('writes the CN23 of the orders that need one and counts the CN22s left on labels', async () => {
    const dataDir = prepare()
    const out = path.join(dataDir, 'customs.pdf')
    const result = await perkpack(dataDir, [
      'customs',
      String(CAMPAIGN),
      '--out',
      out,
      '--paper',
      'a4',
    ])
    expect(result.stderr).not.toContain('Error')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      'customs.pdf (2 CN23 declarations, 2 pages; 2 orders abroad with a CN22 on the label)',
    )
    const text = pdfText(out)
    expect(text).toContain('Order #3')
    expect(text).toContain('Order #4')
    expect(text).not.toContain('Order #1')
  })

  it('reads the sender country from Settings: from Germany, the order to Berlin needs none', async () => {
    const dataDir = prepare()
    saveSettings(dataDir, { senderCountry: 'DE' })
    const out = path.join(dataDir, 'customs.pdf')
    const result = await perkpack(dataDir, ['customs', String(CAMPAIGN), '--out', out])
    expect(result.code).toBe(0)
    const text = pdfText(out)
    expect(text).not.toContain('Order #3')
    expect(text).toContain('Order #4')
    // From Germany the US order is abroad too, with a CN22 on its label.
    expect(result.stdout).toContain('1 CN23 declaration, 1 page; 3 orders abroad')
  })

  it('labels --cn22 puts the declarations on 4x6 labels and refuses a sheet layout', async () => {
    const dataDir = prepare()
    const out = path.join(dataDir, 'labels.pdf')
    const result = await perkpack(dataDir, ['labels', String(CAMPAIGN), '--out', out, '--layout', '4x6', '--cn22', '--sort', 'sequence']) // prettier-ignore
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      `Customs: 2 labels with a CN22; 2 labels say "See CN23": print them with perkpack customs ${CAMPAIGN} --out FILE.pdf.`,
    )
    const pages = pdfText(out).split('\f')
    expect(pages[0]).toContain('CN 22')
    expect(pages[2]).toContain('See CN23 customs declaration attached')
    expect(pages[4]).not.toContain('CUSTOMS DECLARATION')

    const sheet = await perkpack(dataDir, ['labels', String(CAMPAIGN), '--out', path.join(dataDir, 's.pdf'), '--cn22']) // prettier-ignore
    expect(sheet.code).toBe(2)
    expect(sheet.stderr).toContain('--cn22 prints the customs declaration on 4x6 labels only: add --layout 4x6.') // prettier-ignore
  })
})

describe("customs values on the command line: the app's currency", () => {
  it("export-csv values pledge-priced items in the campaign's currency, not USD", async () => {
    // The tee without its own value: declared at the perk's 49 over the order's units.
    const catalog: Catalog = {
      ...CUSTOMS_CATALOG,
      items: CUSTOMS_CATALOG.items.map(
        ({ customsValue: _v, customsCurrency: _c, ...item }) => item,
      ),
    }
    const dataDir = prepare(catalog)
    new CampaignNames(dataDir, () => cacheProfile(BASE_URL)).noteTitles([
      { campaignId: CAMPAIGN, title: 'Tidepool', currency: { iso_code: 'EUR', symbol: '€' } },
    ])
    const out = path.join(dataDir, 'orders.csv')
    const result = await perkpack(dataDir, ['export-csv', String(CAMPAIGN), '--out', out])
    expect(result.code).toBe(0)
    const records = parse(fs.readFileSync(out), { bom: true, columns: true }) as Record<string, string>[] // prettier-ignore
    const currencies = new Set(records.map((r) => r.product_customs_currency))
    expect(currencies).toEqual(new Set(['EUR']))
  })
})
