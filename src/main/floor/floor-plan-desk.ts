import { addressPartsOf } from '../../shared/corrections/effective-address'
import type {
  AddressChangeChoice,
  AddressCorrectionRequest,
  HoldRequest,
  OrderOfCampaign,
} from '../../shared/ipc/floor-schemas'
import type { OrderDetail } from '../../shared/ipc'
import type { OfflineCache } from '../core/cache'
import { correctAddress } from '../core/floor/address-correction'
import type { OrdersDesk } from '../orders/orders-desk'
import { ReshipDesk } from './reship-desk'
import type { ReshipDeskOptions } from './reship-desk'

export interface FloorPlanDeskOptions extends ReshipDeskOptions {
  cache: () => OfflineCache
  orders: OrdersDesk
  /** Who did it: the station name in Settings, as the floor's record writes it. */
  stationName: () => string
}

/**
 * Holds and address corrections from the order's drawer (issue 28). They live in the desk's
 * floor record beside the synced rows (core/floor/correction-store.ts), survive every sync and
 * import, and reach every output through the one overlay (core/floor/floor-view.ts). Each action
 * answers the order's detail as it now ships, so the drawer shows what a label would print.
 */
export class FloorPlanDesk {
  /** Second parcels of an order: made, printed and tracked from the same drawer. */
  readonly reships: ReshipDesk

  constructor(private readonly options: FloorPlanDeskOptions) {
    this.reships = new ReshipDesk(options)
  }

  private get corrections() {
    return this.options.cache().floorPlan().corrections
  }

  hold({ campaignId, contributionId, reason }: HoldRequest): OrderDetail {
    const row = this.options.orders.synced(campaignId, contributionId)
    this.corrections.hold(campaignId, row.order.id, reason, this.options.stationName())
    return this.options.orders.detail(campaignId, contributionId)
  }

  release({ campaignId, contributionId }: OrderOfCampaign): OrderDetail {
    const row = this.options.orders.synced(campaignId, contributionId)
    this.corrections.release(campaignId, row.order.id, this.options.stationName())
    return this.options.orders.detail(campaignId, contributionId)
  }

  /** Keeps the corrected address beside the platform's address of now (to notice a change). */
  correctAddress({
    campaignId,
    contributionId,
    address,
    reason,
  }: AddressCorrectionRequest): OrderDetail {
    const row = this.options.orders.synced(campaignId, contributionId)
    const plan = this.options.cache().floorPlan()
    correctAddress(plan, campaignId, row, address, reason, this.options.stationName())
    return this.options.orders.detail(campaignId, contributionId)
  }

  /** The platform's address again: the correction is dropped. */
  dropCorrection({ campaignId, contributionId }: OrderOfCampaign): OrderDetail {
    const row = this.options.orders.synced(campaignId, contributionId)
    this.corrections.dropCorrection(campaignId, row.order.id, this.options.stationName())
    return this.options.orders.detail(campaignId, contributionId)
  }

  /**
   * After "address changed on the platform": keeping the correction re-makes it against the new
   * platform address (so the flag goes), taking the platform's drops it.
   */
  resolveAddressChange({ campaignId, contributionId, keep }: AddressChangeChoice): OrderDetail {
    if (keep === 'platform') return this.dropCorrection({ campaignId, contributionId })
    const row = this.options.orders.synced(campaignId, contributionId)
    const current = this.corrections.corrections(campaignId).get(row.order.id)
    if (current)
      this.corrections.correct(campaignId, {
        orderId: row.order.id,
        address: current.address,
        reason: current.reason,
        platformAddress: addressPartsOf(row.order.shipping),
        by: this.options.stationName(),
      })
    return this.options.orders.detail(campaignId, contributionId)
  }
}
