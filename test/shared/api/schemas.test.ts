import { describe, expect, it } from 'vitest'
import {
  accountContributionSchema,
  accountContributionsPageSchema,
  batchStatusResponseSchema,
  campaignContributionsPageSchema,
  campaignSchema,
  isHiddenRow,
  normalizeStatus,
  ORDER_STATUSES,
  readCampaignContribution,
  signupSchema,
  signupsPageSchema,
  tokenResponseSchema,
} from '../../../src/shared/api/schemas'
import type { AccountContribution, CampaignContribution } from '../../../src/shared/api/schemas'
import { formatPath, readRow } from '../../../src/shared/api/validate'
import type { RowRead } from '../../../src/shared/api/validate'
import { generateDataset } from '../../../src/simulator'
import accountPage from '../../fixtures/api/account-contributions.json'
import hiddenPage from '../../fixtures/api/account-contributions-hidden.json'
import realAccountPage from '../../fixtures/api/account-contributions-real.json'
import batchStatus from '../../fixtures/api/batch-status.json'
import realBatchStatus from '../../fixtures/api/batch-status-real.json'
import campaignPage from '../../fixtures/api/campaign-contributions.json'
import realCampaignPage from '../../fixtures/api/campaign-contributions-real.json'
import signupsPage from '../../fixtures/api/signups.json'
import realSignupsPage from '../../fixtures/api/signups-real.json'
import token from '../../fixtures/api/token-response.json'
import realToken from '../../fixtures/api/token-response-real.json'
import { OBJECTS } from '../../helpers/schema-fields'
import type { Key } from '../../helpers/schema-fields'

// Fixtures are never changed in place: every variation works on a deep copy.

type Node = Record<Key, unknown>
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

function valueAt(data: unknown, path: readonly Key[]): unknown {
  let node = data
  for (const key of path) {
    if (!isNode(node)) throw new Error(`nothing at ${formatPath(path)} (stopped before ${key})`)
    node = node[key]
  }
  return node
}

function edit(data: unknown, path: readonly Key[], change: (parent: Node, key: Key) => void) {
  const copy: unknown = structuredClone(data)
  const parent = valueAt(copy, path.slice(0, -1))
  const key = path.at(-1)
  if (!isNode(parent) || key === undefined) throw new Error(`cannot edit ${formatPath(path)}`)
  change(parent, key)
  return copy
}

const withValue = (data: unknown, path: readonly Key[], value: unknown) =>
  edit(data, path, (parent, key) => {
    parent[key] = value
  })

const without = (data: unknown, path: readonly Key[]) =>
  edit(data, path, (parent, key) => {
    if (!(key in parent)) throw new Error(`the sample has no ${formatPath(path)} to remove`)
    delete parent[key]
  })

function readOk<T>(read: RowRead<T>): T {
  if (!read.ok) throw new Error(`expected the payload to read, got ${JSON.stringify(read)}`)
  return read.value
}

function problemPaths(read: RowRead<unknown>): string[] {
  if (read.ok) throw new Error('expected the payload to be refused, but it read')
  return read.problems.map((problem) => problem.path)
}

/**
 * The paths of what a payload that reads left unread in its perks' items: each flagged item's
 * problems, from the row (`order.perks[0].items[1].sku.code`).
 */
function flaggedPaths(read: RowRead<unknown>): string[] {
  const row = readOk(read) as CampaignContribution
  return row.order.perks.flatMap((perk, p) =>
    (perk.unreadable_items ?? []).flatMap((item) =>
      item.problems.map((problem) => `order.perks[${p}].${problem.path}`),
    ),
  )
}

/** A value of the wrong kind for a field whose sample value is `sample`. */
const wrongKind = (sample: unknown): unknown =>
  isNode(sample) ? 'text where a list or an object belongs' : { not: 'a value' }

const campaignRows = (page: { response: unknown[] }) =>
  page.response.map((raw) => readOk(readCampaignContribution(raw)))

