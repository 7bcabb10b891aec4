import { z } from 'zod'
import { CATALOG_CSV_COLUMNS } from '../catalog/catalog-csv-columns'
import type { CatalogColumn } from '../catalog/catalog-csv-columns'
import { campaignIdSchema, text } from './field-schemas'

// The arguments of catalog:* (issue 29): rows of the SKU catalogue as a person typed them. Main
// reads them with the CSV reader's rule (shared/catalog readCatalogItemText), so a row the
// window sends is checked exactly as a row of an imported file is.

const HINT = 'Shorten what you typed in that field.'

/** One field per column of the catalogue file, as typed (units and all). */
export const catalogRowTextSchema = z.strictObject(
  Object.fromEntries(
    CATALOG_CSV_COLUMNS.map((column) => [column, text(column, 1000, HINT).optional()]),
  ) as Record<CatalogColumn, z.ZodOptional<ReturnType<typeof text>>>,
)

const itemKeySchema = z.strictObject({
  sku: text('SKU', 200, 'Pick the row in the catalogue again.'),
  variant: text('Variant', 1000, 'Pick the row in the catalogue again.').nullable(),
})
export type CatalogItemKey = z.infer<typeof itemKeySchema>

export const catalogItemSaveSchema = z.strictObject({
  campaignId: campaignIdSchema,
  /** The row edited (its SKU and variant before the edit); null: a new row. */
  replaces: itemKeySchema.nullable(),
  row: catalogRowTextSchema,
})
export type CatalogItemSave = z.input<typeof catalogItemSaveSchema>

export const catalogItemRemoveSchema = z.strictObject({
  campaignId: campaignIdSchema,
  item: itemKeySchema,
})
export type CatalogItemRemove = z.infer<typeof catalogItemRemoveSchema>

const presetName = text('Box name', 200, 'Pick the box in the list again.')

export const packagingSaveSchema = z.strictObject({
  campaignId: campaignIdSchema,
  /** The box edited (its name before the edit); null: a new box. */
  replaces: presetName.nullable(),
  row: catalogRowTextSchema,
})
export type PackagingSave = z.input<typeof packagingSaveSchema>

export const packagingRemoveSchema = z.strictObject({
  campaignId: campaignIdSchema,
  name: presetName,
})
export type PackagingRemove = z.infer<typeof packagingRemoveSchema>
