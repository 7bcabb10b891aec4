import { z } from 'zod'
import { ADDRESS_PART_NAMES } from '../corrections/correction-types'
import type { AddressParts } from '../corrections/correction-types'
import { campaignIdSchema, contributionIdSchema, shown, text } from './field-schemas'

// What a person sends to hold an order or correct its address (issue 28): checked in main before
// anything is written, in sentences the drawer shows under the field.

const contributionFields = { campaignId: campaignIdSchema, contributionId: contributionIdSchema }

/** One line a person typed or pasted: trimmed, no control characters (a label prints it). */
function line(label: string, max: number, fix: string) {
  return text(label, max, fix)
    .trim()
    .regex(/^\P{Cc}*$/u, { error: `${label} may not contain control characters. ${fix}` })
}

const reasonSchema = line('Reason', 200, 'Say in a few words why, for the next person.').min(1, {
  error:
    'Give a reason, in a few words, for the next person (a customs question, a backer who asked to combine).',
})

export const holdRequestSchema = z.strictObject({ ...contributionFields, reason: reasonSchema })
export type HoldRequest = z.infer<typeof holdRequestSchema>

export const orderOfCampaignSchema = z.strictObject(contributionFields)
export type OrderOfCampaign = z.infer<typeof orderOfCampaignSchema>

/** The parts a label cannot do without; the others may stay empty. */
const REQUIRED_PARTS: ReadonlySet<keyof AddressParts> = new Set([
  'name',
  'address',
  'city',
  'country',
])

const PART_LABELS: Readonly<Record<keyof AddressParts, string>> = {
  name: 'Name',
  address: 'Street',
  address2: 'Street, second line',
  city: 'City',
  state: 'State or region',
  zipcode: 'Postal code',
  country: 'Country',
  phone_number: 'Phone',
}

function partSchema(name: keyof AddressParts) {
  const label = PART_LABELS[name]
  if (name === 'country')
    return z
      .string({ error: (iss) => `Country must be text (got ${shown(iss.input)}).` })
      .trim()
      .regex(/^[A-Za-z]{2}$/, {
        error: (iss) =>
          `Country must be a two-letter country code such as US, GB or DE (got ${shown(iss.input)}). Pick it from the list.`,
      })
      .transform((code) => code.toUpperCase())
  const base = line(label, 200, `Check the ${label.toLowerCase()}.`)
  if (REQUIRED_PARTS.has(name))
    return base.min(1, {
      error: `${label} is empty: a label needs it. Type it, or paste the address again.`,
    })
  // An empty optional part is stored as "none", as the platform leaves it out.
  return z
    .union([base, z.null()])
    .transform((value) => (value === null || value === '' ? null : value))
}

const addressSchema = z.strictObject(
  Object.fromEntries(ADDRESS_PART_NAMES.map((name) => [name, partSchema(name)])) as {
    [K in keyof AddressParts]: ReturnType<typeof partSchema>
  },
)

export const addressCorrectionRequestSchema = z.strictObject({
  ...contributionFields,
  address: addressSchema,
  reason: reasonSchema,
})
export interface AddressCorrectionRequest {
  campaignId: number
  contributionId: number
  address: AddressParts
  reason: string
}

/**
 * The person's choice for an order whose platform address changed after their correction: keep
 * the correction (it is now made against the new platform address) or take the platform's.
 */
export const addressChangeChoiceSchema = z.strictObject({
  ...contributionFields,
  keep: z.enum(['correction', 'platform'], {
    error: (iss) =>
      `Choose to keep the correction or the platform's address (got ${shown(iss.input)}).`,
  }),
})
export type AddressChangeChoice = z.infer<typeof addressChangeChoiceSchema>
