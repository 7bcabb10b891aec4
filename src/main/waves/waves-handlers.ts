import { defineHandlers } from '../ipc/define-handlers'
import type { WavesDesk } from './waves-desk'

/** Stock on hand and waves: offline, from the floor's plan in the cache. */
export function wavesHandlers(waves: WavesDesk) {
  return defineHandlers({
    'waves:stock': ({ campaignId }) => waves.stock(campaignId),
    'waves:setStock': (request) => waves.setLevel(request),
    'waves:importStock': (request) => waves.importStock(request),
    'waves:stockHistory': ({ campaignId, variantKey }) => waves.history(campaignId, variantKey),
    'waves:plan': (request) => waves.propose(request),
    'waves:save': (request) => waves.save(request),
    'waves:list': ({ campaignId }) => waves.list(campaignId),
    'waves:close': (request) => waves.close(request),
    'waves:parcels': (request) => waves.parcels(request),
  })
}
