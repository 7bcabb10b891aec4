import { readCsvRecords } from '../../main/core/floor/csv-bytes'
import { UsageError } from '../../main/core/system/perkpack-errors'
import { plural } from '../../shared/export/check-text'
import { describeChoices, skuCodeOfKey } from '../../shared/fulfillment/variant'
import type { Choice } from '../../shared/fulfillment/variant'
import { buildPickList } from '../../shared/fulfillment/pick-list'
import { noStockLevelProblem, readStockRecords } from '../../shared/waves/stock-file'
import { fitStockToVariants, stockVariantText } from '../../shared/waves/stock-variants'
import type { ShippedVariant } from '../../shared/waves/stock-variants'
import type { StockEntry } from '../../shared/waves/wave-types'
import { campaignArg } from '../arguments'
import type { Command, CommandInput } from '../command'
import { stationName } from '../floor-orders'
import { readInputFile } from '../input-file'

const SET_USAGE = 'stock set <campaign-id> <SKU[|Name=Value...]> <quantity> [--station NAME]'
const IMPORT_USAGE = 'stock import <campaign-id> FILE.csv [--station NAME]'
const LIST_USAGE = 'stock list <campaign-id> [--json]'

/** `TEE|Size=M|Colour=Black`, the pick list's variant key, as a SKU code and its choices. */
function variantArg(raw: string | undefined): { skuCode: string; choices: Choice[] } {
  if (!raw || raw.trim() === '')
    throw new UsageError(`Missing the SKU. Usage: perkpack ${SET_USAGE}`)
  const [code, ...parts] = raw.split('|')
  const unescape = (text: string) =>
    text.replace(/%(25|7C|3D)/gi, (_, hex: string) => decodeURIComponent(`%${hex}`))
  const choices = parts.map((part) => {
    const eq = part.indexOf('=')
    if (eq === -1)
      throw new UsageError(
        `"${part}" in "${raw}" is no choice: write it as Name=Value, e.g. TEE|Size=M.`,
      )
    return { name: unescape(part.slice(0, eq)), value: unescape(part.slice(eq + 1)) }
  })
  return { skuCode: unescape(code ?? '').trim(), choices }
}

/** Every variant the campaign's orders hold (any status), for matching stock to them. */
function shippedVariants(context: CommandInput['context'], campaignId: number): ShippedVariant[] {
  return buildPickList(context.cache().contributions(campaignId)).map((row) => ({
    skuCode: row.sku_code,
    choices: row.choices,
  }))
}

function quantityArg(raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw.trim()))
    throw new UsageError(
      `The quantity must be a whole number of 0 or more (got "${raw ?? ''}"). Usage: perkpack ${SET_USAGE}`,
    )
  return Number(raw)
}

function setStock({ context, args, values }: CommandInput): number {
  const campaignId = campaignArg(args, SET_USAGE)
  const quantity = quantityArg(args[2])
  const fitted = fitStockToVariants(
    [{ line: null, entry: { ...variantArg(args[1]), quantity } }],
    shippedVariants(context, campaignId),
  )
  const entry = fitted.entries[0] as StockEntry
  const by = stationName(values.station, context.target.dataDir)
  context.cache().floorPlan().stock.set(campaignId, [entry], 'set', by)
  const out = [`Stock of ${stockVariantText(entry.skuCode, entry.choices)}: ${quantity}`]
  for (const notice of fitted.unshipped) out.push(`Kept, but ${notice.problem}.`)
  context.io.stdout.write(`${out.join('\n')}\n`)
  return 0
}

function importStock({ context, args, values }: CommandInput): number {
  const campaignId = campaignArg(args, IMPORT_USAGE)
  const file = readInputFile(args[1], IMPORT_USAGE)
  const fix = 'Close the quote in that line, or save the file again from the spreadsheet.'
  const read = readStockRecords(readCsvRecords(file.bytes, file.name, fix).records)
  if ('missing' in read)
    throw new UsageError(
      `${file.given} has no ${read.missing.join(' or ')} column: give a CSV with the header sku,choices,quantity.`,
    )
  const by = stationName(values.station, context.target.dataDir)
  const fitted = fitStockToVariants(read.lines, shippedVariants(context, campaignId))
  const problems = [...read.problems, ...fitted.problems].sort((a, b) => a.line - b.line)
  const refused = noStockLevelProblem(file.name, fitted.entries.length, problems)
  if (refused !== null) throw new UsageError(refused)
  const changed = context.cache().floorPlan().stock.set(campaignId, fitted.entries, 'import', by)
  const out = [
    `Read ${plural(fitted.entries.length, 'stock level')} from ${file.name}: ${changed} changed.`,
  ]
  for (const problem of problems) out.push(`  line ${problem.line} left out: ${problem.problem}`)
  for (const notice of fitted.unshipped)
    out.push(`  line ${notice.line} kept, but ${notice.problem}`)
  context.io.stdout.write(`${out.join('\n')}\n`)
  return 0
}

function listStock({ context, args, values }: CommandInput): number {
  const campaignId = campaignArg(args, LIST_USAGE)
  const levels = context.cache().floorPlan().stock.levels(campaignId)
  if (values.json) {
    const json = levels.map((level) => ({
      variant_key: level.variantKey,
      sku_code: level.skuCode,
      choices: level.choices,
      quantity: level.quantity,
      updated_at: level.updatedAt,
    }))
    context.io.stdout.write(`${JSON.stringify(json, null, 2)}\n`)
    return 0
  }
  if (levels.length === 0) {
    context.io.stdout.write(
      `No stock recorded for campaign ${campaignId}: perkpack ${IMPORT_USAGE}\n`,
    )
    return 0
  }
  for (const level of levels) {
    const choices = describeChoices(level.choices)
    context.io.stdout.write(
      `${String(level.quantity).padStart(7)}  ${skuCodeOfKey(level.variantKey)}${choices ? `  ${choices}` : ''}\n`,
    )
  }
  return 0
}

export const stockCommand: Command = {
  usage: `${SET_USAGE}\n       perkpack ${IMPORT_USAGE}\n       perkpack ${LIST_USAGE}`,
  summary: 'Stock on hand per SKU variant: typed, imported from a CSV, listed.',
  details: `set       sets one variant's level: the SKU code, and its choices as the pick list's
          variant key writes them (TEE|Size=M|Colour=Black). Every change is kept.
import    reads a CSV with the header sku,choices,quantity (choices as the pick list
          writes them: "Size: M, Colour: Black"); a bad row is named and left out.
list      every level (--json: variant_key, sku_code, choices, quantity, updated_at).`,
  options: ['station', 'json'],
  async run(input) {
    const [sub, ...rest] = input.args
    const next = { ...input, args: rest }
    if (sub === 'set') return setStock(next)
    if (sub === 'import') return importStock(next)
    if (sub === 'list') return listStock(next)
    throw new UsageError(
      `${sub ? `Unknown "stock ${sub}".` : 'Missing what to do.'} Usage: perkpack ${SET_USAGE}, perkpack ${IMPORT_USAGE} or perkpack ${LIST_USAGE}`,
    )
  },
}
