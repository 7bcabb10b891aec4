import type { Reship } from '../../shared/corrections/correction-types'
import { notShipping } from '../../shared/fulfillment'
import type { AppSettings, OrderDetail } from '../../shared/ipc'
import type {
  ReshipPdfRequest,
  ReshipRequest,
  ReshipTrackingRequest,
} from '../../shared/ipc/floor-schemas'
import type { OfflineCache } from '../core/cache'
import {
  recordReship,
  reshipParcelNow,
  reshipsOfOrder,
  saveReshipLabel,
  saveReshipSlip,
} from '../core/floor/reship'
import { UsageError } from '../core/system/perkpack-errors'
import type { Desktop } from '../export/desktop-port'
import { PDF } from '../export/export-desk'
import type { OrdersDesk } from '../orders/orders-desk'

export interface ReshipDeskOptions {
  cache: () => OfflineCache
  orders: OrdersDesk
  stationName: () => string
  /** Label stock, slip paper, sender country and slip footer: as Print & export prints. */
  settings: () => ReshipPrintSettings
  desktop: Pick<Desktop, 'chooseSavePath'>
  locale: string
}

export type ReshipPrintSettings = Pick<
  AppSettings,
  | 'senderCountry'
  | 'labelLayout'
  | 'labelOffsetMm'
  | 'labelSummary'
  | 'slipPaper'
  | 'slipFooterNote'
>

/** Form keys answered lately: enough for any double click, bounded for a day's work. */
const MAX_KEPT_REQUESTS = 200

/**
 * Reships from the order's drawer (issue 28), through the core the CLI's `perkpack reship` uses
 * (core/floor/reship.ts): the same record, stock moves ("reship"), label and slip. Each write
 * answers the order's detail, its reships included.
 */
export class ReshipDesk {
  /** The reship each form key made: a second submit of the same form makes none. */
  private readonly made = new Map<string, number>()

  constructor(private readonly options: ReshipDeskOptions) {}

  /** Makes the reship once per form key (requests run one at a time: the check is atomic). */
  create({ campaignId, contributionId, items, reason, requestKey }: ReshipRequest): OrderDetail {
    const key = `${campaignId}:${contributionId}:${requestKey}`
    if (!this.made.has(key)) {
      const row = this.options.orders.synced(campaignId, contributionId)
      const by = this.options.stationName()
      const reship = recordReship(this.options.cache(), campaignId, { row, items, reason, by })
      this.made.set(key, reship.id)
      if (this.made.size > MAX_KEPT_REQUESTS) this.made.delete(this.made.keys().next().value!)
    }
    return this.options.orders.detail(campaignId, contributionId)
  }

  addTracking({
    campaignId,
    contributionId,
    reshipId,
    trackingNumber,
  }: ReshipTrackingRequest): OrderDetail {
    this.reshipOf(campaignId, contributionId, reshipId)
    this.options
      .cache()
      .floorPlan()
      .corrections.addReshipTracking(campaignId, reshipId, trackingNumber)
    return this.options.orders.detail(campaignId, contributionId)
  }

  /** Asks where to save, then writes the reship's label or slip (only its items); null: cancelled. */
  async savePdf({
    campaignId,
    contributionId,
    reshipId,
    document,
  }: ReshipPdfRequest): Promise<{ path: string } | null> {
    const { row, reship } = this.reshipOf(campaignId, contributionId, reshipId)
    const parcel = reshipParcelNow(this.options.cache(), campaignId, row, reship)
    const skip = notShipping(parcel)
    if (skip)
      throw new UsageError(
        `Reship ${reshipId} has no ${document === 'label' ? 'label' : 'packing slip'}: ${skip.reason}`,
      )
    const order = row.order.sequence_number ?? row.order.id
    const path = await this.options.desktop.chooseSavePath({
      title: `Save the reship's ${document === 'label' ? 'label' : 'packing slip'} as PDF`,
      defaultName: `reship-${reshipId}-order-${order}-${document}.pdf`,
      filters: PDF,
    })
    if (path === null) return null
    const settings = this.options.settings()
    const address = { senderCountry: settings.senderCountry, locale: this.options.locale }
    if (document === 'label')
      await saveReshipLabel(
        parcel,
        {
          ...address,
          layout: settings.labelLayout,
          offsetMm: settings.labelOffsetMm,
          showSummary: settings.labelSummary,
        },
        path,
      )
    else
      await saveReshipSlip(
        parcel,
        reship,
        {
          ...address,
          paper: settings.slipPaper,
          ...(settings.slipFooterNote ? { footerNote: settings.slipFooterNote } : {}),
        },
        path,
      )
    return { path }
  }

  /** The order's synced row and its reship `reshipId`, or a sentence when it has none such. */
  private reshipOf(campaignId: number, contributionId: number, reshipId: number) {
    const row = this.options.orders.synced(campaignId, contributionId)
    const reship: Reship | undefined = reshipsOfOrder(
      this.options.cache(),
      campaignId,
      row.order.id,
    ).find((one) => one.id === reshipId)
    if (!reship)
      throw new UsageError(
        `This order has no reship ${reshipId} any more. Open the order again to see its reships.`,
      )
    return { row, reship }
  }
}
