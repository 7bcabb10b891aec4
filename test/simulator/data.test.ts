import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ORDER_STATUSES,
  campaignContributionSchema,
  campaignSchema,
  signupSchema,
} from '../../src/shared/api'
import type { WireCampaignContribution, WirePerk as Perk } from '../../src/simulator/wire'
import { generateDataset, STAFF_PASSWORD } from '../../src/simulator/data'
import { formatTimestamp } from '../../src/simulator/data-time'
import { BACKER_CREDENTIALS, DEMO_CREDENTIALS, type SimDataset } from '../../src/simulator/model'

const N = 1000
const data = generateDataset({ seed: 20260301, contributions: N })
const small = generateDataset({ seed: 20260301, contributions: 0 })

function rowsOf(dataset: SimDataset): WireCampaignContribution[] {
  return [...dataset.contributions.values()].flat()
}

function campaignRows(dataset: SimDataset, index: number): WireCampaignContribution[] {
  const campaign = dataset.campaigns[index]
  if (!campaign) throw new Error(`no campaign ${index}`)
  return dataset.contributions.get(campaign.id) ?? []
}

/** Everything but the closure, which is a new function object per dataset. */
function plain(dataset: SimDataset) {
  const { seed, campaigns, contributions, users, teams, signups, jobs } = dataset
  return { seed, campaigns, contributions, users, teams, signups, jobs }
}

function stringsOf(row: WireCampaignContribution): string[] {
  const s = row.order.shipping
  const out = [row.by, row.contributor_name]
  if (s) out.push(s.name, s.address, s.address2 ?? '', s.city)
  return out
}

const allPerks = (dataset: SimDataset): Perk[] => rowsOf(dataset).flatMap((r) => r.order.perks)

