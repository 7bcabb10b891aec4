import type { CampaignContribution, Perk, Shipping } from '../../../shared/api/schemas'

/**
 * What the orders view and the shared fulfillment core read of a contribution. The rest (amount,
 * payment, the rest of the address, ...) stays in the offline cache until the drawer asks for one
 * order: at 100,000 orders, parsing only this is what keeps opening a campaign under a second.
 * The street lines stay: whether an order ships (and so is on the pick list) depends on them.
 */
export interface ViewRow {
  id: number
  created_at?: string | null | undefined
  contributor_name?: string | null | undefined
  by?: string | null | undefined
  email: string | null
  order: {
    id: number
    status: CampaignContribution['order']['status']
    sequence_number?: number | null | undefined
    perks: Perk[]
    shipping: Pick<Shipping, 'name' | 'city' | 'country' | 'address' | 'address2'> | null
  }
}

export function toViewRow(row: CampaignContribution): ViewRow {
  const { order } = row
  const shipping = order.shipping
  return {
    id: row.id,
    created_at: row.created_at,
    contributor_name: row.contributor_name,
    by: row.by,
    email: row.email ?? null,
    order: {
      id: order.id,
      status: order.status,
      sequence_number: order.sequence_number,
      perks: order.perks,
      shipping: shipping
        ? {
            name: shipping.name,
            city: shipping.city,
            country: shipping.country,
            address: shipping.address,
            address2: shipping.address2,
          }
        : null,
    },
  }
}
