import type {
  AppSettings,
  ExportProgressEvent,
  OrdersFilter,
  SlipsProgress,
} from '../../shared/ipc'
import type { OrderFloorState } from '../../shared/floor/order-state'
import type { Catalog } from '../../shared/catalog'
import type { ProblemRow } from '../core/cache'
import type { RecordPrinted } from '../print/printed-marks'
import type { Selection } from '../orders/orders-desk'
import type { Desktop } from './desktop-port'

/** What the export desk is built with: its ports to the desktop, the cache and the settings. */
export interface ExportDeskOptions {
  desktop: Desktop
  /**
   * The whole contributions of the Orders view's filter as synced (OrdersDesk.matching): read
   * once and kept a while, since the checks and the export that follows ask for the same.
   */
  selection: (campaignId: number, filter: OrdersFilter) => Selection
  /**
   * The kept selection with the floor's holds and corrected addresses of now laid over
   * (OrdersDesk.asShipped): applied at every use, so a hold made after the read still stops
   * the order.
   */
  asShipped: (selection: Selection) => Selection
  /** `lastSyncedAt` of the campaign's snapshot in the cache, null when there is none. */
  syncedAt: (campaignId: number) => string | null
  /** The rows of the campaign's snapshot that could not be read. */
  problemRows: (campaignId: number) => readonly ProblemRow[]
  settings: () => AppSettings
  progress: (event: ExportProgressEvent) => void
  /** Packing slips being saved as PDF, batch by batch. */
  slipsProgress: (event: SlipsProgress) => void
  /** The name the person knows the campaign by (slip header, file names); null: not known. */
  campaignName?: (campaignId: number) => string | null
  /** Language of the person shipping: country names on labels and slips. */
  locale: string
  now: () => number
  /**
   * Records on the packing floor that these orders' labels or slips went to a printer (the
   * Orders state column, the Progress view, the files' floor columns): after the print dialog,
   * or when the person marks a saved PDF printed.
   */
  printed?: RecordPrinted
  /** The packing floor's record of a campaign, for the files' floor and tracking columns. */
  floor?: (campaignId: number) => ReadonlyMap<number, OrderFloorState>
  /** The campaign's SKU catalogue and currency code: weights, sizes and customs. */
  catalog?: (campaignId: number) => { catalog: Catalog; currency: string }
  /** Contribution ids of the campaign's packed orders a sync turned refunded or on hold. */
  packedButStopped?: (campaignId: number) => number[]
  /** The dashboard file the campaign's copy was imported from, when it was (no sync). */
  importedFrom?: (campaignId: number) => string | null
}
