/** A value a field took in place of the one typed, and the sentence that says so (null: none). */
export interface Corrected {
  value: number
  note: string | null
}

function numberText(value: number): string {
  return String(Number(value.toFixed(2)))
}

/**
 * `typed` brought within `[min, max]` (and to `step`'s precision: whole numbers by default), and
 * when that changed it, a sentence naming the field, what was typed and what it became: "Sync
 * concurrency 40 is more than the most it takes, 16: set to 16." Fields with words of their own
 * (the label start position) build their note from `value`.
 */
export function clampTyped(
  label: string,
  typed: number,
  [min, max]: readonly [number, number],
  options: { unit?: string; decimals?: number } = {},
): Corrected {
  const unit = options.unit ? ` ${options.unit}` : ''
  const decimals = options.decimals ?? 0
  const scale = 10 ** decimals
  const rounded = Math.round(typed * scale) / scale
  const value = Math.min(max, Math.max(min, rounded))
  if (value === typed) return { value, note: null }
  const shown = `${label} ${numberText(typed)}${unit}`
  const to = `${numberText(value)}${unit}`
  if (typed > max)
    return { value, note: `${shown} is more than the most it takes, ${to}: set to ${to}.` }
  if (typed < min)
    return { value, note: `${shown} is less than the least it takes, ${to}: set to ${to}.` }
  const takes = decimals === 0 ? 'is not a whole number' : `has more than ${decimals} decimals`
  return { value, note: `${shown} ${takes}: set to ${to}.` }
}
