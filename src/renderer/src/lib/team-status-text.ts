import type { TeamFloorStatus } from '@shared/ipc'
import { plural } from '@shared/format/counts'

/** "Team store: connected · 3 desks · outbox 0 · 1 conflict to settle", or why not. */
export function teamStatusLine(status: TeamFloorStatus): string {
  const conflicts =
    status.conflicts.length > 0 ? ` · ${plural(status.conflicts.length, 'conflict')} to settle` : ''
  if (status.connected && status.message === null)
    return `Team store: connected · ${plural(status.desks.length, 'desk')} · outbox ${status.outbox}${conflicts}`
  if (status.connected) return `Team store: ${status.message}${conflicts}`
  const queued = `${plural(status.outbox, 'action')} queued`
  return status.message === null
    ? `Team store: unreachable: ${queued}${conflicts}`
    : `Team store: ${status.message} (${queued})${conflicts}`
}

export function teamActionText(action: string): string {
  switch (action) {
    case 'pack':
      return 'Pack'
    case 'unpack':
      return 'Unpack'
    case 'printed':
      return 'Printed'
    case 'shipped':
      return 'Shipped'
    case 'tracking':
      return 'Tracking number'
    case 'note':
      return 'Note'
    default:
      return action
  }
}
