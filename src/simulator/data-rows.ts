import { ORDER_STATUSES } from '../shared/api'
import type { OrderStatus } from '../shared/api'
import type { CampaignSpec } from './data-campaigns'
import { poolAccountId } from './data-ids'
import type { Persona } from './data-people'
import { SHOWCASE } from './data-showcase'
import {
  choosePerks,
  PERK_BUNDLE,
  PERK_DIGITAL,
  PERK_NONE,
  PERK_RANDOM,
  PERK_TWO,
} from './data-perks'
import type { CampaignState, PerkPlan } from './data-perks'
import type { Rng } from './data-random'
import { DAY, formatTimestamp } from './data-time'
import { distinctRefs, plantTwins, retypedPersona, TWIN_SHARE } from './data-twins'
import type { WireCampaignContribution, WirePerk } from './wire'

const TIPS = [1, 2, 5, 5, 10, 20, 25]
const DONATIONS = [5, 10, 10, 15, 20, 25, 50, 100]

/** Account references in row plans: >= 0 is a pool index, these two are the fixed users. */
export const REF_DEMO = -1
export const REF_BACKER = -2

// Rows share these by reference (JSON output is unaffected) because 100k contributions must
// generate fast and allocation dominates; freezing turns an accidental mutation into a TypeError.
const PUBLIC_AMOUNT = Object.freeze({ private_amount: false })
const PRIVATE_AMOUNT = Object.freeze({ private_amount: true })

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100
}

/**
 * One row. The who, what and when come in; the amount, privacy and payment are drawn from
 * `rng`. Positional, not an options object: 100k rows must not allocate 100k of them.
 */
export function buildContribution(
  rng: Rng,
  state: CampaignState,
  persona: Persona,
  perks: WirePerk[],
  status: OrderStatus,
  createdMs: number,
  id: number,
  orderId: number,
  sequence: number,
  referrerPool: number,
): WireCampaignContribution {
  let amount = 0
  if (perks.length === 0) {
    amount = rng.chance(0.8) ? rng.pick(DONATIONS) : rng.range(100, 20_000) / 100
  } else {
    for (const perk of perks) amount += perk.amount
    if (rng.chance(0.08)) amount += rng.pick(TIPS)
  }
  const privateAmount = rng.chance(0.12)
  return {
    id,
    created_at: formatTimestamp(createdMs),
    avatar_url: persona.avatarUrl,
    amount: roundMoney(amount),
    by: privateAmount && rng.chance(0.6) ? 'Anonymous' : persona.name,
    appearance: privateAmount ? PRIVATE_AMOUNT : PUBLIC_AMOUNT,
    email: persona.email,
    account_id: persona.accountId,
    // Meaning undocumented; modelled as the account whose share link brought the backer, or
    // the campaign owner for direct traffic, so it is always an integer as the spec says.
    referrer_id: rng.chance(0.2)
      ? poolAccountId(rng.int(referrerPool))
      : state.spec.owner.accountId,
    contributor_name: persona.name,
    payment_method: rng.chance(0.84) ? 'credit_card' : 'paypal',
    order: {
      id: orderId,
      perks,
      sequence_number: sequence,
      shipping: persona.shipping,
      status,
    },
  }
}

/**
 * Creation times, oldest first, at second precision (so equal timestamps occur and the id
 * tie-break of the listing order matters): a launch rush, a final-48-hours spike, a steady
 * middle and, for an InDemand campaign, a trickle after funding closed.
 */
export function creationTimes(rng: Rng, spec: CampaignSpec, count: number): Float64Array {
  const times = new Float64Array(count)
  const span = spec.end - spec.start
  const after = spec.listingEnd - spec.end
  for (let i = 0; i < count; i++) {
    const roll = rng.next()
    let t: number
    if (roll < 0.28) t = spec.start + Math.min(-Math.log(1 - rng.next()) * 18 * 3_600_000, span)
    else if (roll < 0.4) t = spec.end - rng.next() * 2 * DAY
    else if (after > 0 && roll < 0.45) t = spec.end + rng.next() * after
    else t = spec.start + rng.next() * span
    times[i] = Math.floor(Math.min(t, spec.listingEnd - 1000) / 1000) * 1000
  }
  times.sort()
  // Busy moments put several pledges in one second; make sure small datasets have such ties.
  for (let i = 1; i < count; i++) {
    if (rng.chance(0.01)) times[i] = times[i - 1] ?? 0
  }
  return times
}

/** `count` distinct row positions in [0, rows). */
function positions(rng: Rng, rows: number, count: number, taken: Set<number>): number[] {
  const out: number[] = []
  while (out.length < count && taken.size < rows) {
    const p = rng.int(rows)
    if (taken.has(p)) continue
    taken.add(p)
    out.push(p)
  }
  return out
}

