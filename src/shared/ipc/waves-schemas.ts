import { z } from 'zod'
import { WAVE_PRIORITIES } from '../waves/wave-planner'
import { campaignIdSchema, countSchema, shown, text } from './field-schemas'
import { floorFileFields } from './floor-schemas'

// The arguments of waves:* (issue 28): stock on hand per SKU variant and the waves cut from it.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

/** Far above any shelf; small enough that a typo of many digits is refused, not stored. */
export const MAX_STOCK_LEVEL = 10_000_000
/** Countries or perks a priority may name first; more is no list a person picks. */
const MAX_FIRST = 100

const variantKeySchema = text('SKU variant', 512, 'Pick the variant in the stock table again.')

const choiceSchema = z.strictObject({
  name: text('Choice name', 200, 'Pick the variant in the stock table again.'),
  value: text('Choice value', 200, 'Pick the variant in the stock table again.'),
})

export const stockLevelRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  skuCode: text('SKU code', 200, 'Pick the variant in the stock table again.')
    .trim()
    .min(1, { error: 'The SKU code is empty: pick the variant in the stock table again.' }),
  choices: z.array(choiceSchema, { error: 'Choices must be a list.' }).max(50),
  quantity: countSchema(
    'Quantity',
    0,
    MAX_STOCK_LEVEL,
    'Type the units on the shelf as a whole number.',
  ),
})
export type StockLevelRequest = z.infer<typeof stockLevelRequestSchema>

export const stockImportRequestSchema = z.strictObject(floorFileFields)
export type StockImportRequest = z.infer<typeof stockImportRequestSchema>

export const stockHistoryRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  variantKey: variantKeySchema,
})

const planFields = {
  campaignId: campaignIdSchema,
  priority: z
    .enum(WAVE_PRIORITIES, {
      error: (iss) =>
        `Priority must be one of ${WAVE_PRIORITIES.join(', ')} (got ${shown(iss.input)}).`,
    })
    .optional(),
  /** Countries (two-letter codes) or perks taken first, with priority country or perk. */
  first: z
    .array(text('First', 200, 'Pick it from the list again.').trim(), {
      error: 'What goes first must be a list.',
    })
    .max(MAX_FIRST, { error: `Name at most ${MAX_FIRST} countries or perks to go first.` })
    .optional(),
  partial: z.boolean({ error: 'Partial must be true or false.' }).optional(),
}

export const wavePlanRequestSchema = z.strictObject(planFields)
export type WavePlanRequest = z.infer<typeof wavePlanRequestSchema>

const waveNameSchema = text('Wave name', 100, 'Give the wave a shorter name.')
  .trim()
  .min(1, { error: 'A wave needs a name: give it one, such as "March batch".' })

export const waveSaveRequestSchema = z.strictObject({ ...planFields, name: waveNameSchema })
export type WaveSaveRequest = z.infer<typeof waveSaveRequestSchema>

/** A saved wave by name: to close it, or to list its orders that ship in part. */
export const waveRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  name: waveNameSchema,
})
export type WaveRequest = z.infer<typeof waveRequestSchema>
