import type { CampaignContribution } from '../shared/api/schemas'
import { plural } from '../shared/export/check-text'
import type { PrintedDocument } from '../shared/floor/order-state'
import { ordersThatShip } from '../shared/fulfillment'
import type { CommandInput } from './command'
import { withCaughtUpTeam } from './team-option'

/** The flag and its --help line, for labels and slips. */
export const MARK_PRINTED_HELP = `--mark-printed    note the orders in the file printed on the floor's record (Progress,
                  the files' floor columns): for a PDF that goes to the printer now.
                  Without it nothing is marked: a PDF on disk is not a printed label yet.`

const WORDS: Readonly<Record<PrintedDocument, string>> = {
  labels: 'labels',
  slips: 'packing slips',
}

/**
 * `--mark-printed`: the orders of the PDF just written (the ones that ship, as the file holds
 * them) marked printed on this desk's record, or the team store's when one is set. Answers the
 * line to print.
 */
export async function markPrintedFromCli(
  { context, values }: CommandInput,
  campaignId: number,
  rows: readonly CampaignContribution[],
  document: PrintedDocument,
): Promise<string> {
  const orderIds = [...new Set(ordersThatShip(rows).map((row) => row.order.id))]
  const marked = `Marked the ${WORDS[document]} of ${plural(orderIds.length, 'order')} printed`
  return withCaughtUpTeam(context, values, async (team) => {
    if (!team) {
      context.cache().floor().markPrinted(campaignId, orderIds, document)
      return `${marked}.\n`
    }
    const result = await team.write(campaignId, { kind: 'printed', orderIds, document })
    return result.status === 'queued'
      ? `${marked} on this desk; queued for the team store (${result.reason}).\n`
      : `${marked} in the team store.\n`
  })
}
