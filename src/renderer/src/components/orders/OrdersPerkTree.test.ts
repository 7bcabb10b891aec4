import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { TREE } from '@renderer/stores/orders.fixtures'
import OrdersPerkTree from './OrdersPerkTree.vue'
import { ALL_ORDERS_KEY, perkNodeKey, variantNodeKey } from '@renderer/lib/perk-tree-keys'

function labels(wrapper: ReturnType<typeof mount>): string[] {
  return wrapper.findAll('.n-tree-node-content__text').map((n) => n.text())
}

describe('OrdersPerkTree', () => {
  it('labels perks and their SKU variants with the counts of the query', () => {
    const wrapper = mount(OrdersPerkTree, {
      props: { tree: TREE, selectedKey: ALL_ORDERS_KEY, totals: { orders: 1240, units: 1502 } },
    })
    expect(labels(wrapper)).toEqual([
      'All orders — 1,240 orders · 1,502 units',
      'Core Game — 1,234 orders · 1,500 units',
      // The code a shelf carries, the name a person knows, the choices.
      'TEE · Tidepool T-Shirt · Size: M, Colour: Black — 1 order · 2 units',
      'Digital — 4 orders · 0 units',
      'No perk — 2 orders · 0 units',
    ])
  })

  it('follows new counts when the filter changes', async () => {
    const wrapper = mount(OrdersPerkTree, { props: { tree: TREE, selectedKey: ALL_ORDERS_KEY } })
    await wrapper.setProps({ tree: [{ ...TREE[1]!, orderCount: 1 }] })
    expect(labels(wrapper)).toEqual(['All orders', 'Digital — 1 order · 0 units'])
  })

  it('emits the key of the chosen perk or variant', async () => {
    const wrapper = mount(OrdersPerkTree, { props: { tree: TREE, selectedKey: ALL_ORDERS_KEY } })
    const nodes = wrapper.findAll('.n-tree-node')
    await nodes[2]!.trigger('click')
    await nodes[4]!.trigger('click')
    expect(wrapper.emitted('select')).toEqual([
      [variantNodeKey(12, 'TEE|Colour=Black|Size=M')],
      [perkNodeKey(null)],
    ])
  })
})
