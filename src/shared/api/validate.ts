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

/** Options of `describeIssues`; a bare number is the limit. */
export interface DescribeOptions {
  /** At most this many problems (default 5). */
  limit?: number
  /**
   * The value that was parsed. With it a message says what came instead of zod's wording:
   * "missing" rather than "expected string, received undefined", "blank", or the value seen.
   */
  data?: unknown
  /** Why PerkPack needs the field at a path pattern (indexes as `[]`), added to its message. */
  purposes?: Readonly<Record<string, string>>
}

const ABSENT = Symbol('absent')

/** The value at `path` inside `data`; undefined where the path leaves the objects. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** `order.perks[]` for `order.perks[3]`: the key of `DescribeOptions.purposes`. */
export function pathPattern(path: string): string {
  return path.replace(/\[\d+\]/g, '[]')
}

const EXPECTED: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
}

/** What came, for a person: `the text "pledge-12"`, `the number 3`, `a list`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value
    return `the text ${JSON.stringify(shown)}`
  }
  if (typeof value === 'number' || typeof value === 'bigint') return `the number ${value}`
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** zod's message in words a fulfillment team reads, from the value that was actually there. */
function plainMessage(issue: Issue, value: unknown): string {
  if (value === ABSENT) return issue.message
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union') {
    if (value === undefined) return 'missing'
    if (value === null) return 'missing (null)'
  }
  if (issue.code === 'invalid_type') {
    const expected = EXPECTED[issue.expected] ?? `a ${issue.expected}`
    return `expected ${expected}, got ${describeValue(value)}`
  }
  if (issue.code === 'too_small' && typeof value === 'string' && value.trim() === '') {
    return 'blank'
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    return `${issue.message} (got ${describeValue(value)})`
  }
  return issue.message
}

/** Issues with the paths of a union's inner issues made absolute (zod keeps them relative). */
function flattenIssues(
  issues: readonly Issue[],
  options: DescribeOptions,
  prefix: readonly PropertyKey[] = [],
): SchemaProblem[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path]
    if (issue.code === 'invalid_union') {
      const branch = closestBranch(issue.errors)
      if (branch) return flattenIssues(branch, options, path)
    }
    const where = formatPath(path)
    const value = 'data' in options ? valueAt(options.data, path) : ABSENT
    const message = plainMessage(issue, value)
    const purpose = options.purposes?.[pathPattern(where)]
    return [{ path: where, message: purpose ? `${message} — ${purpose}` : message }]
  })
}

export function describeIssues(
  error: z.ZodError,
  limitOrOptions: number | DescribeOptions = 5,
): SchemaProblem[] {
  const options = typeof limitOrOptions === 'number' ? { limit: limitOrOptions } : limitOrOptions
  return flattenIssues(error.issues, options).slice(0, options.limit ?? 5)
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
  if (!result.success) {
    throw new SchemaMismatchError(what, describeIssues(result.error, { data }))
  }
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

/**
 * Reads one row; never throws. Problems name at most `limit` field paths, each with what was
 * there instead and, from `purposes`, what PerkPack needed the field for.
 */
export function readRow<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  limit = 10,
  purposes?: Readonly<Record<string, string>>,
): RowRead<z.output<S>> {
  const result = schema.safeParse(raw)
  if (result.success) return { ok: true, value: result.data }
  const problems = describeIssues(result.error, {
    limit,
    data: raw,
    ...(purposes ? { purposes } : {}),
  })
  return { ok: false, id: rowId(raw), problems }
}
