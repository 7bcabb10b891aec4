import { ORDER_STATUSES } from '../../../../shared/api/schemas'
import type { OrderStatus } from '../../../../shared/api/schemas'

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

export function statusLabel(status: OrderStatus): string {
  return LABELS[status] ?? status
}

export function statusTagType(status: OrderStatus): TagType {
  return TAG_TYPES[status] ?? 'default'
}

export const STATUS_OPTIONS: ReadonlyArray<{ label: string; value: OrderStatus }> =
  ORDER_STATUSES.map((value) => ({ label: LABELS[value], value }))
