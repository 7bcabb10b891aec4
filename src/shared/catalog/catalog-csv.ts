import { CsvSyntaxError, detectDelimiter, parseCsv } from '../csv/csv-text'
import { neutralizeFormula } from '../export/formula'
import type { Catalog, CatalogItem, ItemFields, PackagingPreset } from './catalog-model'
import { catalogItemKey } from './catalog-index'
import { CATALOG_CSV_COLUMNS, matchColumn } from './catalog-csv-columns'
import type { CatalogColumn, ColumnMatch } from './catalog-csv-columns'
import { catalogItemSchema, packagingPresetSchema } from './catalog-schema'
import { readMeasure, readNumber, readYesNo } from './catalog-units'
import { canonicalVariant, readCurrency, readHsCode, readOriginCountry } from './customs-rules'

// The catalogue as a CSV file: written with PerkPack's own column names, read from whatever a
// spreadsheet made of it (other delimiters, other units, columns in any order, extra columns).
// A row with a problem is left out and named with its line; every other row is read.

export interface CatalogCsvProblem {
  line: number
  message: string
}

export interface CatalogCsvResult {
  items: CatalogItem[]
  packaging: PackagingPreset[]
  problems: CatalogCsvProblem[]
}

type Row = Map<CatalogColumn, { text: string; unit: string }>

class RowProblem extends Error {}

