import { z } from 'zod'
import {
  addressChangeChoiceSchema,
  addressCorrectionRequestSchema,
  dashboardFillRequestSchema,
  floorNoteRequestSchema,
  holdRequestSchema,
  orderOfCampaignSchema,
  progressRequestSchema,
  reshipPdfRequestSchema,
  reshipRequestSchema,
  reshipTrackingRequestSchema,
  saveSessionRequestSchema,
  scanRequestSchema,
  packRequestSchema,
  stationOrderRequestSchema,
  trackingImportRequestSchema,
  trackingPreviewRequestSchema,
  trackingRequestSchema,
} from './floor-schemas'
import type { StationSession } from './floor-schemas'
import type { OrderDetail } from './orders-results'
import type {
  DashboardFillReport,
  FloorProgress,
  OrderFloorState,
  StationPackResult,
  StationScan,
  StationTrackingResult,
  TrackingImportResult,
  TrackingPreviewView,
} from './results'
import { returns } from './returns'
import { campaign } from './channel-args'

export const FLOOR_CHANNELS = {
  /** The note of an order on the packing floor (blank clears it); the order's record now. */
  'floor:setNote': {
    method: 'setFloorNote',
    args: z.tuple([floorNoteRequestSchema]),
    result: returns<OrderFloorState | null>(),
  },
  /** The floor per perk and SKU variant: to ship, printed, packed, shipped (offline). */
  'floor:progress': {
    method: 'floorProgress',
    args: z.tuple([progressRequestSchema]),
    result: returns<FloorProgress>(),
  },
  /** Reads a shipper's tracking export and says what importing it would do; writes nothing. */
  'floor:trackingPreview': {
    method: 'previewTracking',
    args: z.tuple([trackingPreviewRequestSchema]),
    result: returns<TrackingPreviewView>(),
  },
  /** Writes the tracking numbers of a preview made just before. */
  'floor:trackingImport': {
    method: 'importTracking',
    args: z.tuple([trackingImportRequestSchema]),
    result: returns<TrackingImportResult>(),
  },
  /** Fills the dashboard's contributions CSV, asks where to save the copy; null if cancelled. */
  'floor:fillDashboard': {
    method: 'fillDashboard',
    args: z.tuple([dashboardFillRequestSchema]),
    result: returns<DashboardFillReport | null>(),
  },
  // The pack station (issue 12): orders looked up in the rows main holds, packed through the
  // floor's store, the station's work in progress kept in the offline cache.
  /** The order a scanned or typed code names (slip barcode, `#12`), with its warnings. */
  'floor:scanOrder': {
    method: 'scanOrder',
    args: z.tuple([scanRequestSchema]),
    result: returns<StationScan>(),
  },
  /** Packs at this station (Settings: station name) unless a station packed it first. */
  'floor:pack': {
    method: 'packOrder',
    args: z.tuple([packRequestSchema]),
    result: returns<StationPackResult>(),
  },
  /** Undo of a pack: true when it was packed. */
  'floor:unpack': {
    method: 'unpackOrder',
    args: z.tuple([stationOrderRequestSchema]),
    result: returns<boolean>(),
  },
  'floor:addTracking': {
    method: 'addTracking',
    args: z.tuple([trackingRequestSchema]),
    result: returns<StationTrackingResult>(),
  },
  'floor:stationSession': {
    method: 'stationSession',
    args: campaign,
    result: returns<StationSession | null>(),
  },
  'floor:saveStationSession': {
    method: 'saveStationSession',
    args: z.tuple([saveSessionRequestSchema]),
    result: returns<boolean>(),
  },
  // Holds and address corrections (issue 28), from the order's drawer: kept in the floor's
  // record beside the synced rows; each answers the order's detail as it now ships.
  /** Holds the order (a stop order everywhere) with a reason; the first hold stands. */
  'floor:hold': {
    method: 'holdOrder',
    args: z.tuple([holdRequestSchema]),
    result: returns<OrderDetail>(),
  },
  'floor:release': {
    method: 'releaseOrder',
    args: z.tuple([orderOfCampaignSchema]),
    result: returns<OrderDetail>(),
  },
  /** Ships the order to this address instead of the synced one, with the reason. */
  'floor:correctAddress': {
    method: 'correctAddress',
    args: z.tuple([addressCorrectionRequestSchema]),
    result: returns<OrderDetail>(),
  },
  /** Drops the order's correction: the platform's address ships again. */
  'floor:dropCorrection': {
    method: 'dropCorrection',
    args: z.tuple([orderOfCampaignSchema]),
    result: returns<OrderDetail>(),
  },
  /** After the platform changed a corrected address: keep the correction or take the platform's. */
  'floor:resolveAddressChange': {
    method: 'resolveAddressChange',
    args: z.tuple([addressChangeChoiceSchema]),
    result: returns<OrderDetail>(),
  },
  // Reships (issue 28): a second parcel for an order, its label, slip and tracking numbers.
  /** Makes a reship of some of the order's items (its units leave the stock); the order now. */
  'floor:reship': {
    method: 'reshipOrder',
    args: z.tuple([reshipRequestSchema]),
    result: returns<OrderDetail>(),
  },
  /** Adds a tracking number to a reship's parcel; the order now. */
  'floor:reshipTracking': {
    method: 'addReshipTracking',
    args: z.tuple([reshipTrackingRequestSchema]),
    result: returns<OrderDetail>(),
  },
  /** Asks where to save, then writes the reship's label or slip as PDF; null if cancelled. */
  'floor:reshipPdf': {
    method: 'saveReshipPdf',
    args: z.tuple([reshipPdfRequestSchema]),
    result: returns<{ path: string } | null>(),
  },
} as const
