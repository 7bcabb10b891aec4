import { describe, expect, it } from 'vitest'
import type { CampaignContribution, OrderStatus } from '../../../src/shared/api/schemas'
import type { WirePerk as Perk, WireShipping as Shipping } from '../../../src/simulator/wire'
import {
  checksAsExportRows,
  countryCode,
  runPrePrintChecks,
} from '../../../src/shared/export/checks'
import type { PrePrintCheck, PrePrintContext } from '../../../src/shared/export/checks'
import { wirePerk, wireRow } from '../../helpers/wire-rows'

// ---- factory -------------------------------------------------------------------------------

function perk(id: number, shipping = true): Perk {
  const tee = { id, name: 'Tee', quantity: 1, sku: { id, code: 'TEE', choices: [] } }
  return wirePerk(id, shipping ? [tee] : [], { shipping })
}

const US_ADDRESS: Shipping = {
  name: 'Ada Lovelace',
  address: '12 Main St.',
  address2: null,
  city: 'Portland',
  state: 'OR',
  zipcode: '97214',
  country: 'US',
  phone_number: '+1 503-555-0100',
}

/** The API may send null, or nothing, for any part of an address. */
type ShippingDrift = { [K in keyof Shipping]?: Shipping[K] | null }

interface RowSpec {
  /** A known status, or any text the API may send. */
  status?: OrderStatus | (string & {})
  perks?: Perk[]
  shipping?: ShippingDrift | null
}

let nextId = 1
function row(spec: RowSpec = {}): CampaignContribution {
  const id = nextId++
  return wireRow({
    id,
    perks: spec.perks ?? [perk(1)],
    shipping: spec.shipping === null ? null : { ...US_ADDRESS, ...spec.shipping },
    status: spec.status,
  })
}

const NOW = new Date('2024-06-01T12:00:00Z')
const CONTEXT: PrePrintContext = {
  now: NOW,
  lastSyncedAt: '2024-06-01T11:00:00Z',
  privileged: true,
}

function run(rows: CampaignContribution[], context: Partial<PrePrintContext> = {}) {
  return runPrePrintChecks(rows, { ...CONTEXT, ...context })
}

function find(checks: PrePrintCheck[], id: PrePrintCheck['id']): PrePrintCheck | undefined {
  return checks.find((check) => check.id === id)
}

// ---- tests ---------------------------------------------------------------------------------

