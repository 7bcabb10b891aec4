import type { CampaignContribution } from '../../../shared/api/schemas'
import { countryCode } from '../../../shared/address'
import { missingPart } from '../../../shared/corrections/address-form'
import type { AddressCorrection, AddressParts } from '../../../shared/corrections/correction-types'
import { addressPartsOf } from '../../../shared/corrections/effective-address'
import { PerkPackError } from '../system/perkpack-errors'
import type { FloorPlan } from './floor-plan-db'

/**
 * Keeps a person's correction of an order's ship-to address, for the app's drawer and
 * `perkpack address set` alike: the parts the country needs on an envelope (address-form.ts)
 * and a reason are required, the country is a code PerkPack knows, and the platform's address
 * of now is kept beside it, so a later sync bringing another one is flagged, never taken.
 */
export function correctAddress(
  plan: FloorPlan,
  campaignId: number,
  synced: CampaignContribution,
  address: AddressParts,
  reason: string,
  by: string,
): AddressCorrection {
  const why = reason.trim()
  if (why === '')
    throw new PerkPackError(
      'invalid_arguments',
      'Give a reason, in a few words, for the next person (a backer e-mailed a new address).',
    )
  const code = countryCode(address.country)
  if (code === null)
    throw new PerkPackError(
      'invalid_arguments',
      `"${address.country ?? ''}" is no country PerkPack knows: give its two-letter code, such as US, GB or DE.`,
    )
  const parts = { ...address, country: code }
  const missing = missingPart(code, parts)
  if (missing)
    throw new PerkPackError(
      'invalid_arguments',
      `${missing.label} is empty: a label to this country needs it. Type it, or paste the address again.`,
    )
  return plan.corrections.correct(campaignId, {
    orderId: synced.order.id,
    address: parts,
    reason: why,
    platformAddress: addressPartsOf(synced.order.shipping),
    by,
  })
}
