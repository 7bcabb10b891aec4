import { z } from 'zod'
import { text } from './field-schemas'
import { returns } from './returns'

export const SHELL_CHANNELS = {
  /** Opens an https URL on the allow-list in the system browser. */
  'shell:openExternal': {
    method: 'openExternal',
    args: z.tuple([z.strictObject({ url: text('Link', 2048, 'The link is too long to open.') })]),
    result: returns<boolean>(),
  },
} as const
