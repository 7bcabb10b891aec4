import { ORDER_STATUSES } from '../shared/api'
import type { Rng } from './data-random'
import { formatTimestamp, pacific } from './data-time'

/*
 * The real-world variations the drift knob puts on a served row, modelled on public clients'
 * fixtures of this API (docs/simulator.md, "Drift"). Every function here edits a private deep
 * copy of one row and draws only from the row's own Rng, so a row drifts the same way on every
 * read. None of the DRIFT_KINDS may break the minimal schema the app requires; BREAK_KINDS do.
 */

export type Rec = Record<string, unknown>

export const DRIFT_KINDS = [
  'nulls',
  'absent',
  'numericStrings',
  'looseBooleans',
  'emptyStrings',
  'extraKeys',
  'perkKeys',
  'datedDelivery',
  'perkValues',
  'addressGaps',
  'unknownStatus',
  'oddItems',
] as const
export type DriftKind = (typeof DRIFT_KINDS)[number]

/**
 * What `oddItems` does to one item: the client cannot read the item, yet the row reads (its
 * order ships, the item is flagged to check by hand), so these are drift, not breaks.
 */
export const ODD_ITEM_SHAPES = ['skuNull', 'noSkuCode', 'noQuantity', 'notAnObject'] as const
export type OddItemShape = (typeof ODD_ITEM_SHAPES)[number]

export const BREAK_KINDS = [
  'noOrder',
  'noOrderId',
  'perksNotArray',
  'perkWithoutId',
  'nonNumericId',
] as const
export type BreakKind = (typeof BREAK_KINDS)[number]

