import { isKnownStatus, ORDER_STATUSES } from '@shared/api/schemas'
import type { OrderStatus, OrderStatusText } from '@shared/api/schemas'
import type { SelectGroupOption, SelectOption } from 'naive-ui'
import type { StatusCount } from '@shared/fulfillment'
import { statusText } from '@shared/fulfillment'
import { formatCount } from '@shared/format/counts'

export type TagType = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error'

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

/** The one table of status words (shared with the files); an unknown status as the API wrote it. */
export const statusLabel = statusText

// An unknown status needs a person's look before anything ships.
export function statusTagType(status: OrderStatusText): TagType {
  return TAG_TYPES[status as OrderStatus] ?? 'warning'
}

type StatusOption = SelectOption & { label: string; value: OrderStatusText }

/** The heading of the statuses the API sent that PerkPack does not know. */
export const UNKNOWN_GROUP_LABEL = 'Not known to PerkPack'

/**
 * The status filter's choices: the seven known statuses, then, under their own heading, every
 * other status the snapshot's orders carry, as sent; each with its number of orders when known.
 * A selected status no longer in the snapshot stays listed, so its tag can be removed.
 */
export function statusOptions(
  statusCounts: readonly StatusCount[],
  selected: readonly OrderStatusText[],
): (SelectOption | SelectGroupOption)[] {
  const byStatus = new Map(statusCounts.map((c) => [c.status, c.count]))
  const option = (value: OrderStatusText): StatusOption => {
    const count = byStatus.get(value)
    const label = statusLabel(value)
    return { label: count === undefined ? label : `${label} (${formatCount(count)})`, value }
  }
  const known = ORDER_STATUSES.map(option)
  const others = statusCounts.filter((c) => !c.known).map((c) => c.status)
  for (const status of selected) {
    if (!isKnownStatus(status) && !others.includes(status)) others.push(status)
  }
  if (others.length === 0) return known
  return [
    ...known,
    {
      type: 'group',
      key: 'unknown-statuses',
      label: UNKNOWN_GROUP_LABEL,
      children: others.map(option),
    },
  ]
}
