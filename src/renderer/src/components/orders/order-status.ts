import { ORDER_STATUSES } from '../../../../shared/api/schemas'
import type { OrderStatus, OrderStatusText } from '../../../../shared/api/schemas'

type TagType = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error'

const LABELS: Readonly<Record<OrderStatus, string>> = {
  captured: 'Captured',
  pending: 'Pending',
  in_fulfillment: 'In fulfillment',
  fulfilled: 'Fulfilled',
  refunded: 'Refunded',
  unprocessable: 'Unprocessable',
  on_hold: 'On hold',
}

// Colour follows what a packer does next: blue/green-ish means ship it, red means look at it.
const TAG_TYPES: Readonly<Record<OrderStatus, TagType>> = {
  captured: 'info',
  pending: 'default',
  in_fulfillment: 'primary',
  fulfilled: 'success',
  refunded: 'default',
  unprocessable: 'error',
  on_hold: 'warning',
}

/** A status PerkPack does not know is shown as the API wrote it. */
export function statusLabel(status: OrderStatusText): string {
  return LABELS[status as OrderStatus] ?? status
}

// An unknown status needs a person's look before anything ships.
export function statusTagType(status: OrderStatusText): TagType {
  return TAG_TYPES[status as OrderStatus] ?? 'warning'
}

export const STATUS_OPTIONS: ReadonlyArray<{ label: string; value: OrderStatus }> =
  ORDER_STATUSES.map((value) => ({ label: LABELS[value], value }))
