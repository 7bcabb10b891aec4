import { defineHandlers } from '../ipc/define-handlers'
import type { TrackingDesk } from './tracking-desk'

/** The floor's overview and its files: offline, from the cache and the floor's record. */
export function trackingHandlers(desk: TrackingDesk) {
  return defineHandlers({
    'floor:progress': ({ campaignId }) => desk.progress(campaignId),
    'floor:setNote': ({ campaignId, orderId, note }) => desk.setNote(campaignId, orderId, note),
    'tracking:preview': (request) => desk.preview(request),
    'tracking:import': (request) => desk.import(request),
    'tracking:fillDashboard': (request) => desk.fillDashboard(request),
  })
}