describe('generateDataset: shape', () => {
  it('produces contributions that validate against the campaign-listing schema', () => {
    const failures = rowsOf(data)
      .map((row) => ({ id: row.id, result: campaignContributionSchema.safeParse(row) }))
      .filter(({ result }) => !result.success)
      .map(({ id, result }) => ({ id, issues: result.error?.issues.slice(0, 2) }))
    expect(failures).toEqual([])
    expect(rowsOf(data).length).toBeGreaterThan(N)
  })

  it('produces campaigns that validate and fill every spec field', () => {
    expect(data.campaigns).toHaveLength(4)
    for (const campaign of data.campaigns) {
      expect(campaignSchema.safeParse(campaign).error).toBeUndefined()
      expect(String(campaign.id)).toMatch(/^\d{5,7}$/)
      expect(campaign.social_url).toMatch(/^https:\/\//)
      expect(typeof campaign.processor_payout_active).toBe('boolean')
      expect(campaign.forever_funding_ends_at).toBeNull()
      expect(campaign.life).toEqual({})
      expect(campaign.latest_updates).toEqual([])
      expect(campaign.project_sponsors).toEqual([])
      expect(campaign.contributions_count).toBe(data.contributions.get(campaign.id)?.length)
    }
    const currencies = new Set(data.campaigns.map((c) => c.currency.iso_code))
    expect(currencies).toContain('USD')
    expect(currencies.has('EUR') || currencies.has('GBP')).toBe(true)
    expect(new Set(data.campaigns.map((c) => c.id)).size).toBe(4)
  })

  it('produces sign-ups that validate', () => {
    for (const list of data.signups.values()) {
      for (const signup of list) expect(signupSchema.safeParse(signup).error).toBeUndefined()
    }
    expect(data.signups.size).toBe(4)
  })

  it('writes every timestamp with second precision and a numeric offset, DST included', () => {
    const offsets = new Set<string>()
    for (const row of rowsOf(data)) {
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
      offsets.add(row.created_at.slice(-6))
    }
    expect(offsets).toEqual(new Set(['-08:00', '-07:00']))
    expect(formatTimestamp(Date.UTC(2026, 6, 4, 12))).toBe('2026-07-04T05:00:00-07:00')
    expect(formatTimestamp(Date.UTC(2026, 0, 15, 7, 5, 9, 999))).toBe('2026-01-14T23:05:09-08:00')
    expect(Date.parse(formatTimestamp(Date.UTC(2025, 10, 2, 9, 30)))).toBe(
      Date.UTC(2025, 10, 2, 9, 30),
    )
  })
})

describe('generateDataset: determinism', () => {
  it('returns deep-equal datasets for the same options', () => {
    const again = generateDataset({ seed: 20260301, contributions: N })
    expect(plain(again)).toEqual(plain(data))
  })

  it('returns a different dataset for a different seed', () => {
    const other = generateDataset({ seed: 20260302, contributions: N })
    expect(rowsOf(other).map((r) => r.email)).not.toEqual(rowsOf(data).map((r) => r.email))
    expect(rowsOf(other)).toHaveLength(rowsOf(data).length)
  })

  it('does not depend on the clock or Math.random', () => {
    const random = vi.spyOn(Math, 'random')
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2031-05-05T05:05:05Z'))
    const later = generateDataset({ seed: 20260301, contributions: N })
    expect(random).not.toHaveBeenCalled()
    expect(plain(later)).toEqual(plain(data))
  })

  it('makes the same inserted contributions for the same call sequence', () => {
    const a = generateDataset({ seed: 5, contributions: 40 })
    const b = generateDataset({ seed: 5, contributions: 40 })
    const at = new Date('2026-03-02T10:00:00Z')
    const id = a.campaigns[0]?.id ?? 0
    const fromA = [a.makeContribution(id, at), a.makeContribution(id, at)]
    const fromB = [b.makeContribution(id, at), b.makeContribution(id, at)]
    expect(fromA).toEqual(fromB)
    expect(fromA[0]).not.toEqual(fromA[1])
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })
})

describe('generateDataset: sizes and order', () => {
  it.each([0, 1, 30, 31, 1000])('gives the primary campaign exactly %i rows', (n) => {
    const d = generateDataset({ seed: 11, contributions: n })
    expect(campaignRows(d, 0)).toHaveLength(n)
    expect(campaignRows(d, 1)).toHaveLength(Math.ceil(n / 4))
    expect(campaignRows(d, 2)).toHaveLength(45)
    expect(campaignRows(d, 3)).toHaveLength(31)
  })

  it('rejects a negative or fractional contribution count', () => {
    expect(() => generateDataset({ seed: 1, contributions: -1 })).toThrow(RangeError)
    expect(() => generateDataset({ seed: 1, contributions: 2.5 })).toThrow(RangeError)
  })

  it('keeps contribution ids and order ids unique across the dataset', () => {
    const rows = rowsOf(data)
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length)
    expect(new Set(rows.map((r) => r.order.id)).size).toBe(rows.length)
  })

  it('lists newest first, ties broken by id descending', () => {
    let ties = 0
    for (const rows of data.contributions.values()) {
      for (let i = 1; i < rows.length; i++) {
        const prev = rows[i - 1] as WireCampaignContribution
        const row = rows[i] as WireCampaignContribution
        const dt = Date.parse(prev.created_at) - Date.parse(row.created_at)
        expect(dt).toBeGreaterThanOrEqual(0)
        if (dt === 0) ties++
        expect(prev.id).toBeGreaterThan(row.id)
      }
    }
    // Second-precision times and a launch rush make equal timestamps occur at this size.
    expect(ties).toBeGreaterThan(0)
  })

  it('numbers orders 1..N per campaign in creation order', () => {
    for (const rows of data.contributions.values()) {
      expect(rows.map((r) => r.order.sequence_number)).toEqual(rows.map((_, i) => rows.length - i))
    }
  })
})

