import { z } from 'zod'
import type { CatalogExportResult, CatalogImportResult, CatalogView } from './catalog-results'
import {
  catalogItemRemoveSchema,
  catalogItemSaveSchema,
  packagingRemoveSchema,
  packagingSaveSchema,
} from './catalog-schemas'
import { campaign } from './channel-args'
import { returns } from './returns'

// The SKU catalogue in the window (issue 29): the same catalogue `perkpack catalog` keeps in the
// offline cache, shared through the team store in team mode. Every change answers the view.
export const CATALOG_CHANNELS = {
  /** The catalogue, met with the team's copy in team mode, and the variants it lacks. */
  'catalog:view': { method: 'catalogView', args: campaign, result: returns<CatalogView>() },
  /** Adds or replaces one item row, read with the CSV's rule. */
  'catalog:saveItem': {
    method: 'saveCatalogItem',
    args: z.tuple([catalogItemSaveSchema]),
    result: returns<CatalogView>(),
  },
  'catalog:removeItem': {
    method: 'removeCatalogItem',
    args: z.tuple([catalogItemRemoveSchema]),
    result: returns<CatalogView>(),
  },
  /** Adds or replaces one packaging preset. */
  'catalog:savePackaging': {
    method: 'savePackaging',
    args: z.tuple([packagingSaveSchema]),
    result: returns<CatalogView>(),
  },
  'catalog:removePackaging': {
    method: 'removePackaging',
    args: z.tuple([packagingRemoveSchema]),
    result: returns<CatalogView>(),
  },
  /** Reads a catalogue CSV chosen in an open dialog into the catalogue; null: cancelled. */
  'catalog:import': {
    method: 'importCatalog',
    args: campaign,
    result: returns<CatalogImportResult | null>(),
  },
  /** Writes the catalogue as CSV where a save dialog says; null: cancelled. */
  'catalog:export': {
    method: 'exportCatalog',
    args: campaign,
    result: returns<CatalogExportResult | null>(),
  },
} as const
