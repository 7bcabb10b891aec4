import { z } from 'zod'
import { accountIdSchema } from './field-schemas'
import type { AccountContributionsView } from './results'
import { returns } from './returns'

export const ACCOUNT_CHANNELS = {
  'account:contributions': {
    method: 'accountContributions',
    args: z.tuple([z.strictObject({ accountId: accountIdSchema })]),
    result: returns<AccountContributionsView>(),
  },
} as const