describe('real-shaped fixtures', () => {
  const rows = campaignRows(realCampaignPage)
  const [ireland, hongKong, boston, dubai, digital, noPerk] = rows as CampaignContribution[]

  it('reads every row of a real-shaped campaign page, and the page itself', () => {
    const page = readOk(readRow(campaignContributionsPageSchema, realCampaignPage))
    expect(page.pagination.current).toBe(1)
    expect(rows.map((row) => row.id)).toEqual([
      8812001, 8812002, 8812003, 8812004, 8812005, 8812006,
    ])
  })

  it('keeps a dated delivery and the extra perk keys as sent', () => {
    const perk = ireland?.order.perks[0]
    expect(perk?.estimated_delivery_date).toBe('2019-10-15T00:00:00-07:00')
    expect(perk).toMatchObject({
      perk_type: 'standard',
      shipping_fees: [{ country_code: 'IE', amount: 9 }],
      visible: true,
      secret: false,
    })
  })

  it('reads addresses without state, postcode or phone, and rows without account ids', () => {
    expect(ireland?.order.shipping).toMatchObject({
      state: null,
      zipcode: null,
      city: 'Ballyvaughan',
    })
    expect(ireland?.order.shipping).not.toHaveProperty('phone_number')
    expect(ireland).not.toHaveProperty('account_id')
    expect(ireland).not.toHaveProperty('referrer_id')
    expect(hongKong?.order.shipping).not.toHaveProperty('zipcode')
    expect(hongKong?.order.shipping).not.toHaveProperty('state')
    expect(dubai?.order.shipping?.zipcode).toBe('')
    expect(noPerk?.order.shipping).toEqual({
      name: 'Kofi Asante',
      address: 'House 12, Ring Road East',
      city: 'Accra',
      country: 'GH',
    })
  })

  it('reads numeric strings and 0/1 flags as numbers and booleans', () => {
    expect(hongKong?.amount).toBe(125)
    expect(hongKong?.appearance?.private_amount).toBe(true)
    expect(hongKong?.order.id).toBe(8812002)
    expect(hongKong?.order.sequence_number).toBe(2)
    const perk = hongKong?.order.perks[0]
    expect([perk?.id, perk?.amount, perk?.number_claimed]).toEqual([4748482, 115, 1022])
    expect([perk?.shipping_address_required, perk?.featured]).toEqual([true, false])
    expect(perk?.items[0]?.quantity).toBe(2)
  })

  it('keeps an unknown status as sent and normalises a known one written differently', () => {
    expect(boston?.order.status).toBe('shipped')
    expect(dubai?.order.status).toBe('in_fulfillment')
  })

  it('reads a postcode sent as a number as its digits, and a SKU without id or choices', () => {
    expect(boston?.order.shipping?.zipcode).toBe('2139')
    expect(boston?.order.shipping?.phone_number).toBeNull()
    const item = boston?.order.perks[0]?.items[0]
    expect(item?.name).toBeNull()
    expect(item?.sku).toEqual({ code: 'LID-04', choices: [] })
    expect(boston).toMatchObject({ refunded_amount: 0, referrer_id: null })
    expect(dubai?.order.perks[0]?.items[0]?.sku.choices).toEqual([])
  })

  it('reads a digital perk without items, an unusable count and no address or number', () => {
    const perk = digital?.order.perks[0]
    expect(perk?.items).toEqual([])
    expect(perk?.number_claimed).toBeUndefined()
    expect(digital?.order.shipping).toBeNull()
    expect(digital?.order.sequence_number).toBeNull()
    expect([digital?.appearance, digital?.contributor_name]).toEqual([null, null])
    expect(noPerk?.order.perks).toEqual([])
  })

  it('reads a real-shaped account listing with its embedded campaign', () => {
    const page = readOk(readRow(accountContributionsPageSchema, realAccountPage))
    const [first, older] = page.response.map((raw) =>
      readOk(readRow(accountContributionSchema, raw)),
    ) as AccountContribution[]
    const campaign = first?.campaign
    for (const key of [
      'main_image_url',
      'web_url',
      'favorited',
      'forever_funding_collected_funds',
      'life',
      'project_sponsors',
    ]) {
      expect(campaign).not.toHaveProperty(key)
    }
    expect(campaign?.team_members?.map((m) => [m?.status, m?.owner, m?.user_type])).toEqual([
      ['owner', true, 'RLTN_OWNR'],
      ['accepted', false, 'RLTN_EDTR'],
      ['accepted', false, 'RLTN_TEAM'],
    ])
    expect(campaign?.team_members?.[1]).toMatchObject({
      facebook: { verified: true, friends_count: 2171 },
    })
    expect(campaign?.latest_updates?.[0]).toMatchObject({ id: 614811, account: { id: 9424957 } })
    expect(campaign?.region_code).toBe('STTE_USNC')
    expect(first?.order?.perks?.[0]?.estimated_delivery_date).toBe('2015-04-15T00:00:00-07:00')

    expect(older?.id).toBe(12346)
    expect(older?.amount).toBe(15.5)
    expect(older?.appearance?.private_amount).toBe(true)
    expect(older?.campaign?.currency).toEqual({ iso_code: 'EUR', symbol: '€' })
    expect(older?.campaign?.team_members?.[0]).toMatchObject({ owner: true, account_id: 77 })
    expect(older?.order?.perks).toEqual([])
  })

  it('reads a real-shaped batch status: any case, null message, numeric strings, extra keys', () => {
    expect(readOk(readRow(batchStatusResponseSchema, realBatchStatus)).response).toEqual({
      status: 'completed',
      message: null,
      number_processed: 460,
      total: 460,
      download_url: null,
    })
  })

  it('reads real-shaped sign-ups: a pagination object, a count as text, times missing', () => {
    const page = readOk(readRow(signupsPageSchema, realSignupsPage))
    expect([page.count, page.pagination?.pages]).toEqual([3, 1])
    const signups = page.response.map((raw) => readOk(readRow(signupSchema, raw)))
    expect(signups.map((s) => s.signup_time)).toEqual([
      '2016-12-01T10:00:00-08:00',
      null,
      undefined,
    ])
    expect(signups[0]).toMatchObject({ source: 'facebook' })
  })

  it('reads a real-shaped token response: expiry as text, no refresh token, extra scope', () => {
    expect(readOk(readRow(tokenResponseSchema, realToken))).toEqual({
      access_token: 'fixture-access-token-real-shape-0123456789',
      token_type: 'Bearer',
      expires_in: 15552000,
      created_at: 1589982392,
      scope: 'public',
    })
  })

  it('reads a rule-2 account page as hidden rows, keeping the account total', () => {
    const page = readOk(readRow(accountContributionsPageSchema, hiddenPage))
    expect(page.response.every(isHiddenRow)).toBe(true)
    expect(page.pagination.count).toBe(7)
  })
})