function text(row: Row, column: CatalogColumn): string {
  // A leading apostrophe is the formula guard PerkPack (or a spreadsheet) put there.
  return (row.get(column)?.text ?? '').trim().replace(/^'(?=[=+\-@＝＋－＠\s])/, '')
}

function measure(row: Row, column: CatalogColumn, kind: 'weight' | 'length', what: string) {
  const cell = row.get(column)
  const raw = text(row, column)
  if (!cell || raw === '') return undefined
  const value = readMeasure(raw, kind, cell.unit)
  if (value === null || value <= 0)
    throw new RowProblem(
      `${what} "${raw}" is not a ${kind} PerkPack reads: write a number above 0, with a unit if it is not ${cell.unit} (${kind === 'weight' ? '250 g, 0.5 kg, 9 oz, 1.2 lb' : '12 cm, 120 mm, 5 in'}).`,
    )
  return value
}

function checked(result: { code: string } | { problem: string }): string {
  if ('problem' in result) throw new RowProblem(result.problem)
  return result.code
}

function itemFields(row: Row): ItemFields {
  const fields: ItemFields = {}
  const put = <K extends keyof ItemFields>(key: K, value: ItemFields[K] | undefined) => {
    if (value !== undefined) fields[key] = value
  }
  put('weightG', measure(row, 'weight_g', 'weight', 'Weight'))
  put('lengthCm', measure(row, 'length_cm', 'length', 'Length'))
  put('widthCm', measure(row, 'width_cm', 'length', 'Width'))
  put('heightCm', measure(row, 'height_cm', 'length', 'Height'))
  const ownBox = text(row, 'own_box')
  if (ownBox !== '') {
    const yes = readYesNo(ownBox)
    if (yes === null)
      throw new RowProblem(`Own box "${ownBox}" is neither yes nor no: write yes or no.`)
    put('ownBox', yes)
  }
  const hs = text(row, 'hs_code')
  if (hs !== '') put('hsCode', checked(readHsCode(hs)))
  const origin = text(row, 'origin_country')
  if (origin !== '') put('originCountry', checked(readOriginCountry(origin)))
  const description = text(row, 'customs_description')
  if (description !== '') put('customsDescription', description)
  const value = text(row, 'customs_value')
  if (value !== '') {
    const number = readNumber(value.replace(/^[$€£¥]\s*/, ''))
    if (number === null)
      throw new RowProblem(
        `Customs value "${value}" is not a number: write the value of one unit, like 12.50.`,
      )
    put('customsValue', number)
  }
  const currency = text(row, 'customs_currency')
  if (currency !== '') put('customsCurrency', checked(readCurrency(currency)))
  return fields
}

const FIELD_NAMES: Readonly<Record<string, string>> = {
  sku: 'SKU', variant: 'Variant', name: 'Box name', weightG: 'Weight', maxWeightG: 'Max weight',
  lengthCm: 'Length', widthCm: 'Width', heightCm: 'Height', customsDescription: 'Customs description',
  customsValue: 'Customs value', perkIds: 'Perk ids',
} // prettier-ignore

/** The row as the catalogue keeps it: a value it would refuse (a 2-tonne pin) is named here. */
function inBounds<T>(value: T, schema: typeof catalogItemSchema | typeof packagingPresetSchema): T {
  const checked = schema.safeParse(value)
  if (checked.success) return value
  const issue = checked.error.issues[0]!
  const field = FIELD_NAMES[String(issue.path[0])] ?? String(issue.path[0])
  throw new RowProblem(
    `${field} is out of range (${issue.message.toLowerCase()}): check the number and its unit.`,
  )
}

function packagingRow(row: Row): PackagingPreset {
  const name = text(row, 'name') || text(row, 'sku')
  if (name === '')
    throw new RowProblem("A packaging row has no name: write the box's name in the name column.")
  const need = (value: number | undefined, what: string) => {
    if (value === undefined)
      throw new RowProblem(
        `Box "${name}" has no ${what}: packaging needs its weight and all three sides.`,
      )
    return value
  }
  const perkText = text(row, 'perk_ids')
  const perkIds =
    perkText === ''
      ? []
      : perkText
          .split(/[\s,;|]+/)
          .filter(Boolean)
          .map(Number)
  if (perkIds.some((id) => !Number.isInteger(id) || id <= 0))
    throw new RowProblem(`Perk ids "${perkText}" are not perk numbers: write them like 12; 15.`)
  const maxWeightG = measure(row, 'max_weight_g', 'weight', 'Max weight')
  return inBounds(
    {
      name,
      weightG: need(measure(row, 'weight_g', 'weight', 'Weight'), 'weight'),
      lengthCm: need(measure(row, 'length_cm', 'length', 'Length'), 'length'),
      widthCm: need(measure(row, 'width_cm', 'length', 'Width'), 'width'),
      heightCm: need(measure(row, 'height_cm', 'length', 'Height'), 'height'),
      ...(maxWeightG === undefined ? {} : { maxWeightG }),
      perkIds,
    },
    packagingPresetSchema,
  )
}

function itemRow(row: Row): CatalogItem {
  const sku = text(row, 'sku')
  if (sku === '')
    throw new RowProblem('This row has no SKU: write the SKU code as the platform lists it.')
  const variantText = text(row, 'variant')
  const variant = variantText === '' || variantText === '*' ? null : canonicalVariant(variantText)
  return inBounds({ sku, variant, ...itemFields(row) }, catalogItemSchema)
}

function kindOf(row: Row): 'item' | 'packaging' {
  const kind = text(row, 'kind').toLowerCase()
  if (['', 'item', 'sku', 'product'].includes(kind)) return 'item'
  if (['packaging', 'box', 'mailer', 'package'].includes(kind)) return 'packaging'
  throw new RowProblem(`Kind "${kind}" is neither item nor packaging: write item or packaging.`)
}

export function readCatalogCsv(input: string): CatalogCsvResult {
  const problems: CatalogCsvProblem[] = []
  const source = input.replace(/^\uFEFF/, '')
  let records
  try {
    records = parseCsv(source, detectDelimiter(source))
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    return { items: [], packaging: [], problems: [{ line: error.line, message: error.message }] }
  }
  const header = records[0]
  if (!header)
    return {
      items: [],
      packaging: [],
      problems: [
        { line: 1, message: 'The file is empty: export the catalogue once to see its columns.' },
      ],
    }
  const columns: (ColumnMatch | null)[] = header.fields.map((field) => matchColumn(field.value))
  if (
    !columns.some((match) => match?.column === 'sku') &&
    !columns.some((match) => match?.column === 'name')
  )
    return {
      items: [],
      packaging: [],
      problems: [
        {
          line: header.line,
          message:
            'No sku column in the first line: the first line names the columns (sku, weight_g, hs_code, …).',
        },
      ],
    }
  const items = new Map<string, { item: CatalogItem; line: number }>()
  const packaging = new Map<string, PackagingPreset>()
  for (const record of records.slice(1)) {
    const row: Row = new Map()
    record.fields.forEach((field, at) => {
      const match = columns[at]
      if (match && !row.has(match.column))
        row.set(match.column, { text: field.value, unit: match.unit })
    })
    if ([...row.values()].every((cell) => cell.text.trim() === '')) continue
    try {
      if (kindOf(row) === 'packaging') {
        const box = packagingRow(row)
        packaging.set(box.name, box)
        continue
      }
      const item = itemRow(row)
      const key = catalogItemKey(item)
      const earlier = items.get(key)
      if (earlier)
        problems.push({
          line: record.line,
          message: `SKU ${item.sku} ${item.variant === null ? '(all variants)' : `(${item.variant})`} is also on line ${earlier.line}: this line is used.`,
        })
      items.set(key, { item, line: record.line })
    } catch (error) {
      if (!(error instanceof RowProblem)) throw error
      problems.push({ line: record.line, message: error.message })
    }
  }
  return {
    items: [...items.values()].map((entry) => entry.item),
    packaging: [...packaging.values()],
    problems,
  }
}

/** A row as a person types it in the window: the CSV's column names, the text as typed. */
export type CatalogRowText = Partial<Record<CatalogColumn, string>>

function typed<T>(
  read: (row: Row) => T,
  texts: CatalogRowText,
): { value: T } | { problem: string } {
  const row: Row = new Map()
  for (const [column, value] of Object.entries(texts) as [CatalogColumn, string | undefined][])
    row.set(column, { text: value ?? '', unit: matchColumn(column)?.unit ?? '' })
  try {
    return { value: read(row) }
  } catch (error) {
    if (!(error instanceof RowProblem)) throw error
    return { problem: error.message }
  }
}

/**
 * An item row edited in the window, read by the rule that reads the CSV file (units after the
 * number, HS code and country checks, the same messages): one rule for both ways in.
 */
export function readCatalogItemText(
  texts: CatalogRowText,
): { value: CatalogItem } | { problem: string } {
  return typed(itemRow, texts)
}

/** A packaging preset edited in the window, read as the CSV reads a packaging row. */
export function readPackagingText(
  texts: CatalogRowText,
): { value: PackagingPreset } | { problem: string } {
  return typed(packagingRow, texts)
}

/** "Line 4: …", for the CLI and the window alike. */
export function catalogProblemText(problem: CatalogCsvProblem): string {
  return `Line ${problem.line}: ${problem.message}`
}

function cell(value: string | number | boolean | undefined | null): string {
  if (value === undefined || value === null) return '""'
  const out =
    typeof value === 'string'
      ? neutralizeFormula(value)
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : String(value)
  return `"${out.replace(/"/g, '""')}"`
}

/** The catalogue as PerkPack writes it: UTF-8 with BOM, CRLF, every field quoted. */
export function writeCatalogCsv(catalog: Pick<Catalog, 'items' | 'packaging'>): string {
  const lines = [CATALOG_CSV_COLUMNS.map((name) => cell(name)).join(',')]
  for (const item of catalog.items) {
    const values: Partial<Record<CatalogColumn, string | number | boolean | undefined>> = {
      kind: 'item', sku: item.sku, variant: item.variant ?? '', weight_g: item.weightG,
      length_cm: item.lengthCm, width_cm: item.widthCm, height_cm: item.heightCm, own_box: item.ownBox,
      hs_code: item.hsCode, origin_country: item.originCountry, customs_description: item.customsDescription,
      customs_value: item.customsValue, customs_currency: item.customsCurrency,
    } // prettier-ignore
    lines.push(CATALOG_CSV_COLUMNS.map((column) => cell(values[column])).join(','))
  }
  for (const box of catalog.packaging) {
    const values: Partial<Record<CatalogColumn, string | number | undefined>> = {
      kind: 'packaging', name: box.name, weight_g: box.weightG, length_cm: box.lengthCm,
      width_cm: box.widthCm, height_cm: box.heightCm, max_weight_g: box.maxWeightG,
      perk_ids: box.perkIds.join('; '),
    } // prettier-ignore
    lines.push(CATALOG_CSV_COLUMNS.map((column) => cell(values[column])).join(','))
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
