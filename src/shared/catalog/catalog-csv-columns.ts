import { headerKey } from '../csv/csv-text'
import { UNIT_NAMES } from './catalog-units'

// The catalogue file's columns: the names PerkPack writes, and the spellings it reads.

export const CATALOG_CSV_COLUMNS = [
  'kind',
  'sku',
  'variant',
  'name',
  'weight_g',
  'length_cm',
  'width_cm',
  'height_cm',
  'own_box',
  'hs_code',
  'origin_country',
  'customs_description',
  'customs_value',
  'customs_currency',
  'max_weight_g',
  'perk_ids',
] as const

export type CatalogColumn = (typeof CATALOG_CSV_COLUMNS)[number]

/** What a header may say for each column, its unit left out (headerKey form). */
const ALIASES: Readonly<Record<CatalogColumn, readonly string[]>> = {
  kind: ['kind', 'type', 'row type'],
  sku: ['sku', 'sku code', 'code', 'item sku'],
  variant: ['variant', 'options', 'choices', 'item options'],
  name: ['name', 'box', 'box name', 'packaging', 'packaging name'],
  weight_g: ['weight', 'unit weight', 'item weight', 'box weight'],
  length_cm: ['length', 'l'],
  width_cm: ['width', 'w'],
  height_cm: ['height', 'h', 'depth'],
  own_box: ['own box', 'ships in own box', 'ships in its own box', 'ships alone'],
  hs_code: [
    'hs code',
    'hs',
    'hs tariff code',
    'tariff code',
    'harmonized code',
    'harmonized tariff code',
    'hts code',
  ],
  origin_country: ['origin country', 'country of origin', 'origin', 'made in', 'coo'],
  customs_description: ['customs description', 'description', 'content description', 'contents'],
  customs_value: ['customs value', 'value', 'declared value', 'unit value'],
  customs_currency: ['customs currency', 'currency', 'value currency'],
  max_weight_g: ['max weight', 'maximum weight', 'weight limit', 'max contents weight'],
  perk_ids: ['perk ids', 'perks', 'perk id', 'for perks'],
}

const DEFAULT_UNIT: Partial<Record<CatalogColumn, string>> = {
  weight_g: 'g',
  length_cm: 'cm',
  width_cm: 'cm',
  height_cm: 'cm',
  max_weight_g: 'g',
}

const UNITS = new Set([...UNIT_NAMES.weight, ...UNIT_NAMES.length])

export interface ColumnMatch {
  column: CatalogColumn
  /** The unit the header names ("weight (oz)"), else the column's own. */
  unit: string
}

/** The column a header names, or null: unknown columns are left alone. */
export function matchColumn(header: string): ColumnMatch | null {
  const words = headerKey(header).split(' ')
  const last = words[words.length - 1]!
  const named = words.length > 1 && UNITS.has(last) ? last : null
  const base = named ? words.slice(0, -1).join(' ') : words.join(' ')
  for (const column of CATALOG_CSV_COLUMNS) {
    if (!ALIASES[column].includes(base) && headerKey(column) !== headerKey(header)) continue
    return { column, unit: named ?? DEFAULT_UNIT[column] ?? '' }
  }
  return null
}
