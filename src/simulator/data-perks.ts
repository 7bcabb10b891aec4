import type { OrderStatus } from '../shared/api'
import type { CampaignSpec, ItemSpec, PerkSpec } from './data-campaigns'
import { PERK_ID_BASE } from './data-ids'
import type { Rng } from './data-random'
import { Weighted } from './data-random'
import type { WireItem, WirePerk, WireSku } from './wire'

/** How a row's perks are drawn: at random, or forced to one of the shapes every UI must show. */
export const PERK_RANDOM = 0
export const PERK_NONE = 1
export const PERK_TWO = 2
export const PERK_DIGITAL = 3
export const PERK_BUNDLE = 4
export type PerkPlan = 0 | 1 | 2 | 3 | 4

/** One choice combination of a perk, with the one-element `order.perks` array rows share. */
interface PerkVariant {
  perk: WirePerk
  alone: WirePerk[]
}

interface PerkEntry {
  id: number
  spec: PerkSpec
  variants: PerkVariant[]
  picker: Weighted<PerkVariant>
  claimed: number
}

// Rows share this by reference: see PUBLIC_AMOUNT in data-rows.ts.
const NO_PERKS = Object.freeze([]) as unknown as WirePerk[]

export interface CampaignState {
  index: number
  spec: CampaignSpec
  perks: PerkEntry[]
  anyPerk: Weighted<PerkEntry>
  /** Uncapped perks only: the fallback once a capped perk is claimed out. */
  openPerk: Weighted<PerkEntry>
  digital: PerkEntry
  bundle: PerkEntry
  statuses: Weighted<OrderStatus>
  nextSequence: number
}

export interface IdCounters {
  item: number
  sku: number
}

interface SkuVariant {
  sku: WireSku
  weight: number
}

function skuVariants(item: ItemSpec, ids: IdCounters): SkuVariant[] {
  let combos: { codes: string[]; choices: WireSku['choices']; weight: number }[] = [
    { codes: [], choices: [], weight: 1 },
  ]
  for (const option of item.options ?? []) {
    combos = combos.flatMap((combo) =>
      option.values.map(([value, code, weight]) => ({
        codes: [...combo.codes, code],
        choices: [...combo.choices, { name: option.name, value }],
        weight: combo.weight * weight,
      })),
    )
  }
  return combos.map((combo) => ({
    sku: { id: ids.sku++, code: [item.code, ...combo.codes].join('-'), choices: combo.choices },
    weight: combo.weight,
  }))
}

function compilePerks(spec: CampaignSpec, campaignIndex: number, ids: IdCounters): PerkEntry[] {
  const items = new Map<string, { id: number; name: string; skus: SkuVariant[] }>()
  for (const item of spec.items) {
    items.set(item.key, { id: ids.item++, name: item.name, skus: skuVariants(item, ids) })
  }
  return spec.perks.map((perk, perkIndex) => {
    const id = PERK_ID_BASE + campaignIndex * 20 + perkIndex
    let combos: { items: WireItem[]; weight: number }[] = [{ items: [], weight: 1 }]
    for (const [key, quantity] of perk.items) {
      const item = items.get(key)
      if (!item) throw new Error(`WirePerk "${perk.label}" names unknown item "${key}"`)
      combos = combos.flatMap((combo) =>
        item.skus.map(({ sku, weight }) => ({
          items: [...combo.items, { id: item.id, name: item.name, quantity, sku }],
          weight: combo.weight * weight,
        })),
      )
    }
    const perks: WirePerk[] = combos.map((combo) => ({
      id,
      campaign_slug: spec.slug,
      amount: perk.amount,
      description: perk.description,
      number_claimed: 0,
      number_available: perk.cap,
      estimated_delivery_date: null,
      shipping_address_required: perk.items.length > 0,
      label: perk.label,
      validation_errors: null,
      featured: perk.featured,
      non_tax_deductible_amount: null,
      items: combo.items,
    }))
    const variants = perks.map((p) => ({ perk: p, alone: [p] }))
    const picker = new Weighted(variants.map((v, i) => [v, combos[i]?.weight ?? 1] as const))
    return { id, spec: perk, variants, picker, claimed: 0 }
  })
}

export function campaignState(spec: CampaignSpec, index: number, ids: IdCounters): CampaignState {
  const perks = compilePerks(spec, index, ids)
  const digital = perks.find((p) => p.spec.items.length === 0)
  const bundle = perks.find((p) => p.spec.items.some(([, quantity]) => quantity === 2))
  if (!digital || !bundle)
    throw new Error(`WireCampaign ${spec.slug} needs a digital and a bundle perk`)
  return {
    index,
    spec,
    perks,
    anyPerk: new Weighted(perks.map((p) => [p, p.spec.weight] as const)),
    openPerk: new Weighted(
      perks.filter((p) => p.spec.cap === null).map((p) => [p, p.spec.weight] as const),
    ),
    digital,
    bundle,
    statuses: new Weighted(spec.statusWeights),
    nextSequence: 1,
  }
}

/**
 * A capped perk that is claimed out falls back to an uncapped one, as on the real platform.
 * Live inserts never take a capped perk: number_claimed was fixed when the dataset was built.
 */
function available(rng: Rng, state: CampaignState, entry: PerkEntry, live: boolean): PerkEntry {
  const cap = entry.spec.cap
  return cap !== null && (live || entry.claimed >= cap) ? state.openPerk.pick(rng) : entry
}

function claim(rng: Rng, entry: PerkEntry, live: boolean): PerkVariant {
  if (!live) entry.claimed++
  return entry.picker.pick(rng)
}

export function choosePerks(
  rng: Rng,
  state: CampaignState,
  plan: PerkPlan,
  live: boolean,
): WirePerk[] {
  let kind = plan
  if (kind === PERK_RANDOM) {
    const roll = rng.next()
    kind = roll < 0.03 ? PERK_NONE : roll < 0.08 ? PERK_TWO : PERK_RANDOM
  }
  switch (kind) {
    case PERK_NONE:
      return NO_PERKS
    case PERK_DIGITAL:
      return claim(rng, available(rng, state, state.digital, live), live).alone
    case PERK_BUNDLE:
      return claim(rng, available(rng, state, state.bundle, live), live).alone
    case PERK_TWO: {
      const first = available(rng, state, state.anyPerk.pick(rng), live)
      let second = first
      // A handful of redraws is enough with 6+ perks; the fallback keeps it bounded.
      for (let tries = 0; tries < 8 && second === first; tries++) {
        second = available(rng, state, state.anyPerk.pick(rng), live)
      }
      if (second === first) {
        second = state.perks.find((p) => p !== first && p.spec.cap === null) ?? first
      }
      return [claim(rng, first, live).perk, claim(rng, second, live).perk]
    }
    default:
      return claim(rng, available(rng, state, state.anyPerk.pick(rng), live), live).alone
  }
}

/** Once a campaign's rows are built: every perk shows how often it was claimed, then freezes. */
export function settleClaims(state: CampaignState): void {
  for (const entry of state.perks) {
    for (const variant of entry.variants) {
      variant.perk.number_claimed = entry.claimed
      Object.freeze(variant.perk)
      Object.freeze(variant.alone)
    }
  }
}
