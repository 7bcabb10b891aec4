import type { CsvRecord } from '../csv/csv-text'
import type { Choice } from '../fulfillment/variant'
import type { StockEntry } from './wave-types'

/** A line of a stock file left out (or kept but worth a look), and why. */
export interface StockFileProblem {
  line: number
  problem: string
}

/** A stock level as read, with its line in the file (null: typed, not from a file). */
export interface StockLine {
  line: number | null
  entry: StockEntry
}

/**
 * "Size: M, Colour: Black", as the pick list writes a variant's choices; a part without a name
 * ("Black") is a value alone. Empty: a SKU without choices.
 */
export function choicesFromText(text: string): Choice[] {
  const choices: Choice[] = []
  for (const part of text.split(',')) {
    const piece = part.trim()
    if (piece === '') continue
    const colon = piece.indexOf(':')
    choices.push(
      colon === -1
        ? { name: '', value: piece }
        : { name: piece.slice(0, colon).trim(), value: piece.slice(colon + 1).trim() },
    )
  }
  return choices
}

function normalised(name: string): string {
  return name.toLowerCase().replace(/[^a-z]/g, '')
}

const SKU_NAMES = ['sku', 'skucode', 'sku_code']
const QUANTITY_NAMES = ['quantity', 'qty', 'onhand', 'stock']

/**
 * Stock levels from a CSV: a header naming `sku`, `choices` (optional) and `quantity` (any case,
 * any order; `SKU code` and `Quantity` as the pick list's file names them). A row without a SKU
 * or with a quantity that is not a whole number of 0 or more is left out and named by line; the
 * good rows still count. The lines are matched to the campaign's variants by `fitStockToVariants`.
 */
export function readStockRecords(
  records: readonly CsvRecord[],
): { lines: StockLine[]; problems: StockFileProblem[] } | { missing: string[] } {
  const header = (records[0]?.fields ?? []).map((field) => normalised(field.value))
  const sku = header.findIndex((name) => SKU_NAMES.map(normalised).includes(name))
  const choices = header.indexOf('choices')
  const quantity = header.findIndex((name) => QUANTITY_NAMES.includes(name))
  const missing = [sku === -1 ? 'sku' : null, quantity === -1 ? 'quantity' : null].filter(
    (name): name is string => name !== null,
  )
  if (missing.length > 0) return { missing }
  const lines: StockLine[] = []
  const problems: StockFileProblem[] = []
  for (const record of records.slice(1)) {
    const cell = (i: number) => (i === -1 ? '' : (record.fields[i]?.value ?? '').trim())
    if (record.fields.every((field) => field.value.trim() === '')) continue
    const code = cell(sku)
    const amount = cell(quantity).replace(/[\s,]/g, '')
    if (code === '') problems.push({ line: record.line, problem: 'no SKU' })
    else if (!/^\d+$/.test(amount))
      problems.push({
        line: record.line,
        problem: `quantity "${cell(quantity)}" is no whole number`,
      })
    else
      lines.push({
        line: record.line,
        entry: { skuCode: code, choices: choicesFromText(cell(choices)), quantity: Number(amount) },
      })
  }
  return { lines, problems }
}

/**
 * A file none of whose lines gave a level is refused as a whole (nothing changed), in one
 * sentence for the window and the CLI; null when some line did.
 */
export function noStockLevelProblem(
  fileName: string,
  levels: number,
  problems: readonly StockFileProblem[],
): string | null {
  const first = problems[0]
  if (levels > 0 || first === undefined) return null
  const count = problems.length === 1 ? '1 line' : `${problems.length} lines`
  return `No line of ${fileName} gave a stock level (${count} left out, such as line ${first.line}: ${first.problem}). Mend those lines and import the file again.`
}
