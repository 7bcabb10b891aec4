import { UsageError } from '../main/core/system/perkpack-errors'

export function campaignArg(args: string[], usage: string): number {
  const raw = args[0]
  if (!raw) throw new UsageError(`Missing campaign ID. Usage: perkpack ${usage}`)
  return positiveInt(raw, 'campaign ID')
}

export function positiveInt(raw: string, what: string): number {
  if (!/^\d+$/.test(raw.trim()) || Number(raw) <= 0) {
    throw new UsageError(`The ${what} must be a positive whole number (got "${raw}").`)
  }
  return Number(raw)
}

/** `--perk ID` as a filter field: absent when the option was not given. */
export function perkFilter(value: string | undefined): { perkId?: number } {
  return value === undefined ? {} : { perkId: positiveInt(value, '--perk value') }
}
