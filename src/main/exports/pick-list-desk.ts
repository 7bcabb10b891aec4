import { nothingToPrintText } from '../../shared/fulfillment'
import type { OrdersFilter, PickListPdfSaved, PickListPrintRequest } from '../../shared/ipc'
import type { Selection } from '../orders/orders-desk'
import { PerkPackError } from '../services/perkpack-errors'
import { renderPickListDocument } from '../services/print'
import type { PickListDocResult } from '../services/print'
import type { Desktop } from './desktop-port'
import { displayTitle, fileStem, PDF } from './export-desk'
import { slipPrintOptions } from './print-documents'

export interface PickListDeskOptions {
  desktop: Desktop
  /** The whole contributions of the Orders view's filter, tree node included. */
  selection: (campaignId: number, filter: OrdersFilter) => Selection
  now: () => number
  /** The campaign's display name (Campaigns view), as labels and slips print it. */
  campaignName?: (campaignId: number) => string | null | undefined
}

/**
 * The Pick list view's "Print" and "Save as PDF": the document `perkpack picklist --out` writes
 * (services/print/picklist.ts) for the selection the view shows, on the desktop's printer or in
 * the file its save dialog names.
 */
export class PickListDesk {
  constructor(private readonly options: PickListDeskOptions) {}

  private title(info: Selection['info']): string {
    return displayTitle(info, this.options.campaignName)
  }

  private document(request: PickListPrintRequest): {
    result: PickListDocResult
    selection: Selection
  } {
    const selection = this.options.selection(request.campaignId, request.filter)
    const { info, contributions } = selection
    if (contributions.length === 0) {
      throw new PerkPackError(
        'nothing_selected',
        'No order matches the current filters, so there is no pick list to print. Change the filters or clear the perk or SKU.',
      )
    }
    const result = renderPickListDocument(contributions, {
      paper: request.paper,
      campaignTitle: this.title(info),
      selection: request.selection.trim() || 'All orders',
      syncedAt: info.lastSyncedAt,
      printedAt: new Date(this.options.now()),
    })
    if (result.variants === 0) {
      throw new PerkPackError(
        'nothing_to_print',
        nothingToPrintText('pick list', contributions.length),
      )
    }
    return { result, selection }
  }

  async print(request: PickListPrintRequest): Promise<{ printed: boolean }> {
    const why = this.options.desktop.printUnavailable
    if (why !== undefined) throw new PerkPackError('print_unavailable', why)
    const { result } = this.document(request)
    const printed = await this.options.desktop.print(result.html, slipPrintOptions(request.paper))
    return { printed }
  }

  async savePdf(request: PickListPrintRequest): Promise<PickListPdfSaved | null> {
    const { result, selection } = this.document(request)
    const date = new Date(this.options.now()).toISOString().slice(0, 10)
    const path = await this.options.desktop.chooseSavePath({
      title: 'Save the pick list as PDF',
      defaultName: `${fileStem({ campaignId: selection.info.campaignId, title: this.title(selection.info) })}-pick-list-${date}.pdf`,
      filters: PDF,
    })
    if (path === null) return null
    await this.options.desktop.printToPdf(result.html, path)
    return {
      path,
      variants: result.variants,
      units: result.units,
      orders: result.orders,
      leftOut: result.skipped.length,
      pages: result.pages,
    }
  }
}
