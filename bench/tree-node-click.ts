import { generateDataset } from '../src/simulator/data'
import { buildPickList, filterContributions, groupByPerk } from '../src/shared/fulfillment'
import { OrdersWorkspace, toViewRow } from '../src/main/core/orders/workspace'
import { toModel } from '../test/helpers/model'
import { medianMs } from './lib'

const time = (run: () => unknown) => medianMs(run, 9)
/**
 * A click on a perk or SKU node of the Orders tree at 100,000 orders: main narrows the tree's
 * rows to the node and, since the pick list follows the node, builds the node's pick list.
 * Baseline, in the same process: the narrowing alone, which was all a click did before.
 * Run: npx tsx bench/tree-node-click.ts
 */
const dataset = generateDataset({ seed: 7, contributions: 100_000 })
const rows = toModel(dataset.contributions.get(dataset.campaigns[0]!.id)!)
const ws = new OrdersWorkspace(1, 'now', rows.map(toViewRow))
const base = filterContributions(rows)
const tree = groupByPerk(base)
const perk = [...tree].sort((a, b) => b.orderCount - a.orderCount)[0]!
const variant = [...perk.variants].sort((a, b) => b.orderCount - a.orderCount)[0]!
ws.match({})
let flip = 0
// Alternate two nodes so the one-answer cache never answers: each call is a click.
const nodes = [{ perkId: perk.perkId }, { perkId: perk.perkId, variant: variant.key }]
const clickNew = time(() => ws.match(nodes[flip++ % 2]!))
// The old click: narrowing the tree's rows by the node, no pick list of its own.
const narrowed = (f: object) => filterContributions(base, { statuses: [], ...f })
flip = 0
const clickOld = time(() => narrowed(nodes[flip++ % 2]!))
const pick = time(() => buildPickList(narrowed(nodes[0]!)))
console.log(
  `orders ${rows.length}, perk ${perk.label} ${perk.orderCount} orders, variant ${variant.orderCount} orders`,
)
console.log(`node click, narrowing only (before): ${clickOld.toFixed(1)} ms`)
console.log(
  `node click, narrowing + node pick list (after): ${clickNew.toFixed(1)} ms (${(clickNew / clickOld).toFixed(2)}x)`,
)
console.log(`pick list of the largest perk alone: ${pick.toFixed(1)} ms`)
