import { defineHandlers } from '../ipc/define-handlers'
import type { StationDesk } from './station-desk'

export function floorHandlers(station: StationDesk) {
  return defineHandlers({
    'floor:scanOrder': ({ campaignId, code }) => station.scan(campaignId, code),
    'floor:pack': ({ campaignId, orderId }) => station.pack(campaignId, orderId),
    'floor:unpack': ({ campaignId, orderId }) => station.unpack(campaignId, orderId),
    'floor:addTracking': (request) => station.addTracking(request),
    'floor:stationSession': ({ campaignId }) => station.session(campaignId),
    'floor:saveStationSession': ({ campaignId, session }) =>
      station.saveSession(campaignId, session),
  })
}