describe('generateDataset: variety', () => {
  const rows = rowsOf(data)

  it('uses all seven order statuses in every campaign of 45 rows or more', () => {
    for (const dataset of [data, small]) {
      for (const list of dataset.contributions.values()) {
        if (list.length < 45) continue
        expect(new Set(list.map((r) => r.order.status))).toEqual(new Set(ORDER_STATUSES))
      }
    }
    const counts = new Map<string, number>()
    for (const r of campaignRows(data, 0)) {
      counts.set(r.order.status, (counts.get(r.order.status) ?? 0) + 1)
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1]).map(([status]) => status)
    expect(ranked.slice(0, 2).sort()).toEqual(['captured', 'in_fulfillment'])
  })

  it('ships to many countries with two-letter codes, even with no primary rows', () => {
    for (const dataset of [data, small]) {
      const countries = new Set(rowsOf(dataset).map((r) => r.order.shipping?.country))
      for (const code of ['US', 'GB', 'DE', 'FR', 'JP', 'CA', 'AU', 'BR']) {
        expect(countries).toContain(code)
      }
      for (const code of countries) expect(code).toMatch(/^[A-Z]{2}$/)
    }
    expect(new Set(rows.map((r) => r.order.shipping?.country)).size).toBeGreaterThanOrEqual(12)
  })

  it('has every privileged field on every row, with some empty phones and null address2', () => {
    for (const row of rows) {
      expect(row.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/i)
      expect(row.order.shipping).toBeTruthy()
    }
    const address2 = rows.map((r) => r.order.shipping?.address2)
    const nulls = address2.filter((a) => a === null).length
    expect(nulls / rows.length).toBeGreaterThan(0.3)
    expect(nulls / rows.length).toBeLessThan(0.7)
    expect(rows.some((r) => r.order.shipping?.phone_number === '')).toBe(true)
  })

  it('keeps leading zeros in postal codes', () => {
    const zips = rows.map((r) => r.order.shipping?.zipcode ?? '')
    expect(zips.some((z) => /^0\d{4}$/.test(z))).toBe(true)
    expect(zips).toContain('0800')
  })

  it('has names in non-Latin scripts and with accents', () => {
    const names = rows.map((r) => r.contributor_name)
    expect(names).toContain('山田 太郎')
    for (const script of [/\p{Script=Hangul}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u]) {
      expect(names.some((n) => script.test(n))).toBe(true)
    }
    expect(names.some((n) => /\p{Script=Arabic}/u.test(n))).toBe(true)
    expect(names.some((n) => /^\p{Script=Han}+$/u.test(n))).toBe(true)
    expect(names.some((n) => /Müller|Lefèvre|François/.test(n))).toBe(true)
  })

  it('has strings beginning with = + - @ for formula-injection handling', () => {
    for (const dataset of [data, small]) {
      const strings = rowsOf(dataset).flatMap(stringsOf)
      for (const lead of ['=', '+', '-', '@']) {
        expect(strings.some((s) => s.startsWith(lead))).toBe(true)
      }
      expect(strings).toContain('=HYPERLINK("http://x","y")')
      expect(rowsOf(dataset).some((r) => r.order.shipping?.city.startsWith('='))).toBe(true)
    }
  })

  it('mixes one-perk, two-perk and no-perk orders in plausible proportions', () => {
    const none = rows.filter((r) => r.order.perks.length === 0).length
    const one = rows.filter((r) => r.order.perks.length === 1).length
    const two = rows.filter((r) => r.order.perks.length === 2).length
    expect(none / rows.length).toBeGreaterThan(0.01)
    expect(none / rows.length).toBeLessThan(0.06)
    expect(two / rows.length).toBeGreaterThan(0.02)
    expect(two / rows.length).toBeLessThan(0.09)
    expect(one).toBeGreaterThan(none + two)
    expect(rows.every((r) => r.order.perks.length <= 2)).toBe(true)
  })

  it('has the forced perk shapes in every campaign of 45 rows or more', () => {
    for (const dataset of [data, small]) {
      for (const list of dataset.contributions.values()) {
        if (list.length < 45) continue
        const perks = list.flatMap((r) => r.order.perks)
        expect(list.some((r) => r.order.perks.length === 0)).toBe(true)
        expect(list.some((r) => r.order.perks.length === 2)).toBe(true)
        expect(perks.some((p) => p.items.length === 0)).toBe(true)
        expect(perks.some((p) => p.items.some((i) => i.quantity === 2))).toBe(true)
      }
    }
  })

  it('prices each order as the sum of its perks plus an occasional tip', () => {
    let tipped = 0
    const perkless = rows.filter((r) => r.order.perks.length === 0)
    expect(perkless.length).toBeGreaterThan(0)
    expect(perkless.filter((r) => !(r.amount > 0))).toEqual([])
    for (const r of rows.filter((row) => row.order.perks.length > 0)) {
      const perks = r.order.perks.reduce((sum, p) => sum + p.amount, 0)
      const tip = Math.round((r.amount - perks) * 100) / 100
      expect([0, 1, 2, 5, 10, 20, 25]).toContain(tip)
      if (tip > 0) tipped++
    }
    expect(tipped).toBeGreaterThan(0)
  })

  it('has perks of every required kind with the spec’s fixed fields', () => {
    const perks = allPerks(data)
    const digital = perks.filter((p) => p.items.length === 0)
    expect(digital.length).toBeGreaterThan(0)
    expect(digital.every((p) => !p.shipping_address_required)).toBe(true)
    expect(perks.filter((p) => p.items.length > 0).every((p) => p.shipping_address_required)).toBe(
      true,
    )
    expect(perks.some((p) => p.number_available === null)).toBe(true)
    expect(perks.some((p) => Number.isInteger(p.number_available))).toBe(true)
    for (const p of perks) {
      expect(p.estimated_delivery_date).toBeNull()
      expect(p.validation_errors).toBeNull()
      expect(p.non_tax_deductible_amount).toBeNull()
      expect(p.number_claimed).toBeGreaterThan(0)
    }
    data.campaigns.forEach((campaign, i) => {
      const own = campaignRows(data, i).flatMap((r) => r.order.perks)
      expect(own.every((p) => p.campaign_slug === campaign.slug)).toBe(true)
      const distinct = new Set(own.map((p) => p.id)).size
      expect(distinct).toBeGreaterThanOrEqual(6)
      expect(distinct).toBeLessThanOrEqual(9)
    })
  })

  it('never lets a capped perk be claimed beyond its cap', () => {
    const big = generateDataset({ seed: 3, contributions: 5000 })
    const claimed = new Map<number, number>()
    for (const p of campaignRows(big, 0).flatMap((r) => r.order.perks)) {
      claimed.set(p.id, (claimed.get(p.id) ?? 0) + 1)
    }
    for (const p of campaignRows(big, 0).flatMap((r) => r.order.perks)) {
      expect(p.number_claimed).toBe(claimed.get(p.id))
    }
    const capped = allPerks(big).filter((p) => p.number_available !== null)
    expect(capped.some((p) => p.number_claimed === p.number_available)).toBe(true)
    for (const p of capped) expect(p.number_claimed).toBeLessThanOrEqual(p.number_available ?? 0)
  })

  it('gives each (item, choices) its own sku id and code, including spreadsheet traps', () => {
    const skus = new Map<number, string>()
    const byCode = new Map<string, number>()
    // Every clash found, so the assertions below run whether or not an id repeats.
    const clashes: string[] = []
    for (const p of allPerks(data)) {
      for (const item of p.items) {
        const key = `${item.id}|${JSON.stringify(item.sku.choices)}`
        const seen = skus.get(item.sku.id) ?? key
        if (seen !== key) clashes.push(`sku ${item.sku.id}: ${seen} and ${key}`)
        skus.set(item.sku.id, key)
        const codeOwner = byCode.get(item.sku.code) ?? item.sku.id
        if (codeOwner !== item.sku.id)
          clashes.push(`code ${item.sku.code}: ${codeOwner}, ${item.sku.id}`)
        byCode.set(item.sku.code, item.sku.id)
      }
    }
    expect(clashes).toEqual([])
    expect(new Set(skus.values()).size).toBe(skus.size)
    const codes = [...byCode.keys()]
    expect(codes).toContain('4006381333931')
    expect(codes.some((c) => /^0\d+-/.test(c))).toBe(true)
    expect(codes).toContain('00871-TEE-BLK-M')
    const items = allPerks(data).flatMap((p) => p.items)
    expect(items.some((i) => i.sku.choices.length === 0)).toBe(true)
    expect(items.some((i) => i.sku.choices.some((c) => c.name === 'Size'))).toBe(true)
    expect(items.some((i) => i.sku.choices.some((c) => c.name === 'Color'))).toBe(true)
  })

  it('varies payment method, privacy and display name', () => {
    expect(new Set(rows.map((r) => r.payment_method))).toEqual(new Set(['credit_card', 'paypal']))
    const cards = rows.filter((r) => r.payment_method === 'credit_card').length
    expect(cards / rows.length).toBeGreaterThan(0.7)
    const anonymous = rows.filter((r) => r.by === 'Anonymous')
    expect(anonymous.length).toBeGreaterThan(0)
    expect(anonymous.every((r) => r.appearance.private_amount)).toBe(true)
    expect(rows.filter((r) => r.by !== 'Anonymous').every((r) => r.by === r.contributor_name)).toBe(
      true,
    )
    expect(rows.every((r) => /^https:\/\//.test(r.avatar_url))).toBe(true)
    expect(rows.every((r) => Number.isInteger(r.referrer_id))).toBe(true)
  })

  it('draws backers from a smaller pool, so accounts repeat within and across campaigns', () => {
    const accounts = new Map<number, Set<number>>()
    const perAccount = new Map<number, number>()
    for (const [campaignId, list] of data.contributions) {
      for (const r of list) {
        perAccount.set(r.account_id, (perAccount.get(r.account_id) ?? 0) + 1)
        const set = accounts.get(r.account_id) ?? new Set<number>()
        set.add(campaignId)
        accounts.set(r.account_id, set)
      }
    }
    expect(accounts.size).toBeLessThan(rows.length)
    expect([...perAccount.values()].some((n) => n > 1)).toBe(true)
    expect([...accounts.values()].some((s) => s.size > 1)).toBe(true)
    // One account keeps one e-mail: the account listing and e-mail filter rely on it.
    const emails = new Map<number, Set<string>>()
    for (const r of rows) {
      const seen = emails.get(r.account_id) ?? new Set<string>()
      seen.add(r.email ?? '')
      emails.set(r.account_id, seen)
    }
    expect([...emails.entries()].filter(([, seen]) => seen.size > 1)).toEqual([])
  })
})

describe('generateDataset: users, teams, sign-ups, jobs', () => {
  const demoId = data.users[0]?.accountId ?? -1

  it('makes users[0] the demo team member and users[1] the teamless backer', () => {
    expect(data.users[0]).toMatchObject({
      email: DEMO_CREDENTIALS.email,
      password: DEMO_CREDENTIALS.password,
    })
    expect(data.users[1]).toMatchObject(BACKER_CREDENTIALS)
    const custom = generateDataset({
      seed: 1,
      contributions: 0,
      demoEmail: 'lead@studio.example',
      demoPassword: 'hunter22',
    })
    expect(custom.users[0]).toMatchObject({ email: 'lead@studio.example', password: 'hunter22' })
    expect(custom.users.slice(2).every((u) => u.password === STAFF_PASSWORD)).toBe(true)
    expect(new Set(data.users.map((u) => u.accountId)).size).toBe(data.users.length)
  })

  it('puts the demo user on the first three teams only, matching team_members', () => {
    data.campaigns.forEach((campaign, i) => {
      const team = data.teams.get(campaign.id)
      expect(team?.has(demoId)).toBe(i < 3)
      expect(new Set(campaign.team_members.map((m) => m.account_id))).toEqual(team)
      const owners = campaign.team_members.filter((m) => m.owner)
      expect(owners).toHaveLength(1)
      expect(owners[0]?.status).toBe('owner')
      expect(campaign.team_members[0]?.owner).toBe(true)
    })
    const backerId = data.users[1]?.accountId
    for (const team of data.teams.values()) expect(team.has(backerId ?? -1)).toBe(false)
  })

  it('gives the demo and backer accounts a few contributions of their own', () => {
    for (const dataset of [data, small]) {
      const demoRows = rowsOf(dataset).filter((r) => r.account_id === demoId)
      expect(demoRows.length).toBeGreaterThanOrEqual(3)
      expect(demoRows.length).toBeLessThanOrEqual(5)
      expect(campaignRows(dataset, 0).some((r) => r.account_id === demoId)).toBe(false)
      expect(demoRows.every((r) => r.email === dataset.users[0]?.email)).toBe(true)
      const backerRows = rowsOf(dataset).filter((r) => r.account_id === dataset.users[1]?.accountId)
      expect(backerRows.length).toBeGreaterThanOrEqual(2)
      expect(backerRows.length).toBeLessThanOrEqual(5)
    }
  })

  it('has 75, 30 and a handful of sign-ups, unique and newest first', () => {
    const counts = data.campaigns.map((c) => data.signups.get(c.id)?.length)
    expect(counts.slice(0, 2)).toEqual([75, 30])
    for (const n of counts.slice(2)) {
      expect(n).toBeGreaterThan(0)
      expect(n).toBeLessThan(10)
    }
    data.campaigns.forEach((campaign) => {
      const list = data.signups.get(campaign.id) ?? []
      const emails = list.map((s) => s.email.toLowerCase())
      expect(new Set(emails).size).toBe(list.length)
      const times = list.map((s) => Date.parse(s.signup_time))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      expect(times.every((t) => t < Date.parse(campaign.funding_started_at))).toBe(true)
    })
  })

  it('plans completed, failed, killed and quick jobs for the first three campaigns', () => {
    expect(new Set(data.jobs.map((j) => j.jobId)).size).toBe(data.jobs.length)
    for (const job of data.jobs) {
      expect(job.jobId).toMatch(/^\d+$/)
      expect(job.stopAt).toBeLessThanOrEqual(job.total)
      // A completed job ran to its total; any other stopped short of it.
      expect(job.stopAt === job.total).toBe(job.outcome === 'completed')
    }
    for (const campaign of data.campaigns.slice(0, 3)) {
      const jobs = data.jobs.filter((j) => j.campaignId === campaign.id)
      expect(jobs.some((j) => j.outcome === 'completed' && j.total > j.perPoll)).toBe(true)
      expect(jobs.some((j) => j.outcome === 'failed')).toBe(true)
      expect(jobs.some((j) => j.outcome === 'killed')).toBe(true)
      expect(jobs).toContainEqual(
        expect.objectContaining({ total: 10, queuedPolls: 1, perPoll: 10, outcome: 'completed' }),
      )
    }
  })
})

describe('makeContribution', () => {
  it('continues ids and sequence numbers and validates', () => {
    const d = generateDataset({ seed: 9, contributions: 31 })
    const campaign = d.campaigns[0]
    if (!campaign) throw new Error('no primary campaign')
    const maxId = Math.max(...rowsOf(d).map((r) => r.id))
    const maxOrder = Math.max(...rowsOf(d).map((r) => r.order.id))
    const first = d.makeContribution(campaign.id, new Date('2026-03-01T18:30:00Z'))
    const second = d.makeContribution(campaign.id, new Date('2026-03-01T18:31:00Z'))
    expect(campaignContributionSchema.safeParse(first).error).toBeUndefined()
    expect(first.order.sequence_number).toBe(32)
    expect(second.order.sequence_number).toBe(33)
    expect(first.id).toBeGreaterThan(maxId)
    expect(second.id).toBeGreaterThan(first.id)
    expect(first.order.id).toBeGreaterThan(maxOrder)
    expect(second.order.id).toBeGreaterThan(first.order.id)
    expect(first.created_at).toBe('2026-03-01T10:30:00-08:00')
    expect(first.order.perks.every((p) => p.campaign_slug === campaign.slug)).toBe(true)
    // The caller inserts it; the generator leaves the listing alone.
    expect(d.contributions.get(campaign.id)).toHaveLength(31)
  })

  it('keeps sequence numbers per campaign', () => {
    const d = generateDataset({ seed: 9, contributions: 8 })
    const last = d.campaigns[3]
    if (!last) throw new Error('no fourth campaign')
    expect(d.makeContribution(last.id, new Date(0)).order.sequence_number).toBe(32)
  })

  it('refuses an unknown campaign or an invalid date', () => {
    expect(() => data.makeContribution(1, new Date())).toThrow(RangeError)
    const id = data.campaigns[0]?.id ?? 0
    expect(() => data.makeContribution(id, new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('generateDataset: speed', () => {
  it('generates 100,000 primary contributions in under 3 seconds of CPU', () => {
    // CPU time of this process, not wall time: other test files share the build machine's two
    // cores, and a budget on wall time measured them rather than the generator.
    const started = process.cpuUsage()
    const big = generateDataset({ seed: 1, contributions: 100_000 })
    const used = process.cpuUsage(started)
    expect(campaignRows(big, 0)).toHaveLength(100_000)
    expect((used.user + used.system) / 1000).toBeLessThan(3000)
  })
})
