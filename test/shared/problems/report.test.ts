import { describe, expect, it } from 'vitest'
import { MASK, maskPersonalData, maskText } from '../../../src/shared/problems/redact'
import { problemReport, problemRowName } from '../../../src/shared/problems/report'

/** Every personal value planted in the row below: none may survive the masking. */
const PERSONAL = [
  'ada@example.com',
  'Ada Lovelace',
  'Ada L.',
  'Ada Shipping',
  '12 Analytical Lane',
  'Flat 3',
  'London',
  'Greater London',
  'NW1 6XE',
  '+44 20 7946 0000',
  'https://cdn.example/avatar/ada.png',
  'sekret-access',
  'sekret-api',
  'hunter2',
  'Babbage Billing',
  'charles@example.org',
  'Bill Street 1',
]

/** A broken row as real payloads bring them: personal data in expected and odd places. */
function personalRow() {
  return {
    id: 41450054,
    created_at: '2024-05-01T10:00:00-07:00',
    avatar_url: 'https://cdn.example/avatar/ada.png',
    by: 'Ada L.',
    email: 'ada@example.com',
    contributor_name: 'Ada Lovelace',
    account_id: 17000101,
    note: 'write to charles@example.org please',
    link: 'https://api.example/2/me.json?api_token=sekret-api&page=2',
    order: {
      id: null,
      status: 'captured',
      perks: [
        {
          id: 16842102,
          label: 'Tidepool Deluxe',
          shipping_address_required: true,
          items: [{ quantity: 1, name: 'Tidepool T-Shirt', sku: { code: 'TP-SHIRT' } }],
        },
      ],
      shipping: {
        name: 'Ada Shipping',
        address: '12 Analytical Lane',
        address2: 'Flat 3',
        city: 'London',
        state: 'Greater London',
        zipcode: 'NW1 6XE',
        country: 'GB',
        phone_number: '+44 20 7946 0000',
      },
    },
    billing: 'Babbage Billing, Bill Street 1',
    session: { access_token: 'sekret-access', password: 'hunter2' },
  }
}

describe('maskPersonalData', () => {
  it('leaves no e-mail, name, address, phone, avatar, token or password', () => {
    const text = JSON.stringify(maskPersonalData(personalRow()))
    for (const value of PERSONAL) expect(text).not.toContain(value)
    expect(text).not.toMatch(/@/)
  })

  it('keeps what finds the fault: keys, nulls, ids, statuses, perks, SKUs, the country', () => {
    const masked = maskPersonalData(personalRow()) as ReturnType<typeof personalRow>
    expect(Object.keys(masked)).toEqual(Object.keys(personalRow()))
    expect(masked.id).toBe(41450054)
    expect(masked.account_id).toBe(17000101)
    expect(masked.order.id).toBeNull()
    expect(masked.order.status).toBe('captured')
    expect(masked.order.perks[0]).toEqual(personalRow().order.perks[0])
    expect(masked.order.shipping).toEqual({
      name: MASK,
      address: MASK,
      address2: MASK,
      city: MASK,
      state: MASK,
      zipcode: MASK,
      country: 'GB',
      phone_number: MASK,
    })
    expect(masked.note).toBe(`write to ${MASK} please`)
    expect(masked.link).toBe(`https://api.example/2/me.json?api_token=${MASK}&page=2`)
  })

  it('masks an address sent in another shape: as text, or as a list', () => {
    for (const shipping of ['Ada Shipping, 12 Analytical Lane', ['Ada Shipping', 'London']]) {
      const row = { id: 1, order: { shipping } }
      const text = JSON.stringify(maskPersonalData(row))
      expect(text).not.toMatch(/Ada|London|Analytical/)
    }
  })

  it('never changes the row it is given, and takes any JSON value', () => {
    const row = personalRow()
    maskPersonalData(row)
    expect(row).toEqual(personalRow())
    expect(maskPersonalData(null)).toBeNull()
    expect(maskPersonalData('x@y.zz')).toBe(MASK)
    expect(maskPersonalData([1, 'a'])).toEqual([1, 'a'])
    expect(maskText('no secrets here')).toBe('no secrets here')
  })
})

describe('problemReport: the "Copy details" text', () => {
  const rows = [
    {
      id: 41450054,
      rank: 40,
      problems: [{ path: 'order.id', message: 'missing (null) — PerkPack needs the order id' }],
      raw: personalRow(),
    },
    {
      id: null,
      rank: 16,
      problems: [{ path: 'id', message: 'expected a number, got the text "pledge-9"' }],
      raw: { ...personalRow(), id: 'pledge-9' },
    },
  ]

  it('names each row, its fields and messages, with the rows masked', () => {
    const text = problemReport({
      campaignId: 2843117,
      title: 'Tidepool',
      lastSyncedAt: '2024-05-01T10:00:00.000Z',
      problemCount: 5,
      count: 995,
      rows,
    })
    expect(text).toContain('campaign Tidepool (2843117), synced 2024-05-01T10:00:00.000Z')
    expect(text).toContain('5 of 1000 contributions could not be read.')
    expect(text).toContain('\n41450054\n  order.id: missing (null) — PerkPack needs the order id\n')
    expect(text).toContain('\nrow 17 (no usable id)\n  id: expected a number')
    expect(text).toContain('"sku":{"code":"TP-SHIRT"}')
    expect(text).toContain('… and 3 more (perkpack problems 2843117 lists all).')
    for (const value of PERSONAL) expect(text).not.toContain(value)
  })

  it('names a row by its id, else by its place from the oldest', () => {
    expect(problemRowName({ id: 7, rank: 3 })).toBe('7')
    expect(problemRowName({ id: null, rank: 0 })).toBe('row 1 (no usable id)')
  })
})
