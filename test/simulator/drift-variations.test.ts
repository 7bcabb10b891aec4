import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES } from '../../src/shared/api'
import type { WireCampaignContribution as CampaignContribution } from '../../src/simulator/wire'
import { generateDataset } from '../../src/simulator/data'
import {
  BREAK_KINDS,
  BROKEN_SHARE,
  DRIFT_KINDS,
  driftedAccountRow,
  ODD_ITEM_SHAPES,
  driftedCampaignRow,
  rowDrift,
} from '../../src/simulator/drift'
import type { DriftKind, RowDrift } from '../../src/simulator/drift'
import { SimStore } from '../../src/simulator/server-store'
import { diff, isRec, itemProblems, minimalProblems } from './drift-helpers'
import type { Change } from './drift-helpers'

const dataset = generateDataset({ seed: 11, contributions: 4000 })
const SEED = dataset.seed
const primaryId = dataset.campaigns[0]?.id ?? 0
const rows: readonly CampaignContribution[] = dataset.contributions.get(primaryId) ?? []
const RATE = 0.5

interface Served {
  row: CampaignContribution
  plan: RowDrift | null
  served: Record<string, unknown> | undefined
  changes: Change[]
}

const all: Served[] = rows.map((row) => {
  const served = driftedCampaignRow(SEED, RATE, row)
  const clean = JSON.parse(JSON.stringify(row)) as unknown
  return {
    row,
    plan: rowDrift(SEED, RATE, row),
    served,
    changes: served ? diff(clean, served) : [],
  }
})
const drifted = all.filter((s) => s.served !== undefined)

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/
const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('.')))
const keyOf = (path: string) => path.slice(path.lastIndexOf('.') + 1)
const PERK_EXTRAS = ['perk_type', 'shipping_fees', 'visible', 'secret']
const KNOWN_STATUSES: readonly unknown[] = ORDER_STATUSES
const LOOSE_BOOLEANS: readonly unknown[] = [0, 1, 'true', 'false']

/** What each variation looks like on the wire, judged from the diff alone. */
const DETECT: Record<DriftKind, (c: Change) => boolean> = {
  nulls: (c) => c.served === null && !c.gone && c.clean !== null,
  absent: (c) => c.gone,
  numericStrings: (c) =>
    typeof c.clean === 'number' && typeof c.served === 'string' && Number(c.served) === c.clean,
  looseBooleans: (c) => typeof c.clean === 'boolean' && LOOSE_BOOLEANS.includes(c.served),
  emptyStrings: (c) => typeof c.clean === 'string' && c.clean !== '' && c.served === '',
  extraKeys: (c) => c.added && ['', 'order', 'order.perks[].items[]'].includes(parentOf(c.path)),
  perkKeys: (c) =>
    c.added && parentOf(c.path) === 'order.perks[]' && PERK_EXTRAS.includes(keyOf(c.path)),
  datedDelivery: (c) =>
    c.path === 'order.perks[].estimated_delivery_date' &&
    typeof c.served === 'string' &&
    TIMESTAMP.test(c.served),
  perkValues: (c) =>
    /^order\.perks\[\]\.(validation_errors|non_tax_deductible_amount)$/.test(c.path) &&
    c.served !== null &&
    c.served !== undefined,
  addressGaps: (c) =>
    /^order\.shipping\.(state|zipcode|phone_number|address2)$/.test(c.path) &&
    (c.gone || c.served === null || c.served === ''),
  unknownStatus: (c) => c.path === 'order.status' && !KNOWN_STATUSES.includes(c.served),
  oddItems: (c) =>
    (c.path === 'order.perks[].items[]' && !isRec(c.served)) ||
    (c.path === 'order.perks[].items[].sku' && c.served === null) ||
    (c.gone && /^order\.perks\[\]\.items\[\]\.(quantity|sku\.code)$/.test(c.path)),
}

