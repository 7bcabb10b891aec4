import type { z } from 'zod'
import { valueAt } from '../../shared/api/validate'
import type { IpcChannel } from '../../shared/ipc'
import { shown } from '../../shared/ipc/field-schemas'

/** The first problem with a call's arguments, as one sentence a person can act on. */
export function describeArgsError(
  channel: IpcChannel,
  error: z.ZodError,
  raw: readonly unknown[],
): string {
  const issue = error.issues[0]
  if (!issue) return `The request ${channel} was refused: its arguments are not valid.`
  const where = issue.path.slice(1).map(String).join('.')
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `"${key}"`).join(', ')
    return `The request ${channel} has unknown field${issue.keys.length === 1 ? '' : 's'} ${keys}${where ? ` in ${where}` : ''}: remove ${issue.keys.length === 1 ? 'it' : 'them'}.`
  }
  if (issue.path.length === 0 && (issue.code === 'too_small' || issue.code === 'too_big')) {
    const expected = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum)
    return `The request ${channel} takes ${expected} argument${expected === 1 ? '' : 's'}, got ${raw.length}.`
  }
  if (issue.code === 'invalid_type' && issue.expected === 'object') {
    return `The request ${channel} needs ${where ? `"${where}" as ` : ''}an object with its fields, got ${shown(valueAt(raw, issue.path))}.`
  }
  return issue.message
}
