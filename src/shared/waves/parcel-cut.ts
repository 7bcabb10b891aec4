import type { PlanLine } from './wave-planner'

// Partial shipments (issue 28): an order that ships in part goes out in several parcels. The
// wave saved from a partial plan keeps each such order's parcel (its cut); the floor keeps each
// parcel packed in part. From those two and the order's shipping lines, one pure rule says what
// the order's next parcel carries, what follows, and whether that parcel is packed: the outputs,
// the station, `perkpack pack`/`unpack` and the planner all read it, so nothing owed is lost and
// nothing is sent twice.

/** A parcel packed while its order shipped in part; `wave` '' when packed outside a wave. */
export interface PackedParcel {
  wave: string
  lines: PlanLine[]
}

/** What the floor holds of one order's parcels. */
export interface OrderParcels {
  /** Whether the floor's record has the order packed (its first parcel, or the whole order). */
  orderPacked: boolean
  /** The open wave holding the order, and its parcel there (`cut` null: the whole order). */
  wave: { name: string; cut: PlanLine[] | null } | null
  /** The parcels packed in part, oldest first. */
  packed: PackedParcel[]
}

export interface ParcelNow {
  /** What this parcel carries. */
  lines: PlanLine[]
  /** What is still owed after this parcel (a later parcel). */
  follows: PlanLine[]
  /** What earlier parcels carried. */
  sent: PlanLine[]
  /** Whether this parcel is packed. */
  packed: boolean
  /** Whether this parcel is less than the whole order (then its pack is recorded with its lines). */
  partial: boolean
}

/** One line per variant, in first-seen order; quantities below 1 dropped. */
export function mergeLines(lines: readonly PlanLine[]): PlanLine[] {
  const merged = new Map<string, number>()
  for (const line of lines)
    if (line.quantity > 0)
      merged.set(line.variantKey, (merged.get(line.variantKey) ?? 0) + line.quantity)
  return [...merged].map(([variantKey, quantity]) => ({ variantKey, quantity }))
}

/** `from` less `less`, per variant, never below zero; in `from`'s order. */
export function subtractLines(from: readonly PlanLine[], less: readonly PlanLine[]): PlanLine[] {
  const taken = new Map(mergeLines(less).map((line) => [line.variantKey, line.quantity]))
  return mergeLines(from).flatMap((line) => {
    const left = line.quantity - (taken.get(line.variantKey) ?? 0)
    return left > 0 ? [{ variantKey: line.variantKey, quantity: left }] : []
  })
}

/** What `within` holds of `lines`: per variant the smaller count; in `within`'s order. */
function intersectLines(within: readonly PlanLine[], lines: readonly PlanLine[]): PlanLine[] {
  const wanted = new Map(mergeLines(lines).map((line) => [line.variantKey, line.quantity]))
  return mergeLines(within).flatMap((line) => {
    const take = Math.min(line.quantity, wanted.get(line.variantKey) ?? 0)
    return take > 0 ? [{ variantKey: line.variantKey, quantity: take }] : []
  })
}

export function unitsOf(lines: readonly PlanLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0)
}

/**
 * What the order still owes: its shipping lines less every parcel packed in part. An order
 * packed without a record of parts (packed whole, or before partial parcels) owes nothing.
 */
export function owedLines(
  shipping: readonly PlanLine[],
  parcels: Pick<OrderParcels, 'orderPacked' | 'packed'>,
): PlanLine[] {
  if (parcels.packed.length === 0) return parcels.orderPacked ? [] : mergeLines(shipping)
  return subtractLines(
    shipping,
    parcels.packed.flatMap((parcel) => parcel.lines),
  )
}

/**
 * The order's parcel now. In an open wave whose parcel was packed: that parcel, packed. Else the
 * wave's cut of what is still owed (all of it outside a wave or in a wave of whole orders), not
 * packed unless nothing is owed. Never more than ordered, and lines + follows + sent is always
 * the order's shipping lines.
 */
export function parcelNow(shipping: readonly PlanLine[], parcels: OrderParcels): ParcelNow {
  const whole = mergeLines(shipping)
  const sentAll = mergeLines(parcels.packed.flatMap((parcel) => parcel.lines))
  const here =
    parcels.packed.length === 0
      ? undefined
      : parcels.packed.find((parcel) => parcel.wave === (parcels.wave?.name ?? ''))
  if (here) {
    const lines = intersectLines(whole, here.lines)
    const sent = subtractLines(intersectLines(whole, sentAll), lines)
    return {
      lines,
      sent,
      follows: subtractLines(whole, [...lines, ...sent]),
      packed: true,
      partial: true,
    }
  }
  if (parcels.packed.length === 0 && parcels.orderPacked)
    return { lines: whole, follows: [], sent: [], packed: true, partial: false }
  const owed = owedLines(whole, parcels)
  const cut = parcels.wave?.cut ?? null
  const lines = cut === null ? owed : intersectLines(owed, cut)
  const sent = intersectLines(whole, sentAll)
  return {
    lines,
    follows: subtractLines(owed, lines),
    sent,
    packed: owed.length === 0,
    partial: unitsOf(lines) < unitsOf(whole),
  }
}

/**
 * What packing the order's parcel now writes: nothing (packed already); the floor's pack
 * (the first parcel; with its lines recorded when it is a part); or the parcel's record alone
 * (a later parcel of an order the floor has packed).
 */
export type PackStep =
  | { kind: 'packed-already' }
  | { kind: 'pack'; record: PlanLine[] | null }
  | { kind: 'pack-parcel'; record: PlanLine[] }

export function packStep(now: ParcelNow, orderPacked: boolean): PackStep {
  if (now.packed) return { kind: 'packed-already' }
  if (!orderPacked) return { kind: 'pack', record: now.partial ? now.lines : null }
  return { kind: 'pack-parcel', record: now.lines }
}

/**
 * What unpacking the order takes back: the parcel of its open wave when packed, else the last
 * parcel packed; the floor's pack too when no parcel record is left (the first one, or an order
 * packed whole). `lines` go back on the shelf.
 */
export type UnpackStep =
  | { kind: 'not-packed' }
  | { kind: 'unpack'; parcel: PackedParcel | null; store: boolean; lines: PlanLine[] }

export function unpackStep(shipping: readonly PlanLine[], parcels: OrderParcels): UnpackStep {
  if (parcels.packed.length === 0)
    return parcels.orderPacked
      ? { kind: 'unpack', parcel: null, store: true, lines: mergeLines(shipping) }
      : { kind: 'not-packed' }
  const parcel =
    parcels.packed.find((p) => p.wave === (parcels.wave?.name ?? '')) ??
    (parcels.packed[parcels.packed.length - 1] as PackedParcel)
  return {
    kind: 'unpack',
    parcel,
    store: parcels.packed.length === 1,
    lines: mergeLines(parcel.lines),
  }
}
