import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeShipperCsv } from '../src/main/core/export/csv'
import type { CampaignContribution } from '../src/shared/api/schemas'
import type { Catalog, CatalogItem } from '../src/shared/catalog'
import type { ShipperCsvFormat } from '../src/shared/ipc'
import { generateDataset } from '../src/simulator/data'
import { toModel } from '../test/helpers/model'

// Issue 29's budget: the shipper CSV with weights, sizes and customs from the catalogue costs
// less than 1.2x the export without them, at 100,000 orders. Runs alternate (without, with) so
// both see the same machine load; the medians are compared.

const ORDERS = Number(process.env.PERKPACK_BENCH_CSV_ORDERS ?? 100_000)
const RUNS = 3
const BUDGET = 1.2

/** A catalogue row for every SKU of the dataset, every field filled. */
function catalogOf(rows: readonly CampaignContribution[]): Catalog {
  const skus = new Set<string>()
  for (const row of rows)
    for (const perk of row.order.perks) for (const item of perk.items) skus.add(item.sku.code)
  const items: CatalogItem[] = [...skus].map((sku, n) => ({
    sku, variant: null, weightG: 100 + n, lengthCm: 20, widthCm: 15, heightCm: 5,
    hsCode: '610910', originCountry: 'PT', customsDescription: `Item ${sku}`,
  })) // prettier-ignore
  return {
    items,
    pledgeShare: 1,
    packaging: [
      { name: 'Mailer', weightG: 40, lengthCm: 35, widthCm: 25, heightCm: 3, perkIds: [] },
      { name: 'Box L', weightG: 300, lengthCm: 60, widthCm: 40, heightCm: 40, perkIds: [] },
    ],
  }
}

const median = (values: number[]) =>
  values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function benchShipperCsv(): Promise<string> {
  const rows = toModel(
    [...generateDataset({ seed: 7, contributions: ORDERS }).contributions.values()].flat(),
  )
  const catalog = catalogOf(rows)
  const dir = mkdtempSync(join(tmpdir(), 'perkpack-bench-csv-'))
  const lines = [
    '## Shipper CSV: weights and customs from the catalogue',
    '',
    `${rows.length.toLocaleString('en-US')} orders, ${catalog.items.length} catalogue rows; median of ${RUNS} runs each, alternated. Budget: with the catalogue < ${BUDGET}x without.`,
    '',
    '| Format | Without (ms) | With catalogue (ms) | Ratio |',
    '| --- | --- | --- | --- |',
  ]
  try {
    for (const format of ['generic', 'shipstation', 'pirateship'] as ShipperCsvFormat[]) {
      const without: number[] = []
      const withCatalog: number[] = []
      for (let run = 0; run < RUNS; run++) {
        for (const [times, extra] of [
          [without, {}],
          [withCatalog, { catalog }],
        ] as const) {
          const started = performance.now()
          await writeShipperCsv({
            contributions: rows,
            format,
            out: join(dir, `${format}.csv`),
            ...extra,
          })
          times.push(performance.now() - started)
        }
      }
      const a = median(without)
      const b = median(withCatalog)
      lines.push(`| ${format} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(b / a).toFixed(2)}x |`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return lines.join('\n')
}
