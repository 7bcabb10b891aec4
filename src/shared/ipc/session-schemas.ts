import { z } from 'zod'
import { apiTokenSchema, emailSchema, httpUrl, passwordSchema } from './field-schemas'

// The arguments of session:*.
// Both ends' types are read from these schemas (z.infer): a field added is checked and typed.

export const signInSchema = z.strictObject({
  apiToken: apiTokenSchema,
  /** Empty or absent: API token only. */
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  baseUrl: httpUrl('API base URL').optional(),
  authUrl: httpUrl('Auth URL').optional(),
})
export type SignInInput = z.infer<typeof signInSchema>
