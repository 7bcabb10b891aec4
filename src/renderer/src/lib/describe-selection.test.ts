import { describe, expect, it } from 'vitest'
import { TREE } from '@renderer/stores/orders.fixtures'
import { describeSelection, nodePart, partText, selectionText } from './describe-selection'

const TEE = 'TEE|Colour=Black|Size=M'

describe('the tree node in words', () => {
  it('names the perk or the SKU variant inside its perk, from the tree', () => {
    expect(nodePart({}, TREE)).toBeNull()
    expect(nodePart({ perkId: 13 }, TREE)).toEqual({ label: 'Perk', value: 'Digital' })
    expect(partText(nodePart({ perkId: 12, variant: TEE }, TREE)!)).toBe(
      'SKU: TEE · Tidepool T-Shirt · Size: M, Colour: Black in Core Game',
    )
    expect(nodePart({ perkId: null }, TREE)).toEqual({
      label: 'Perk',
      value: 'none (orders without a perk)',
    })
  })

  it('keeps the name it had once the tree no longer holds the node, else says what it can', () => {
    const remembered = { label: 'SKU', value: 'TEE · Tidepool T-Shirt · Size: M in Core Game' }
    expect(nodePart({ perkId: 12, variant: TEE }, [], remembered)).toBe(remembered)
    expect(nodePart({ perkId: 12, variant: TEE }, [])).toEqual({ label: 'SKU', value: 'TEE' })
    expect(nodePart({ perkId: 99 }, TREE)).toEqual({ label: 'Perk', value: 'Perk 99' })
  })

  it('names a variant in all perks, one of the orders that ship, and several nodes at once', () => {
    expect(partText(nodePart({ variant: TEE }, TREE)!)).toBe(
      'SKU: TEE · Tidepool T-Shirt · Size: M, Colour: Black in all perks',
    )
    expect(partText(nodePart({ nodes: [{ variant: TEE, ships: true }] }, TREE)!)).toBe(
      'SKU: TEE · Tidepool T-Shirt · Size: M, Colour: Black in all perks, orders that ship',
    )
    const several = nodePart({ nodes: [{ perkId: 13 }, { perkId: 12, variant: TEE }] }, TREE)
    expect(several).toEqual({
      label: 'Any of',
      value: 'Perk: Digital; SKU: TEE · Tidepool T-Shirt · Size: M, Colour: Black in Core Game',
    })
    // A node the tree no longer holds is named by its ids beside the others.
    expect(nodePart({ nodes: [{ perkId: 13 }, { perkId: 99 }] }, TREE)?.value).toBe(
      'Perk: Digital; Perk: Perk 99',
    )
  })

  it('counts the chosen orders of a list in words: one order, or many', () => {
    const list = (ids: number[]) =>
      describeSelection({ statuses: [], ids }, TREE).find((part) => part.label === 'List')
    expect(list([4402])).toEqual({ label: 'List', value: '1 chosen order' })
    expect(list(Array.from({ length: 1200 }, (_, i) => i + 1))?.value).toBe('1,200 chosen orders')
  })

  it('puts the whole selection on one line for a printed header', () => {
    const parts = describeSelection({ statuses: [], country: 'DE', perkId: 12 }, TREE)
    expect(selectionText(parts)).toBe('Status: Every status · Country: DE · Perk: Core Game')
    expect(selectionText(describeSelection({}, TREE))).toBe(
      'Status: Captured, In fulfillment · Perk / SKU: All orders',
    )
  })
})
