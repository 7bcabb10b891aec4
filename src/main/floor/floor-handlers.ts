import { defineHandlers } from '../ipc/define-handlers'
import type { FloorPlanDesk } from './floor-plan-desk'
import type { StationDesk } from './station-desk'
import type { TrackingDesk } from './tracking-desk'

/** The pack station, the floor's overview and its files: offline, from the cache and the floor's record. */
export function floorHandlers(station: StationDesk, tracking: TrackingDesk, plan: FloorPlanDesk) {
  return defineHandlers({
    'floor:scanOrder': ({ campaignId, code }) => station.scan(campaignId, code),
    'floor:pack': ({ campaignId, orderId, anyway }) =>
      station.pack(campaignId, orderId, anyway === true),
    'floor:unpack': ({ campaignId, orderId }) => station.unpack(campaignId, orderId),
    'floor:addTracking': (request) => station.addTracking(request),
    'floor:stationSession': ({ campaignId }) => station.session(campaignId),
    'floor:saveStationSession': ({ campaignId, session }) =>
      station.saveSession(campaignId, session),
    'floor:progress': ({ campaignId, wave }) => tracking.progress(campaignId, wave),
    'floor:setNote': ({ campaignId, orderId, note }) => tracking.setNote(campaignId, orderId, note),
    'floor:trackingPreview': (request) => tracking.preview(request),
    'floor:trackingImport': (request) => tracking.import(request),
    'floor:fillDashboard': (request) => tracking.fillDashboard(request),
    'floor:hold': (request) => plan.hold(request),
    'floor:release': (request) => plan.release(request),
    'floor:correctAddress': (request) => plan.correctAddress(request),
    'floor:dropCorrection': (request) => plan.dropCorrection(request),
    'floor:resolveAddressChange': (request) => plan.resolveAddressChange(request),
    'floor:reship': (request) => plan.reships.create(request),
    'floor:reshipTracking': (request) => plan.reships.addTracking(request),
    'floor:reshipPdf': (request) => plan.reships.savePdf(request),
  })
}