export function isRec(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function recs(value: unknown): Rec[] {
  return Array.isArray(value) ? value.filter(isRec) : []
}

export function orderOf(row: Rec): Rec | undefined {
  return isRec(row.order) ? row.order : undefined
}

export function perksOf(row: Rec): Rec[] {
  return recs(orderOf(row)?.perks)
}

export function itemsOf(row: Rec): Rec[] {
  return perksOf(row).flatMap((perk) => recs(perk.items))
}

function skusOf(row: Rec): Rec[] {
  return itemsOf(row).flatMap((item) => (isRec(item.sku) ? [item.sku] : []))
}

function shippingOf(row: Rec): Rec[] {
  const shipping = orderOf(row)?.shipping
  return isRec(shipping) ? [shipping] : []
}

type Level = 'contribution' | 'order' | 'shipping' | 'perk' | 'item' | 'sku'

const TARGETS: Record<Level, (row: Rec) => Rec[]> = {
  contribution: (row) => [row],
  order: (row) => (orderOf(row) ? [orderOf(row) as Rec] : []),
  shipping: shippingOf,
  perk: perksOf,
  item: itemsOf,
  sku: skusOf,
}

/** A field outside the required core: [level, key]. */
type Slot = readonly [Level, string]

/**
 * Every optional field of the campaign-listing row. The required core (contribution id, order,
 * order id, status and perks, perk id and label, item sku and quantity, sku code, choice name
 * and value) is deliberately missing. `items` and `choices` are only ever dropped, never null:
 * the minimal schema names "absent" as "none" for those two.
 */
export const OPTIONAL_SLOTS: readonly Slot[] = [
  ...(['created_at', 'avatar_url', 'amount', 'by', 'appearance', 'email'] as const).map(
    (key) => ['contribution', key] as const,
  ),
  ...(['account_id', 'referrer_id', 'contributor_name', 'payment_method'] as const).map(
    (key) => ['contribution', key] as const,
  ),
  ['order', 'sequence_number'],
  ['order', 'shipping'],
  ...(['name', 'address', 'address2', 'city', 'state', 'zipcode', 'country'] as const).map(
    (key) => ['shipping', key] as const,
  ),
  ['shipping', 'phone_number'],
  ...(
    ['campaign_slug', 'amount', 'description', 'number_claimed', 'number_available'] as const
  ).map((key) => ['perk', key] as const),
  ...(['estimated_delivery_date', 'shipping_address_required', 'validation_errors'] as const).map(
    (key) => ['perk', key] as const,
  ),
  ...(['featured', 'non_tax_deductible_amount', 'items'] as const).map(
    (key) => ['perk', key] as const,
  ),
  ['item', 'id'],
  ['item', 'name'],
  ['sku', 'id'],
  ['sku', 'choices'],
]

// A perk's `items` is only ever dropped; a SKU's `choices` comes as null too (public clients
// show both, and the client reads null as none).
const ABSENT_ONLY = new Set(['items'])

const NUMERIC_SLOTS: readonly Slot[] = [
  ['contribution', 'id'],
  ['contribution', 'amount'],
  ['contribution', 'account_id'],
  ['contribution', 'referrer_id'],
  ['order', 'sequence_number'],
  ['perk', 'id'],
  ['perk', 'amount'],
  ['perk', 'number_claimed'],
  ['perk', 'number_available'],
  ['item', 'id'],
  ['item', 'quantity'],
  ['sku', 'id'],
]

const BOOLEAN_SLOTS: readonly Slot[] = [
  ['perk', 'shipping_address_required'],
  ['perk', 'featured'],
]

const STRING_SLOTS: readonly Slot[] = [
  ['contribution', 'avatar_url'],
  ['contribution', 'by'],
  ['contribution', 'email'],
  ['contribution', 'contributor_name'],
  ['contribution', 'payment_method'],
  ...(['name', 'address', 'address2', 'city', 'state', 'zipcode', 'country'] as const).map(
    (key) => ['shipping', key] as const,
  ),
  ['perk', 'campaign_slug'],
  ['perk', 'description'],
  ['item', 'name'],
]

/** The objects at `slot` that hold a value of the wanted kind. */
function holders(row: Rec, [level, key]: Slot, test: (v: unknown) => boolean): Rec[] {
  return TARGETS[level](row).filter((target) => Object.hasOwn(target, key) && test(target[key]))
}

const present = (value: unknown): boolean => value !== undefined
const isNumber = (value: unknown) => typeof value === 'number'
const isBoolean = (value: unknown) => typeof value === 'boolean'
const isText = (value: unknown) => typeof value === 'string' && value !== ''
const notNull = (value: unknown) => value !== undefined && value !== null

/** Up to `count` distinct slots that have a target in this row, and one target for each. */
function pickSlots(rng: Rng, row: Rec, slots: readonly Slot[], count: number, test = present) {
  const open = slots
    .map((slot) => ({ slot, targets: holders(row, slot, test) }))
    .filter((entry) => entry.targets.length > 0)
  const picked: { key: string; target: Rec }[] = []
  while (picked.length < count && open.length > 0) {
    const [entry] = open.splice(rng.int(open.length), 1)
    if (entry) picked.push({ key: entry.slot[1], target: rng.pick(entry.targets) })
  }
  return picked
}

/** True when the kind would change something in this row (so the plan never claims a no-op). */
export function driftApplies(kind: DriftKind, row: Rec): boolean {
  switch (kind) {
    case 'nulls':
    case 'absent':
      return true
    case 'numericStrings':
      return NUMERIC_SLOTS.some((slot) => holders(row, slot, isNumber).length > 0)
    case 'looseBooleans':
      return isRec(row.appearance) || BOOLEAN_SLOTS.some((s) => holders(row, s, isBoolean).length)
    case 'emptyStrings':
      return true
    case 'extraKeys':
      return true
    case 'perkKeys':
    case 'datedDelivery':
    case 'perkValues':
      return perksOf(row).length > 0
    case 'addressGaps':
      return shippingOf(row).some((shipping) =>
        ADDRESS_GAPS.some((k) => Object.hasOwn(shipping, k)),
      )
    case 'unknownStatus':
      return typeof orderOf(row)?.status === 'string'
    case 'oddItems':
      return itemsOf(row).some((item) => isRec(item.sku))
  }
}

const ADDRESS_GAPS = ['state', 'zipcode', 'phone_number', 'address2']
const ODD_STATUSES = ['partially_refunded', 'disputed', 'chargeback', 'refund_pending']
const KNOWN = ORDER_STATUSES as readonly string[]

function looseBoolean(rng: Rng, value: boolean): unknown {
  return rng.chance(0.5) ? (value ? 1 : 0) : String(value)
}

function numericString(key: string, value: number): string {
  // Rails serialises BigDecimal money as "49.0"; counts and ids arrive as plain digits.
  return key === 'amount' ? value.toFixed(1) : String(value)
}

/** A delivery date at midnight Pacific, the way the fixtures show it. */
function deliveryTimestamp(rng: Rng): string {
  return formatTimestamp(pacific(2026, 5 + rng.int(12), 1 + rng.int(28)))
}

const EXTRA_KEYS: Record<'contribution' | 'order' | 'item', (rng: Rng) => Rec> = {
  contribution: (rng) => ({
    shipping_fees: rng.pick([0, 5, 12.5, '7.50']),
    platform_fee: rng.pick([2.45, 3.1, null]),
    transaction_fee: rng.pick([1.2, 0.89, null]),
    currency_code: 'USD',
  }),
  order: (rng) => ({
    carrier: rng.pick([null, 'USPS', 'DHL Express']),
    tracking_number: rng.pick([null, '9400111899223197428490', '']),
    shipped_at: null,
  }),
  item: (rng) => ({ variant_id: 300_000 + rng.int(9000), weight_oz: rng.pick([4, 12.5, null]) }),
}

type Apply = (rng: Rng, row: Rec) => void

const APPLY: Record<DriftKind, Apply> = {
  nulls: (rng, row) => {
    for (const { key, target } of pickSlots(rng, row, OPTIONAL_SLOTS, 1 + rng.int(4), notNull)) {
      if (ABSENT_ONLY.has(key)) delete target[key]
      else target[key] = null
    }
  },
  absent: (rng, row) => {
    for (const { key, target } of pickSlots(rng, row, OPTIONAL_SLOTS, 1 + rng.int(4))) {
      delete target[key]
    }
  },
  numericStrings: (rng, row) => {
    for (const { key, target } of pickSlots(rng, row, NUMERIC_SLOTS, 1 + rng.int(3), isNumber)) {
      target[key] = numericString(key, target[key] as number)
    }
  },
  looseBooleans: (rng, row) => {
    const perkFlags = pickSlots(rng, row, BOOLEAN_SLOTS, 1 + rng.int(2), isBoolean)
    for (const { key, target } of perkFlags) target[key] = looseBoolean(rng, target[key] as boolean)
    const appearance = row.appearance
    if (isRec(appearance) && (perkFlags.length === 0 || rng.chance(0.5))) {
      appearance.private_amount = looseBoolean(rng, appearance.private_amount === true)
    }
  },
  emptyStrings: (rng, row) => {
    for (const { key, target } of pickSlots(rng, row, STRING_SLOTS, 1 + rng.int(3), isText)) {
      target[key] = ''
    }
  },
  extraKeys: (rng, row) => {
    Object.assign(row, EXTRA_KEYS.contribution(rng))
    const order = orderOf(row)
    if (order && rng.chance(0.7)) Object.assign(order, EXTRA_KEYS.order(rng))
    for (const item of itemsOf(row)) if (rng.chance(0.5)) Object.assign(item, EXTRA_KEYS.item(rng))
  },
  perkKeys: (rng, row) => {
    for (const perk of perksOf(row)) {
      perk.perk_type = rng.pick(['standard', 'standard', 'add_on', 'secret'])
      perk.shipping_fees = rng.pick([null, null, 5, 12.5])
      perk.visible = perk.perk_type !== 'secret'
      perk.secret = perk.perk_type === 'secret'
    }
  },
  datedDelivery: (rng, row) => {
    const when = deliveryTimestamp(rng)
    for (const perk of perksOf(row)) perk.estimated_delivery_date = when
  },
  perkValues: (rng, row) => {
    const perks = perksOf(row)
    if (perks.length === 0) return
    const perk = rng.pick(perks)
    perk.validation_errors = rng.pick([[], {}, ['Shipping address is incomplete'], { base: [] }])
    perk.non_tax_deductible_amount = rng.pick([0, 5, 12.5, '10.0'])
  },
  addressGaps: (rng, row) => {
    const [shipping] = shippingOf(row)
    if (!shipping) return
    const open = ADDRESS_GAPS.filter((key) => Object.hasOwn(shipping, key))
    const gaps = open.filter(() => rng.chance(0.5))
    for (const key of gaps.length ? gaps : [rng.pick(open)]) {
      // Absent, null or empty, whichever of them the field is not already.
      const ways = [null, ''].filter((way) => way !== shipping[key])
      const way = rng.pick(['absent', ...ways])
      if (way === 'absent') delete shipping[key]
      else shipping[key] = way
    }
  },
  unknownStatus: (rng, row) => {
    const order = orderOf(row)
    // The account listing's order has no status: nothing to vary there.
    if (!order || typeof order.status !== 'string') return
    const status = order.status
    const upper = KNOWN.includes(status) && rng.chance(0.4)
    order.status = upper
      ? rng.chance(0.5)
        ? status.toUpperCase()
        : status.charAt(0).toUpperCase() + status.slice(1)
      : rng.pick(ODD_STATUSES)
  },
  oddItems: (rng, row) => {
    // Every item with a SKU, by perk and place: earlier variations may have dropped some.
    const open = perksOf(row).flatMap((perk) =>
      Array.isArray(perk.items)
        ? perk.items
            .flatMap((item: unknown, at) => (isRec(item) && isRec(item.sku) ? [at] : []))
            .map((at) => ({ items: perk.items as unknown[], at }))
        : [],
    )
    if (open.length === 0) return
    const { items, at: index } = rng.pick(open)
    const item = items[index] as Rec
    const shape = rng.pick(ODD_ITEM_SHAPES)
    if (shape === 'skuNull') item.sku = null
    else if (shape === 'noSkuCode') delete (item.sku as Rec).code
    else if (shape === 'noQuantity') delete item.quantity
    // What an older backend sends for an item it only knows by name.
    else items[index] = typeof item.name === 'string' ? item.name : null
  },
}

export function applyDrift(kind: DriftKind, rng: Rng, row: Rec): void {
  APPLY[kind](rng, row)
}

/** Whether a perk of the row holds an item the client cannot read: what oddItems leaves. */
export function holdsOddItem(row: Rec): boolean {
  return perksOf(row).some(
    (perk) =>
      Array.isArray(perk.items) &&
      perk.items.some(
        (item: unknown) =>
          !isRec(item) ||
          !isRec(item.sku) ||
          typeof item.sku.code !== 'string' ||
          !Object.hasOwn(item, 'quantity'),
      ),
  )
}

/** Break kinds that can hit this (drifted) row; perkWithoutId needs a perk. */
export function breaksFor(row: Rec): BreakKind[] {
  const kinds: BreakKind[] = ['noOrder', 'noOrderId', 'perksNotArray']
  if (perksOf(row).length > 0) kinds.push('perkWithoutId')
  return kinds
}

export function applyBreak(kind: BreakKind, rng: Rng, row: Rec): void {
  const order = orderOf(row)
  switch (kind) {
    case 'noOrder':
      if (rng.chance(0.5)) delete row.order
      else row.order = null
      return
    case 'noOrderId':
      if (order) delete order.id
      return
    case 'perksNotArray':
      // What a PHP backend sends for an associative array: an object keyed by perk id.
      if (order) order.perks = Object.fromEntries(perksOf(row).map((p) => [String(p.id), p]))
      return
    case 'perkWithoutId':
      delete rng.pick(perksOf(row)).id
      return
    case 'nonNumericId':
      row.id = `pledge-${String(row.id)}`
      return
  }
}
