import type {
  WireAccountContribution as AccountContribution,
  WireCampaignContribution as CampaignContribution,
} from './wire'
import { Rng, mix32 } from './data-random'
import { applyCampaignDrift, CAMPAIGN_DRIFT_KINDS } from './drift-campaign'
import type { CampaignDriftKind } from './drift-campaign'
import {
  applyBreak,
  applyDrift,
  breaksFor,
  DRIFT_KINDS,
  driftApplies,
  holdsOddItem,
  isRec,
} from './drift-variations'
import type { BreakKind, DriftKind, Rec } from './drift-variations'
import type { SimDataset } from './model'

/*
 * The drift knob: a view over the dataset that serves a share of rows the way real payloads
 * arrive (nulls, absences, numeric strings, extra keys, odd statuses, older shapes), and a tenth
 * of those broken beyond the minimal schema. Whether and how a row drifts depends only on the
 * dataset seed, the rate and the row itself, never on the page, the request or the clock, so a
 * re-read or a restart serves the same bytes and tests can predict every problem row.
 */

export { CAMPAIGN_DRIFT_KINDS } from './drift-campaign'
export type { CampaignDriftKind } from './drift-campaign'
export { BREAK_KINDS, DRIFT_KINDS, ODD_ITEM_SHAPES, OPTIONAL_SLOTS } from './drift-variations'
export type { BreakKind, DriftKind, OddItemShape } from './drift-variations'

/** Share of drifted rows that are also broken beyond the minimal schema. */
export const BROKEN_SHARE = 0.1
/** Share of broken rows whose break is a non-numeric contribution id (the rest keep theirs). */
export const NON_NUMERIC_ID_SHARE = 0.05

const SALT_PICK = 0x5d1f7a11
const SALT_BROKEN = 0x0b0e4c3d
const SALT_ID = 0x1d0f00d5
const SALT_STREAM = 0x7e57ab1e

/** How one row is served; null from rowDrift means "clean". */
export interface RowDrift {
  id: number
  /** Variations the minimal schema tolerates, in the order they are applied. */
  kinds: DriftKind[]
  /** Set when the row fails the minimal schema (campaign listing only). */
  broken: BreakKind | null
  /** Variations of the embedded campaign when the row is served in the account listing. */
  campaign: CampaignDriftKind[]
}

/** Uniform in [0, 1) from (seed, salt, id); ids above 2^32 fold their high bits in. */
function unit(seed: number, salt: number, id: number): number {
  const high = Math.floor(id / 4294967296)
  return mix32(mix32(seed ^ salt, high), id >>> 0) / 4294967296
}

function checkRate(rate: number): void {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new RangeError('drift must be a number between 0 and 1 (a share of rows)')
  }
}

/** Drifted at rate r means drifted at every higher rate too: raising the knob only adds rows. */
export function isDrifted(seed: number, rate: number, id: number): boolean {
  return rate > 0 && unit(seed, SALT_PICK, id) < rate
}

// nulls and absent go after the others: they must not remove what a targeted variation
// (address gaps, delivery dates) was chosen to change. oddItems goes last of all, so no later
// step drops the item it made unreadable (an absent `items`) or reads an item it made a text.
const APPLY_ORDER: readonly DriftKind[] = [
  ...DRIFT_KINDS.filter((k) => k !== 'nulls' && k !== 'absent' && k !== 'oddItems'),
  'nulls',
  'absent',
  'oddItems',
]

function pickKinds(rng: Rng, row: Rec): DriftKind[] {
  const open = DRIFT_KINDS.filter((kind) => driftApplies(kind, row))
  const draw = rng.next()
  const count = draw < 0.5 ? 1 : draw < 0.85 ? 2 : 3
  const chosen = new Set<DriftKind>()
  while (chosen.size < count && chosen.size < open.length) chosen.add(rng.pick(open))
  return APPLY_ORDER.filter((kind) => chosen.has(kind))
}

function pickCampaignKinds(rng: Rng): CampaignDriftKind[] {
  // Half the time the whole older shape public fixtures show, otherwise a part of it.
  if (rng.chance(0.5)) return [...CAMPAIGN_DRIFT_KINDS]
  const some = CAMPAIGN_DRIFT_KINDS.filter(() => rng.chance(0.5))
  return some.length ? some : [rng.pick(CAMPAIGN_DRIFT_KINDS)]
}

/** Which tolerated variations a row gets, and the Rng positioned to apply them. */
function choose(
  seed: number,
  rate: number,
  row: CampaignContribution,
): { drift: RowDrift; rng: Rng } | null {
  const id = row.id
  if (!isDrifted(seed, rate, id)) return null
  const rng = new Rng(mix32(seed ^ SALT_STREAM, Math.floor(id / 4294967296)), id >>> 0)
  const kinds = pickKinds(rng, row as unknown as Rec)
  const campaign = pickCampaignKinds(rng)
  return { drift: { id, kinds, broken: null, campaign }, rng }
}

/** A deep, unfrozen copy: the dataset shares frozen perk and address objects between rows. */
function copy(value: unknown): Rec {
  return JSON.parse(JSON.stringify(value)) as Rec
}

