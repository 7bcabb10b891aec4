import type { CampaignContribution } from '../../../shared/api/schemas'

/** The columns a contribution is found and ordered by, beside the row itself. */
export interface IndexedContribution {
  id: number
  createdAt: string
  status: string | null
  country: string | null
  email: string | null
  perkIds: number[]
  skuCodes: string[]
}

/**
 * The API writes timestamps with any numeric offset; compared as text, 10:00+02:00 would sort
 * after 09:00Z. Stored as UTC, text order is time order. A value Date cannot read is kept as
 * it is rather than dropping the row (the schemas upstream already reject such values).
 */
export function sortableTimestamp(value: string): string {
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? value : new Date(ms).toISOString()
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

export function indexContribution(contribution: CampaignContribution): IndexedContribution {
  const order = contribution.order
  const perkIds = new Set<number>()
  const skuCodes = new Set<string>()
  for (const perk of order.perks) {
    perkIds.add(perk.id)
    for (const item of perk.items) skuCodes.add(item.sku.code)
  }
  return {
    id: contribution.id,
    createdAt: sortableTimestamp(contribution.created_at ?? ''),
    status: order.status ?? null,
    country: order.shipping?.country ?? null,
    email: contribution.email ? normalizeEmail(contribution.email) : null,
    perkIds: [...perkIds],
    skuCodes: [...skuCodes],
  }
}
