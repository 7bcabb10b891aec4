import type { CampaignContribution, Perk } from '../../../shared/api/schemas'
import {
  checkByHandText,
  describeChoices,
  flaggedItems,
  flaggedQuantityText,
  joinPresent,
  matchedFields,
  orderLines,
  perkLabels,
} from '../../../shared/fulfillment'
import type { OrderRow } from '../../../shared/ipc'
import type { ViewRow } from './view-row'

const NO_PERK = '(no perk)'

/**
 * "2x Tidepool T-Shirt (Size: M, Colour: Black); Core Game; Enamel pin (no SKU: check by
 * hand)": one parcel's contents, items PerkPack cannot read last.
 */
function itemsText(row: ViewRow): string {
  let text = ''
  for (const line of orderLines(row as unknown as CampaignContribution)) {
    if (text !== '') text += '; '
    if (line.quantity !== 1) text += `${line.quantity}x `
    text += line.itemName
    if (line.choices.length > 0) text += ` (${describeChoices(line.choices)})`
  }
  for (const { item } of flaggedItems(row.order)) {
    if (text !== '') text += '; '
    if (item.quantity !== 1) text += `${flaggedQuantityText(item)}x `
    text += checkByHandText(item)
  }
  return text
}

export function toOrderRow(row: ViewRow, memo: WeakMap<Perk, string>): OrderRow {
  const order = row.order
  const perks = order.perks
  let items: string
  const only = perks.length === 1 ? (perks[0] as Perk) : undefined
  if (only) {
    // Perk objects are shared between rows (see view-store.ts), so one-perk orders, nearly all
    // of them, reuse the text of the first order holding the same perk.
    let memoised = memo.get(only)
    if (memoised === undefined) {
      memoised = itemsText(row)
      memo.set(only, memoised)
    }
    items = memoised
  } else {
    items = itemsText(row)
  }
  const perkText = perkLabels(perks, ', ')
  return {
    id: row.id,
    orderId: order.id,
    sequenceNumber: order.sequence_number ?? null,
    backer: joinPresent([row.contributor_name], '') || joinPresent([row.by], ''),
    email: row.email?.trim() || null,
    status: order.status,
    perks: perkText || NO_PERK,
    items,
    country: order.shipping?.country?.trim() || null,
    city: order.shipping?.city?.trim() || null,
    createdAt: row.created_at?.trim() || null,
    // The floor changes without a sync: OrdersDesk fills these in as each page is served.
    floor: 'not-packed',
    station: null,
    packedAt: null,
  }
}

/**
 * The row as a search shows it: with the fields its terms were found in, so that a match in a
 * column the table does not show (a SKU, a choice, the city) is still on screen.
 */
export function withMatches(shown: OrderRow, row: ViewRow, terms: readonly string[]): OrderRow {
  if (terms.length === 0) return shown
  return { ...shown, matched: matchedFields(row as unknown as CampaignContribution, terms) }
}
