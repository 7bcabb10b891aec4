import { describe, expect, it } from 'vitest'
import type { CampaignContribution, OrderStatus } from '../../../src/shared/api/schemas'
import type {
  WireCampaignContribution,
  WireItem as Item,
  WirePerk as Perk,
  WireShipping as Shipping,
} from '../../../src/simulator/wire'
import { ORDER_STATUSES } from '../../../src/shared/api/schemas'
import {
  buildPickList,
  createOrderIndex,
  describeChoices,
  filterContributions,
  foldText,
  groupByPerk,
  orderLines,
  parseStatusList,
  pickListTotals,
  sortPickList,
  variantKey,
} from '../../../src/shared/fulfillment'
import type { PickListRow } from '../../../src/shared/fulfillment'
import { toModelRow } from '../../helpers/model'

// ---- factory -------------------------------------------------------------------------------

type ChoiceSpec = Record<string, string>

let nextItemId = 1
function item(code: string, choices: ChoiceSpec = {}, quantity = 1, name = `${code} item`): Item {
  return {
    id: nextItemId++,
    name,
    quantity,
    sku: {
      id: 1,
      code,
      choices: Object.entries(choices).map(([n, value]) => ({ name: n, value })),
    },
  }
}

function perk(id: number, label: string, items: Item[] = []): Perk {
  return {
    id,
    campaign_slug: 'demo',
    amount: 25,
    description: label,
    number_claimed: 0,
    number_available: null,
    estimated_delivery_date: null,
    shipping_address_required: items.length > 0,
    label,
    validation_errors: null,
    featured: false,
    non_tax_deductible_amount: null,
    items,
  }
}

function ship(city: string, country = 'FR', name = 'Ship To'): Shipping {
  return {
    name,
    address: '1 Main St',
    address2: null,
    city,
    state: '',
    zipcode: '00000',
    country,
    phone_number: '',
  }
}

interface OrderSpec {
  id: number
  perks?: Perk[]
  status?: OrderStatus
  name?: string
  email?: string | null
  seq?: number
  shipping?: Shipping | null
}

