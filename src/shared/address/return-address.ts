import { z } from 'zod'
import { formatAddressDetailed } from './address-lines'

// The sender's return address (Settings → Printing), printed in the sender block of the CN23
// (and anywhere else a return address is due). Its country is Settings' sender country: one
// field, so the customs area and the address cannot disagree. The app's Settings, the settings
// file and `perkpack customs` read it with this one schema and format it with this one rule.

export const RETURN_ADDRESS_FIELDS = ['street', 'street2', 'city', 'region', 'postcode'] as const
export type ReturnAddressField = (typeof RETURN_ADDRESS_FIELDS)[number]

const MAX_FIELD = 120

const field = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(MAX_FIELD, { error: `${label} must be at most ${MAX_FIELD} characters: shorten it.` })
    .optional()

const fieldsSchema = z.strictObject({
  street: field('Street'),
  street2: field('Second address line'),
  city: field('City'),
  region: field('State or region'),
  postcode: field('Postcode'),
})
export type ReturnAddress = z.infer<typeof fieldsSchema>

/** What is missing of a return address partly filled in; null when complete or empty. */
export function returnAddressProblem(address: ReturnAddress): string | null {
  const given = RETURN_ADDRESS_FIELDS.some((key) => (address[key] ?? '') !== '')
  if (!given) return null
  if (!address.street)
    return 'The return address has no street: type the street and number, or clear every field.'
  if (!address.city)
    return 'The return address has no city: type the town or city, or clear every field.'
  return null
}

/** A return address as Settings saves it: each field checked, street and city together. */
export const returnAddressSchema = fieldsSchema.superRefine((address, ctx) => {
  const problem = returnAddressProblem(address)
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem })
})

/**
 * The address's lines as the sender country writes them (postcode before or after the city,
 * the region where it belongs), without the country: the forms print it on its own line.
 * [] when there is no street to print.
 */
export function returnAddressLines(
  address: ReturnAddress | undefined,
  senderCountry: string,
  locale = 'en',
): string[] {
  if (!address?.street || returnAddressProblem(address) !== null) return []
  return formatAddressDetailed(
    {
      address: address.street,
      address2: address.street2 ?? '',
      city: address.city ?? '',
      state: address.region ?? '',
      zipcode: address.postcode ?? '',
      country: senderCountry,
    },
    { senderCountry, locale },
  ).lines
}
