import { returnAddressLines } from '../../shared/address/return-address'
import type { ReturnAddress } from '../../shared/address/return-address'
import type { CustomsContext } from '../../shared/catalog'
import type { CustomsPdfRequest, CustomsPdfSaved } from '../../shared/ipc/print-channels'
import { noCustomsFormsText, planCn23, saveCustomsPdf } from '../core/print'
import { PerkPackError } from '../core/system/perkpack-errors'
import type { Desktop, SaveFilter } from '../export/desktop-port'
import type { Selection } from '../orders/orders-desk'

const PDF: SaveFilter[] = [{ name: 'PDF document', extensions: ['pdf'] }]

/**
 * "Customs forms (CN23)" of the Print & export view: the selection's CN23 declarations, planned
 * before the save dialog opens so a selection without one is refused with the reason (their
 * CN22 is on the 4×6 label, or they stay inside the customs area).
 */
export async function saveCustomsForms(options: {
  desktop: Desktop
  selection: Selection
  request: CustomsPdfRequest
  customs: CustomsContext
  senderName: string
  /** Settings' return address: the sender block's street (ruled lines without one). */
  returnAddress?: ReturnAddress
  defaultName: string
  locale: string
}): Promise<CustomsPdfSaved | null> {
  const { selection, request, customs } = options
  const plan = planCn23(selection.contributions, {
    paper: request.paper,
    customs,
    senderName: options.senderName,
    senderLines: returnAddressLines(options.returnAddress, customs.senderCountry, options.locale),
    locale: options.locale,
  })
  if (plan.orders === 0) {
    const text = noCustomsFormsText(plan, selection.contributions.length, customs.senderCountry)
    throw new PerkPackError('nothing_to_print', text)
  }
  const path = await options.desktop.chooseSavePath({
    title: 'Save the customs forms (CN23) as PDF',
    defaultName: options.defaultName,
    filters: PDF,
  })
  if (path === null) return null
  await saveCustomsPdf(plan, path)
  return { path, orders: plan.orders, pages: plan.pages.length, cn22: plan.cn22 }
}
