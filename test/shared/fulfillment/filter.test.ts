import { describe, expect, it, vi } from 'vitest'
import type { CampaignContribution } from '../../../src/shared/api/schemas'
import { ORDER_STATUSES } from '../../../src/shared/api/schemas'
import {
  createOrderIndex,
  filterContributions,
  foldText,
  variantKey,
} from '../../../src/shared/fulfillment'
import { generateDataset } from '../../../src/simulator'
import { item, perk, ship, order } from '../../helpers/fulfillment-rows'
import { toModel } from '../../helpers/model'

/** Simulated orders beside the hand-made ones: names, codes and numbers nobody picked. */
const generated = generateDataset({ seed: 11, contributions: 600 })

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

  it('finds the orders holding a SKU code or a choice value, in any perk', () => {
    // Order 1 holds TEE (Black, M) in perk 1, order 8 in perk 2; order 9 holds a MUG.
    expect(ids(filterContributions(rows, { search: 'tee' }))).toEqual([1, 8])
    expect(ids(filterContributions(rows, { search: 'black' }))).toEqual([1, 8])
    expect(ids(filterContributions(rows, { search: 'mug' }))).toEqual([8, 9])
    // Terms may be in different places: a name and a choice, or a code and a city.
    expect(ids(filterContributions(rows, { search: 'zoe black' }))).toEqual([1])
    expect(ids(filterContributions(rows, { search: 'mug lyon' }))).toEqual([9])
    // Choice names are not values: "Size" finds nobody; the item's name is not searched either.
    expect(ids(filterContributions(rows, { search: 'size' }))).toEqual([])
    expect(ids(filterContributions(rows, { search: 'item' }))).toEqual([])
  })

  it('selects the orders matching any of several nodes, and a variant only where it ships', () => {
    const key = variantKey('TEE', [
      { name: 'Colour', value: 'Black' },
      { name: 'Size', value: 'M' },
    ])
    const mug = variantKey('MUG', [])
    expect(ids(filterContributions(rows, { nodes: [{ perkId: null }, { variant: mug }] }))).toEqual(
      [2, 8, 9],
    )
    expect(
      ids(filterContributions(rows, { nodes: [{ perkId: 1 }, { perkId: 2, variant: key }] })),
    ).toEqual([1, 8, 9])
    // No node among them: every order, as "All orders".
    expect(ids(filterContributions(rows, { nodes: [] }))).toEqual([1, 2, 8, 9])
    // Order 8 holds the tee but has no address; a digital perk's tee is not shipped either.
    expect(ids(filterContributions(rows, { variant: key, ships: true }))).toEqual([1])
    const digital = order({
      id: 10,
      perks: [
        {
          ...perk(4, 'Digital', [item('TEE', { Colour: 'Black', Size: 'M' })]),
          shipping_address_required: false,
        },
      ],
      shipping: ship('Paris'),
    })
    expect(ids(filterContributions([...rows, digital], { variant: key }))).toEqual([1, 8, 10])
    expect(ids(filterContributions([...rows, digital], { variant: key, ships: true }))).toEqual([1])
  })

  it('gives the same answers through a prebuilt index', () => {
    const index = createOrderIndex(rows)
    for (const filter of [
      {},
      { search: 'zoe' },
      { search: '#123' },
      { statuses: [], perkId: 1 },
      { search: 'black' },
      { search: 'mug lyon', statuses: [] },
      { search: 'e', statuses: [] },
      { search: 'o r', statuses: [] },
      { search: '1 tee', statuses: [] },
    ]) {
      expect(ids(index.filter(filter))).toEqual(ids(filterContributions(rows, filter)))
    }
    expect(ids(index.filter({ search: 'lyon', country: 'DE' }))).toEqual([9])
    expect(ids(index.filter({ search: 'refunded rita', statuses: [] }))).toEqual([3])
    // The last order's text and the first one's are found too (the edges of the index).
    expect(ids(index.filter({ search: 'mug mo' }))).toEqual([9])
    expect(ids(index.filter({ search: 'zoe@' }))).toEqual([1])
  })

  it('answers every one-character search as the plain filter does', () => {
    const simulated = toModel(generated.contributions.get(generated.campaigns[0]!.id)!)
    const all = [...rows, ...simulated]
    const index = createOrderIndex(all)
    // Letters and digits are answered by each order's mask, the rest by its text; capitals and
    // accents fold to a letter first. "Ø" folds to "o"; "x" is in perks' codes (TEE-XL), "ß" in none.
    const characters = [...'abcdefghijklmnopqrstuvwxyz0123456789', '-', '@', '.', 'É', 'Ø', 'ß']
    for (const character of characters) {
      for (const filter of [
        { search: character, statuses: [] },
        { search: character },
        { search: `${character} lyon`, statuses: [] },
        { search: character, country: 'DE', statuses: [] },
      ]) {
        expect(ids(index.filter(filter)), JSON.stringify(filter)).toEqual(
          ids(filterContributions(all, filter)),
        )
      }
    }
    // Most characters find some orders and miss others: answers the test can tell apart.
    const partial = characters.filter((character) => {
      const found = index.filter({ search: character, statuses: [] }).length
      return found > 0 && found < all.length
    })
    expect(partial.length).toBeGreaterThan(characters.length / 2)
  })

  it('finds an order by #sequence among its own number only, with every other criterion', () => {
    const simulated = toModel(generated.contributions.get(generated.campaigns[0]!.id)!)
    // Numbers as an API may send them: past 2^53, as text, negative, missing; and one row
    // object twice (the view keeps rows as they came).
    const odd = (id: number, seq: unknown) => {
      const row = order({ id, name: `Odd ${id}` })
      ;(row.order as { sequence_number?: unknown }).sequence_number = seq
      return row
    }
    const twice = order({ id: 95, seq: 123, name: 'Zoe Twice' })
    const strays = [odd(90, 2 ** 53 + 2), odd(91, '123'), odd(92, -5), odd(93, null), twice, twice]
    const all = [...rows, ...strays, ...simulated]
    const index = createOrderIndex(all)
    const numbered = simulated.find((row) => typeof row.order.sequence_number === 'number')!
    const seq = numbered.order.sequence_number!
    const name = foldText(numbered.contributor_name ?? '').split(' ')[0]
    for (const filter of [
      { search: '#123' },
      { search: '#123', statuses: [] },
      { search: '#123 zoe' },
      { search: '#123 ann' },
      { search: '#123 #1234', statuses: [] },
      { search: '#123 #123' },
      { search: '#99999999', statuses: [] },
      { search: `#${2 ** 53 + 2}`, statuses: [] },
      { search: '#5', statuses: [] },
      { search: `#${seq}`, statuses: [] },
      { search: `#${seq} ${name}`, statuses: [] },
      { search: `#${seq}`, statuses: [], country: 'XX' },
      { search: `#${seq}`, statuses: [], perkId: numbered.order.perks[0]?.id ?? null },
    ]) {
      expect(ids(index.filter(filter)), JSON.stringify(filter)).toEqual(
        ids(filterContributions(all, filter)),
      )
    }
    expect(ids(index.filter({ search: `#${seq}`, statuses: [] }))).toContain(numbered.order.id)
    // The row held twice is found twice, as the plain filter finds it.
    expect(ids(index.filter({ search: '#123 twice' }))).toEqual([95, 95])
  })

  it("primes each way a search goes on the orders' own words, and changes no answer", () => {
    // First an order whose number no `#` search can name: the primed number is the next one's.
    const fraction = order({ id: 99, name: 'Half Number' })
    fraction.order.sequence_number = 1.5
    const index = createOrderIndex([fraction, ...rows])
    const before = ids(index.filter({ search: 'e', statuses: [] }))
    const filter = vi.spyOn(index, 'filter')
    index.prime()
    const terms = filter.mock.calls.map(([asked]) => asked?.search ?? '')
    // One letter (the masks), a piece of an order's text (the scan of all text), a perk's SKU
    // code (the perks' holders), an order number: each found in some order, so each path runs.
    expect(terms).toHaveLength(4)
    expect(terms[0]).toHaveLength(1)
    expect(terms[1]!.length).toBeGreaterThan(1)
    expect(
      rows.flatMap((row) =>
        row.order.perks.flatMap((p) => p.items.map((i) => foldText(i.sku.code))),
      ),
    ).toContain(terms[2])
    expect(terms[3]).toBe(
      `#${rows.find((row) => row.order.sequence_number != null)!.order.sequence_number}`,
    )
    for (const result of filter.mock.results) expect(result.value).not.toHaveLength(0)
    filter.mockRestore()
    expect(ids(index.filter({ search: 'e', statuses: [] }))).toEqual(before)
  })
})