/** Who backs each row of a campaign, which rows are forced to a perk shape, and each status. */
export interface RowPlan {
  /** Per row: a pool index, or REF_DEMO / REF_BACKER. */
  refs: Int32Array
  /** Per row: how a second pledge retypes its backer's address (data-twins.ts), 0 for as is. */
  typings: Uint8Array
  plans: Uint8Array
  statuses: OrderStatus[]
}

/**
 * Campaign `c`'s plan. The fixed users and the hand-written hard cases land on rows of the
 * campaigns the tests and the demo look at; the rest are distinct pool backers, except a
 * planted few per cent of second pledges (TWIN_SHARE) that the duplicate check should find.
 */
export function planRows(
  rng: Rng,
  state: CampaignState,
  c: number,
  rowCount: number,
  poolSize: number,
): RowPlan {
  // Showcase backers appear only where they are placed below, so never twice by chance.
  const refs = distinctRefs(rng, rowCount, SHOWCASE.length, poolSize)
  const taken = new Set<number>()
  const assign = (ref: number, count: number) => {
    for (const p of positions(rng, rowCount, count, taken)) refs[p] = ref
  }
  if (c === 0 && rowCount >= 30) assign(REF_BACKER, 1)
  if (c === 1 && rowCount >= 10) assign(REF_DEMO, 1)
  if (c === 2) {
    assign(REF_DEMO, 2)
    assign(REF_BACKER, 1)
  }
  if (c === 3) {
    assign(REF_DEMO, 1)
    assign(REF_BACKER, 1)
  }
  // The hand-written hard cases always appear in the fixed-size campaign and, when it is
  // big enough, in the primary one that the demo opens first.
  if (c === 2 || (c === 0 && rowCount >= SHOWCASE.length * 4)) {
    SHOWCASE.forEach((_, ref) => assign(ref, 1))
  }
  const typings = new Uint8Array(rowCount)
  const pairs = Math.floor(rowCount * TWIN_SHARE)
  const free = positions(rng, rowCount, pairs * 2, taken)
  plantTwins(rng, refs, typings, free.slice(0, pairs), free.slice(pairs))

  const plans = new Uint8Array(rowCount)
  if (rowCount >= 45) {
    const forced = new Set<number>()
    const kinds = [PERK_NONE, PERK_TWO, PERK_DIGITAL, PERK_BUNDLE]
    positions(rng, rowCount, kinds.length, forced).forEach((p, k) => {
      plans[p] = kinds[k] ?? PERK_RANDOM
    })
  }

  const statuses: OrderStatus[] = []
  for (let i = 0; i < rowCount; i++) statuses.push(state.statuses.pick(rng))
  if (rowCount >= 31) ensureEveryStatus(rng, statuses)
  return { refs, typings, plans, statuses }
}

/** Where each row of one campaign sits in time and in the id ranges. */
export interface RowPlaces {
  times: Float64Array
  contributionIds: Float64Array
  orderIds: Float64Array
}

/** The rows of one campaign, oldest first (sequence_number order). */
export function buildRows(
  rng: Rng,
  state: CampaignState,
  plan: RowPlan,
  places: RowPlaces,
  personaAt: (ref: number) => Persona,
  poolSize: number,
): WireCampaignContribution[] {
  const rowCount = plan.refs.length
  const rows: WireCampaignContribution[] = new Array<WireCampaignContribution>(rowCount)
  for (let i = 0; i < rowCount; i++) {
    const perks = choosePerks(rng, state, (plan.plans[i] ?? 0) as PerkPlan, false)
    rows[i] = buildContribution(
      rng,
      state,
      retypedPersona(personaAt(plan.refs[i] ?? 0), plan.typings[i] ?? 0),
      perks,
      plan.statuses[i] ?? 'captured',
      places.times[i] ?? state.spec.start,
      places.contributionIds[i] ?? 0,
      places.orderIds[i] ?? 0,
      i + 1,
      poolSize,
    )
  }
  return rows
}

/** Small campaigns would otherwise miss the rare statuses by chance; the UI must show all. */
function ensureEveryStatus(rng: Rng, statuses: OrderStatus[]): void {
  const counts = new Map<OrderStatus, number>()
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1)
  for (const wanted of ORDER_STATUSES) {
    if ((counts.get(wanted) ?? 0) > 0) continue
    for (;;) {
      const i = rng.int(statuses.length)
      const current = statuses[i]
      if (current === undefined || (counts.get(current) ?? 0) < 2) continue
      counts.set(current, (counts.get(current) ?? 0) - 1)
      counts.set(wanted, 1)
      statuses[i] = wanted
      break
    }
  }
}
