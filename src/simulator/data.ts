import type { OrderStatus } from '../shared/api'
import type {
  WireCampaign,
  WireCampaignContribution,
  WireItem,
  WirePerk,
  WireSignup,
  WireSku,
  WireTeamMember,
} from './wire'
import {
  BACKER_ACCOUNT_ID,
  CAMPAIGN_SPECS,
  DEMO_ACCOUNT_ID,
  type CampaignSpec,
  type ItemSpec,
  type PerkSpec,
  type StaffSpec,
} from './data-campaigns'
import {
  SHOWCASE,
  avatarUrl,
  randomPersona,
  randomSignupEmail,
  showcasePersona,
  type Persona,
} from './data-people'
import { Rng, Weighted, mix32 } from './data-random'
import { DAY, EPOCH_MS, formatTimestamp } from './data-time'
import {
  BACKER_CREDENTIALS,
  DEMO_CREDENTIALS,
  type DatasetOptions,
  type SimDataset,
  type SimJobPlan,
  type SimUser,
} from './model'

/*
 * Id ranges (all disjoint, so an id of the wrong kind never matches by accident):
 *   campaigns         2843117, 2790455, 318822, 95731 (fixed; see data-campaigns.ts)
 *   contributions     41_200_000 upwards, increasing with created_at across the whole dataset
 *   orders            18_300_000 upwards, same order
 *   perks             16_842_100 + 20 * campaign index + perk index
 *   items / skus      5_210_000 / 8_700_000 upwards
 *   team member ids   880_001 upwards (the `id` of a team_members entry, not an account)
 *   staff accounts    17_000_xxx (demo user 17_000_042); backer user 20_000_007
 *   backer accounts   21_000_000 + 5 * pool index + 0..4
 */
const CONTRIBUTION_ID_BASE = 41_200_000
const ORDER_ID_BASE = 18_300_000
const PERK_ID_BASE = 16_842_100
const ITEM_ID_BASE = 5_210_000
const SKU_ID_BASE = 8_700_000
const TEAM_MEMBER_ID_BASE = 880_000
const POOL_ACCOUNT_BASE = 21_000_000

/** Password of the owner and team-member accounts listed in `users` after the first two. */
export const STAFF_PASSWORD = 'perkpack-team'

/** Sign-ups per campaign: the primary spans three pages of 30, the second exactly one. */
const SIGNUP_COUNTS = [75, 30, 6, 4] as const

// Independent random streams, so changing how one part draws does not reshuffle the others.
const STREAM_TIMES = 1
const STREAM_ROWS = 2
const STREAM_IDS = 3
const STREAM_SIGNUPS = 4
const STREAM_PLAN = 5

const TIPS = [1, 2, 5, 5, 10, 20, 25]
const DONATIONS = [5, 10, 10, 15, 20, 25, 50, 100]

const PERK_RANDOM = 0
const PERK_NONE = 1
const PERK_TWO = 2
const PERK_DIGITAL = 3
const PERK_BUNDLE = 4
type PerkPlan = 0 | 1 | 2 | 3 | 4

/** Account references in row plans: >= 0 is a pool index, these two are the fixed users. */
const REF_DEMO = -1
const REF_BACKER = -2

function poolAccountId(index: number): number {
  return POOL_ACCOUNT_BASE + index * 5 + (mix32(index, 0xacc) % 5)
}

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

// Rows share these by reference (JSON output is unaffected) because 100k contributions must
// generate fast and allocation dominates; freezing turns an accidental mutation into a TypeError.
const PUBLIC_AMOUNT = Object.freeze({ private_amount: false })
const PRIVATE_AMOUNT = Object.freeze({ private_amount: true })
const NO_PERKS = Object.freeze([]) as unknown as WirePerk[]

