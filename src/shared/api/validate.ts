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

type Issue = z.core.$ZodIssue

/**
 * The branch of a failed union that got furthest into the data: the one with the deepest issue
 * path, then the one with the fewest issues, then the first. A full listing page with one bad
 * `sku.code` thus reports that field rather than "not an empty object" from the hidden-row branch.
 * None when every branch failed on the value itself (`string | number` given `true`): the union's
 * own "Invalid input" is then the honest message.
 */
function closestBranch(branches: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  let best: readonly Issue[] | undefined
  let bestDepth = -1
  for (const branch of branches) {
    if (branch.length === 0) continue
    const depth = Math.max(...branch.map((issue) => issue.path.length))
    if (depth > bestDepth || (depth === bestDepth && best && branch.length < best.length)) {
      best = branch
      bestDepth = depth
    }
  }
  return bestDepth > 0 ? best : undefined
}

/** Issues with the paths of a union's inner issues made absolute (zod keeps them relative). */
function flattenIssues(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[] = [],
): SchemaProblem[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path]
    if (issue.code === 'invalid_union') {
      const branch = closestBranch(issue.errors)
      if (branch) return flattenIssues(branch, path)
    }
    return [{ path: formatPath(path), message: issue.message }]
  })
}

export function describeIssues(error: z.ZodError, limit = 5): SchemaProblem[] {
  return flattenIssues(error.issues).slice(0, limit)
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

/** One listing row read into the model, or why it could not be (a problem row). */
export type RowRead<T> =
  { ok: true; value: T } | { ok: false; id: number | null; problems: SchemaProblem[] }

/** The row's own id when it has a usable one, so a problem row can still be named. */
export function rowId(raw: unknown): number | null {
  if (typeof raw !== 'object' || raw === null) return null
  const id = (raw as { id?: unknown }).id
  const value = typeof id === 'string' && /^\s*\d+\s*$/.test(id) ? Number(id) : id
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null
}

/** Reads one row; never throws. Problems name at most `limit` field paths. */
export function readRow<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  limit = 10,
): RowRead<z.output<S>> {
  const result = schema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, id: rowId(raw), problems: describeIssues(result.error, limit) }
}
