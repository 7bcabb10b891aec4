import type { CampaignContribution } from '../api/schemas'
import { reshipParcel } from '../corrections/reship-parcel'
import type { OrderLine } from '../fulfillment/pick-list'
import { shippableLines } from '../fulfillment/shipping'
import { describeChoices } from '../fulfillment/variant'
import { plural } from '../format/counts'
import { parcelNow, unitsOf } from './parcel-cut'
import type { OrderParcels, PackedParcel } from './parcel-cut'
import type { PlanLine } from './wave-planner'

// An order cut to its parcel, as every output reads it: the same row narrowed to the parcel's
// items (the reship's narrowing, so no output can list what is not in the box), carrying what
// follows and what went earlier for the slip and the station to say.

/** A line of what follows or went earlier: the order's line, in that parcel's number. */
export type ParcelLineText = Omit<OrderLine, 'key'> & { variantKey: string }

export interface ParcelNote {
  /** What a later parcel carries. */
  follows: ParcelLineText[]
  /** What earlier parcels carried. */
  sent: ParcelLineText[]
}

// A symbol: carried by the row's spreads, never written by JSON (exports, IPC, files).
const NOTE = Symbol('perkpack.parcel')

/** "1 × Mug — Colour: Blue, 2 × Pin": a parcel's lines in one sentence (the slip's words). */
export function parcelText(lines: readonly ParcelLineText[]): string {
  return lines
    .map((line) => {
      const choices = describeChoices(line.choices)
      return `${line.quantity} × ${line.itemName}${choices === '' ? '' : ` — ${choices}`}`
    })
    .join(', ')
}

/**
 * What a parcel's slip and the order's drawer say of its other parcels, in the same words:
 * "To follow in a later parcel: …", "Sent earlier: …"; empty when neither has a line.
 */
export function parcelNoteTexts(note: ParcelNote): string[] {
  const texts: string[] = []
  if (note.follows.length > 0)
    texts.push(`To follow in a later parcel: ${parcelText(note.follows)}`)
  if (note.sent.length > 0) texts.push(`Sent earlier: ${parcelText(note.sent)}`)
  return texts
}

/**
 * The heading over those sentences, in the drawer and at the station: how many items a later
 * parcel still carries ("Ships in part: 3 items to follow"), or that this is the order's last.
 */
export function parcelNoteTitle(note: ParcelNote): string {
  const following = unitsOf(note.follows)
  if (following === 0) return 'Ships in part: the last parcel of the order'
  // The Waves list's words for the same count (lib/wave-text.ts packedLine).
  return `Ships in part: ${plural(following, 'item')} to follow`
}

/** What follows and went before, when the row is cut to a parcel; null for a whole order. */
export function parcelNoteOf(row: object): ParcelNote | null {
  return (row as { [NOTE]?: ParcelNote })[NOTE] ?? null
}

/** The order's shipping lines as the parcel rules count them. */
export function planLinesOf(row: CampaignContribution): PlanLine[] {
  return shippableLines(row).map((line) => ({ variantKey: line.key, quantity: line.quantity }))
}

/** Counts of variants (a parcel, what follows) as the order's lines name them. */
export function parcelLineTexts(
  lines: readonly OrderLine[],
  counts: readonly PlanLine[],
): ParcelLineText[] {
  const byKey = new Map(lines.map((line) => [line.key, line]))
  return counts.flatMap(({ variantKey, quantity }) => {
    const line = byKey.get(variantKey)
    if (!line) return []
    return [
      {
        variantKey,
        skuCode: line.skuCode,
        itemName: line.itemName,
        choices: line.choices,
        quantity,
      },
    ]
  })
}

/**
 * The row as its parcel now (parcel-cut.ts `parcelNow`): narrowed to the parcel's items with
 * what follows and what went before, or the row itself when the parcel is the whole order (or
 * nothing is owed: an order fully sent reads as any packed order, whole).
 */
export function cutToParcel<Row extends { order: { id: number } }>(
  row: Row,
  parcels: OrderParcels,
): Row {
  const whole = row as unknown as CampaignContribution
  const lines = shippableLines(whole)
  const now = parcelNow(
    lines.map((line) => ({ variantKey: line.key, quantity: line.quantity })),
    parcels,
  )
  if (!now.partial || now.lines.length === 0) return row
  const cut = reshipParcel(whole, now.lines) as unknown as Row
  const note: ParcelNote = {
    follows: parcelLineTexts(lines, now.follows),
    sent: parcelLineTexts(lines, now.sent),
  }
  return Object.assign(cut, { [NOTE]: note })
}

/** An order of a wave that ships in part there: its parcel, what follows, what went before. */
export interface WaveOrderParcel {
  orderId: number
  lines: PlanLine[]
  follows: PlanLine[]
  sent: PlanLine[]
}

/**
 * The parcels of a wave's orders that ship in part in it: the wave's cut, or, for an order
 * sent in part before, what it still owed; what follows and what went in other waves' parcels.
 * Orders the wave ships whole, and orders the copy no longer carries, are not listed.
 */
export function waveOrderParcels(
  wave: { name: string; orderIds: readonly number[]; parcels: readonly WaveParcelLike[] },
  rows: readonly CampaignContribution[],
  packed: ReadonlyMap<number, readonly PackedParcel[]>,
): WaveOrderParcel[] {
  const byOrder = new Map(rows.map((row) => [row.order.id, row]))
  const cuts = new Map(wave.parcels.map((parcel) => [parcel.orderId, parcel.lines]))
  return wave.orderIds.flatMap((orderId) => {
    const row = byOrder.get(orderId)
    if (!row) return []
    const before = (packed.get(orderId) ?? []).filter((parcel) => parcel.wave !== wave.name)
    const now = parcelNow(planLinesOf(row), {
      orderPacked: before.length > 0,
      wave: { name: wave.name, cut: cuts.get(orderId) ?? null },
      packed: [...before],
    })
    if (!now.partial || now.lines.length === 0) return []
    return [{ orderId, lines: now.lines, follows: now.follows, sent: now.sent }]
  })
}

interface WaveParcelLike {
  orderId: number
  lines: PlanLine[]
}

/** Of rows as they ship, the orders with a parcel still to follow and its units (Progress). */
export function toFollowOf(rows: readonly object[]): { orders: number; items: number } {
  let orders = 0
  let items = 0
  for (const row of rows) {
    const follows = parcelNoteOf(row)?.follows ?? []
    if (follows.length === 0) continue
    orders += 1
    items += follows.reduce((sum, line) => sum + line.quantity, 0)
  }
  return { orders, items }
}