describe('runPrePrintChecks', () => {
  it('returns nothing for a clean, fresh, domestic selection', () => {
    expect(
      run([row(), row({ shipping: { name: 'Grace Hopper', address: '1 Navy Way' } })]),
    ).toEqual([])
    expect(run([])).toEqual([])
  })

  describe('missing address', () => {
    it('flags orders whose perk needs shipping but have no shipping or an empty address line', () => {
      const none = row({ shipping: null })
      const blank = row({ shipping: { address: '   ' } })
      const fine = row()
      // A digital perk needs no address: not flagged even without one.
      const digital = row({ perks: [perk(2, false)], shipping: null })
      const check = find(run([none, fine, blank, digital]), 'missing-address')
      expect(check).toMatchObject({
        severity: 'error',
        count: 2,
        contributionIds: [none.id, blank.id],
        detail: '2 orders need shipping but have no address.',
      })
    })

    it('says "1 order needs ... has" for one', () => {
      const check = find(run([row({ shipping: null })]), 'missing-address')
      expect(check?.detail).toBe('1 order needs shipping but has no address.')
    })

    it('does not fire when every shipped order has an address (or only digital perks lack one)', () => {
      const checks = run([row(), row({ perks: [perk(3, false)], shipping: null })])
      expect(find(checks, 'missing-address')).toBeUndefined()
    })

    it('reports hidden addresses once, without ids, for an unprivileged snapshot', () => {
      const rows = [row({ shipping: null }), row({ shipping: null }), row({ shipping: null })]
      const checks = run(rows, { privileged: false })
      const check = find(checks, 'missing-address')
      expect(check).toMatchObject({ title: 'Addresses are hidden', count: 3, contributionIds: [] })
      expect(check?.detail).toMatch(
        /^Addresses are hidden: this copy was synced without a team member's sign-in/,
      )
      expect(checks.filter((c) => c.id === 'missing-address')).toHaveLength(1)
    })

    it('says nothing about hidden addresses when nothing in an unprivileged selection ships', () => {
      const digital = row({ perks: [perk(4, false)], shipping: null })
      const checks = run([digital], { privileged: false })
      expect(checks.map((c) => c.id)).toEqual(['nothing-to-ship'])
    })
  })

  describe('nothing to ship', () => {
    it('lists the orders that get no label, slip or CSV row because nothing in them ships', () => {
      const digital = row({ perks: [perk(4, false)] })
      const noPerk = row({ perks: [] })
      const check = find(run([row(), digital, noPerk]), 'nothing-to-ship')
      expect(check).toMatchObject({
        severity: 'info',
        count: 2,
        contributionIds: [digital.id, noPerk.id],
      })
      expect(check?.detail).toBe(
        '2 orders have nothing to ship (digital perks only, no perk, or perks without items): they get no label, packing slip or shipper CSV row.',
      )
    })

    it('ships a perk whose shipping flag is missing: a parcel left out is worse than one checked', () => {
      // null, as drifted rows send it: neither true nor false.
      const flag = { shipping_address_required: null } as unknown as Partial<Perk>
      const unknownFlag = row({ perks: [{ ...perk(4), ...flag }] })
      expect(unknownFlag.order.perks[0]?.shipping_address_required).toBeNull()
      expect(find(run([unknownFlag]), 'nothing-to-ship')).toBeUndefined()
      expect(find(run([row({ perks: [perk(5, false)] })]), 'nothing-to-ship')?.count).toBe(1)
    })
  })

  describe('items to check by hand', () => {
    /** A shipping perk whose items, as sent, hold `odd` beside a readable tee. */
    const withOdd = (id: number, ...odd: unknown[]): Perk => {
      const base = perk(id)
      return { ...base, items: [...base.items, ...odd] as Perk['items'] }
    }
    const pin = { name: 'Enamel pin', quantity: 1, sku: null }

    it('names the orders whose parcels hold an item without a SKU: "1 item without a SKU: #2041"', () => {
      const odd = row({ perks: [withOdd(3, pin)] })
      const check = find(run([row(), odd]), 'items-by-hand')
      expect(check).toMatchObject({
        title: 'Items to check by hand',
        severity: 'warning',
        count: 1,
        contributionIds: [odd.id],
      })
      expect(check?.detail).toBe(
        `1 item without a SKU: #${odd.order.sequence_number}. The order ships; the packing slip and the pack station list the item to check by hand.`,
      )
    })

    it('counts each kind, and leaves out digital perks, whose items are not packed', () => {
      const noQuantity = { name: 'Sticker', sku: { code: 'STK', choices: [] } }
      const a = row({ perks: [withOdd(3, pin, noQuantity)] })
      const b = row({ perks: [withOdd(4, pin)] })
      const digital = row({ perks: [{ ...withOdd(5, pin), shipping_address_required: false }] })
      const check = find(run([a, b, digital]), 'items-by-hand')
      expect(check?.contributionIds).toEqual([a.id, b.id])
      expect(check?.detail).toMatch(
        new RegExp(
          `^3 items to check by hand \\(2 without a SKU, 1 without a quantity\\): #${a.id}, #${b.id}\\. The orders ship`,
        ),
      )
    })
  })

  describe('status does not ship', () => {
    it('names the orders of every status that does not ship, grouped by what it means', () => {
      const stopped = [
        row({ status: 'chargeback' }),
        row({ status: 'disputed' }),
        row({ status: 'chargeback' }),
        row({ status: 'refund_pending' }),
        row({ status: 'refunded' }),
        row({ status: 'on_hold' }),
        row({ status: 'backordered' }),
        row({ status: 'shipped' }),
        row({ status: 'pending' }),
        row({ status: 'unprocessable' }),
      ]
      const check = find(run([row(), ...stopped, row({ status: 'fulfilled' })]), 'stop-status')
      expect(check).toMatchObject({
        title: 'Status does not ship',
        severity: 'warning',
        count: stopped.length,
        contributionIds: stopped.map((r) => r.id),
      })
      expect(check?.detail).toBe(
        '4 orders in dispute or chargeback, or with a refund under way ("Chargeback", "Disputed", "Refund pending"); ' +
          '1 order refunded; ' +
          '2 orders with a status PerkPack does not know: "Backordered", "Shipped"; ' +
          '1 order on hold; 1 order unprocessable (the payment failed); 1 order pending (not paid yet). ' +
          'None of them gets a label, packing slip or shipper CSV row: their status does not ship.',
      )
    })

    it('words one order alone', () => {
      const check = find(run([row({ status: 'Chargeback' })]), 'stop-status')
      expect(check?.detail).toBe(
        '1 order in dispute or chargeback, or with a refund under way ("Chargeback"). It gets no label, packing slip or shipper CSV row: its status does not ship.',
      )
    })

    it('does not fire for captured, in-fulfillment or fulfilled orders, however written', () => {
      const statuses = ['captured', 'in_fulfillment', 'fulfilled', 'CAPTURED', 'In-Fulfillment']
      const checks = run(statuses.map((status) => row({ status })))
      expect(find(checks, 'stop-status')).toBeUndefined()
    })
  })

  describe('possible duplicates', () => {
    it('groups orders to the same recipient and address, ignoring case, spacing, punctuation and accents', () => {
      const a1 = row()
      const other = row({ shipping: { name: 'Grace Hopper', address: '1 Navy Way' } })
      const a2 = row({ shipping: { name: 'ADA  LOVELACE', address: '12 main st' } })
      const b1 = row({ shipping: { name: 'Zoë Nguyen', address: '42 Wallaby Way', country: 'AU' } })
      const a3 = row({
        shipping: { name: ' ada lovelace ', address: '12, Main St', state: 'Oregon' },
      })
      const b2 = row({
        shipping: { name: 'Zoe Nguyen', address: '42 Wallaby Way.', country: 'Australia' },
      })
      const check = find(run([a1, other, a2, b1, a3, b2]), 'possible-duplicates')
      expect(check).toMatchObject({
        severity: 'warning',
        count: 5,
        groups: [
          [a1.id, a2.id, a3.id],
          [b1.id, b2.id],
        ],
        contributionIds: [a1.id, a2.id, a3.id, b1.id, b2.id],
      })
      expect(check?.detail).toMatch(/^5 orders go to the same recipient and address .*\(2 groups\)/)
    })

    it('treats the address lines as one: "12 Main St" + "Apt 5" is "12 Main St, Apt 5"', () => {
      const split = row({ shipping: { address: '12 Main St', address2: 'Apt 5' } })
      const joined = row({ shipping: { address: '12 Main St, Apt 5', address2: null } })
      const check = find(run([split, joined]), 'possible-duplicates')
      expect(check?.groups).toEqual([[split.id, joined.id]])
    })

    it('does not group a different recipient at one address, another flat, or another town', () => {
      const rows = [
        row(),
        row({ shipping: { name: 'Charles Babbage' } }),
        row({ shipping: { address2: 'Apt 2' } }),
        row({ shipping: { zipcode: '97215' } }),
        row({ shipping: { city: 'Salem' } }),
      ]
      expect(find(run(rows), 'possible-duplicates')).toBeUndefined()
    })

    it('does not count one contribution listed twice, nor orders without an address', () => {
      const once = row()
      const rows = [once, once, row({ shipping: null }), row({ shipping: null })]
      expect(find(run(rows), 'possible-duplicates')).toBeUndefined()
    })
  })

  describe('possible duplicates with missing parts', () => {
    it('meets two typings of one address whether a part is null, absent or blank', () => {
      const a = row({ shipping: { country: 'IE', city: 'Cork', zipcode: null, state: null } })
      const b = row({ shipping: { country: 'IE', city: 'Cork', zipcode: '', state: undefined } })
      const c = row({ shipping: { country: 'IE', city: 'Cork', zipcode: undefined } })
      expect(find(run([a, b, c]), 'possible-duplicates')?.groups).toEqual([[a.id, b.id, c.id]])
    })
  })

  describe('non-Latin address', () => {
    it('flags addresses with non-Latin letters (or emoji) in any field', () => {
      const japanese = row({ shipping: { name: '山田 太郎', country: 'JP' } })
      const greekCity = row({ shipping: { city: 'Αθήνα', country: 'GR' } })
      const emoji = row({ shipping: { name: 'Lena 🌻 Becker' } })
      const cyrillicLine2 = row({ shipping: { address2: 'кв. 5' } })
      const check = find(
        run([row(), japanese, greekCity, emoji, cyrillicLine2]),
        'non-latin-address',
      )
      expect(check).toMatchObject({
        severity: 'warning',
        count: 4,
        contributionIds: [japanese.id, greekCity.id, emoji.id, cyrillicLine2.id],
      })
      expect(check?.detail).toContain('some carriers refuse them')
    })

    it('accepts accented Latin letters, digits and common punctuation', () => {
      const rows = [
        row({
          shipping: { name: 'Jürgen Müller', address: 'Schönhauser Allee 12', country: 'DE' },
        }),
        row({ shipping: { name: 'François Lefèvre', address2: 'Bâtiment B, 2e étage — 3º' } }),
        row({ shipping: { name: "Siobhán O'Brien", address: '"The Old Rectory", Church Lane' } }),
        row({ shipping: { name: 'Łukasz Żółć', city: 'Łódź', address: 'ul. Piotrkowska 12/3' } }),
      ]
      expect(find(run(rows), 'non-latin-address')).toBeUndefined()
    })
  })

  describe('missing phone on international shipments', () => {
    it('flags orders abroad with no phone (or no digits in it)', () => {
      const deNoPhone = row({ shipping: { country: 'DE', phone_number: '' } })
      const gbDash = row({ shipping: { country: 'United Kingdom', phone_number: ' - ' } })
      const usNoPhone = row({ shipping: { phone_number: '' } })
      const frPhone = row({ shipping: { country: 'FR', phone_number: '+33 1 99 00 12 34' } })
      const check = find(
        run([deNoPhone, gbDash, usNoPhone, frPhone]),
        'missing-phone-international',
      )
      expect(check).toMatchObject({
        severity: 'warning',
        count: 2,
        contributionIds: [deNoPhone.id, gbDash.id],
        detail:
          '2 orders shipping outside US have no phone number: customs forms and couriers usually ask for one.',
      })
    })

    it('uses the sender country: a domestic order without a phone is fine, written as a name too', () => {
      const deNoPhone = row({ shipping: { country: 'Deutschland', phone_number: '' } })
      const usNoPhone = row({ shipping: { phone_number: '' } })
      const checks = run([deNoPhone, usNoPhone], { senderCountry: 'DE' })
      expect(find(checks, 'missing-phone-international')?.contributionIds).toEqual([usNoPhone.id])
      expect(find(run([deNoPhone], { senderCountry: 'de' }), 'missing-phone-international')).toBe(
        undefined,
      )
    })

    it('leaves orders without an address to the missing-address check', () => {
      const checks = run([row({ shipping: { country: 'DE', phone_number: '', address: '' } })])
      expect(find(checks, 'missing-phone-international')).toBeUndefined()
      expect(find(checks, 'missing-address')).toBeDefined()
    })
  })

  describe('incomplete address', () => {
    const at = (country: string, missing: ShippingDrift) =>
      row({ shipping: { country, ...missing } })
    const flagged = (rows: CampaignContribution[], context: Partial<PrePrintContext> = {}) =>
      find(run(rows, context), 'incomplete-address')?.contributionIds ?? []

    it('flags a missing postcode only where the country uses postcodes', () => {
      const de = at('DE', { zipcode: null })
      const gb = at('United Kingdom', { zipcode: '' })
      const us = at('US', { zipcode: undefined })
      const noPostcodeNeeded = [
        at('IE', { zipcode: null, state: null }),
        at('Hong Kong', { zipcode: null, state: null, city: 'Kowloon' }),
        at('AE', { zipcode: '' }),
        at('Ghana', { zipcode: null }),
        at('JM', { zipcode: null }),
        at('Trinidad and Tobago', { zipcode: null }),
      ]
      expect(flagged([de, ...noPostcodeNeeded, gb, us])).toEqual([de.id, gb.id, us.id])
    })

    it('flags a missing state only where the post needs one', () => {
      const us = at('US', { state: null })
      const ca = at('Canada', { state: '  ' })
      const au = at('AU', { state: undefined })
      const de = at('DE', { state: null })
      const fr = at('France', { state: null })
      const gb = at('GB', { state: null })
      expect(flagged([us, ca, de, fr, gb, au])).toEqual([us.id, ca.id, au.id])
    })

    it('flags a missing city except in city-states', () => {
      const fr = at('FR', { city: null })
      const sg = at('SG', { city: null, state: null })
      const mc = at('Monaco', { city: '' })
      expect(flagged([fr, sg, mc])).toEqual([fr.id])
    })

    it('reads "n/a" and dashes as missing, and says what is missing how often', () => {
      const rows = [
        at('DE', { zipcode: 'n/a' }),
        at('US', { state: 'N/A', zipcode: 'none' }),
        at('FR', { city: null }),
      ]
      expect(find(run(rows), 'incomplete-address')).toMatchObject({
        title: 'Incomplete address',
        severity: 'warning',
        count: 3,
        contributionIds: rows.map((r) => r.id),
        detail:
          '3 orders have an address missing a part their country needs (1 without a city, ' +
          '1 without a state or province, 2 without a postcode): complete them before printing labels.',
      })
    })

    it('judges an address without a country as domestic, and leaves an unknown country alone', () => {
      const domestic = at('', { zipcode: null })
      const unknown = at('Freedonia', { zipcode: null, city: null })
      expect(flagged([domestic, unknown])).toEqual([domestic.id])
      // From Ireland, a domestic address needs no postcode.
      expect(flagged([domestic, unknown], { senderCountry: 'IE' })).toEqual([])
    })

    it('leaves orders without a street line to the missing-address check', () => {
      const checks = run([at('DE', { address: null, zipcode: null, city: null })])
      expect(find(checks, 'incomplete-address')).toBeUndefined()
      expect(find(checks, 'missing-address')).toBeDefined()
    })

    it('says "1 order has ... its" for one', () => {
      expect(find(run([at('DE', { zipcode: null })]), 'incomplete-address')?.detail).toBe(
        '1 order has an address missing a part its country needs (1 without a postcode): complete it before printing labels.',
      )
    })
  })

  describe('stale data', () => {
    const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString()

    it('fires once the last sync is older than the threshold, with no ids', () => {
      const rows = [row(), row()]
      const check = find(run(rows, { lastSyncedAt: hoursBefore(30) }), 'stale-data')
      expect(check).toEqual({
        id: 'stale-data',
        title: 'Data may be out of date',
        severity: 'warning',
        count: 2,
        contributionIds: [],
        detail:
          'Last synced 30 hours ago: sync again so refunds, holds and address changes since then are included.',
      })
    })

    it('does not fire at exactly the threshold, fires one minute past it', () => {
      expect(find(run([row()], { lastSyncedAt: hoursBefore(24) }), 'stale-data')).toBeUndefined()
      const past = find(run([row()], { lastSyncedAt: hoursBefore(24 + 1 / 60) }), 'stale-data')
      expect(past?.detail).toMatch(/^Last synced 24 hours ago/)
    })

    it('honours staleAfterHours and speaks in days for old data', () => {
      expect(
        find(run([row()], { lastSyncedAt: hoursBefore(3), staleAfterHours: 2 }), 'stale-data'),
      ).toBeDefined()
      expect(
        find(run([row()], { lastSyncedAt: hoursBefore(30), staleAfterHours: 48 }), 'stale-data'),
      ).toBeUndefined()
      const old = find(run([row()], { lastSyncedAt: hoursBefore(24 * 3 + 5) }), 'stale-data')
      expect(old?.detail).toMatch(/^Last synced 3 days ago/)
    })

    it('says to import a newer dashboard file, not to sync, for a copy imported from one', () => {
      const context = { lastSyncedAt: hoursBefore(30), importedFrom: 'contributions.csv' }
      const check = find(run([row()], context), 'stale-data')
      expect(check?.detail).toBe(
        "Imported from contributions.csv 30 hours ago: import a new export of the dashboard's contributions file so refunds, holds and address changes since then are included.",
      )
      expect(check?.detail).not.toMatch(/sync/i)
    })

    it('takes the sync time with its offset', () => {
      // 05:00-07:00 is 12:00Z: no time has passed.
      expect(run([row()], { lastSyncedAt: '2024-06-01T05:00:00-07:00' })).toEqual([])
    })

    it('says the age is unknown (info) when the data was never synced', () => {
      const check = find(run([row()], { lastSyncedAt: null }), 'stale-data')
      expect(check).toMatchObject({ severity: 'info', contributionIds: [] })
      expect(check?.detail).toMatch(/^Never synced/)
    })
  })

  it('lists every check in the stable order, whatever the rows', () => {
    const rows = [
      row({ shipping: { country: 'JP', name: '山田 太郎', phone_number: '' } }),
      row({ shipping: { country: 'JP', name: '山田 太郎', phone_number: '' } }),
      row({ status: 'refunded' }),
      row({ shipping: null }),
      row({ shipping: { country: 'DE', zipcode: null } }),
    ]
    const checks = run(rows.reverse(), {
      lastSyncedAt: '2024-05-01T00:00:00Z',
      problemRows: [{ id: 9, rank: 3 }],
    })
    expect(checks.map((c) => c.id)).toEqual([
      'missing-address',
      'stop-status',
      'incomplete-address',
      'problem-rows',
      'possible-duplicates',
      'non-latin-address',
      'missing-phone-international',
      'stale-data',
    ])
    // Stale data and unreadable rows are about the campaign, not orders of the selection.
    const aboutOrders = checks.filter((c) => c.id !== 'stale-data' && c.id !== 'problem-rows')
    for (const check of aboutOrders) expect(check.count).toBe(check.contributionIds.length)
  })

  it('checksAsExportRows keeps title, count and detail for the Checks sheet', () => {
    const checks = run([row({ status: 'on_hold' })], { lastSyncedAt: '2024-05-30T00:00:00Z' })
    expect(checksAsExportRows(checks)).toEqual([
      {
        title: 'Status does not ship',
        count: 1,
        detail:
          '1 order on hold. It gets no label, packing slip or shipper CSV row: its status does not ship.',
      },
      {
        title: 'Data may be out of date',
        count: 1,
        detail:
          'Last synced 2 days ago: sync again so refunds, holds and address changes since then are included.',
      },
    ])
  })
})

