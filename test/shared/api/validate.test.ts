import { describe, it, expect } from 'vitest'
import { z } from 'zod'
import {
  campaignContributionSchema,
  campaignContributionsPageSchema,
  tokenResponseSchema,
} from '../../../src/shared/api/schemas'
import { readCampaignContribution } from '../../../src/shared/api/schemas'
import {
  SchemaMismatchError,
  describeIssues,
  describeValue,
  formatPath,
  parseOrThrow,
  pathPattern,
} from '../../../src/shared/api/validate'
import campaignPageFixture from '../../fixtures/api/campaign-contributions.json'

function mismatch(schema: z.ZodType, data: unknown, what = 'payload'): SchemaMismatchError {
  try {
    parseOrThrow(schema, data, what)
  } catch (error) {
    if (error instanceof SchemaMismatchError) return error
    throw error
  }
  throw new Error(`expected ${what} to be rejected, but it parsed`)
}

/** The "path: message" entries of a SchemaMismatchError message. */
function listed(error: SchemaMismatchError): string[] {
  const prefix = `Unexpected ${error.what} from the API: `
  expect(error.message.startsWith(prefix)).toBe(true)
  return error.message.slice(prefix.length).split('; ')
}

/** Pages read rows one by one in the app; here the rows are checked as one list to collect issues. */
const rowsSchema = z.looseObject({ response: z.array(campaignContributionSchema) })

/** A campaign page of `n` copies of the fixture's first row, each with an unusable order id. */
function pageWithBadOrderIds(n: number): unknown {
  const row = campaignPageFixture.response[0]
  const response = Array.from({ length: n }, (_, i) => ({
    ...row,
    id: 50000 + i,
    order: { ...row?.order, id: 'not-an-id' },
  }))
  return { ...campaignPageFixture, response, count: n }
}

describe('formatPath', () => {
  it.each<[PropertyKey[], string]>([
    [[], '(root)'],
    [['count'], 'count'],
    [['pagination', 'current'], 'pagination.current'],
    [[0], '[0]'],
    [[2, 'email'], '[2].email'],
    [
      ['response', 0, 'order', 'perks', 0, 'items', 1, 'sku', 'code'],
      'response[0].order.perks[0].items[1].sku.code',
    ],
    [['matrix', 1, 2], 'matrix[1][2]'],
    [['record', '0'], 'record.0'],
  ])('formats %j as %s', (path, expected) => {
    expect(formatPath(path)).toBe(expected)
  })
})

describe('parseOrThrow', () => {
  it('returns the parsed output, with the schema applied', () => {
    const token = parseOrThrow(
      tokenResponseSchema,
      { access_token: 'abc', expires_in: '3600', extra: 1 },
      'token',
    )
    expect(token).toEqual({ access_token: 'abc', expires_in: 3600, extra: 1 })
  })

  it('throws a SchemaMismatchError that records what was parsed and each problem', () => {
    const error = mismatch(tokenResponseSchema, { access_token: '' }, 'token response')
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('SchemaMismatchError')
    expect(error.what).toBe('token response')
    expect(error.problems).toEqual([{ path: 'access_token', message: 'blank' }])
    expect(error.message).toBe(
      `Unexpected token response from the API: access_token: ${error.problems[0]?.message}`,
    )
  })

  it('names the root when the payload is not an object at all', () => {
    const error = mismatch(campaignContributionsPageSchema, '<html>502 Bad Gateway</html>', 'page')
    expect(error.problems).toEqual([
      {
        path: '(root)',
        message: 'expected an object, got the text "<html>502 Bad Gateway</html>"',
      },
    ])
  })

  it('names the exact deep path of a wrong type', () => {
    const row = campaignPageFixture.response[0]
    const perk = row?.order.perks[0]
    const badPerk = { ...perk, label: { text: 'x' } }
    const data = {
      ...campaignPageFixture,
      response: [{ ...row, order: { ...row?.order, perks: [row?.order.perks[0], badPerk] } }],
    }
    const error = mismatch(rowsSchema, data, 'campaign contributions')
    expect(listed(error)).toEqual([
      'response[0].order.perks[1].label: expected text, got an object',
    ])
  })
})

