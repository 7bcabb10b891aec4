import type { z } from 'zod'

/** `response[3].order.perks[0].items[1].sku.code` from zod's path segments. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out ? `.${String(segment)}` : String(segment)
  }
  return out || '(root)'
}

export interface SchemaProblem {
  path: string
  message: string
}

export function describeIssues(error: z.ZodError, limit = 5): SchemaProblem[] {
  return error.issues.slice(0, limit).map((issue) => ({
    path: formatPath(issue.path),
    message: issue.message,
  }))
}

export class SchemaMismatchError extends Error {
  override readonly name = 'SchemaMismatchError'
  constructor(
    readonly what: string,
    readonly problems: SchemaProblem[],
  ) {
    const list = problems.map((p) => `${p.path}: ${p.message}`).join('; ')
    super(`Unexpected ${what} from the API: ${list}`)
  }
}

/** Parse `data` or throw an error whose message names every offending field path. */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  data: unknown,
  what: string,
): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) throw new SchemaMismatchError(what, describeIssues(result.error))
  return result.data
}
