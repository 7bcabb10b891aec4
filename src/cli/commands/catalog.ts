import fs from 'node:fs'
import path from 'node:path'
import { UsageError } from '../../main/core/system/perkpack-errors'
import {
  catalogProblemText,
  mergeCatalog,
  readCatalogCsv,
  writeCatalogCsv,
} from '../../shared/catalog'
import type { Catalog } from '../../shared/catalog'
import { plural } from '../../shared/export/check-text'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { EXIT_FAILURE } from '../exit-codes'
import { readInputFile } from '../input-file'
import { meetDeskCatalog, saveDeskCatalog } from '../../main/core/catalog/team-catalog-sync'
import { deskName, withTeam } from '../team-option'
import { printJson, table } from '../io'
import { checkedOut, exportName, outFile } from '../out-path'
import type { OutPathRule } from '../out-path'

const USAGE =
  'catalog import <campaign-id> FILE.csv | export <campaign-id> --out FILE.csv | list <campaign-id> [--json]'

const OUT_PATH: OutPathRule = {
  placeholder: 'FILE.csv',
  what: 'the catalogue CSV',
  usage: USAGE,
  example: 'catalog.csv',
}

async function importFile(input: CommandInput, campaignId: number): Promise<number> {
  const { context, args } = input
  const file = readInputFile(args[1], `catalog import <campaign-id> FILE.csv`)
  const read = readCatalogCsv(file.bytes.toString('utf8'))
  const store = context.cache().catalog()
  if (read.items.length + read.packaging.length > 0) {
    // In team mode the import meets the team's copy first: it adds to what the team holds.
    const { values } = input
    const shared = await withTeam(context, values, deskName(context, values), async (team) => {
      const base = (await meetDeskCatalog(team, store, campaignId)).catalog
      return {
        team,
        saved: await saveDeskCatalog(team, store, campaignId, mergeCatalog(base, read)),
      }
    })
    if (shared.team !== null && !shared.saved.reached)
      context.warn(
        'The team store cannot be reached: the catalogue is saved on this desk and goes to the team at the next meeting.',
      )
  }
  for (const problem of read.problems)
    context.io.stderr.write(`${file.name}, ${catalogProblemText(problem)}\n`)
  context.io.stdout.write(
    `Imported ${plural(read.items.length, 'item row')} and ${plural(read.packaging.length, 'box', 'boxes')} from ${file.given}.\n`,
  )
  if (read.problems.length === 0) return 0
  context.io.stderr.write(
    `${plural(read.problems.length, 'line')} left out: fix ${read.problems.length === 1 ? 'it' : 'them'} in the file and run \`perkpack catalog import\` again (the rows read now stay).\n`,
  )
  return EXIT_FAILURE
}

async function exportFile(input: CommandInput, campaignId: number): Promise<number> {
  const { context, values } = input
  const out = checkedOut(values.out, OUT_PATH)
  const title = context.cache().campaign(campaignId)?.title
  const target = await outFile(
    context,
    values,
    out,
    exportName({ campaignId, title }, 'catalog', 'csv'),
  )
  const catalog = context.cache().catalog().load(campaignId).catalog
  // Beside the target, then renamed over it: a failed write leaves the old file whole.
  const temp = path.join(path.dirname(target.path), `.${path.basename(target.path)}.partial`)
  fs.writeFileSync(temp, writeCatalogCsv(catalog), { mode: 0o600 })
  fs.renameSync(temp, target.path)
  context.io.stdout.write(
    `Wrote ${target.shown} (${plural(catalog.items.length, 'item row')}, ${plural(catalog.packaging.length, 'box', 'boxes')}).\n`,
  )
  return 0
}

function sizeText(f: { lengthCm?: number; widthCm?: number; heightCm?: number }): string {
  return f.lengthCm && f.widthCm && f.heightCm ? `${f.lengthCm}x${f.widthCm}x${f.heightCm} cm` : ''
}

function list(input: CommandInput, catalog: Catalog): number {
  const { context, values } = input
  if (values.json) {
    printJson(context.io, catalog)
    return 0
  }
  const out = context.io.stdout
  if (catalog.items.length === 0 && catalog.packaging.length === 0) {
    out.write(
      'The catalogue is empty: add rows with `perkpack catalog import <campaign-id> FILE.csv`.\n',
    )
    return 0
  }
  const rows = catalog.items.map((item) => [
    item.sku,
    item.variant ?? '(all)',
    item.weightG === undefined ? '' : `${item.weightG} g`,
    sizeText(item),
    item.hsCode ?? '',
    item.originCountry ?? '',
    item.customsDescription ?? '',
    item.customsValue === undefined
      ? ''
      : `${item.customsValue} ${item.customsCurrency ?? ''}`.trim(),
    item.ownBox ? 'yes' : '',
  ])
  out.write(
    table(
      ['SKU', 'Variant', 'Weight', 'Size', 'HS code', 'Origin', 'Description', 'Value', 'Own box'],
      rows,
    ),
  )
  if (catalog.packaging.length > 0) {
    out.write('\n')
    out.write(
      table(
        ['Box', 'Weight', 'Size', 'Max contents', 'Perks'],
        catalog.packaging.map((box) => [
          box.name,
          `${box.weightG} g`,
          sizeText(box),
          box.maxWeightG === undefined ? '' : `${box.maxWeightG} g`,
          box.perkIds.join(', '),
        ]),
      ),
    )
  }
  return 0
}

export const catalogCommand: Command = {
  usage: USAGE,
  summary: 'The SKU catalogue: weights, sizes, customs data and boxes, from or to a CSV file',
  details: `import reads a CSV (any delimiter; units in the header or after a number: g, kg, oz,
lb, cm, mm, in) into the campaign's catalogue: its rows replace those of the same SKU and
variant, or the box of the same name; a line that cannot be read is named on stderr and left
out (exit 1), the others are kept. With a team store (--team-url, PERKPACK_TEAM_URL or the
app's Settings) the import meets the team's catalogue and saves through it. export writes the catalogue as CSV (--out a file or a
folder). list prints it (--json for scripts). Columns: docs/catalog.md`,
  options: ['out', 'force', 'json', 'team-url', 'station'],
  async run(input) {
    const action = input.args[0]
    const rest = { ...input, args: input.args.slice(1) }
    const campaignId = campaignArg(rest.args, USAGE)
    if (action === 'import') return importFile(rest, campaignId)
    if (action === 'export') return exportFile(rest, campaignId)
    if (action === 'list')
      return list(rest, rest.context.cache().catalog().load(campaignId).catalog)
    throw new UsageError(
      `Unknown catalog action "${action ?? ''}": use import, export or list. Usage: perkpack ${USAGE}`,
    )
  },
}
