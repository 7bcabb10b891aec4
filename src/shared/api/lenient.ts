import { z } from 'zod'

// Readers for values the platform sends in more than one shape. The field tables of the spec
// are what was seen once; older campaigns and other endpoints send numbers as strings, booleans
// as 0/1, and nulls anywhere. What is read here is the model PerkPack works from; the row as the
// API sent it is kept beside it (see docs/data-policy.md).

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/
const NUMBER_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/

function numberFromText(pattern: RegExp) {
  return (value: unknown): unknown =>
    typeof value === 'string' && pattern.test(value) ? Number(value) : value
}

/** An integer, or a string holding one (`"42"`). */
export const intLike = z.preprocess(numberFromText(INTEGER_TEXT), z.number().int())

/** A finite number, or a string holding one (`"25.00"`). */
export const numberLike = z.preprocess(numberFromText(NUMBER_TEXT), z.number())

/** Text; a number or boolean where text was expected is read as its digits (`12345` → `"12345"`). */
export const textLike = z.preprocess(
  (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
  z.string(),
)

/** Text that must say something: blank is as good as absent. */
export const nonBlankText = textLike.pipe(z.string().trim().min(1, 'Expected a non-empty text'))

/** true/false, also as 1/0 and "true"/"false". */
export const boolLike = z.preprocess((value) => {
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return value
}, z.boolean())

/**
 * A field PerkPack can do without: absent stays absent and null stays null (so a clean row reads
 * back exactly as it came), and a value of the wrong kind reads as absent, never as a reason to
 * reject the row. Read it with `??` or `== null`: both mean "not given".
 */
export function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().catch(undefined)
}

/** A list PerkPack can do without: absent or null reads as empty; a list of the wrong things does not. */
export function listOrEmpty<T extends z.ZodType>(element: T) {
  return z.preprocess(
    (value) => (value === null || value === undefined ? [] : value),
    z.array(element),
  )
}

/** Anything at all, kept as sent (fields only ever seen as null, whose meaning is not known). */
export const anything = z.unknown().optional()
