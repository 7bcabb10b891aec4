import { describe, expect, it } from 'vitest'
import {
  filterContributions,
  highlightRanges,
  matchedFields,
  parseSearch,
} from '../../../src/shared/fulfillment'
import { item, order, perk, ship } from '../../helpers/fulfillment-rows'

describe('what a search found in an order', () => {
  const row = order({
    id: 1,
    seq: 871,
    name: 'Zoë Weiß',
    email: 'zoe@example.org',
    perks: [
      perk(1, 'Tee', [item('00871-TEE-SND', { Colour: 'Sand', Size: 'M' }), item('PIN')]),
      perk(2, 'Bundle', [item('00871-TEE-SND', { Colour: 'Sand', Size: 'M' })]),
    ],
    shipping: ship('Sandviken', 'SE', 'Björn Weiß'),
  })
  const found = (search: string) => matchedFields(row, parseSearch(search).terms)

  it('names the fields a term is in, each once, with their text as the order has it', () => {
    expect(found('sand')).toEqual([
      { kind: 'city', label: 'City', text: 'Sandviken' },
      { kind: 'choice', label: 'Colour', text: 'Sand' },
    ])
    expect(found('00871-TEE')).toEqual([{ kind: 'sku', label: 'SKU', text: '00871-TEE-SND' }])
    expect(found('weiss example')).toEqual([
      { kind: 'name', label: 'Name', text: 'Zoë Weiß' },
      { kind: 'by', label: 'Shown as', text: 'Zoë Weiß' },
      { kind: 'email', label: 'E-mail', text: 'zoe@example.org' },
      { kind: 'ship-to', label: 'Ship to', text: 'Björn Weiß' },
    ])
    // "#871" is an order number, matched exactly by the filter: not a text to point at.
    expect(found('#871')).toEqual([])
    expect(found('871')).toEqual([
      { kind: 'sequence', label: 'Order', text: '#871' },
      { kind: 'sku', label: 'SKU', text: '00871-TEE-SND' },
    ])
  })

  it('finds something for every order the filter keeps', () => {
    for (const search of ['sand', 'snd', 'm', 'zoe', 'pin', 'viken']) {
      expect(filterContributions([row], { search })).toHaveLength(1)
      expect(found(search).length, search).toBeGreaterThan(0)
    }
  })

  it('highlights where the terms are, case and accents aside, in the original text', () => {
    const terms = parseSearch('weiss zoe').terms
    expect(highlightRanges('Zoë Weiß', terms)).toEqual([
      [0, 3],
      [4, 8],
    ])
    expect(highlightRanges('SAND sandviken', parseSearch('sand').terms)).toEqual([
      [0, 4],
      [5, 9],
    ])
    // Overlapping terms give one range; nothing found, none.
    expect(highlightRanges('00871-TEE-SND', parseSearch('871 0087').terms)).toEqual([[0, 5]])
    expect(highlightRanges('Lyon', parseSearch('paris').terms)).toEqual([])
  })
})
