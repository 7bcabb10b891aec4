import type { CampaignContribution } from '../api/schemas'
import { orderNumberText } from '../fulfillment'
import { hasDirectionControls } from '../text/direction-controls'
import { ordersText } from './check-text'
import { idsWhere } from './pre-print-check'
import type { PrePrintCheck } from './pre-print-check'

/** Orders named in the sentence; the rest are counted. */
const NAMED = 10

/** The backer's name and the ship-to fields: what labels and slips print of the person. */
function carriesDirectionControls(row: CampaignContribution): boolean {
  const s = row.order.shipping
  const fields = [row.contributor_name, s?.name, s?.address, s?.address2, s?.city, s?.state]
  return [...fields, s?.zipcode, s?.country].some((field) => !!field && hasDirectionControls(field))
}

/**
 * Orders whose name or address holds hidden text-direction characters
 * (shared/text/direction-controls.ts): the print documents leave them out, so the label may
 * read differently from how the text shows elsewhere (a spreadsheet, the dashboard), which is
 * what someone hiding an address would count on. Worth a look at the printed label.
 */
export function hiddenDirectionCharacters(
  rows: readonly CampaignContribution[],
): PrePrintCheck | null {
  const ids = idsWhere(rows, carriesDirectionControls)
  if (ids.length === 0) return null
  const byId = new Map(rows.map((row) => [row.id, row]))
  const named = ids.slice(0, NAMED).map((id) => orderNumberText(byId.get(id)!.order))
  const more = ids.length > NAMED ? ` and ${ids.length - NAMED} more` : ''
  const n = ids.length
  return {
    id: 'direction-characters',
    title: 'Hidden text-direction characters',
    severity: 'warning',
    count: n,
    contributionIds: ids,
    detail: `${ordersText(n)} ${n === 1 ? 'has' : 'have'} hidden text-direction characters in the name or address: ${named.join(', ')}${more}; check the printed label.`,
  }
}
