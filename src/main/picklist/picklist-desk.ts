import type { OrdersFilter, PickListPdfSaved, PickListPrintRequest } from '../../shared/ipc'
import type { Selection } from '../orders/orders-desk'
import { nothingToPrint, PerkPackError } from '../core/system/perkpack-errors'
import { planPickList, renderPickListDocument, savePickListPdf } from '../core/print'
import type { PickListDocOptions } from '../core/print'
import type { Desktop } from '../export/desktop-port'
import { exportFileName, fileStem } from '../../shared/export/file-names'
import { displayTitle, PDF } from '../export/export-desk'
import { slipPrintOptions } from '../print/print-documents'

export interface PickListDeskOptions {
  desktop: Desktop
  /** The whole contributions of the Orders view's filter, tree node included. */
  selection: (campaignId: number, filter: OrdersFilter) => Selection
  now: () => number
  /** The campaign's display name (Campaigns view), as labels and slips print it. */
  campaignName?: (campaignId: number) => string | null | undefined
  /** The desk's locale the header's times are written in, as slips write theirs. */
  locale?: string
}

/**
 * The Pick list view's "Print" and "Save as PDF" for the selection the view shows: its HTML
 * document on the desktop's printer, or the PDF file `perkpack picklist --out` writes (the same
 * layout, services/print/picklist.ts) in the file its save dialog names.
 */
export class PickListDesk {
  constructor(private readonly options: PickListDeskOptions) {}

  private title(info: Selection['info']): string {
    return displayTitle(info, this.options.campaignName)
  }

  /** The selection and the document's options, refusing an empty selection. */
  private selected(request: PickListPrintRequest): {
    options: PickListDocOptions
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
    const options = {
      paper: request.paper,
      campaignTitle: this.title(info),
      selection: request.selection.trim() || 'All orders',
      syncedAt: info.lastSyncedAt,
      printedAt: new Date(this.options.now()),
      locale: this.options.locale,
    }
    return { options, selection }
  }

  /** Refuses a list with nothing on it (no order of the selection ships). */
  private static check(variants: number, selection: Selection): void {
    if (variants === 0) {
      throw nothingToPrint('pick list', selection.contributions.length)
    }
  }

  async print(request: PickListPrintRequest): Promise<{ printed: boolean }> {
    const why = this.options.desktop.printUnavailable
    if (why !== undefined) throw new PerkPackError('print_unavailable', why)
    const { options, selection } = this.selected(request)
    const result = renderPickListDocument(selection.contributions, options)
    PickListDesk.check(result.variants, selection)
    const printed = await this.options.desktop.print(result.html, slipPrintOptions(request.paper))
    return { printed }
  }

  /** The pick list drawn straight into a PDF file (the PDF library: no print window needed). */
  async savePdf(request: PickListPrintRequest): Promise<PickListPdfSaved | null> {
    const { options, selection } = this.selected(request)
    const plan = planPickList(selection.contributions, options)
    PickListDesk.check(plan.variants, selection)
    const stem = fileStem({
      campaignId: selection.info.campaignId,
      title: this.title(selection.info),
    })
    const path = await this.options.desktop.chooseSavePath({
      title: 'Save the pick list as PDF',
      defaultName: exportFileName(stem, 'pick-list', 'pdf', new Date(this.options.now())),
      filters: PDF,
    })
    if (path === null) return null
    await savePickListPdf(plan, path)
    return {
      path,
      variants: plan.variants,
      units: plan.units,
      orders: plan.orders,
      leftOut: plan.skipped.length,
      pages: plan.pages.length,
    }
  }
}
