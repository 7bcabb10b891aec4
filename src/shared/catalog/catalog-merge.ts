import { catalogItemKey } from './catalog-index'
import type { Catalog, CatalogItem, PackagingPreset } from './catalog-model'

/**
 * The catalogue with an imported file's rows laid over it: a row of the file replaces the
 * catalogue's row of the same SKU and variant (or the box of the same name); the others stay.
 * An import adds to what the table holds rather than wiping what the file leaves out.
 */
export function mergeCatalog(
  base: Catalog,
  imported: { items: readonly CatalogItem[]; packaging: readonly PackagingPreset[] },
): Catalog {
  const items = new Map(base.items.map((item) => [catalogItemKey(item), item]))
  for (const item of imported.items) items.set(catalogItemKey(item), item)
  const packaging = new Map(base.packaging.map((box) => [box.name, box]))
  for (const box of imported.packaging) packaging.set(box.name, box)
  return { ...base, items: [...items.values()], packaging: [...packaging.values()] }
}