describe('spec-shaped payloads read back as the same JSON text', () => {
  it.each<[string, unknown, (raw: unknown) => RowRead<unknown>]>([
    ['campaign page', campaignPage, (raw) => readRow(campaignContributionsPageSchema, raw)],
    [
      'account page (rows stay unread)',
      accountPage,
      (raw) => readRow(accountContributionsPageSchema, raw),
    ],
    ['batch status', batchStatus, (raw) => readRow(batchStatusResponseSchema, raw)],
    ['sign-ups', signupsPage, (raw) => readRow(signupsPageSchema, raw)],
    ['token', token, (raw) => readRow(tokenResponseSchema, raw)],
  ])('%s', (_name, fixture, read) => {
    expect(JSON.stringify(readOk(read(fixture)))).toBe(JSON.stringify(fixture))
  })

  it('every row of the spec-shaped campaign fixture', () => {
    for (const raw of campaignPage.response) {
      expect(JSON.stringify(readOk(readCampaignContribution(raw)))).toBe(JSON.stringify(raw))
    }
  })

  // The spec names two keys only by a placeholder (`social_url`, a team member's `social`): the
  // real names carry a network's name, so they are kept as extra keys, after the declared ones.
  // Every value is kept; only those keys move to the end of their object.
  it('every account row keeps every value (placeholder-named keys move to the end)', () => {
    for (const raw of accountPage.response) {
      expect(readOk(readRow(accountContributionSchema, raw))).toEqual(raw)
    }
  })

  it('every contribution and sign-up of a simulator dataset (campaigns: every value)', () => {
    const dataset = generateDataset({ seed: 7, contributions: 1500 })
    let rows = 0
    for (const list of dataset.contributions.values()) {
      for (const raw of list) {
        rows++
        const read = readCampaignContribution(raw)
        expect(read.ok && JSON.stringify(read.value) === JSON.stringify(raw)).toBe(true)
      }
    }
    expect(rows).toBeGreaterThanOrEqual(1500)
    for (const raw of dataset.campaigns) {
      expect(readOk(readRow(campaignSchema, raw))).toEqual(raw)
    }
    for (const list of dataset.signups.values()) {
      for (const raw of list) {
        expect(JSON.stringify(readOk(readRow(signupSchema, raw)))).toBe(JSON.stringify(raw))
      }
    }
  })
})