describe('the message lists at most 5 problems', () => {
  it('lists the first 5 of 30 problems and no more', () => {
    const error = mismatch(rowsSchema, pageWithBadOrderIds(30), 'page')
    expect(error.problems).toHaveLength(5)
    expect(error.problems.map((p) => p.path)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `response[${i}].order.id`),
    )
    expect(listed(error)).toHaveLength(5)
    expect(error.message).not.toContain('response[5]')
  })

  it('lists all problems when there are exactly 5', () => {
    const error = mismatch(rowsSchema, pageWithBadOrderIds(5), 'page')
    expect(listed(error)).toHaveLength(5)
    expect(error.message).toContain('response[4].order.id')
  })

  it('lists every problem when there are fewer than 5', () => {
    const error = mismatch(rowsSchema, pageWithBadOrderIds(3), 'page')
    expect(listed(error).map((entry) => entry.split(': ')[0])).toEqual([
      'response[0].order.id',
      'response[1].order.id',
      'response[2].order.id',
    ])
  })

  it('counts problems found inside a union branch towards the limit', () => {
    const schema = z.union([z.array(z.looseObject({ n: z.number() })), z.literal('none')])
    const data = Array.from({ length: 8 }, () => ({ n: 'x' }))
    expect(mismatch(schema, data).problems.map((p) => p.path)).toEqual([
      '[0].n',
      '[1].n',
      '[2].n',
      '[3].n',
      '[4].n',
    ])
  })
})

describe('describeIssues', () => {
  it('honours a custom limit', () => {
    const result = rowsSchema.safeParse(pageWithBadOrderIds(4))
    expect(result.success).toBe(false)
    if (result.success) return
    expect(describeIssues(result.error, 2).map((p) => p.path)).toEqual([
      'response[0].order.id',
      'response[1].order.id',
    ])
    expect(describeIssues(result.error)).toHaveLength(4)
  })

  it('makes the paths of issues inside a nested union absolute', () => {
    const row = z.looseObject({ sku: z.looseObject({ code: z.string() }) })
    const schema = z.looseObject({
      data: z.looseObject({ rows: z.union([z.array(row), z.literal('hidden')]) }),
    })
    const result = schema.safeParse({
      data: { rows: [{ sku: { code: 'A' } }, { sku: { code: 7 } }] },
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.error.issues[0]?.code).toBe('invalid_union')
    expect(describeIssues(result.error)).toEqual([
      { path: 'data.rows[1].sku.code', message: expect.stringContaining('expected string') },
    ])
  })

  it('reports the union branch that got deepest into the data', () => {
    const schema = z.union([
      z.looseObject({ kind: z.literal('a'), tag: z.string() }),
      z.looseObject({ nested: z.looseObject({ deeper: z.looseObject({ value: z.number() }) }) }),
    ])
    const result = schema.safeParse({ nested: { deeper: { value: 'x' } } })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(describeIssues(result.error).map((p) => p.path)).toEqual(['nested.deeper.value'])
  })

  it('prefers the branch with fewer problems when both reach the same depth', () => {
    const schema = z.union([
      z.looseObject({ a: z.string(), b: z.string(), c: z.string() }),
      z.looseObject({ a: z.number() }),
    ])
    const result = schema.safeParse({ a: true })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(describeIssues(result.error)).toEqual([
      { path: 'a', message: expect.stringContaining('expected number') },
    ])
  })

  it('keeps the union message when every branch fails on the value itself', () => {
    const schema = z.looseObject({ id: z.union([z.string(), z.number()]) })
    expect(mismatch(schema, { id: true }).problems).toEqual([
      { path: 'id', message: 'Invalid input' },
    ])
  })

  it('keeps a discriminated union issue that has no branch errors', () => {
    const schema = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a') }),
      z.object({ kind: z.literal('b') }),
    ])
    expect(mismatch(z.object({ item: schema }), { item: { kind: 'c' } }).problems).toEqual([
      { path: 'item.kind', message: expect.stringContaining('discriminator') },
    ])
  })
})

