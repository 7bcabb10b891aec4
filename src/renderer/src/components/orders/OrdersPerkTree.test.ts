import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { TREE } from '@renderer/stores/orders.fixtures'
import { componentUpdates } from '@renderer/test-utils/component-updates'
import OrdersPerkTree from './OrdersPerkTree.vue'
import {
  ALL_ORDERS_KEY,
  perkNodeKey,
  skuNodeKey,
  variantNodeKey,
} from '@renderer/lib/perk-tree-keys'

function labels(wrapper: ReturnType<typeof mount>): string[] {
  return wrapper.findAll('.n-tree-node-content__text').map((n) => n.text())
}

describe('OrdersPerkTree', () => {
  it('labels perks and their SKU variants with the counts of the query', () => {
    const wrapper = mount(OrdersPerkTree, {
      props: {
        tree: TREE,
        selectedKeys: [ALL_ORDERS_KEY],
        totals: { orders: 1240, units: 1502 },
      },
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
    const wrapper = mount(OrdersPerkTree, { props: { tree: TREE, selectedKeys: [ALL_ORDERS_KEY] } })
    await wrapper.setProps({ tree: [{ ...TREE[1]!, orderCount: 1 }] })
    expect(labels(wrapper)).toEqual(['All orders', 'Digital — 1 order · 0 units'])
  })

  it('redraws only the labels when an answer brings new counts over the same nodes', async () => {
    const updates = componentUpdates()
    const selectedKeys = [ALL_ORDERS_KEY]
    const wrapper = mount(OrdersPerkTree, {
      props: { tree: TREE, selectedKeys, totals: { orders: 1240, units: 1502 } },
      global: { mixins: [updates.mixin] },
    })
    updates.reset()
    // What a new search brings: every count changes, no node comes or goes.
    await wrapper.setProps({
      tree: TREE.map((perk) => ({ ...perk, orderCount: perk.orderCount + 1 })),
      selectedKeys,
      totals: { orders: 1241, units: 1502 },
    })
    expect(labels(wrapper).slice(0, 2)).toEqual([
      'All orders — 1,241 orders · 1,502 units',
      'Core Game — 1,235 orders · 1,500 units',
    ])
    // naive-ui's tree, its nodes and their switchers stay as they are; each label redraws.
    expect(updates.of(/^(Tree|TreeNode|NTreeSwitcher)$/)).toBe(0)
    expect(updates.of(/^TreeNodeContent$/)).toBe(wrapper.findAll('.n-tree-node').length)
  })

  it('emits the key of the chosen perk or variant', async () => {
    const wrapper = mount(OrdersPerkTree, { props: { tree: TREE, selectedKeys: [ALL_ORDERS_KEY] } })
    const nodes = wrapper.findAll('.n-tree-node')
    await nodes[2]!.trigger('click')
    await nodes[4]!.trigger('click')
    expect(wrapper.emitted('select')).toEqual([
      [[variantNodeKey(12, 'TEE|Colour=Black|Size=M')]],
      [[perkNodeKey(null)]],
    ])
  })

  it('picks several nodes: Ctrl/Cmd+click adds or removes, Shift+click takes a range', async () => {
    const wrapper = mount(OrdersPerkTree, {
      props: { tree: TREE, selectedKeys: [ALL_ORDERS_KEY] },
      attachTo: document.body,
    })
    // The tree shows what the store holds: each selection is handed back, as the view does.
    const picks: string[][] = []
    const click = async (index: number, modifiers: MouseEventInit = {}) => {
      const node = wrapper.findAll('.n-tree-node')[index]!
      await node.trigger('click', modifiers)
      const keys = wrapper.emitted<[string[]]>('select')!.at(-1)![0]
      picks.push(keys)
      await wrapper.setProps({ selectedKeys: keys })
    }
    const tee = variantNodeKey(12, 'TEE|Colour=Black|Size=M')
    await click(1)
    await click(3, { ctrlKey: true })
    await click(1, { metaKey: true })
    await click(1)
    await click(4, { shiftKey: true })
    expect(picks).toEqual([
      [perkNodeKey(12)],
      [perkNodeKey(12), perkNodeKey(13)],
      [perkNodeKey(13)],
      [perkNodeKey(12)],
      // From Core Game to "No perk": every node on screen between them.
      [perkNodeKey(12), tee, perkNodeKey(13), perkNodeKey(null)],
    ])
    expect(wrapper.findAll('.n-tree-node--selected')).toHaveLength(4)
    wrapper.unmount()
  })

  it('lists each variant over every perk in a group that opens, and notes orders in two perks', async () => {
    const sku = { ...TREE[0]!.variants[0]!, orderCount: 9, quantity: 11 }
    const wrapper = mount(OrdersPerkTree, {
      props: {
        tree: TREE,
        selectedKeys: [ALL_ORDERS_KEY],
        skus: [sku],
        note: '101 orders hold two perks.',
      },
    })
    const group = () => wrapper.findAll('.n-tree-node').at(-1)!
    expect(group().text()).toBe('SKUs in all perks')
    await group().trigger('click')
    // A heading: it opens, selecting nothing; its variants select the variant in any perk.
    expect(wrapper.emitted('select')).toBeUndefined()
    expect(labels(wrapper).at(-1)).toBe(
      'TEE · Tidepool T-Shirt · Size: M, Colour: Black — 9 orders · 11 units',
    )
    await wrapper.findAll('.n-tree-node').at(-1)!.trigger('click')
    expect(wrapper.emitted('select')).toEqual([[[skuNodeKey('TEE|Colour=Black|Size=M')]]])
    expect(wrapper.get('[data-testid="perk-overlap"]').text()).toBe('101 orders hold two perks.')
  })
})
