import { jobIdSchema, shown } from './field-schemas'

/**
 * Why `text` is no batch job ID, or null: the platform numbers its jobs, so an ID is digits only.
 * Checked before any request, in the Jobs view as it is typed, in main and in `perkpack job`.
 */
export function jobIdProblem(text: string): string | null {
  const id = text.trim()
  if (id === '')
    return 'Enter the job’s ID: the number the platform gave the batch update, such as 5001.'
  if (!/^\d+$/.test(id)) {
    return `Job ID ${shown(id)} is not a number: a batch job’s ID is digits only, such as 5001. Copy the ID alone.`
  }
  if (id.length > 20) return `Job ID ${shown(id)} is too long for a job ID: copy the ID alone.`
  return null
}

/** A job ID to start watching: trimmed, and digits only (see jobIdProblem). */
export const newJobIdSchema = jobIdSchema.superRefine((value, context) => {
  const problem = jobIdProblem(value)
  if (problem !== null) context.addIssue({ code: 'custom', message: problem })
})