describe.each(OBJECTS)('every field of the $name', (object) => {
  const { schema, read, sample, at } = object
  const clean = readOk(read(sample))
  const lists = object.lists ?? []
  const kept = object.kept ?? []
  const flagged = object.flagged ?? []

  it('is listed (the lists name exactly the keys of the schema)', () => {
    const listed = [...object.optional, ...lists, ...kept, ...object.required]
    expect([...listed].sort()).toEqual(Object.keys(schema.shape).sort())
    expect(new Set(listed).size).toBe(listed.length)
  })

  /** The payload read with `change` at the field, and the rest compared with the clean read. */
  function readChanged(field: string, changed: unknown): unknown {
    const value = readOk(read(changed))
    const path = [...at, field]
    // Everything but the field itself reads as it did from the clean payload.
    const strip = (data: unknown) =>
      edit(data, path, (parent, key) => {
        delete parent[key]
      })
    expect(strip(value)).toEqual(strip(clean))
    return value
  }

  describe.each(object.optional)('optional %s', (field) => {
    const path = [...at, field]

    it('null: the payload reads and the field reads as null', () => {
      const value = readChanged(field, withValue(sample, path, null))
      expect(valueAt(value, path)).toBe(object.nullIsAbsent ? undefined : null)
    })

    it('absent: the payload reads and the field stays absent', () => {
      const value = readChanged(field, without(sample, path))
      expect(valueAt(value, at)).not.toHaveProperty(field)
    })

    it('a wrong kind of value: the payload reads and the field reads as absent', () => {
      const wrong = wrongKind(valueAt(sample, path))
      const value = readChanged(field, withValue(sample, path, wrong))
      expect(valueAt(value, path)).toBeUndefined()
    })
  })

  describe.each(lists)('list %s', (field) => {
    const path = [...at, field]

    it.each([
      ['null', (data: unknown) => withValue(data, path, null)],
      ['absent', (data: unknown) => without(data, path)],
    ])('%s reads as an empty list, the rest intact', (_name, change) => {
      const value = readChanged(field, change(sample))
      expect(valueAt(value, path)).toEqual([])
    })

    it('anything but a list is a problem at its path (flagging the item, in an item)', () => {
      const found = flagged.includes(field) ? flaggedPaths : problemPaths
      expect(found(read(withValue(sample, path, 'one, two')))).toEqual([formatPath(path)])
    })
  })

  describe.each(kept)('kept %s', (field) => {
    const path = [...at, field]

    it.each<[string, unknown]>([
      ['null', null],
      ['a timestamp', '2019-10-15T00:00:00-07:00'],
      ['an object', { seen: ['later'] }],
      ['a number', 4.5],
    ])('%s is kept as sent', (_name, sent) => {
      expect(valueAt(readChanged(field, withValue(sample, path, sent)), path)).toEqual(sent)
    })

    it('absent stays absent', () => {
      expect(valueAt(readChanged(field, without(sample, path)), at)).not.toHaveProperty(field)
    })
  })

  describe.each(object.required)('required %s', (field) => {
    const path = [...at, field]
    // A part of an item flags the item, whatever else the row holds; anything else fails the row.
    const found = flagged.includes(field) ? flaggedPaths : problemPaths

    it('absent: a problem names the field', () => {
      expect(found(read(without(sample, path)))).toEqual([formatPath(path)])
    })

    it.each<[string, (sample: unknown) => unknown]>([
      ['null', () => null],
      ['a wrong kind of value', wrongKind],
    ])('%s: a problem names the field', (_name, value) => {
      const changed = withValue(sample, path, value(valueAt(sample, path)))
      expect(found(read(changed))).toEqual([formatPath(path)])
    })
  })
})

describe('required text that says nothing is unusable', () => {
  const row = campaignPage.response[0]
  it('a blank order status is a problem at its path', () => {
    const read = readCampaignContribution(withValue(row, ['order', 'status'], '   '))
    expect(problemPaths(read)).toEqual(['order.status'])
  })

  it('a blank SKU code flags its item', () => {
    const path = ['order', 'perks', 0, 'items', 0, 'sku', 'code']
    const read = readCampaignContribution(withValue(row, path, '   '))
    expect(flaggedPaths(read)).toEqual([formatPath(path)])
  })

  it('a blank sign-up e-mail and a blank batch status are problems', () => {
    expect(problemPaths(readRow(signupSchema, { email: ' ' }))).toEqual(['email'])
    expect(problemPaths(readRow(batchStatusResponseSchema, { response: { status: '' } }))).toEqual([
      'response.status',
    ])
  })

  it.each<[string, unknown]>([
    ['a negative quantity', -1],
    ['a fractional quantity', 1.5],
    ['a quantity in words', 'two'],
  ])('%s flags the item at the quantity', (_name, quantity) => {
    const path = ['order', 'perks', 0, 'items', 0, 'quantity']
    const read = readCampaignContribution(withValue(row, path, quantity))
    expect(flaggedPaths(read)).toEqual(['order.perks[0].items[0].quantity'])
  })

  it('a row with several problems lists each, and still names its id', () => {
    let raw = withValue(row, ['order', 'status'], null)
    raw = withValue(raw, ['order', 'perks', 1, 'label'], undefined)
    const read = readCampaignContribution(raw)
    expect(read.ok ? null : read.id).toBe(41001)
    expect(problemPaths(read).sort()).toEqual(['order.perks[1].label', 'order.status'])
  })
})

