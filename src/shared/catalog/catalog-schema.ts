import { z } from 'zod'
import { DEFAULT_PLEDGE_SHARE } from './catalog-model'
import type { Catalog, CatalogItem, PackagingPreset } from './catalog-model'
import { readHsCode } from './customs-rules'

// The catalogue as it crosses a boundary (the window's edits, the offline cache, the team
// store): checked here once. Bounds are generous; they keep nonsense (a 3-tonne T-shirt, a
// negative size) out of labels and customs forms.

const MAX_WEIGHT_G = 1_000_000
const MAX_SIDE_CM = 1_000

const weight = z.number().positive().max(MAX_WEIGHT_G)
const side = z.number().positive().max(MAX_SIDE_CM)

export const catalogItemSchema = z.strictObject({
  sku: z.string().trim().min(1).max(200),
  variant: z.string().max(1000).nullable(),
  weightG: weight.optional(),
  lengthCm: side.optional(),
  widthCm: side.optional(),
  heightCm: side.optional(),
  ownBox: z.boolean().optional(),
  hsCode: z
    .string()
    .refine((code) => 'code' in readHsCode(code) && /^\d+$/.test(code), 'Expected 6 to 10 digits')
    .optional(),
  originCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  customsDescription: z.string().trim().min(1).max(500).optional(),
  customsValue: z.number().min(0).max(1_000_000).optional(),
  customsCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
}) satisfies z.ZodType<CatalogItem>

export const packagingPresetSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  weightG: z.number().min(0).max(MAX_WEIGHT_G),
  lengthCm: side,
  widthCm: side,
  heightCm: side,
  maxWeightG: weight.optional(),
  perkIds: z.array(z.number().int().positive()).max(10_000),
}) satisfies z.ZodType<PackagingPreset>

export const catalogSchema = z.strictObject({
  items: z.array(catalogItemSchema).max(100_000),
  packaging: z.array(packagingPresetSchema).max(1_000),
  pledgeShare: z.number().min(0).max(1),
}) satisfies z.ZodType<Catalog>

/**
 * A catalogue kept earlier (offline cache, team store), read row by row: a row a later version
 * would refuse is left out rather than losing the rest.
 */
export function readStoredCatalog(value: unknown): Catalog {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >
  const rows = <T>(list: unknown, schema: z.ZodType<T>): T[] =>
    (Array.isArray(list) ? list : []).flatMap((row) => {
      const read = schema.safeParse(row)
      return read.success ? [read.data] : []
    })
  const share = z.number().min(0).max(1).safeParse(stored.pledgeShare)
  return {
    items: rows(stored.items, catalogItemSchema),
    packaging: rows(stored.packaging, packagingPresetSchema),
    pledgeShare: share.success ? share.data : DEFAULT_PLEDGE_SHARE,
  }
}
