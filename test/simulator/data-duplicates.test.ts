import { describe, expect, it } from 'vitest'
import type { CampaignContribution } from '../../src/shared/api/schemas'
import { possibleDuplicates } from '../../src/shared/export/duplicate-check'
import { generateDataset } from '../../src/simulator/data'
import type { WireCampaignContribution } from '../../src/simulator/wire'
import { toModel } from '../helpers/model'

/** Unordered pairs of contribution ids, as "small:large", for set comparisons. */
function pairsOf(groups: readonly (readonly number[])[]): Set<string> {
  const pairs = new Set<string>()
  for (const group of groups) {
    const ids = [...group].sort((a, b) => a - b)
    ids.forEach((a, i) => ids.slice(i + 1).forEach((b) => pairs.add(`${a}:${b}`)))
  }
  return pairs
}

/**
 * The truth, known without the rule: within one campaign every backer appears once except a
 * second pledge, which comes from the same account.
 */
function sameAccountGroups(rows: readonly WireCampaignContribution[]): number[][] {
  const byAccount = new Map<number, number[]>()
  for (const row of rows)
    byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row.id])
  return [...byAccount.values()].filter((ids) => ids.length > 1)
}

function score(found: Set<string>, truth: Set<string>) {
  const hits = [...found].filter((pair) => truth.has(pair)).length
  return {
    precision: found.size ? hits / found.size : 1,
    recall: truth.size ? hits / truth.size : 1,
  }
}

let nextId = 90_000_000
/** A new pledge copied from `row` with `change` applied to its address. */
function another(
  row: WireCampaignContribution,
  change: Partial<NonNullable<WireCampaignContribution['order']['shipping']>>,
): WireCampaignContribution {
  const id = nextId++
  const shipping = row.order.shipping ? { ...row.order.shipping, ...change } : null
  return { ...row, id, account_id: id, order: { ...row.order, id, shipping } }
}

describe('simulated duplicates: planted second pledges against the duplicate check', () => {
  const dataset = generateDataset({ seed: 20260301, contributions: 2000 })
  const campaign = dataset.campaigns[0]?.id ?? 0
  const rows = dataset.contributions.get(campaign) ?? []
  const twinGroups = sameAccountGroups(rows)

  it('plants a few per cent of second pledges, some typed differently from the first', () => {
    expect(twinGroups.length).toBe(40)
    const byId = new Map(rows.map((row) => [row.id, row]))
    const retyped = twinGroups.filter(([a = 0, b = 0]) => {
      const first = JSON.stringify(byId.get(a)?.order.shipping)
      return first !== JSON.stringify(byId.get(b)?.order.shipping)
    })
    // Case, accents, "St." against "St", address2 run into the address: most pairs differ.
    expect(retyped.length).toBeGreaterThan(twinGroups.length / 2)
    expect(retyped.length).toBeLessThan(twinGroups.length)
  })

  it('finds every planted pair and nothing else, near-misses included (precision and recall 1.0)', () => {
    const [plain, other, third] = rows.filter((row) => !twinGroups.flat().includes(row.id))
    if (!plain?.order.shipping || !other || !third) throw new Error('dataset too small')
    const nearMisses = [
      // Someone else in the same household.
      another(plain, { name: 'Sam Householder' }),
      // Same name at another address: two people, or a gift to a friend.
      another(other, { address: '99 Elsewhere Rd', zipcode: '10001' }),
      // Another flat in the same building.
      another(plain, { address2: 'Apt 99' }),
    ]
    // One contribution listed twice (two pages overlapping) is one order.
    const selection: CampaignContribution[] = toModel([...rows, ...nearMisses, third])
    const check = possibleDuplicates(selection)
    const result = score(pairsOf(check?.groups ?? []), pairsOf(twinGroups))
    expect(result).toEqual({ precision: 1, recall: 1 })
  })
})

describe('simulated duplicates: a realistic share in the demo', () => {
  // The demo's own dataset (seed 1, 5,000 contributions; see src/main/demo/demo.ts).
  const demo = generateDataset({ seed: 1, contributions: 5000 })

  it.each(demo.campaigns.map((c, i) => [i, c.id] as const))(
    'campaign %i flags under 5 % of its orders',
    (_index, id) => {
      const rows = toModel(demo.contributions.get(id) ?? [])
      const flagged = possibleDuplicates(rows)?.count ?? 0
      expect(flagged / rows.length).toBeLessThan(0.05)
    },
  )

  it('still flags some orders in the primary campaign, so the check has something to show', () => {
    const rows = toModel(demo.contributions.get(demo.campaigns[0]?.id ?? 0) ?? [])
    expect(possibleDuplicates(rows)?.count).toBeGreaterThan(rows.length * 0.02)
  })
})
