import { z } from 'zod'
import { FLOOR_STAGES } from '../floor/order-state'
import {
  campaignIdSchema,
  contributionIdSchema,
  countSchema,
  perkIdSchema,
  shown,
  statusSchema,
  text,
} from './field-schemas'
import { MAX_ORDER_ROWS_PER_REQUEST } from './limits'

// The arguments of orders:*, and the selection export, print and the pick list take.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

/** The seven known statuses and a generous number of unknown ones a campaign may carry. */
const MAX_FILTER_STATUSES = 64
/** A check's list at 100,000 orders still fits; more is no list a person opens. */
const MAX_LISTED_IDS = 200_000

/** One node of the Orders tree: see NodeFilter (shared/fulfillment/node-filter.ts). */
const treeNodeFields = {
  /** A perk (null = the "No perk" group) ... */
  perkId: perkIdSchema.nullable().optional(),
  /** ... or a SKU variant (a `variantKey`): inside that perk, or in any perk without one. */
  variant: text('SKU variant', 512, 'Pick the variant in the tree again.').optional(),
  /** The variant only where it ships: a pick-list row's orders. */
  ships: z.boolean({ error: 'Ships must be true or false.' }).optional(),
}
/** Nodes picked together in the tree; more is no selection a person makes. */
const MAX_TREE_NODES = 500

export const ordersFilterSchema = z.strictObject(
  {
    /** Empty array: every status. Absent: captured + in fulfillment. */
    statuses: z
      .array(statusSchema, { error: 'Status must be a list of order statuses.' })
      .max(MAX_FILTER_STATUSES, { error: 'Status lists each order status at most once.' })
      .optional(),
    search: text('Search orders', 200, 'Shorten the search.').optional(),
    country: text('Country', 64, 'Pick it from the Country filter.').optional(),
    /** Tree node: a perk (null = the "No perk" group) ... */
    perkId: perkIdSchema.nullable().optional(),
    /** Only orders at these stages of the packing floor; absent: every stage. */
    floor: z
      .array(
        z.enum(FLOOR_STAGES, {
          error: (iss) =>
            `Floor stage must be one of ${FLOOR_STAGES.join(', ')} (got ${shown(iss.input)}).`,
        }),
        { error: 'Floor stages must be a list.' },
      )
      .max(FLOOR_STAGES.length)
      .optional(),
    /** Only the orders of this wave (its frozen list, open or closed), by name; any status. */
    wave: text('Wave', 100, 'Pick the wave from the list again.').optional(),
    /** ... or a SKU variant (a `variantKey`) inside that perk. */
    variant: text('SKU variant', 512, 'Pick the variant in the tree again.').optional(),
    /** The variant only where it ships (see treeNodeFields). */
    ships: treeNodeFields.ships,
    /** Several tree nodes: orders matching any of them (then without the node fields above). */
    nodes: z
      .array(z.strictObject(treeNodeFields, { error: 'Each tree node must be an object.' }), {
        error: 'The tree nodes must be a list.',
      })
      .max(MAX_TREE_NODES, {
        error: `Pick at most ${MAX_TREE_NODES} perks and SKUs at once. Pick fewer in the tree.`,
      })
      .optional(),
    /**
     * Only these contributions (a pre-print check's list), combined with the fields above like
     * any other filter: send `statuses: []` with it to show exactly these orders. The tree and
     * the pick list are built over them too.
     */
    ids: z
      .array(contributionIdSchema, { error: 'The order list must be a list of contribution IDs.' })
      .max(MAX_LISTED_IDS, {
        error: `The order list holds at most ${MAX_LISTED_IDS.toLocaleString('en')} orders. Narrow the filters instead.`,
      })
      .optional(),
  },
  { error: 'The orders filter must be an object.' },
)
export type OrdersFilter = z.infer<typeof ordersFilterSchema>

/** Rows `offset` to `offset + limit` of a query's answer. */
export const orderRowsRequestSchema = z.strictObject(
  {
    campaignId: campaignIdSchema,
    resultId: countSchema('Result ID', 1, Number.MAX_SAFE_INTEGER, 'Run the query again.'),
    offset: countSchema('Row offset', 0, Number.MAX_SAFE_INTEGER, 'Scroll the table again.'),
    limit: countSchema('Row count', 1, MAX_ORDER_ROWS_PER_REQUEST, 'Ask for fewer rows at once.'),
  },
  { error: 'The rows request must be an object.' },
)
export type OrderRowsRequest = z.infer<typeof orderRowsRequestSchema>

export const orderDetailRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  contributionId: contributionIdSchema,
})

/**
 * The orders about to go out: the Orders view's current filter over the offline copy. Export,
 * print and the pick list take it.
 */
export const selectionFields = { campaignId: campaignIdSchema, filter: ordersFilterSchema }
