import { ORDER_STATUSES } from '../api/schemas'

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