describe('drifted campaign rows (4000 rows, rate 0.5)', () => {
  it('drifts about half the rows, each of them visibly, and leaves the others alone', () => {
    // Binomial(4000, 0.5): four standard deviations are about 126 rows.
    expect(Math.abs(drifted.length - 2000)).toBeLessThan(126)
    expect(all.filter((s) => s.plan !== null)).toHaveLength(drifted.length)
    expect(drifted.filter((s) => s.changes.length === 0)).toEqual([])
  })

  it.each(DRIFT_KINDS)('%s shows on the wire at a realistic rate, where the plan says', (kind) => {
    const seen = drifted.filter((s) => s.changes.some(DETECT[kind]))
    const share = seen.length / drifted.length
    // One to three of twelve kinds per row: about 15 % of drifted rows each, more for the null
    // and absent patterns, which address gaps and breaks produce too.
    expect(share).toBeGreaterThan(0.05)
    expect(share).toBeLessThan(0.5)
    // A break (no order at all) hides everything else, so only intact rows are held to it.
    const planned = drifted.filter((s) => s.plan?.kinds.includes(kind) && !s.plan.broken)
    const shown = planned.filter((s) => s.changes.some(DETECT[kind]))
    expect(planned.length).toBeGreaterThan(50)
    expect(shown.length / planned.length).toBeGreaterThan(0.9)
  })

  it('nulls and absences reach every optional field of every level', () => {
    const perk = 'order.perks[]'
    const item = `${perk}.items[]`
    const optional = [
      ...['created_at', 'avatar_url', 'amount', 'by', 'appearance', 'email', 'account_id'],
      ...['referrer_id', 'contributor_name', 'payment_method', 'order.sequence_number'],
      'order.shipping',
      ...['name', 'address', 'address2', 'city', 'state', 'zipcode', 'country', 'phone_number'].map(
        (key) => `order.shipping.${key}`,
      ),
      ...['campaign_slug', 'amount', 'description', 'number_claimed', 'number_available'].map(
        (key) => `${perk}.${key}`,
      ),
      ...['estimated_delivery_date', 'shipping_address_required', 'validation_errors'].map(
        (key) => `${perk}.${key}`,
      ),
      ...['featured', 'non_tax_deductible_amount', 'items'].map((key) => `${perk}.${key}`),
      ...['id', 'name', 'sku.id', 'sku.choices'].map((key) => `${item}.${key}`),
    ]
    const changes = drifted.filter((s) => !s.plan?.broken).flatMap((s) => s.changes)
    const gone = new Set(changes.filter((c) => c.gone).map((c) => c.path))
    const nulled = new Set(changes.filter(DETECT.nulls).map((c) => c.path))
    expect(optional.filter((path) => !gone.has(path))).toEqual([])
    // Fields the clean data already holds as null only ever go missing; `items` is only ever
    // dropped (absent means none). `choices: null` is served, as public clients show it.
    const neverNulled = [
      `${perk}.estimated_delivery_date`,
      `${perk}.validation_errors`,
      `${perk}.non_tax_deductible_amount`,
      `${perk}.items`,
    ]
    expect(optional.filter((p) => !nulled.has(p) && !neverNulled.includes(p))).toEqual([])
    expect([...nulled].filter((p) => p.endsWith('.items'))).toEqual([])
    expect(nulled.has(`${item}.sku.choices`)).toBe(true)
  })

  it('tolerated variations pass the minimal schema; broken rows fail it, id kept', () => {
    const broken = drifted.filter((s) => s.plan?.broken)
    const failing = drifted.filter((s) => minimalProblems(s.served).length > 0)
    expect(failing.map((s) => s.row.id)).toEqual(broken.map((s) => s.row.id))
    // Rows with an item the client cannot read are not broken: exactly the planned ones.
    const flagged = drifted.filter((s) => !s.plan?.broken && s.plan?.kinds.includes('oddItems'))
    const odd = drifted.filter((s) => !s.plan?.broken && itemProblems(s.served).length > 0)
    expect(odd.map((s) => s.row.id)).toEqual(flagged.map((s) => s.row.id))
    expect(flagged.length).toBeGreaterThan(drifted.length * 0.05)
    const share = broken.length / drifted.length
    expect(Math.abs(share - BROKEN_SHARE)).toBeLessThan(0.03)
    const hits = BREAK_KINDS.map((kind) => broken.filter((s) => s.plan?.broken === kind).length)
    expect(hits.filter((n) => n === 0)).toEqual([])
    const nonNumeric = broken.filter((s) => s.plan?.broken === 'nonNumericId').length
    expect(nonNumeric).toBeLessThan(broken.length * 0.15)
    // Counting problem rows needs their id: only the few nonNumericId rows lose it.
    const withoutId = broken.filter((s) => minimalProblems(s.served).includes('id'))
    expect(withoutId.map((s) => s.plan?.broken)).toEqual(withoutId.map(() => 'nonNumericId'))
    expect(withoutId.map((s) => s.served?.id)).toEqual(withoutId.map((s) => `pledge-${s.row.id}`))
  })

  it('serves every shape of an item the client cannot read', () => {
    const shapes = drifted
      .filter((s) => s.plan?.kinds.includes('oddItems') && !s.plan.broken)
      .flatMap((s) => s.changes.filter(DETECT.oddItems))
      .map((c) =>
        c.path.endsWith('items[]')
          ? 'notAnObject'
          : c.path.endsWith('sku')
            ? 'skuNull'
            : c.path.endsWith('code')
              ? 'noSkuCode'
              : 'noQuantity',
      )
    expect(new Set(shapes)).toEqual(new Set(ODD_ITEM_SHAPES))
  })

  it('is a pure function of seed, rate and row: same bytes again, more rows at higher rates', () => {
    for (const s of drifted.slice(0, 200)) {
      expect(JSON.stringify(driftedCampaignRow(SEED, RATE, s.row))).toBe(JSON.stringify(s.served))
    }
    const at = (rate: number) => rows.filter((row) => rowDrift(SEED, rate, row)).map((r) => r.id)
    const low = at(0.1)
    const high = new Set(at(0.3))
    expect(low.length).toBeGreaterThan(300)
    expect(low.filter((id) => !high.has(id))).toEqual([])
    const otherSeed = rows.filter((row) => rowDrift(SEED + 1, 0.1, row)).map((r) => r.id)
    expect(otherSeed).not.toEqual(low)
    // The dataset itself is never touched.
    expect(JSON.stringify(rows)).toBe(
      JSON.stringify(
        generateDataset({ seed: 11, contributions: 4000 }).contributions.get(primaryId),
      ),
    )
  })
})

