import { ORDER_STATUSES } from '../api/schemas'
import { headerKey } from '../csv/csv-text'

/**
 * The platform dashboard's contributions CSV, as ../shared/api-notes.md lists its columns: one
 * source for the reader (import, the tracking fill) and the simulator's writer. Columns are found
 * by name (any order, any letter case); columns not listed here are kept as they came.
 */
export const DASHBOARD_COLUMNS = {
  orderNo: ['Order No.', 'Order No', 'Order Number'],
  pledgeId: ['Pledge ID'],
  referrerId: ['Referrer ID'],
  status: ['Fulfillment Status'],
  fundingDate: ['Funding Date'],
  paymentMethod: ['Payment Method'],
  appearance: ['Appearance'],
  name: ['Name'],
  email: ['Email'],
  amount: ['Amount'],
  perkId: ['Perk ID'],
  perk: ['Perk'],
  shippingName: ['Shipping Name'],
  shippingPhone: ['Shipping Phone Number'],
  shippingAddress: ['Shipping Address'],
  shippingAddress2: ['Shipping Address 2'],
  shippingCity: ['Shipping City'],
  shippingState: ['Shipping State/Province'],
  shippingZip: ['Shipping Zip/Postal Code'],
  shippingCountry: ['Shipping Country'],
  carrier: ['Carrier'],
  tracking: ['Tracking Number'],
} as const

export type DashboardColumn = keyof typeof DASHBOARD_COLUMNS

/** The columns before the item groups, in the order the dashboard writes them. */
export const DASHBOARD_HEADER: readonly string[] = [
  'Order No.',
  'Pledge ID',
  'Referrer ID',
  'Fulfillment Status',
  'Funding Date',
  'Payment Method',
  'Appearance',
  'Name',
  'Email',
  'Amount',
  'Shipping Fees',
  'Platform Fee',
  'Transaction Fee',
  'Perk ID',
  'Perk',
  'Shipping Name',
  'Shipping Phone Number',
  'Shipping Address',
  'Shipping Address 2',
  'Shipping City',
  'Shipping State/Province',
  'Shipping Zip/Postal Code',
  'Shipping Country',
  'Carrier',
  'Tracking Number',
]

/** One item of a row: the group repeats for every item of the perk. */
export const ITEM_GROUP = ['Item Name', 'Item SKU', 'Option 1', 'Option 2', 'Option 3'] as const

/**
 * A status as the dashboard writes it ("In Fulfillment", "On hold") in the API's spelling
 * (`in_fulfillment`, `on_hold`); anything else is kept as the text it is, like the API path.
 */
export function statusFromDashboard(text: string): string {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  return (ORDER_STATUSES as readonly string[]).includes(key) ? key : text.trim()
}

/** A status in the dashboard's words: "in_fulfillment" -> "In Fulfillment". */
export function statusToDashboard(status: string): string {
  return status
    .split('_')
    .map((word) => (word === '' ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join(' ')
}

/**
 * How a backer chose to appear, in the API's terms (`appearance.private_amount`), from the
 * dashboard's word: "Public" / "Private" now; older exports wrote "Visible" (name and amount
 * shown), "Identity-Only" (name shown, amount hidden) and "Anonymous" (neither). Any other word
 * says nothing PerkPack can use: undefined, the word kept in the row as sent.
 */
export function appearanceFromDashboard(text: string): { private_amount: boolean } | undefined {
  const key = headerKey(text).replace(/\s+/g, '')
  if (key === 'public' || key === 'visible') return { private_amount: false }
  if (key === 'private' || key === 'identityonly' || key === 'anonymous') {
    return { private_amount: true }
  }
  return undefined
}

/** Perk IDs and labels of an older export's line that lists several perks ("51002, 51005"). */
export function perkListOf(
  ids: string,
  labels: string,
): { ids: string[]; labels: string[] } | null {
  const idList = ids.split(/\s*[,;|]\s*/).filter((id) => id !== '')
  if (idList.length < 2) return null
  // Labels may hold a comma themselves: split only on the separator the ids use.
  const separator = /;/.test(ids) ? ';' : /\|/.test(ids) ? '|' : ','
  const labelList = labels.split(separator).map((label) => label.trim())
  return { ids: idList, labels: labelList }
}

/** A spreadsheet's text cell written as a formula (`="00123"`, which keeps leading zeros): its text. */
export function unwrapTextCell(value: string): string {
  const match = /^\s*="((?:[^"]|"")*)"\s*$/.exec(value)
  return match ? match[1]!.replace(/""/g, '"') : value
}
