import { generateDataset } from '../src/simulator/data'
import {
  buildPickList,
  createOrderIndex,
  filterContributions,
  groupByPerk,
} from '../src/shared/fulfillment'
import { fmt, medianMs } from './lib'
import { toModel } from '../test/helpers/model'

/** Median of 7 runs, as the section says. */
const time = (run: () => unknown, repeat = 7) => medianMs(run, repeat)

/** Grouping and pick list of 100,000 contributions, against a bare loop over the same rows. */
export async function benchFulfillment(): Promise<string> {
  const dataset = generateDataset({ seed: 7, contributions: 100_000 })
  const rows = toModel(dataset.contributions.get(dataset.campaigns[0]!.id)!)
  // Baseline: touching every item of every perk once, the least any pick list must do.
  const baseline = time(() => {
    let units = 0
    for (const row of rows)
      for (const perk of row.order.perks) for (const item of perk.items) units += item.quantity
    return units
  })
  const filtered = filterContributions(rows)
  const measures: Array<[string, number]> = [
    ['Status filter (default captured + in fulfillment)', time(() => filterContributions(rows))],
    ['Pick list (buildPickList)', time(() => buildPickList(filtered))],
    ['Perk / SKU tree (groupByPerk)', time(() => groupByPerk(filtered))],
    [
      'Search index build (createOrderIndex, once per snapshot)',
      time(() => createOrderIndex(rows), 3),
    ],
  ]
  const index = createOrderIndex(rows)
  measures.push([
    'Search "muller" over the index',
    time(() => index.filter({ search: 'muller', statuses: [] })),
  ])
  return [
    `### Fulfillment core: ${rows.length.toLocaleString('en')} contributions`,
    '',
    'Median of 7 runs after a warm-up. Baseline: one loop summing every item quantity. Budget: grouping',
    'and pick list under 50 ms.',
    '',
    '| Step | Time | vs baseline loop |',
    '|---|---|---|',
    `| Baseline loop | ${fmt(baseline)} ms | 1.0x |`,
    ...measures.map(([name, ms]) => `| ${name} | ${fmt(ms)} ms | ${fmt(ms / baseline)}x |`),
  ].join('\n')
}
