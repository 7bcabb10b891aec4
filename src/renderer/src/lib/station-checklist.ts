import type { StationLine, StationOrder, StationWarning } from '@shared/ipc'
import { formatDateTime, formatTime } from './locale-format'

/** Units ticked per checklist line (the line's variant key). */
export type Ticks = Record<string, number>

/** What scanning an item's barcode did to the open order's checklist. */
export type ItemScan =
  | { kind: 'ticked'; key: string }
  | { kind: 'too-many'; line: StationLine }
  | { kind: 'not-in-order' }

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * A scanned SKU ticks one unit of the first line of that SKU still short (one SKU may come in
 * two sizes in one order); every line of it full is one too many. A line to check by hand (an
 * item PerkPack cannot read) is never matched by a scan: it is ticked with + once seen.
 */
export function scanItem(lines: readonly StationLine[], ticks: Ticks, code: string): ItemScan {
  const matching = lines.filter((line) => !line.byHand && same(line.skuCode, code))
  if (matching.length === 0) return { kind: 'not-in-order' }
  const open = matching.find((line) => (ticks[line.key] ?? 0) < line.quantity)
  if (open) return { kind: 'ticked', key: open.key }
  return { kind: 'too-many', line: matching[0] as StationLine }
}

export function unitsNeeded(lines: readonly StationLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0)
}

export function unitsTicked(lines: readonly StationLine[], ticks: Ticks): number {
  return lines.reduce((sum, line) => sum + Math.min(ticks[line.key] ?? 0, line.quantity), 0)
}

export function isComplete(lines: readonly StationLine[], ticks: Ticks): boolean {
  return lines.every((line) => (ticks[line.key] ?? 0) >= line.quantity)
}

/** Ticks kept from before a restart, fitted to the order as the last sync has it now. */
export function fitTicks(lines: readonly StationLine[], stored: Ticks): Ticks {
  const fitted: Ticks = {}
  for (const line of lines) {
    const units = Math.min(Math.max(0, Math.floor(stored[line.key] ?? 0)), line.quantity)
    if (units > 0) fitted[line.key] = units
  }
  return fitted
}

/** Packs and minutes a session needs before its pace says anything. */
export const RATE_MIN_PACKS = 5
export const RATE_MIN_MINUTES = 5

/**
 * Orders per hour since the session started; null until RATE_MIN_PACKS orders are packed over
 * RATE_MIN_MINUTES minutes: two boxes in the first minute are no pace of 120 an hour.
 */
export function perHour(packed: number, startedAt: string, now: number): number | null {
  const started = Date.parse(startedAt)
  const elapsed = now - started
  if (packed < RATE_MIN_PACKS || !(elapsed >= RATE_MIN_MINUTES * 60_000)) return null
  return packed / (elapsed / 3_600_000)
}

/** "Germany (DE)": the name to check against the label, the code as the API sent it. */
export function countryText(code: string | null): string {
  if (code === null) return 'No country'
  if (!/^[A-Za-z]{2}$/.test(code)) return code
  try {
    const name = new Intl.DisplayNames(undefined, { type: 'region' }).of(code.toUpperCase())
    return name && name !== code.toUpperCase() ? `${name} (${code.toUpperCase()})` : code
  } catch {
    return code
  }
}

/**
 * "10:42 AM" today, "Nov 20, 2026, 10:42 AM" another day (the app's one form of a time): when a
 * box was packed, read at a glance.
 */
export function packedWhen(iso: string, now = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toDateString() === now.toDateString() ? formatTime(iso) : formatDateTime(iso)
}

/** "#12", or "ID 70001" for an order the API sent without a number. */
export function orderLabel(order: Pick<StationOrder, 'sequenceNumber' | 'orderId'>): string {
  return order.sequenceNumber === null ? `ID ${order.orderId}` : `#${order.sequenceNumber}`
}

export function tooMany(line: StationLine): StationWarning {
  return {
    kind: 'too-many',
    skuCode: line.skuCode,
    itemName: line.itemName,
    quantity: line.quantity,
  }
}
