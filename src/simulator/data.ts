import type { OrderStatus } from '../shared/api'
import { CAMPAIGN_SPECS } from './data-campaigns'
import type { CampaignSpec, StaffSpec } from './data-campaigns'
import { buildCampaign, jobsFor } from './data-campaign-objects'
import {
  advanceIds,
  idsByCreationTime,
  ITEM_ID_BASE,
  SKU_ID_BASE,
  TEAM_MEMBER_ID_BASE,
} from './data-ids'
import type { IdCursor } from './data-ids'
import { SHOWCASE } from './data-showcase'
import type { Persona } from './data-people'
import { campaignState, choosePerks, PERK_RANDOM, settleClaims } from './data-perks'
import type { CampaignState, IdCounters } from './data-perks'
import { Rng, mix32 } from './data-random'
import { buildContribution, buildRows, creationTimes, planRows } from './data-rows'
import { buildSignups } from './data-signups'
import { fixedUsers, personaLookup } from './data-users'
import type { DatasetOptions, SimDataset, SimUser } from './model'
import type { WireCampaign, WireCampaignContribution } from './wire'

/** Password of the owner and team-member accounts listed in `users` after the first two. */
export const STAFF_PASSWORD = 'perkpack-team'

// Independent random streams, so changing how one part draws does not reshuffle the others.
const STREAM_TIMES = 1
const STREAM_ROWS = 2
const STREAM_IDS = 3
const STREAM_SIGNUPS = 4
const STREAM_PLAN = 5

function checkOptions({ seed, contributions }: DatasetOptions): void {
  if (!Number.isSafeInteger(contributions) || contributions < 0) {
    throw new RangeError(`contributions must be a non-negative integer, got ${contributions}`)
  }
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`)
}

/** Rows per campaign: the primary as asked, a quarter of that, then two fixed sizes. */
function rowCounts(primary: number): number[] {
  return [primary, Math.ceil(primary / 4), 45, 31]
}

/**
 * Room for every campaign to draw distinct backers (the primary takes about 80 % of the pool),
 * while the smaller campaigns share many of them, as a creator's returning backers do.
 */
function accountPoolSize(totalRows: number): number {
  return SHOWCASE.length + 20 + totalRows
}

/** The campaign's team (the demo user joins where the spec says); new staff become users. */
function teamOf(spec: CampaignSpec, demoUser: SimUser, users: SimUser[]): StaffSpec[] {
  const staff = [spec.owner, ...spec.members]
  for (const member of staff) {
    if (!users.some((u) => u.accountId === member.accountId)) {
      users.push({ ...member, password: STAFF_PASSWORD })
    }
  }
  return spec.demoOnTeam ? [...staff, { ...demoUser }] : staff
}

/**
 * `makeContribution`: one more row for a campaign, deterministic from the seed and how many
 * rows the campaign has; ids carry on from the dataset's last ones.
 */
function liveContributions(
  seed: number,
  states: readonly CampaignState[],
  next: IdCursor,
  poolSize: number,
  personaAt: (ref: number) => Persona,
  backers: ReadonlyMap<number, Set<number>>,
): SimDataset['makeContribution'] {
  const byId = new Map(states.map((state) => [state.spec.id, state]))
  let extraAccounts = 0
  return (campaignId: number, createdAt: Date): WireCampaignContribution => {
    const state = byId.get(campaignId)
    if (!state) throw new RangeError(`Unknown simulator campaign ${campaignId}`)
    const createdMs = createdAt.getTime()
    if (!Number.isFinite(createdMs)) throw new RangeError('createdAt is not a valid date')
    const sequence = state.nextSequence++
    const rng = new Rng(seed, mix32(campaignId, sequence))
    // Mostly backers returning to the platform, sometimes someone new; a backer already in
    // this campaign becomes a new account, since planted second pledges are the only ones.
    const own = backers.get(campaignId) ?? new Set<number>()
    const returning = rng.chance(0.7) ? rng.int(poolSize) : -1
    const ref = returning >= 0 && !own.has(returning) ? returning : poolSize + extraAccounts++
    own.add(ref)
    const perks = choosePerks(rng, state, PERK_RANDOM, true)
    const status: OrderStatus = rng.chance(0.9) ? 'captured' : 'pending'
    const row = buildContribution(
      rng,
      state,
      personaAt(ref),
      perks,
      status,
      createdMs,
      next.contribution,
      next.order,
      sequence,
      poolSize,
    )
    advanceIds(next, rng)
    return row
  }
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
  checkOptions(options)
  const { seed } = options
  const fixed = fixedUsers(options)
  const counts = rowCounts(options.contributions)
  const poolSize = accountPoolSize(counts.reduce((sum, n) => sum + n, 0))
  const personaAt = personaLookup(seed, fixed)
  const ids: IdCounters = { item: ITEM_ID_BASE, sku: SKU_ID_BASE }
  const states = CAMPAIGN_SPECS.map((spec, index) => campaignState(spec, index, ids))

  // 1. When each contribution happened, per campaign, oldest first.
  const timeRng = new Rng(seed, STREAM_TIMES)
  const times = states.map((state, i) => creationTimes(timeRng, state.spec, counts[i] ?? 0))

  // 2. Contribution and order ids follow creation time across the whole platform.
  const rowIds = idsByCreationTime(times, new Rng(seed, STREAM_IDS))

  // 3. Per campaign: who backs which row, the forced perk shapes and statuses; 4. the rows.
  const planRng = new Rng(seed, STREAM_PLAN)
  const rowRng = new Rng(seed, STREAM_ROWS)
  const contributions = new Map<number, WireCampaignContribution[]>()
  const campaigns: WireCampaign[] = []
  const teams = new Map<number, Set<number>>()
  const memberIds = { next: TEAM_MEMBER_ID_BASE }
  const users: SimUser[] = [fixed.demoUser, fixed.backerUser]
  const backers = new Map<number, Set<number>>()
  states.forEach((state, c) => {
    const plan = planRows(planRng, state, c, counts[c] ?? 0, poolSize)
    backers.set(state.spec.id, new Set(plan.refs))
    const rowTimes = times[c] ?? new Float64Array(0)
    const places = {
      times: rowTimes,
      contributionIds: rowIds.contributionIds[c] ?? new Float64Array(0),
      orderIds: rowIds.orderIds[c] ?? new Float64Array(0),
    }
    const rows = buildRows(rowRng, state, plan, places, personaAt, poolSize)
    state.nextSequence = rows.length + 1
    settleClaims(state)

    const team = teamOf(state.spec, fixed.demoUser, users)
    teams.set(state.spec.id, new Set(team.map((member) => member.accountId)))
    campaigns.push(buildCampaign(state, rows, rowTimes, team, planRng, memberIds))
    contributions.set(state.spec.id, rows.reverse())
  })

  return {
    seed,
    campaigns,
    contributions,
    users,
    teams,
    signups: buildSignups(new Rng(seed, STREAM_SIGNUPS), poolSize, personaAt),
    jobs: jobsFor(CAMPAIGN_SPECS),
    makeContribution: liveContributions(seed, states, rowIds.next, poolSize, personaAt, backers),
  }
}