describe('pre-print check: contributions that could not be read', () => {
  it('in a copy imported from a dashboard file, says to import a newer one, not to sync', () => {
    const [check] = runPrePrintChecks([], {
      ...CONTEXT,
      problemRows: [{ id: 41450054, rank: 40 }],
      importedFrom: 'contributions.csv',
    })
    expect(check?.detail).toMatch(
      /Fix it on the platform and import a new export of the dashboard's contributions file, or ship by hand\.$/,
    )
  })

  it('warns with the count and names the rows, by id or by row', () => {
    const checks = runPrePrintChecks([], {
      ...CONTEXT,
      problemRows: [
        { id: 41450054, rank: 40 },
        { id: null, rank: 16 },
      ],
    })
    expect(checks).toEqual([
      {
        id: 'problem-rows',
        title: 'Contributions that could not be read',
        severity: 'warning',
        count: 2,
        contributionIds: [],
        detail:
          '2 contributions could not be read (41450054, row 17 (no usable id)): they are in no ' +
          'selection, pick list or export. Fix them on the platform and sync again, or ship by hand.',
      },
    ])
  })

  it('names the first ten and counts the rest', () => {
    const problemRows = Array.from({ length: 14 }, (_, i) => ({ id: 100 + i, rank: i }))
    const [check] = runPrePrintChecks([], { ...CONTEXT, problemRows })
    expect(check?.count).toBe(14)
    expect(check?.detail).toMatch(
      /^14 contributions could not be read \(100, 101, .*, 109 and 4 more\)/,
    )
    expect(check?.detail).not.toContain('110')
  })

  it('is absent without problem rows', () => {
    expect(runPrePrintChecks([], { ...CONTEXT, problemRows: [] })).toEqual([])
    expect(runPrePrintChecks([], CONTEXT)).toEqual([])
  })
})

describe('countryCode', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    [' de ', 'DE'],
    ['UK', 'GB'],
    ['United States', 'US'],
    ['United States of America', 'US'],
    ['U.S.A.', 'US'],
    ['united kingdom', 'GB'],
    ['Great Britain', 'GB'],
    ['Germany', 'DE'],
    ['Deutschland', 'DE'],
    ['Allemagne', 'DE'],
    ['España', 'ES'],
    ['Espana', 'ES'],
    ["Côte d'Ivoire", 'CI'],
    ['South Korea', 'KR'],
    ['대한민국', 'KR'],
    ['日本', 'JP'],
    ['The Netherlands', 'NL'],
    ['Bosnia and Herzegovina', 'BA'],
    ['St. Lucia', 'LC'],
    ['Saint Lucia', 'LC'],
    ['Myanmar', 'MM'],
    ['Kosovo', 'XK'],
  ])('%s -> %s', (text, code) => {
    expect(countryCode(text)).toBe(code)
  })

  it.each(['', '   ', 'Narnia', 'EU', 'European Union', 'ZZ', 'QQ', 'XA', 'Outlying Oceania'])(
    '%j -> null',
    (text) => {
      expect(countryCode(text)).toBeNull()
    },
  )
})