describe('coercions', () => {
  const row = campaignPage.response[0]
  const read = (path: readonly Key[], value: unknown) =>
    valueAt(readOk(readCampaignContribution(withValue(row, path, value))), path)
  const item = ['order', 'perks', 0, 'items', 1] as const

  it.each<[string, readonly Key[], unknown, unknown]>([
    ['integer text', ['id'], ' 41001 ', 41001],
    ['signed integer text', ['order', 'sequence_number'], '+7', 7],
    ['integer text for a quantity', [...item, 'quantity'], '3', 3],
    ['decimal text', ['amount'], '89.50', 89.5],
    ['exponent text', ['amount'], '1e3', 1000],
    ['text of a fraction where an integer belongs', ['account_id'], '9001.5', undefined],
    ['1 as true', ['appearance', 'private_amount'], 1, true],
    ['"0" as false', ['appearance', 'private_amount'], '0', false],
    ['"true" as true', ['order', 'perks', 0, 'featured'], 'true', true],
    ['"yes" (no known flag) as absent', ['order', 'perks', 0, 'featured'], 'yes', undefined],
    ['a numeric SKU code as its digits', [...item, 'sku', 'code'], 902, '902'],
    ['a numeric choice value as its digits', [...item, 'sku', 'choices', 0, 'value'], 42, '42'],
    ['a numeric postcode as its digits', ['order', 'shipping', 'zipcode'], 97201, '97201'],
    ['a numeric phone as its digits', ['order', 'shipping', 'phone_number'], 4420794, '4420794'],
    ['a number where a name belongs', ['contributor_name'], 7, '7'],
  ])('%s', (_name, path, sent, expected) => {
    expect(read(path, sent)).toEqual(expected)
  })

  it('reads numeric strings in pagination, and refuses a page count in words', () => {
    const page = withValue(campaignPage, ['pagination', 'count'], '2')
    expect(readOk(readRow(campaignContributionsPageSchema, page)).pagination.count).toBe(2)
    const words = withValue(campaignPage, ['pagination', 'pages'], 'one')
    expect(problemPaths(readRow(campaignContributionsPageSchema, words))).toEqual([
      'pagination.pages',
    ])
  })

  it('reads token numbers from text and never turns null or "" into 0', () => {
    const read = (value: unknown) =>
      readOk(
        readRow(tokenResponseSchema, { access_token: 'a', expires_in: value, created_at: value }),
      )
    expect(read('60')).toMatchObject({ expires_in: 60, created_at: 60 })
    for (const absent of [null, '', 'soon', -1, true]) {
      expect(read(absent)).toEqual({ access_token: 'a' })
    }
  })
})

describe('order statuses', () => {
  it.each(ORDER_STATUSES)('%s reads as itself', (status) => {
    expect(normalizeStatus(status)).toBe(status)
  })

  it.each<[string, string]>([
    ['Captured', 'captured'],
    ['IN_FULFILLMENT', 'in_fulfillment'],
    ['in-fulfillment', 'in_fulfillment'],
    ['In Fulfillment', 'in_fulfillment'],
    [' ON HOLD ', 'on_hold'],
  ])('known %j written differently reads as %s', (sent, expected) => {
    expect(normalizeStatus(sent)).toBe(expected)
  })

  it.each<[unknown, string]>([
    ['shipped', 'shipped'],
    ['  Partially Refunded ', 'Partially Refunded'],
    ['chargeback', 'chargeback'],
    [3, '3'],
  ])('unknown %j is kept as text (%s) and the row reads', (sent, expected) => {
    const raw = withValue(campaignPage.response[0], ['order', 'status'], sent)
    expect(readOk(readCampaignContribution(raw)).order.status).toBe(expected)
  })
})

describe('extra keys are kept at every level', () => {
  const extra = { added_later: true, nested: { deep: [1, 'two'] } }

  it.each(OBJECTS.map((object) => [object.name, object] as const))('%s', (_name, object) => {
    const path = [...object.at, 'x_unknown_field']
    const value = readOk(object.read(withValue(object.sample, path, extra)))
    expect(valueAt(value, path)).toEqual(extra)
  })
})