function order(spec: OrderSpec): CampaignContribution {
  const name = spec.name ?? `Backer ${spec.id}`
  const row: WireCampaignContribution = {
    id: 10_000 + spec.id,
    created_at: '2024-05-01T10:00:00+00:00',
    avatar_url: 'https://example.test/a.png',
    amount: 25,
    by: name,
    appearance: { private_amount: false },
    account_id: 500 + spec.id,
    referrer_id: null,
    contributor_name: name,
    payment_method: 'credit_card',
    order: {
      id: spec.id,
      perks: spec.perks ?? [],
      sequence_number: spec.seq ?? spec.id,
      shipping: spec.shipping === undefined ? ship('Paris') : spec.shipping,
      status: spec.status ?? 'captured',
    },
  }
  if (spec.email !== undefined) row.email = spec.email
  return toModelRow(row)
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
const rowFor = (list: PickListRow[], code: string, choices: ChoiceSpec = {}) =>
  list.find(
    (r) =>
      variantKey(r.sku_code, r.choices) ===
      variantKey(
        code,
        Object.entries(choices).map(([name, value]) => ({ name, value })),
      ),
  )

// ---- statuses ------------------------------------------------------------------------------

describe('parseStatusList', () => {
  it('trims, ignores case and keeps the first of duplicates', () => {
    expect(parseStatusList(' Captured , IN_FULFILLMENT,captured')).toEqual([
      'captured',
      'in_fulfillment',
    ])
    expect(parseStatusList('on-hold')).toEqual(['on_hold'])
  })

  it('names the bad value and lists the seven allowed ones', () => {
    expect(() => parseStatusList('captured, shipped')).toThrow(/"shipped"/)
    try {
      parseStatusList('shipped')
      expect.unreachable()
    } catch (error) {
      for (const status of ORDER_STATUSES) expect((error as Error).message).toContain(status)
    }
  })

  it('refuses an empty list', () => {
    expect(() => parseStatusList('')).toThrow(/No order status/)
    expect(() => parseStatusList(' , ')).toThrow(/No order status/)
  })
})

describe('the status filter', () => {
  const everyStatus = () => ORDER_STATUSES.map((status, i) => order({ id: i + 1, status }))

  it('keeps the orders still to ship when no status is given', () => {
    const kept = filterContributions(everyStatus(), {}).map((row) => row.order.status)
    expect(kept).toEqual(['captured', 'in_fulfillment'])
  })

  it('keeps every order for an empty status list', () => {
    expect(filterContributions(everyStatus(), { statuses: [] })).toHaveLength(ORDER_STATUSES.length)
  })
})

// ---- variants ------------------------------------------------------------------------------

describe('variantKey and describeChoices', () => {
  it('ignores choice order but not choice values or codes', () => {
    const a = item('TEE', { Size: 'M', Colour: 'Black' }).sku
    const b = item('TEE', { Colour: 'Black', Size: 'M' }).sku
    const c = item('TEE', { Colour: 'Black', Size: 'L' }).sku
    expect(variantKey(a.code, a.choices)).toBe(variantKey(b.code, b.choices))
    expect(variantKey(a.code, a.choices)).not.toBe(variantKey(c.code, c.choices))
    expect(variantKey('TEE', [])).not.toBe(variantKey('TEE2', []))
  })

  it('cannot be fooled by separators inside values', () => {
    const tricky = variantKey('A', [{ name: 'x', value: 'y|z=w' }])
    const plain = variantKey('A', [
      { name: 'x', value: 'y' },
      { name: 'z', value: 'w' },
    ])
    expect(tricky).not.toBe(plain)
    expect(variantKey('A|x=y', [])).not.toBe(variantKey('A', [{ name: 'x', value: 'y' }]))
    // A code with escaped characters still filters correctly.
    const odd = order({ id: 1, perks: [perk(1, 'P', [item('50%|off', { 'a=b': 'c' })])] })
    const key = variantKey('50%|off', [{ name: 'a=b', value: 'c' }])
    expect(filterContributions([odd], { variant: key })).toEqual([odd])
    expect(filterContributions([odd], { variant: '50%zz' })).toEqual([])
  })

  it('describes choices in their original order', () => {
    expect(describeChoices(item('TEE', { Size: 'M', Colour: 'Black' }).sku.choices)).toBe(
      'Size: M, Colour: Black',
    )
    expect(describeChoices([])).toBe('')
  })
})

// ---- pick list and perk tree ---------------------------------------------------------------

describe('buildPickList', () => {
  it('merges choices listed in different orders into one variant', () => {
    const rows = [
      order({ id: 1, perks: [perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })])] }),
      order({ id: 2, perks: [perk(1, 'Tee', [item('TEE', { Colour: 'Black', Size: 'M' })])] }),
    ]
    const list = buildPickList(rows)
    expect(list).toHaveLength(1)
    const three = [
      item('KIT', { Size: 'M', Colour: 'Red', Fit: 'Slim' }),
      item('KIT', { Fit: 'Slim', Size: 'M', Colour: 'Red' }),
      item('KIT', { Colour: 'Red', Fit: 'Slim', Size: 'M' }),
      item('KIT', { Colour: 'Red', Fit: 'Wide', Size: 'M' }),
    ]
    const kits = buildPickList([order({ id: 3, perks: [perk(2, 'Kit', three)] })])
    expect(kits).toHaveLength(2)
    expect(rowFor(kits, 'KIT', { Fit: 'Slim', Colour: 'Red', Size: 'M' })?.quantity).toBe(3)
    expect(list[0]).toEqual({
      sku_code: 'TEE',
      item_name: 'TEE item',
      choices: [
        { name: 'Size', value: 'M' },
        { name: 'Colour', value: 'Black' },
      ],
      quantity: 2,
      order_count: 2,
      perks: [{ perk_id: 1, perk_label: 'Tee', quantity: 2 }],
    })
  })

  it('emits exactly the contract keys, in order, without extra API fields', () => {
    const loose = item('MUG', { Colour: 'Red' })
    Object.assign(loose.sku.choices[0] as object, { id: 99 })
    const [row] = buildPickList([order({ id: 1, perks: [perk(4, 'Mug', [loose])] })])
    expect(Object.keys(row ?? {})).toEqual([
      'sku_code',
      'item_name',
      'choices',
      'quantity',
      'order_count',
      'perks',
    ])
    expect(JSON.stringify(row?.choices)).toBe('[{"name":"Colour","value":"Red"}]')
    expect(Object.keys(row?.perks[0] ?? {})).toEqual(['perk_id', 'perk_label', 'quantity'])
  })

  it('counts a bundle item of quantity 2 as two units in one order', () => {
    const list = buildPickList([
      order({ id: 1, perks: [perk(2, 'Duo', [item('MUG', { Colour: 'Red' }, 2)])] }),
    ])
    expect(list[0]).toMatchObject({ quantity: 2, order_count: 1 })
  })

  it('splits an item shared by two perks of one order per perk, counting the order once', () => {
    const rows = [
      order({
        id: 1,
        perks: [
          perk(5, 'Sticker pack', [item('STICKER')]),
          perk(3, 'Tee + sticker', [item('TEE', { Size: 'L' }), item('STICKER', {}, 2)]),
        ],
      }),
    ]
    const sticker = rowFor(buildPickList(rows), 'STICKER')
    expect(sticker).toMatchObject({ quantity: 3, order_count: 1 })
    expect(sticker?.perks).toEqual([
      { perk_id: 3, perk_label: 'Tee + sticker', quantity: 2 },
      { perk_id: 5, perk_label: 'Sticker pack', quantity: 1 },
    ])
  })

  it('counts the same perk listed twice in one order twice', () => {
    const tee = () => perk(1, 'Tee', [item('TEE', { Size: 'S' })])
    const list = buildPickList([order({ id: 1, perks: [tee(), tee()] })])
    expect(list[0]).toMatchObject({ quantity: 2, order_count: 1 })
    expect(list[0]?.perks).toEqual([{ perk_id: 1, perk_label: 'Tee', quantity: 2 }])
  })

  it('counts an order once even when the input holds it twice, apart', () => {
    const a = order({ id: 7, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' })])] })
    const b = order({ id: 8, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' })])] })
    const list = buildPickList([a, b, a])
    expect(list[0]).toMatchObject({ quantity: 3, order_count: 2 })
    expect(groupByPerk([a, b, a])[0]).toMatchObject({ orderCount: 2, unitCount: 3 })
    // Ids too far apart for the bitset take the Set path; the answer must not change.
    const far = order({ id: 2 ** 40, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' })])] })
    expect(buildPickList([a, far, a])[0]).toMatchObject({ quantity: 3, order_count: 2 })
    expect(buildPickList([far, a, b])[0]).toMatchObject({ quantity: 3, order_count: 3 })
  })

  it('sorts rows by SKU code, then choices text, and keeps the first item name', () => {
    const rows = [
      order({
        id: 1,
        perks: [
          perk(1, 'All', [
            item('TEE', { Size: 'S' }, 1, 'T-shirt'),
            item('MUG', {}, 1, 'Mug'),
            item('TEE', { Size: 'L' }, 1, 'T-shirt'),
          ]),
        ],
      }),
      order({ id: 2, perks: [perk(1, 'All', [item('TEE', { Size: 'S' }, 1, 'Renamed tee')])] }),
    ]
    const list = buildPickList(rows)
    expect(list.map((r) => `${r.sku_code} ${describeChoices(r.choices)}`)).toEqual([
      'MUG ',
      'TEE Size: L',
      'TEE Size: S',
    ])
    expect(list[2]?.item_name).toBe('T-shirt')
  })

  it('ignores orders without items and reports totals over the input', () => {
    const rows = [
      order({ id: 1, perks: [perk(1, 'Tee', [item('TEE', { Size: 'S' }, 2)])] }),
      order({ id: 2, perks: [perk(1, 'Tee', [item('TEE', { Size: 'M' })]), perk(9, 'Ebook')] }),
      order({ id: 3, perks: [perk(9, 'Ebook')] }),
      order({ id: 4 }),
    ]
    const list = buildPickList(rows)
    expect(list).toHaveLength(2)
    expect(pickListTotals(rows)).toEqual({ variants: 2, units: 3, orders: 2 })
    expect(pickListTotals(rows, list)).toEqual({ variants: 2, units: 3, orders: 2 })
    expect(buildPickList([])).toEqual([])
  })
})

describe('sortPickList', () => {
  const rows = [
    order({
      id: 1,
      perks: [perk(1, 'A', [item('B-2', {}, 5, 'banana'), item('A-1', {}, 1, 'Cherry')])],
    }),
    order({
      id: 2,
      perks: [perk(1, 'A', [item('C-3', {}, 5, 'apple'), item('A-1', {}, 1, 'Cherry')])],
    }),
  ]
  const list = buildPickList(rows)
  const codes = (sorted: PickListRow[]) => sorted.map((r) => r.sku_code)

  it('sorts by each column both ways, ties by SKU ascending, without touching the input', () => {
    expect(codes(sortPickList(list, 'sku', 'desc'))).toEqual(['C-3', 'B-2', 'A-1'])
    expect(codes(sortPickList(list, 'quantity', 'desc'))).toEqual(['B-2', 'C-3', 'A-1'])
    expect(codes(sortPickList(list, 'quantity', 'asc'))).toEqual(['A-1', 'B-2', 'C-3'])
    expect(codes(sortPickList(list, 'orders', 'desc'))).toEqual(['A-1', 'B-2', 'C-3'])
    expect(codes(sortPickList(list, 'item', 'asc'))).toEqual(['C-3', 'B-2', 'A-1'])
    expect(codes(list)).toEqual(['A-1', 'B-2', 'C-3'])
  })
})

describe('orderLines', () => {
  it('merges one order’s items per variant across perks', () => {
    const row = order({
      id: 1,
      perks: [
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
        perk(2, 'Bundle', [item('TEE', { Colour: 'Black', Size: 'M' }, 2), item('MUG')]),
      ],
    })
    expect(orderLines(row).map((l) => [l.skuCode, l.quantity])).toEqual([
      ['MUG', 1],
      ['TEE', 3],
    ])
  })
})

describe('groupByPerk', () => {
  const rows = [
    order({
      id: 1,
      perks: [
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
        perk(2, 'Bundle', [item('TEE', { Colour: 'Black', Size: 'M' }, 2), item('MUG')]),
      ],
    }),
    order({ id: 2, perks: [perk(1, 'Tee', [item('TEE', { Size: 'L', Colour: 'Black' })])] }),
    order({
      id: 3,
      perks: [
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
        perk(1, 'Tee', [item('TEE', { Size: 'M', Colour: 'Black' })]),
      ],
    }),
    order({ id: 4, perks: [perk(9, 'Ebook')] }),
    order({ id: 5 }),
    order({ id: 6 }),
  ]
  const tree = groupByPerk(rows)

  it('sorts perks by label with the no-perk group last', () => {
    expect(tree.map((g) => [g.perkId, g.label])).toEqual([
      [2, 'Bundle'],
      [9, 'Ebook'],
      [1, 'Tee'],
      [null, 'No perk'],
    ])
  })

  it('counts distinct orders and summed units per perk and per variant', () => {
    const tee = tree.find((g) => g.perkId === 1)
    expect(tee).toMatchObject({ orderCount: 3, unitCount: 4 })
    expect(
      tee?.variants.map((v) => [describeChoices(v.choices), v.orderCount, v.quantity]),
    ).toEqual([
      ['Size: L, Colour: Black', 1, 1],
      ['Size: M, Colour: Black', 2, 3],
    ])
    const bundle = tree.find((g) => g.perkId === 2)
    expect(bundle).toMatchObject({ orderCount: 1, unitCount: 3 })
    expect(bundle?.variants.map((v) => [v.skuCode, v.quantity])).toEqual([
      ['MUG', 1],
      ['TEE', 2],
    ])
  })

  it('lists a digital perk with no variants and groups orders without perks', () => {
    expect(tree.find((g) => g.perkId === 9)).toEqual({
      perkId: 9,
      label: 'Ebook',
      orderCount: 1,
      unitCount: 0,
      variants: [],
    })
    expect(tree.find((g) => g.perkId === null)).toMatchObject({ orderCount: 2, unitCount: 0 })
  })

  it('agrees with the pick list on every unit', () => {
    const list = buildPickList(rows)
    const treeUnits = sum(tree.flatMap((g) => g.variants.map((v) => v.quantity)))
    expect(treeUnits).toBe(sum(list.map((r) => r.quantity)))
    expect(sum(tree.map((g) => g.unitCount))).toBe(treeUnits)
    const blackM = rowFor(list, 'TEE', { Size: 'M', Colour: 'Black' })
    const keyM = variantKey('TEE', blackM?.choices ?? [])
    const perVariant = sum(
      tree.flatMap((g) => g.variants.filter((v) => v.key === keyM).map((v) => v.quantity)),
    )
    expect(perVariant).toBe(blackM?.quantity)
    expect(blackM?.quantity).toBe(5)
  })
})

// ---- filters -------------------------------------------------------------------------------

describe('filterContributions', () => {
  const teeM = item('TEE', { Size: 'M', Colour: 'Black' })
  const rows = [
    order({
      id: 1,
      seq: 123,
      name: 'Zoë Müller',
      email: 'zoe@example.org',
      perks: [perk(1, 'Tee', [teeM])],
      shipping: ship('München', 'DE'),
    }),
    order({ id: 2, seq: 1234, name: 'Ann Lee', status: 'in_fulfillment', shipping: ship('Lyon') }),
    order({ id: 3, name: 'Refunded Rita', status: 'refunded' }),
    order({ id: 4, name: 'On Hold Olaf', status: 'on_hold' }),
    order({ id: 5, name: 'Pending Pat', status: 'pending' }),
    order({ id: 6, name: 'Fulfilled Fay', status: 'fulfilled' }),
    order({ id: 7, name: 'Broken Bo', status: 'unprocessable' }),
    order({
      id: 8,
      name: 'Søren Ørsted',
      email: null,
      shipping: null,
      perks: [
        perk(2, 'Bundle', [item('TEE', { Colour: 'Black', Size: 'M' })]),
        perk(3, 'Mug', [item('MUG')]),
      ],
    }),
    order({
      id: 9,
      name: 'Mug Mo',
      perks: [perk(1, 'Tee', [item('MUG')])],
      shipping: ship('Lyon', 'de'),
    }),
  ]
  const ids = (filtered: CampaignContribution[]) => filtered.map((r) => r.order.id)

  it('keeps only captured and in_fulfillment by default; [] means every status', () => {
    expect(ids(filterContributions(rows))).toEqual([1, 2, 8, 9])
    expect(ids(filterContributions(rows, { statuses: [] }))).toHaveLength(rows.length)
    expect(ids(filterContributions(rows, { statuses: ['refunded', 'on_hold'] }))).toEqual([3, 4])
  })

  it('searches names without accents, case-insensitively', () => {
    expect(ids(filterContributions(rows, { search: 'zoe muller' }))).toEqual([1])
    expect(ids(filterContributions(rows, { search: 'SOREN orsted' }))).toEqual([8])
    expect(ids(filterContributions(rows, { search: 'MÜLLER' }))).toEqual([1])
    expect(foldText('Straße Ærø İstanbul ﬁne')).toBe('strasse aero istanbul fine')
  })

  it('finds an order by #sequence exactly, by id or sequence as text, by city and by e-mail', () => {
    expect(ids(filterContributions(rows, { search: '#123' }))).toEqual([1])
    expect(ids(filterContributions(rows, { search: '#1234' }))).toEqual([2])
    expect(ids(filterContributions(rows, { search: '123' }))).toEqual([1, 2])
    expect(ids(filterContributions(rows, { search: 'munchen' }))).toEqual([1])
    expect(ids(filterContributions(rows, { search: 'lyon' }))).toEqual([2, 9])
    expect(ids(filterContributions(rows, { search: 'ZOE@example' }))).toEqual([1])
    expect(ids(filterContributions(rows, { search: 'nobody' }))).toEqual([])
  })

  it('filters by country, skipping orders without shipping', () => {
    expect(ids(filterContributions(rows, { country: ' DE ' }))).toEqual([1, 9])
    expect(ids(filterContributions(rows, { country: 'fr' }))).toEqual([2])
  })

  it('filters by perk, by variant, by variant within a perk, and by "no perk"', () => {
    const key = variantKey('TEE', [
      { name: 'Colour', value: 'Black' },
      { name: 'Size', value: 'M' },
    ])
    expect(ids(filterContributions(rows, { perkId: 1 }))).toEqual([1, 9])
    expect(ids(filterContributions(rows, { variant: key }))).toEqual([1, 8])
    expect(ids(filterContributions(rows, { perkId: 2, variant: key }))).toEqual([8])
    expect(ids(filterContributions(rows, { perkId: 3, variant: key }))).toEqual([])
    expect(ids(filterContributions(rows, { perkId: null }))).toEqual([2])
    expect(
      ids(filterContributions(rows, { variant: variantKey('MUG', []), country: 'de' })),
    ).toEqual([9])
  })

  it('gives the same answers through a prebuilt index', () => {
    const index = createOrderIndex(rows)
    for (const filter of [{}, { search: 'zoe' }, { search: '#123' }, { statuses: [], perkId: 1 }]) {
      expect(ids(index.filter(filter))).toEqual(ids(filterContributions(rows, filter)))
    }
    expect(ids(index.filter({ search: 'lyon', country: 'DE' }))).toEqual([9])
  })
})

// ---- performance ---------------------------------------------------------------------------

/** Deterministic: the same 100,000 orders on every run, so timings compare across runs. */
function syntheticCampaign(count: number): CampaignContribution[] {
  let seed = 42
  const random = () => {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0
    return seed / 2 ** 32
  }
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T
  const SIZES = ['S', 'M', 'L', 'XL']
  // 8 + 12 + 4 + 3 + 1 + 2 + 4 + 4 + 2 = 40 variants.
  const SKUS: Record<string, Record<string, readonly string[]>> = {
    TEE: { Size: SIZES, Colour: ['Black', 'White'] },
    HOODIE: { Size: SIZES, Colour: ['Grey', 'Navy', 'Olive'] },
    MUG: { Colour: ['Red', 'Blue', 'Green', 'Black'] },
    CAP: { Colour: ['Black', 'Sand', 'Navy'] },
    STICKER: {},
    POSTER: { Format: ['A3', 'A2'] },
    PIN: { Style: ['Cat', 'Dog', 'Fox', 'Owl'] },
    SOCKS: { Size: SIZES },
    BOOK: { Edition: ['Paperback', 'Hardcover'] },
  }
  const makeItem = (code: string, quantity = 1): Item => {
    const options = Object.entries(SKUS[code] ?? {}).map(([name, values]) => ({
      name,
      value: pick(values),
    }))
    // The platform does not promise a choice order; make half the orders list them reversed.
    if (random() < 0.5) options.reverse()
    return { id: 1, name: code.toLowerCase(), quantity, sku: { id: 1, code, choices: options } }
  }
  const PERKS: [number, string, () => Item[]][] = [
    [101, 'Tee', () => [makeItem('TEE')]],
    [102, 'Hoodie', () => [makeItem('HOODIE')]],
    [103, 'Mug duo', () => [makeItem('MUG', 2)]],
    [104, 'Starter pack', () => [makeItem('STICKER', 3), makeItem('PIN'), makeItem('CAP')]],
    [105, 'Poster', () => [makeItem('POSTER')]],
    [106, 'Cosy bundle', () => [makeItem('HOODIE'), makeItem('SOCKS'), makeItem('MUG')]],
    [107, 'Reader', () => [makeItem('BOOK'), makeItem('STICKER')]],
    [108, 'Digital thanks', () => []],
  ]
  const STATUSES: OrderStatus[] = ['captured', 'captured', 'captured', 'in_fulfillment', 'refunded']
  const NAMES = ['Zoë Müller', 'Ann Lee', 'José Núñez', 'Li Wei', 'Søren Ørsted', 'Amy Smith']
  const CITIES = ['München', 'Lyon', 'Montréal', 'Austin', 'Kraków', 'Osaka']
  const rows: CampaignContribution[] = []
  for (let i = 1; i <= count; i++) {
    const perks: Perk[] = []
    const perkCount = random() < 0.03 ? 0 : random() < 0.8 ? 1 : 2
    for (let p = 0; p < perkCount; p++) {
      const [id, label, items] = pick(PERKS)
      perks.push(perk(id, label, items()))
    }
    rows.push(
      order({
        id: i,
        seq: i,
        name: `${pick(NAMES)} ${i}`,
        email: `backer${i}@example.org`,
        status: pick(STATUSES),
        perks,
        shipping: ship(pick(CITIES), pick(['DE', 'FR', 'CA', 'US', 'PL', 'JP'])),
      }),
    )
  }
  // Through JSON like rows read back from the offline cache: every string and object distinct.
  return JSON.parse(JSON.stringify(rows)) as CampaignContribution[]
}

function time<T>(run: () => T): { ms: number; result: T } {
  const start = performance.now()
  const result = run()
  return { ms: performance.now() - start, result }
}

/**
 * Best and median of a few runs after the warm-up. The assertion uses the best run: on a shared
 * CI machine one run can be slowed by a neighbour, but a slow algorithm is slow every time.
 */
function timeRuns<T>(run: () => T, runs = 5): { ms: number; median: number; result: T } {
  const times: number[] = []
  let result = run()
  for (let i = 0; i < runs; i++) {
    const measured = time(run)
    times.push(measured.ms)
    result = measured.result
  }
  times.sort((a, b) => a - b)
  return { ms: times[0] as number, median: times[Math.floor(runs / 2)] as number, result }
}

const fmt = (t: { ms: number; median: number }) =>
  `${t.ms.toFixed(1)} ms (median ${t.median.toFixed(1)})`

describe('performance on 100,000 contributions', () => {
  const rows = syntheticCampaign(100_000)
  // The budget is 50 ms; the assertions allow 3x for a loaded CI machine.
  const BUDGET_MS = 50 * 3

  it('builds the pick list and the perk tree within budget, and they agree', () => {
    const pickList = timeRuns(() => buildPickList(rows))
    const tree = timeRuns(() => groupByPerk(rows))
    const variantCount = pickList.result.length
    console.log(
      `[fulfillment bench] 100,000 rows, ${variantCount} variants, best of 5 after a warm-up: ` +
        `buildPickList ${fmt(pickList)}, groupByPerk ${fmt(tree)}`,
    )
    expect(variantCount).toBe(40)
    // Eight perks plus the "No perk" group.
    expect(tree.result).toHaveLength(9)
    expect(sum(tree.result.flatMap((g) => g.variants.map((v) => v.quantity)))).toBe(
      sum(pickList.result.map((r) => r.quantity)),
    )
    expect(pickList.ms).toBeLessThan(BUDGET_MS)
    expect(tree.ms).toBeLessThan(BUDGET_MS)
  })

  it('filters and searches within 200 ms', () => {
    // Cold: the first search builds the haystacks of all rows (once per snapshot).
    const cold = time(() => filterContributions(rows, { search: 'zoe' }))
    const built = time(() => createOrderIndex(rows))
    const statusOnly = timeRuns(() => filterContributions(rows))
    const search = timeRuns(() => filterContributions(rows, { search: 'muller munchen' }))
    const combined = timeRuns(() =>
      filterContributions(rows, { statuses: [], perkId: 101, country: 'de', search: 'zoe' }),
    )
    const indexed = timeRuns(() => built.result.filter({ search: 'krakow' }))
    console.log(
      `[fulfillment bench] 100,000 rows, best of 5 after a warm-up: status filter ` +
        `${fmt(statusOnly)}, search ${fmt(search)}, combined ${fmt(combined)}, ` +
        `index search ${fmt(indexed)}; once per snapshot: first search ${cold.ms.toFixed(1)} ms, ` +
        `createOrderIndex ${built.ms.toFixed(1)} ms`,
    )
    expect(statusOnly.result.length).toBeGreaterThan(70_000)
    expect(statusOnly.result.length).toBeLessThan(90_000)
    expect(search.result.length).toBeGreaterThan(0)
    for (const row of search.result) expect(row.order.shipping?.city).toBe('München')
    expect(combined.result.length).toBeGreaterThan(0)
    expect(combined.result.every((r) => r.contributor_name?.startsWith('Zoë'))).toBe(true)
    expect(indexed.result.length).toBeGreaterThan(0)
    expect(statusOnly.ms).toBeLessThan(200)
    expect(search.ms).toBeLessThan(200)
    expect(combined.ms).toBeLessThan(200)
    expect(indexed.ms).toBeLessThan(200)
    // Paid once when the orders view opens, inside its 1 s budget for the first rows.
    expect(cold.ms).toBeLessThan(1000)
    expect(built.ms).toBeLessThan(1000)
  })
})