const DELETE = Symbol('delete')
type Edit = [path: (string | number)[], value: unknown]

/** A minimal good row with `value` put at `path` (or removed), read as a campaign listing row. */
function readEdited([path, value]: Edit) {
  const row = {
    id: 41450054,
    order: {
      id: 70001,
      status: 'captured',
      perks: [
        {
          id: 16842102,
          label: 'Tidepool',
          items: [
            { quantity: 1, sku: { code: 'GAME' } },
            { quantity: 1, sku: { code: 'SHIRT', choices: [{ name: 'Size', value: 'M' }] } },
          ],
        },
      ],
    },
  }
  let parent = row as unknown as Record<string | number, unknown>
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = path[path.length - 1] as string | number
  if (value === DELETE) delete parent[last]
  else parent[last] = value
  return readCampaignContribution(row)
}

/** The problems of the edited row, which must not read. */
function problemsOf(edit: Edit) {
  const read = readEdited(edit)
  expect(read.ok).toBe(false)
  return read.ok ? [] : read.problems
}

/** The problems of the items the edited row reads but flags, with paths from the row. */
function flaggedOf(edit: Edit) {
  const read = readEdited(edit)
  expect(read.ok).toBe(true)
  if (!read.ok) return []
  return read.value.order.perks.flatMap((perk, p) =>
    (perk.unreadable_items ?? []).flatMap((item) =>
      item.problems.map((problem) => ({ ...problem, path: `order.perks[${p}].${problem.path}` })),
    ),
  )
}

describe('problem messages a person can act on', () => {
  it('says "missing" for an absent required field, names the path and why it is needed', () => {
    const problems = flaggedOf([['order', 'perks', 0, 'items', 1, 'sku', 'code'], DELETE])
    expect(problems).toEqual([
      {
        path: 'order.perks[0].items[1].sku.code',
        message: 'missing — the SKU code says which item to pick',
      },
    ])
    expect(problems[0]?.message).not.toMatch(/undefined|received/)
  })

  it.each<[string, Edit, string, string]>([
    ['null', [['order'], null], 'order', 'missing (null) — the order says what to ship'],
    [
      'blank text',
      [['order', 'status'], '   '],
      'order.status',
      'blank — the status decides whether the order ships',
    ],
    [
      'a wrong type',
      [['order', 'perks'], 'none'],
      'order.perks',
      'expected a list, got the text "none" — the perks say what to pack',
    ],
    [
      'an id that is not a number',
      [['id'], 'pledge-41450054'],
      'id',
      'expected a number, got the text "pledge-41450054" — PerkPack tells contributions apart by their id',
    ],
    [
      'a perk without id',
      [['order', 'perks', 0, 'id'], DELETE],
      'order.perks[0].id',
      'missing — PerkPack groups orders by perk id',
    ],
  ])('%s', (_name, edit, path, message) => {
    expect(problemsOf(edit)).toEqual([{ path, message }])
  })

  it('a quantity out of range flags its item, saying what came and why it is needed', () => {
    expect(flaggedOf([['order', 'perks', 0, 'items', 0, 'quantity'], -2])).toEqual([
      {
        path: 'order.perks[0].items[0].quantity',
        message:
          'Expected a quantity of 0 or more (got the number -2) — the quantity says how many to pick',
      },
    ])
  })

  it("keeps zod's own wording when the parsed value is not given", () => {
    const { error } = z.looseObject({ code: z.string() }).safeParse({})
    expect(error).toBeInstanceOf(z.ZodError)
    expect(describeIssues(error as z.ZodError)[0]?.message).toMatch(/expected string/)
    expect(describeIssues(error as z.ZodError, { data: {} })[0]?.message).toBe('missing')
  })

  it('folds list indexes into a pattern and shows values briefly', () => {
    expect(pathPattern('order.perks[12].items[0].sku.code')).toBe('order.perks[].items[].sku.code')
    expect(describeValue('x'.repeat(50))).toBe(`the text "${'x'.repeat(40)}…"`)
    expect(describeValue(7)).toBe('the number 7')
    expect(describeValue([1])).toBe('a list')
    expect(describeValue({})).toBe('an object')
  })
})
