import type { Catalog, CustomsContext } from '../../../shared/catalog'
import type { Currency } from '../../../shared/format/locale-format'

/**
 * What a campaign's customs figures are worked out with, the same for the app and the
 * `perkpack` command: its catalogue, its currency (for values taken from the pledge) and the
 * country parcels leave from. Both read the same files: the offline cache's catalogue, the
 * campaign names file's currency (a campaign object named it) and settings.json's sender
 * country.
 */

/** A campaign whose currency no campaign object named: the platform's default. */
export const FALLBACK_CURRENCY = 'USD'

export interface CustomsSources {
  catalog: (campaignId: number) => Catalog
  currency: (campaignId: number) => Currency | null
  senderCountry: () => string
}

export function campaignCustoms(campaignId: number, sources: CustomsSources): CustomsContext {
  return {
    catalog: sources.catalog(campaignId),
    currency: sources.currency(campaignId)?.iso_code?.toUpperCase() ?? FALLBACK_CURRENCY,
    senderCountry: sources.senderCountry(),
  }
}