interface CampaignState {
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

interface IdCounters {
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

function campaignState(spec: CampaignSpec, index: number, ids: IdCounters): CampaignState {
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

function choosePerks(rng: Rng, state: CampaignState, plan: PerkPlan, live: boolean): WirePerk[] {
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

function roundMoney(value: number): number {
  return Math.round(value * 100) / 100
}

function buildContribution(
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
function creationTimes(rng: Rng, spec: CampaignSpec, count: number): Float64Array {
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

function staffMember(staff: StaffSpec, memberId: number, owner: boolean, rng: Rng): WireTeamMember {
  return {
    id: memberId,
    name: staff.name,
    // Only "owner" is documented; "member" for the rest is the simulator's choice.
    status: owner ? 'owner' : 'member',
    owner,
    avatar_url: avatarUrl(staff.accountId, false),
    social: { verified: rng.chance(0.5), friends_count: rng.range(40, 2400) },
    account_id: staff.accountId,
    user_type: 'individual',
  }
}

function buildCampaign(
  state: CampaignState,
  rows: readonly WireCampaignContribution[],
  rowTimes: Float64Array,
  team: StaffSpec[],
  rng: Rng,
  memberIds: { next: number },
): WireCampaign {
  const spec = state.spec
  let collected = 0
  let forever = 0
  rows.forEach((row, i) => {
    if (row.order.status === 'refunded') return
    collected += row.amount
    if ((rowTimes[i] ?? 0) >= spec.end) forever += row.amount
  })
  const image = (variant: string) =>
    `https://images.perkpack.test/campaigns/${spec.id}/${variant}.jpg`
  return {
    id: spec.id,
    slug: spec.slug,
    title: spec.title,
    tagline: spec.tagline,
    city: spec.city,
    country: spec.country,
    region: spec.region,
    region_code: spec.regionCode,
    country_code_alpha_2: spec.countryCode,
    image_types: {
      baseball_card: image('baseball_card'),
      small: image('small'),
      medium: image('medium'),
      large: image('large'),
      original: image('original'),
    },
    currency: { ...spec.currency },
    created_at: formatTimestamp(spec.start - 21 * DAY),
    updated_at: formatTimestamp(
      spec.foreverFunding ? EPOCH_MS - 3 * 3_600_000 : spec.end + 30 * DAY,
    ),
    funding_started_at: formatTimestamp(spec.start),
    funding_ends_at: formatTimestamp(spec.end),
    funding_days: Math.round((spec.end - spec.start) / DAY),
    baseball_card_image_url: image('baseball_card'),
    main_image_url: image('main'),
    web_url: `https://crowdfunding.perkpack.test/projects/${spec.slug}`,
    forever_funding_active: spec.foreverFunding,
    processor_payout_active: true,
    goal: spec.goal,
    perks_available: spec.foreverFunding,
    category: { ...spec.category },
    collected_funds: roundMoney(collected),
    funding_type: spec.fundingType,
    contributions_count: rows.length,
    comments_count: spec.commentsCount,
    updates_count: spec.updatesCount,
    favorited: false,
    forever_funding_collected_funds: roundMoney(forever),
    forever_funding_ends_at: null,
    video_overlay_url: null,
    main_video_url: null,
    social_url: `https://social.perkpack.test/${spec.slug}`,
    life: {},
    latest_updates: [],
    team_members: team.map((staff, i) => staffMember(staff, ++memberIds.next, i === 0, rng)),
    project_sponsors: [],
  }
}

function jobsFor(campaigns: readonly CampaignSpec[]): SimJobPlan[] {
  const jobs: SimJobPlan[] = []
  let next = 5001
  const add = (campaignId: number, plan: Omit<SimJobPlan, 'jobId' | 'campaignId'>) =>
    jobs.push({ jobId: String(next++), campaignId, ...plan })
  campaigns.slice(0, 3).forEach((spec) => {
    add(spec.id, { total: 250, outcome: 'completed', queuedPolls: 2, perPoll: 60, stopAt: 250 })
    add(spec.id, { total: 120, outcome: 'failed', queuedPolls: 1, perPoll: 40, stopAt: 80 })
    add(spec.id, { total: 300, outcome: 'killed', queuedPolls: 1, perPoll: 50, stopAt: 150 })
    add(spec.id, { total: 10, outcome: 'completed', queuedPolls: 1, perPoll: 10, stopAt: 10 })
  })
  // A real job on the campaign the demo user cannot see, so 403 is tested with a valid id.
  const last = campaigns[3]
  if (last)
    add(last.id, { total: 31, outcome: 'completed', queuedPolls: 1, perPoll: 31, stopAt: 31 })
  return jobs
}

/**
 * The simulator's whole world, a pure function of `seed` (used as a 32-bit integer) and
 * `contributions`. Campaigns: [0] the primary with exactly `contributions` rows, [1] a quarter
 * of that (rounded up), [2] 45 rows and [3] 31 rows with a team that excludes the demo user.
 *
 * Treat the result as read-only apart from the listing arrays and campaign objects: rows share
 * frozen perk, perk-array, appearance and shipping objects (one shipping object per account).
 */
export function generateDataset(options: DatasetOptions): SimDataset {
  const { seed } = options
  const primaryCount = options.contributions
  if (!Number.isSafeInteger(primaryCount) || primaryCount < 0) {
    throw new RangeError(`contributions must be a non-negative integer, got ${primaryCount}`)
  }
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`)

  const demoUser: SimUser = {
    accountId: DEMO_ACCOUNT_ID,
    name: 'Avery Quinn',
    email: options.demoEmail ?? DEMO_CREDENTIALS.email,
    password: options.demoPassword ?? DEMO_CREDENTIALS.password,
  }
  const backerUser: SimUser = {
    accountId: BACKER_ACCOUNT_ID,
    name: 'Jordan Reyes',
    email: BACKER_CREDENTIALS.email,
    password: BACKER_CREDENTIALS.password,
  }
  const demoPersona: Persona = {
    accountId: demoUser.accountId,
    name: demoUser.name,
    email: demoUser.email,
    avatarUrl: avatarUrl(demoUser.accountId, false),
    shipping: Object.freeze({
      name: demoUser.name,
      address: '2217 SE Division St',
      address2: null,
      city: 'Portland',
      state: 'OR',
      zipcode: '97202',
      country: 'US',
      phone_number: '+1 503-555-0177',
    }),
  }
  const backerPersona: Persona = {
    accountId: backerUser.accountId,
    name: backerUser.name,
    email: backerUser.email,
    avatarUrl: avatarUrl(backerUser.accountId, true),
    shipping: Object.freeze({
      name: backerUser.name,
      address: '1055 Granville St',
      address2: 'Apt 1804',
      city: 'Vancouver',
      state: 'BC',
      zipcode: 'V6Z 1L4',
      country: 'CA',
      phone_number: '+1 604-555-0164',
    }),
  }

  const counts = [primaryCount, Math.ceil(primaryCount / 4), 45, 31]
  const totalRows = counts.reduce((sum, n) => sum + n, 0)
  // Fewer accounts than contributions, so accounts back several times and several campaigns.
  const poolSize = Math.max(SHOWCASE.length + 20, Math.ceil(totalRows * 0.6))
  const personas: (Persona | undefined)[] = []
  const personaAt = (ref: number): Persona => {
    if (ref === REF_DEMO) return demoPersona
    if (ref === REF_BACKER) return backerPersona
    let persona = personas[ref]
    if (!persona) {
      const accountId = poolAccountId(ref)
      const entry = SHOWCASE[ref]
      persona = entry ? showcasePersona(entry, accountId) : randomPersona(seed, ref, accountId)
      personas[ref] = persona
    }
    return persona
  }

  const ids: IdCounters = { item: ITEM_ID_BASE, sku: SKU_ID_BASE }
  const states = CAMPAIGN_SPECS.map((spec, index) => campaignState(spec, index, ids))

  // 1. When each contribution happened, per campaign, oldest first.
  const timeRng = new Rng(seed, STREAM_TIMES)
  const times = states.map((state, i) => creationTimes(timeRng, state.spec, counts[i] ?? 0))

  // 2. Contribution and order ids follow creation time across the whole platform.
  const idRng = new Rng(seed, STREAM_IDS)
  const contributionIds = times.map((t) => new Float64Array(t.length))
  const orderIds = times.map((t) => new Float64Array(t.length))
  let nextContributionId = CONTRIBUTION_ID_BASE
  let nextOrderId = ORDER_ID_BASE
  const cursor = times.map(() => 0)
  for (let n = 0; n < totalRows; n++) {
    let best = -1
    let bestTime = Infinity
    for (let c = 0; c < times.length; c++) {
      const t = times[c]?.[cursor[c] ?? 0]
      if (t !== undefined && t < bestTime) {
        best = c
        bestTime = t
      }
    }
    const at = cursor[best] ?? 0
    const cRow = contributionIds[best]
    const oRow = orderIds[best]
    if (!cRow || !oRow) throw new Error('creation-time merge ran past the last row')
    cRow[at] = nextContributionId
    oRow[at] = nextOrderId
    cursor[best] = at + 1
    nextContributionId += 1 + idRng.int(3)
    nextOrderId += 1 + idRng.int(2)
  }

  // 3. Who backs which row, which rows are forced to a perk shape, and each row's status.
  const planRng = new Rng(seed, STREAM_PLAN)
  const rowRng = new Rng(seed, STREAM_ROWS)
  const contributions = new Map<number, WireCampaignContribution[]>()
  const campaigns: WireCampaign[] = []
  const teams = new Map<number, Set<number>>()
  const memberIds = { next: TEAM_MEMBER_ID_BASE }
  const users: SimUser[] = [demoUser, backerUser]

  states.forEach((state, c) => {
    const rowCount = counts[c] ?? 0
    const refs = new Int32Array(rowCount)
    for (let i = 0; i < rowCount; i++) refs[i] = planRng.int(poolSize)
    const taken = new Set<number>()
    const assign = (ref: number, count: number) => {
      for (const p of positions(planRng, rowCount, count, taken)) refs[p] = ref
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

    const plans = new Uint8Array(rowCount)
    if (rowCount >= 45) {
      const forced = new Set<number>()
      const kinds = [PERK_NONE, PERK_TWO, PERK_DIGITAL, PERK_BUNDLE]
      positions(planRng, rowCount, kinds.length, forced).forEach((p, k) => {
        plans[p] = kinds[k] ?? PERK_RANDOM
      })
    }

    const statuses: OrderStatus[] = []
    for (let i = 0; i < rowCount; i++) statuses.push(state.statuses.pick(planRng))
    if (rowCount >= 31) ensureEveryStatus(planRng, statuses)

    // 4. The rows themselves, oldest first (sequence_number order).
    const rowTimes = times[c] ?? new Float64Array(0)
    const cIds = contributionIds[c] ?? new Float64Array(0)
    const oIds = orderIds[c] ?? new Float64Array(0)
    const rows: WireCampaignContribution[] = new Array<WireCampaignContribution>(rowCount)
    for (let i = 0; i < rowCount; i++) {
      const perks = choosePerks(rowRng, state, (plans[i] ?? 0) as PerkPlan, false)
      rows[i] = buildContribution(
        rowRng,
        state,
        personaAt(refs[i] ?? 0),
        perks,
        statuses[i] ?? 'captured',
        rowTimes[i] ?? state.spec.start,
        cIds[i] ?? 0,
        oIds[i] ?? 0,
        i + 1,
        poolSize,
      )
    }
    state.nextSequence = rowCount + 1
    for (const entry of state.perks) {
      for (const variant of entry.variants) {
        variant.perk.number_claimed = entry.claimed
        Object.freeze(variant.perk)
        Object.freeze(variant.alone)
      }
    }

    const spec = state.spec
    const staff = [spec.owner, ...spec.members]
    const team = spec.demoOnTeam ? [...staff, { ...demoUser }] : staff
    for (const member of staff) {
      if (!users.some((u) => u.accountId === member.accountId)) {
        users.push({ ...member, password: STAFF_PASSWORD })
      }
    }
    teams.set(spec.id, new Set(team.map((member) => member.accountId)))
    campaigns.push(buildCampaign(state, rows, rowTimes, team, planRng, memberIds))
    contributions.set(spec.id, rows.reverse())
  })

  const signups = buildSignups(seed, poolSize, personaAt)
  const byId = new Map(states.map((state) => [state.spec.id, state]))
  let extraAccounts = 0

  return {
    seed,
    campaigns,
    contributions,
    users,
    teams,
    signups,
    jobs: jobsFor(CAMPAIGN_SPECS),
    makeContribution(campaignId: number, createdAt: Date): WireCampaignContribution {
      const state = byId.get(campaignId)
      if (!state) throw new RangeError(`Unknown simulator campaign ${campaignId}`)
      const createdMs = createdAt.getTime()
      if (!Number.isFinite(createdMs)) throw new RangeError('createdAt is not a valid date')
      const sequence = state.nextSequence++
      const rng = new Rng(seed, mix32(campaignId, sequence))
      // Mostly returning backers, sometimes someone new to the platform.
      const ref = rng.chance(0.7) ? rng.int(poolSize) : poolSize + extraAccounts++
      const perks = choosePerks(rng, state, PERK_RANDOM, true)
      const status: OrderStatus = rng.chance(0.9) ? 'captured' : 'pending'
      const row = buildContribution(
        rng,
        state,
        personaAt(ref),
        perks,
        status,
        createdMs,
        nextContributionId,
        nextOrderId,
        sequence,
        poolSize,
      )
      nextContributionId += 1 + rng.int(3)
      nextOrderId += 1 + rng.int(2)
      return row
    },
  }
}

/** Small campaigns would otherwise miss the rare statuses by chance; the UI must show all. */
function ensureEveryStatus(rng: Rng, statuses: OrderStatus[]): void {
  const counts = new Map<OrderStatus, number>()
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1)
  const all: OrderStatus[] = [
    'captured',
    'pending',
    'in_fulfillment',
    'fulfilled',
    'refunded',
    'unprocessable',
    'on_hold',
  ]
  for (const wanted of all) {
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

/**
 * Pre-launch sign-ups, newest first, all before funding started. About 40 % are people who
 * later backed (same e-mail as a pool account), which is what a real pre-launch list looks like.
 */
function buildSignups(
  seed: number,
  poolSize: number,
  personaAt: (ref: number) => Persona,
): Map<number, WireSignup[]> {
  const rng = new Rng(seed, STREAM_SIGNUPS)
  const signups = new Map<number, WireSignup[]>()
  CAMPAIGN_SPECS.forEach((spec, c) => {
    const count = SIGNUP_COUNTS[c] ?? 0
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      times.push(Math.floor((spec.start - rng.next() * 40 * DAY) / 1000) * 1000)
    }
    times.sort((a, b) => b - a)
    const seen = new Set<string>()
    const list: WireSignup[] = []
    times.forEach((t, i) => {
      let email = ''
      for (let tries = 0; tries < 5 && (email === '' || seen.has(email)); tries++) {
        email = rng.chance(0.4)
          ? personaAt(rng.int(poolSize)).email
          : // The tag holds letters, so it never equals a pool address (those end in digits).
            randomSignupEmail(rng, `pl${c}x${i}`)
      }
      if (seen.has(email)) email = randomSignupEmail(rng, `pl${c}x${i}`)
      seen.add(email)
      list.push({ email, signup_time: formatTimestamp(t) })
    })
    signups.set(spec.id, list)
  })
  return signups
}
