import type { Check } from './run-checks.mjs'

/** The vitest projects run beside the background checks. */
export const BESIDE_CHECKS: string[]
/** The vitest projects run alone, last. */
export const ALONE: string[]
/** Every check but the build, which runs first. */
export const BACKGROUND_CHECKS: Record<string, Check>