describe('drifted account rows (rate 1)', () => {
  const store = new SimStore(dataset, () => 0)
  const accountIds = [...new Set(rows.map((row) => row.account_id))].slice(0, 600)
  const served = accountIds.flatMap((accountId) =>
    (store.accountEntries(accountId) ?? []).map((entry) => ({
      clean: store.accountRow(entry),
      served: driftedAccountRow(SEED, 1, entry.contribution, store.accountRow(entry)),
    })),
  )
  const members = (row: unknown) => {
    const campaign = isRec(row) ? row.campaign : undefined
    return isRec(campaign) && Array.isArray(campaign.team_members)
      ? campaign.team_members.filter(isRec)
      : []
  }
  const share = (test: (row: Record<string, unknown>) => boolean) =>
    served.filter((s) => s.served !== undefined && test(s.served)).length / served.length

  it('serve the embedded campaign in the older shapes public fixtures show', () => {
    expect(served.length).toBeGreaterThan(500)
    const facebook = share((row) =>
      members(row).every((m) => isRec(m.facebook) && !Object.hasOwn(m, 'social')),
    )
    const accepted = share((row) => members(row).some((m) => m.status === 'accepted'))
    const listed = ['main_image_url', 'web_url', 'favorited', 'forever_funding_collected_funds']
    const lean = share(
      (row) =>
        isRec(row.campaign) &&
        [...listed, 'life', 'project_sponsors'].some(
          (key) => !Object.hasOwn(row.campaign as object, key),
        ),
    )
    const updates = share(
      (row) =>
        isRec(row.campaign) &&
        Array.isArray(row.campaign.latest_updates) &&
        isRec(row.campaign.latest_updates[0]),
    )
    for (const value of [facebook, accepted, lean, updates]) {
      expect(value).toBeGreaterThan(0.5)
      expect(value).toBeLessThan(1)
    }
  })

  it('never break the account row and keep its id and owner', () => {
    expect(served.filter((s) => minimalProblems(s.served, 'account').length > 0)).toEqual([])
    expect(served.map((s) => Number(s.served?.id))).toEqual(served.map((s) => s.clean.id))
    const owners = served.map((s) => members(s.served).filter((m) => m.status === 'owner').length)
    expect(owners.every((n) => n === 1)).toBe(true)
  })
})