/**
 * The whole campaign-listing decision, worked out on a copy: the break comes last and is picked
 * from what the drifted copy still has (an item whose `items` array a drift removed cannot lose
 * its SKU code), so no later step can undo it.
 */
function serveCampaignRow(
  seed: number,
  rate: number,
  row: CampaignContribution,
): { drift: RowDrift; served: Rec } | null {
  const chosen = choose(seed, rate, row)
  if (!chosen) return null
  const { drift, rng } = chosen
  const served = copy(row)
  for (const kind of drift.kinds) applyDrift(kind, rng, served)
  // An earlier variation may have dropped every item: the plan never claims what is not served.
  if (drift.kinds.includes('oddItems') && !holdsOddItem(served)) {
    drift.kinds = drift.kinds.filter((kind) => kind !== 'oddItems')
  }
  if (unit(seed, SALT_BROKEN, row.id) < BROKEN_SHARE) {
    const onlyId = unit(seed, SALT_ID, row.id) < NON_NUMERIC_ID_SHARE
    drift.broken = onlyId ? 'nonNumericId' : rng.pick(breaksFor(served))
    applyBreak(drift.broken, rng, served)
  }
  return { drift, served }
}

/** How `row` is served at `rate` with the dataset seed `seed`; null when it is served clean. */
export function rowDrift(seed: number, rate: number, row: CampaignContribution): RowDrift | null {
  return serveCampaignRow(seed, rate, row)?.drift ?? null
}

/**
 * The campaign-listing row as served with drift, privileged fields included (the caller strips
 * them for callers off the team); undefined when the row is served clean.
 */
export function driftedCampaignRow(
  seed: number,
  rate: number,
  row: CampaignContribution,
): Rec | undefined {
  return serveCampaignRow(seed, rate, row)?.served
}

/**
 * The account-listing row as served with drift: the same tolerated variations where the fields
 * exist, and the embedded campaign in an older shape. Never broken: problem rows are a campaign
 * sync concept, and the account screen has no place to list them.
 */
export function driftedAccountRow(
  seed: number,
  rate: number,
  contribution: CampaignContribution,
  row: AccountContribution,
): Rec | undefined {
  const chosen = choose(seed, rate, contribution)
  if (!chosen) return undefined
  const { drift, rng } = chosen
  const served = copy(row)
  for (const kind of drift.kinds) applyDrift(kind, rng, served)
  const campaign = served.campaign
  if (isRec(campaign)) for (const kind of drift.campaign) applyCampaignDrift(kind, rng, campaign)
  return served
}

/** Drops e-mail and shipping from a drifted row served to a caller off the campaign team. */
export function stripPrivileged(row: Rec): Rec {
  delete row.email
  if (isRec(row.order)) delete row.order.shipping
  return row
}

export interface DriftPlan {
  campaignId: number
  seed: number
  rate: number
  /** Rows of the campaign listing (unfiltered), the same as `pagination.count`. */
  total: number
  /** Ids of every row served with drift, broken ones included, in listing order. */
  drifted: number[]
  /** Ids of the rows that fail the minimal schema: the problem rows a sync must report. */
  broken: number[]
  /**
   * Ids of the rows served with an item the client cannot read (oddItems), not broken: they
   * read, and their orders ship with that item flagged to check by hand.
   */
  flagged: number[]
  /** The broken rows whose id is served as `pledge-<id>`, not a number; a subset of `broken`. */
  nonNumericIds: number[]
  /** Per drifted row id: how it is served. */
  rows: Map<number, RowDrift>
}

/**
 * Which rows of a campaign's listing drift at `rate`, and which of them are broken. Reads the
 * dataset as it is now, so rows inserted by the insertDuringWalk fault are included.
 */
export function driftPlan(
  dataset: SimDataset,
  rate: number,
  campaignId: number | undefined = dataset.campaigns[0]?.id,
): DriftPlan {
  checkRate(rate)
  const rows = campaignId === undefined ? undefined : dataset.contributions.get(campaignId)
  if (campaignId === undefined || !rows) {
    throw new RangeError(`driftPlan: no campaign ${String(campaignId)} in the dataset`)
  }
  const plan: DriftPlan = {
    campaignId,
    seed: dataset.seed,
    rate,
    total: rows.length,
    drifted: [],
    broken: [],
    flagged: [],
    nonNumericIds: [],
    rows: new Map(),
  }
  for (const row of rows) {
    const drift = rowDrift(dataset.seed, rate, row)
    if (!drift) continue
    plan.drifted.push(row.id)
    plan.rows.set(row.id, drift)
    if (drift.broken) plan.broken.push(row.id)
    else if (drift.kinds.includes('oddItems')) plan.flagged.push(row.id)
    if (drift.broken === 'nonNumericId') plan.nonNumericIds.push(row.id)
  }
  return plan
}

/** The plan as JSON (for /__sim/drift-plan): `rows` becomes an object keyed by id. */
export function driftPlanJson(plan: DriftPlan): Rec {
  return { ...plan, rows: Object.fromEntries(plan.rows) }
}
