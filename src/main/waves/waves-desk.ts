import { describeChoices, skuCodeOfKey } from '../../shared/fulfillment/variant'
import type { VariantGroup } from '../../shared/fulfillment'
import type {
  ShortRow,
  StockHistory,
  StockImportRequest,
  StockImportResult,
  StockLevelRequest,
  StockRow,
  StockView,
  WavePlanRequest,
  WaveParcels,
  WaveProposal,
  WaveRequest,
  WaveSaveRequest,
  WaveSummary,
} from '../../shared/ipc'
import type { WavePlan } from '../../shared/waves/wave-planner'
import { partialParcels } from '../../shared/waves/wave-planner'
import type { Wave } from '../../shared/waves/wave-types'
import { noStockLevelProblem, readStockRecords } from '../../shared/waves/stock-file'
import { fitStockToVariants } from '../../shared/waves/stock-variants'
import type { OfflineCache } from '../core/cache'
import { readCsvRecords } from '../core/floor/csv-bytes'
import { namedWave, partialOrdersOfWave, planFromRecord } from '../core/floor/wave-planning'
import { unitsOf } from '../../shared/waves/parcel-cut'
import { PerkPackError } from '../core/system/perkpack-errors'
import type { OrdersWorkspace } from '../core/orders/workspace'
import { waveParcelList } from './wave-parcel-list'
import { loadFloorOverlay } from '../core/floor/floor-view'
import { recipientOf } from '../core/floor/station-index'
import { asContributions } from '../core/orders/workspace'
import { withEffectiveAddress } from '../../shared/corrections/effective-address'

export interface WavesDeskOptions {
  cache: () => OfflineCache
  /** The campaign's orders as the Orders view holds them (throws when never synced). */
  workspace: (campaignId: number) => OrdersWorkspace
  /** Who did it: the station name in Settings, as the floor's record writes it. */
  stationName: () => string
}

const FILE_FIX = 'Close the quote in that line, or save the file again from the spreadsheet.'

/**
 * Stock on hand and waves from the window (issue 28): the same record and the same planner as
 * `perkpack stock` and `perkpack wave` (core/floor/wave-planning.ts), in the desk's offline cache.
 * A saved wave is planned again in main from the record of now, never taken from the window.
 */
export class WavesDesk {
  constructor(private readonly options: WavesDeskOptions) {}

  private get plan() {
    return this.options.cache().floorPlan()
  }

  /** Every variant of the campaign's orders (any status), by key. */
  private variants(campaignId: number): Map<string, VariantGroup> {
    const { skus } = this.options.workspace(campaignId).match({ statuses: [] })
    return new Map(skus.map((group) => [group.key, group]))
  }

  stock(campaignId: number): StockView {
    const variants = this.variants(campaignId)
    const levels = new Map(this.plan.stock.levels(campaignId).map((l) => [l.variantKey, l]))
    const rows: StockRow[] = []
    for (const [key, group] of variants) {
      const level = levels.get(key)
      rows.push({
        variantKey: key,
        skuCode: group.skuCode,
        choices: group.choices,
        choicesText: describeChoices(group.choices),
        itemName: group.itemName,
        quantity: level?.quantity ?? null,
        updatedAt: level?.updatedAt ?? null,
      })
    }
    for (const level of levels.values())
      if (!variants.has(level.variantKey))
        rows.push({
          variantKey: level.variantKey,
          skuCode: level.skuCode,
          choices: level.choices,
          choicesText: describeChoices(level.choices),
          itemName: null,
          quantity: level.quantity,
          updatedAt: level.updatedAt,
        })
    rows.sort(
      (a, b) =>
        a.skuCode.localeCompare(b.skuCode) || a.choicesText.localeCompare(b.choicesText, 'en'),
    )
    return { rows }
  }

  setLevel({ campaignId, skuCode, choices, quantity }: StockLevelRequest): StockView {
    this.options.workspace(campaignId)
    this.plan.stock.set(campaignId, [{ skuCode, choices, quantity }], 'set', this.by())
    return this.stock(campaignId)
  }

  importStock({ campaignId, fileName, contentBase64 }: StockImportRequest): StockImportResult {
    this.options.workspace(campaignId)
    const bytes = Buffer.from(contentBase64, 'base64')
    const read = readStockRecords(readCsvRecords(bytes, fileName, FILE_FIX).records)
    if ('missing' in read)
      throw new PerkPackError(
        'invalid_arguments',
        `${fileName} has no ${read.missing.join(' or ')} column. Choose a CSV whose first line is sku,choices,quantity, or the pick list's own CSV.`,
      )
    const fitted = fitStockToVariants(read.lines, [...this.variants(campaignId).values()])
    const problems = [...read.problems, ...fitted.problems].sort((a, b) => a.line - b.line)
    const refused = noStockLevelProblem(fileName, fitted.entries.length, problems)
    if (refused !== null) throw new PerkPackError('invalid_arguments', refused)
    const changed = this.plan.stock.set(campaignId, fitted.entries, 'import', this.by())
    return {
      fileName,
      read: fitted.entries.length,
      changed,
      problems,
      unshipped: fitted.unshipped,
      stock: this.stock(campaignId),
    }
  }

