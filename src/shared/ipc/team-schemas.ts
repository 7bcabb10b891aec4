import { z } from 'zod'
import { parseTeamUrl, TeamUrlError } from '../team/team-url'
import { campaignIdSchema, orderIdSchema, shown } from './field-schemas'

const MAX_TEAM_URL = 2_048
const MAX_TEAM_PASSWORD = 1_024

/**
 * The team store's URL as Settings keeps it: empty (no team store, the local record) or a URL
 * parseTeamUrl accepts, TLS rule included, and without a password: that goes to the keychain.
 */
export const teamUrlSchema = z
  .string({ error: (iss) => `Team URL must be text (got ${shown(iss.input)}).` })
  .max(MAX_TEAM_URL, { error: `Team URL must be at most ${MAX_TEAM_URL} characters.` })
  .trim()
  .superRefine((value, ctx) => {
    const problem = teamUrlProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** Why Settings cannot keep this URL, or null; the Settings field shows it as typed. */
export function teamUrlProblem(raw: string): string | null {
  if (raw.trim() === '') return null
  try {
    const url = parseTeamUrl(raw)
    if (url.password !== null)
      return 'Leave the password out of the team URL: type it in the Password field (it is kept in the keychain).'
    return null
  } catch (error) {
    if (error instanceof TeamUrlError) return error.message
    throw error
  }
}

export const teamPasswordSchema = z
  .string({ error: 'The team password must be text.' })
  .max(MAX_TEAM_PASSWORD, {
    error: `The team password must be at most ${MAX_TEAM_PASSWORD} characters.`,
  })

/**
 * `team:configure` and `team:test`: the URL, and a password typed now (absent: the one the
 * keychain holds for this URL, if any).
 */
export const teamSetupRequestSchema = z.strictObject({
  url: teamUrlSchema,
  password: teamPasswordSchema.optional(),
})
export type TeamSetupRequest = z.infer<typeof teamSetupRequestSchema>

export const teamSettleRequestSchema = z.strictObject({
  campaignId: campaignIdSchema,
  orderId: orderIdSchema,
})
