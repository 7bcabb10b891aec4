import type { Rng } from './data-random'
import { mix32 } from './data-random'

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
export const PERK_ID_BASE = 16_842_100
export const ITEM_ID_BASE = 5_210_000
export const SKU_ID_BASE = 8_700_000
export const TEAM_MEMBER_ID_BASE = 880_000
const POOL_ACCOUNT_BASE = 21_000_000

export function poolAccountId(index: number): number {
  return POOL_ACCOUNT_BASE + index * 5 + (mix32(index, 0xacc) % 5)
}

/** The next contribution and order ids; live inserts carry on from where the dataset ended. */
export interface IdCursor {
  contribution: number
  order: number
}

/** Contribution and order ids of every row, per campaign, in the order of `times`. */
export interface RowIds {
  contributionIds: Float64Array[]
  orderIds: Float64Array[]
  next: IdCursor
}

/** Moves the cursor past one id of each kind, with the small gaps the platform leaves. */
export function advanceIds(next: IdCursor, rng: Rng): void {
  next.contribution += 1 + rng.int(3)
  next.order += 1 + rng.int(2)
}

/**
 * Contribution and order ids follow creation time across the whole platform: the rows of all
 * campaigns are merged by time (each campaign's `times` sorted oldest first) and numbered.
 */
export function idsByCreationTime(times: readonly Float64Array[], rng: Rng): RowIds {
  const contributionIds = times.map((t) => new Float64Array(t.length))
  const orderIds = times.map((t) => new Float64Array(t.length))
  const next: IdCursor = { contribution: CONTRIBUTION_ID_BASE, order: ORDER_ID_BASE }
  const totalRows = times.reduce((sum, t) => sum + t.length, 0)
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
    cRow[at] = next.contribution
    oRow[at] = next.order
    cursor[best] = at + 1
    advanceIds(next, rng)
  }
  return { contributionIds, orderIds, next }
}
