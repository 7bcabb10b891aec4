import { computed } from 'vue'
import type { TreeOption } from 'naive-ui'
import type { PerkGroup, VariantGroup } from '@shared/fulfillment'
import { perkTreeOptions } from '@renderer/lib/perk-tree-options'

export interface PerkTreeSource {
  tree: readonly PerkGroup[]
  totals?: { orders: number; units: number } | null
  skus?: readonly VariantGroup[]
}

/**
 * The Orders tree's nodes, and their labels apart. Each answer brings new counts, mostly over the
 * same nodes: the nodes stay the same array while their keys and nesting do, and only the labels
 * change. naive-ui's tree then redraws the label text of each node, where new data would rebuild
 * its index of the nodes and re-render every node with its switcher (a third of drawing a search's
 * answer at 100,000 orders). It also keeps the node the keyboard is on: new data resets it, and
 * Space would pick the top one.
 */
export function usePerkTreeData(source: () => PerkTreeSource) {
  const options = computed(() => {
    const { tree, totals, skus } = source()
    return perkTreeOptions(tree, totals, skus ?? [])
  })

  let shown: { shape: string; nodes: TreeOption[] } | null = null
  const data = computed(() => {
    const shape = JSON.stringify(options.value, (key, value: unknown) =>
      key === 'label' ? undefined : value,
    )
    if (shown?.shape !== shape) shown = { shape, nodes: options.value }
    return shown.nodes
  })

  /** Each node's label in the current answer, by key. */
  const labels = computed(() => {
    const out = new Map<string, string>()
    const walk = (level: readonly TreeOption[]) => {
      for (const option of level) {
        out.set(String(option.key), String(option.label ?? ''))
        if (option.children) walk(option.children)
      }
    }
    walk(options.value)
    return out
  })

  /** The current label of a node of `data` (whose own label may be an earlier answer's). */
  const labelOf = (option: TreeOption): string =>
    labels.value.get(String(option.key)) ?? String(option.label ?? '')

  return { data, labelOf }
}
