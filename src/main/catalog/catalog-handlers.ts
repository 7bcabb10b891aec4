import { defineHandlers } from '../ipc/define-handlers'
import type { CatalogDesk } from './catalog-desk'

/** The SKU catalogue: offline in the cache, met with the team's copy in team mode. */
export function catalogHandlers(catalog: CatalogDesk) {
  return defineHandlers({
    'catalog:view': ({ campaignId }) => catalog.view(campaignId),
    'catalog:saveItem': (request) => catalog.saveItem(request),
    'catalog:removeItem': (request) => catalog.removeItem(request),
    'catalog:savePackaging': (request) => catalog.savePackaging(request),
    'catalog:removePackaging': (request) => catalog.removePackaging(request),
    'catalog:import': ({ campaignId }) => catalog.importFile(campaignId),
    'catalog:export': ({ campaignId }) => catalog.exportFile(campaignId),
  })
}