  history(campaignId: number, key: string): StockHistory {
    return this.plan.stock.history(campaignId, key)
  }

  private planNow(request: WavePlanRequest): WavePlan {
    const { campaignId } = request
    this.options.workspace(campaignId)
    const cache = this.options.cache()
    return planFromRecord(cache.contributions(campaignId), cache.floor(), this.plan, campaignId, {
      priority: request.priority ?? 'order-number',
      first: request.first ?? [],
      partial: request.partial === true,
    })
  }

  propose(request: WavePlanRequest): WaveProposal {
    const plan = this.planNow(request)
    const variants = this.variants(request.campaignId)
    const short: ShortRow[] = plan.short.map((row) => {
      const group = variants.get(row.variantKey)
      return {
        ...row,
        skuCode: group?.skuCode ?? skuCodeOfKey(row.variantKey),
        choicesText: group ? describeChoices(group.choices) : '',
        itemName: group?.itemName ?? null,
      }
    })
    let units = 0
    for (const shipment of plan.shipments) for (const line of shipment.lines) units += line.quantity
    return {
      priority: request.priority ?? 'order-number',
      partial: request.partial === true,
      orderIds: plan.shipments.map((shipment) => shipment.orderId),
      partialOrders: plan.shipments.filter((shipment) => shipment.follows.length > 0).length,
      units,
      waiting: plan.waiting.length,
      short,
    }
  }

  save(request: WaveSaveRequest): WaveSummary {
    const plan = this.planNow(request)
    if (plan.shipments.length === 0)
      throw new PerkPackError(
        'invalid_arguments',
        'Nothing can ship with the stock on hand, so there is no wave to save. Enter or import the stock first.',
      )
    const { campaignId, name } = request
    const orderIds = plan.shipments.map((shipment) => shipment.orderId)
    const wave = this.plan.waves.create(
      campaignId,
      name,
      orderIds,
      this.by(),
      undefined,
      partialParcels(plan),
    )
    return this.summary(campaignId, wave)
  }

  list(campaignId: number): WaveSummary[] {
    this.options.workspace(campaignId)
    return this.plan.waves.list(campaignId).map((wave) => this.summary(campaignId, wave))
  }

  close({ campaignId, name }: WaveRequest): WaveSummary[] {
    if (!this.plan.waves.wave(campaignId, name))
      throw new PerkPackError(
        'wave_not_found',
        `There is no wave named "${name}" in this campaign. Look at the list of waves again.`,
      )
    this.plan.waves.close(campaignId, name, undefined, this.by())
    return this.list(campaignId)
  }

  /** The wave's orders that ship in part: what `perkpack wave show` lists, by order number. */
  parcels({ campaignId, name }: WaveRequest): WaveParcels {
    const { rows } = this.options.workspace(campaignId)
    const wave = namedWave(this.plan, campaignId, name)
    // The lines are the synced order's (the parcel's keys are); the name is where it now goes.
    const corrections = loadFloorOverlay(this.options.cache(), campaignId).corrections
    return waveParcelList(wave.name, this.parcelsOf(campaignId, wave), rows, {
      recipient: (row) => recipientOf(withEffectiveAddress(row, corrections.get(row.order.id))),
    })
  }

  private summary(campaignId: number, wave: Wave): WaveSummary {
    // The wave's orders' records only: a busy floor's whole record, read for each wave listed,
    // took about as long per wave as the floor has packed orders.
    const packedCount = this.options.cache().floor().packedAmong(campaignId, wave.orderIds).size
    const parcels = this.parcelsOf(campaignId, wave)
    return {
      partialCount: parcels.length,
      followUnits: parcels.reduce((sum, parcel) => sum + unitsOf(parcel.follows), 0),
      name: wave.name,
      status: wave.status,
      orderCount: wave.orderIds.length,
      packedCount,
      createdAt: wave.createdAt,
      createdBy: wave.createdBy,
      closedAt: wave.closedAt,
    }
  }

  /**
   * The wave's orders that ship in part, read from the rows the desk holds in memory (the Orders
   * view's): the offline copy's whole models were read from the file once per wave listed.
   */
  private parcelsOf(campaignId: number, wave: Wave) {
    const rows = () => asContributions(this.options.workspace(campaignId).rows)
    return partialOrdersOfWave(this.plan, campaignId, wave, rows)
  }

  private by(): string {
    return this.options.stationName()
  }
}
