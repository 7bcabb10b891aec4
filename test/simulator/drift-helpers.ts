/**
 * Test-side views of drifted rows, written from the brief rather than from the simulator's code:
 * the minimal schema the app will require, and a structural diff of a served row against the
 * clean one, so the tests check what is on the wire, not what drift.ts believes it did.
 */

type Rec = Record<string, unknown>

export const isRec = (value: unknown): value is Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const integerLike = (value: unknown) =>
  Number.isSafeInteger(value) || (typeof value === 'string' && /^[0-9]+$/.test(value))

const missing = (value: unknown) => value === undefined || value === null

/**
 * Field paths at which a row fails the minimal schema: contribution id (integer or numeric
 * string), order with id, status (campaign listing) and perks array; perks with id and label.
 * An item the client cannot read does not fail the row (see `itemProblems`).
 */
export function minimalProblems(row: unknown, listing: 'campaign' | 'account' = 'campaign') {
  if (!isRec(row)) return ['(row)']
  const problems: string[] = []
  if (!integerLike(row.id)) problems.push('id')
  const order = row.order
  if (!isRec(order)) return [...problems, 'order']
  if (missing(order.id)) problems.push('order.id')
  if (listing === 'campaign' && typeof order.status !== 'string') problems.push('order.status')
  if (!Array.isArray(order.perks)) return [...problems, 'order.perks']
  order.perks.forEach((perk: unknown, p) => {
    const at = `order.perks[${p}]`
    if (!isRec(perk)) return problems.push(at)
    if (missing(perk.id)) problems.push(`${at}.id`)
    if (typeof perk.label !== 'string') problems.push(`${at}.label`)
  })
  return problems
}

/**
 * Paths of the items a row's perks hold that the client cannot read: items optional, each an
 * object with sku.code, optional choices of {name, value} and a quantity. The row still reads;
 * its order ships with those items flagged to check by hand.
 */
export function itemProblems(row: unknown): string[] {
  const order = isRec(row) ? row.order : undefined
  const perks = isRec(order) && Array.isArray(order.perks) ? order.perks : []
  const problems: string[] = []
  perks.forEach((perk: unknown, p) => {
    const at = `order.perks[${p}]`
    if (!isRec(perk) || missing(perk.items)) return
    if (!Array.isArray(perk.items)) return problems.push(`${at}.items`)
    perk.items.forEach((item: unknown, i) => {
      const itemAt = `${at}.items[${i}]`
      if (!isRec(item)) return problems.push(itemAt)
      if (!integerLike(item.quantity)) problems.push(`${itemAt}.quantity`)
      const sku = item.sku
      if (!isRec(sku) || typeof sku.code !== 'string') return problems.push(`${itemAt}.sku.code`)
      if (missing(sku.choices)) return
      const choicesOk =
        Array.isArray(sku.choices) &&
        sku.choices.every(
          (c: unknown) => isRec(c) && typeof c.name === 'string' && typeof c.value === 'string',
        )
      if (!choicesOk) problems.push(`${itemAt}.sku.choices`)
    })
  })
  return problems
}

export interface Change {
  /** `order.perks[].items[].sku.code`: array indexes folded to `[]`. */
  path: string
  clean: unknown
  served: unknown
  /** The key is in the clean row but not in the served one. */
  gone: boolean
  /** The key is in the served row but not in the clean one. */
  added: boolean
}

export function diff(clean: unknown, served: unknown, path = '', out: Change[] = []): Change[] {
  if (isRec(clean) && isRec(served)) {
    for (const key of new Set([...Object.keys(clean), ...Object.keys(served)])) {
      const at = path ? `${path}.${key}` : key
      const inClean = Object.hasOwn(clean, key)
      const inServed = Object.hasOwn(served, key)
      if (inClean && inServed) diff(clean[key], served[key], at, out)
      else
        out.push({
          path: at,
          clean: clean[key],
          served: served[key],
          gone: !inServed,
          added: !inClean,
        })
    }
  } else if (Array.isArray(clean) && Array.isArray(served) && clean.length === served.length) {
    clean.forEach((value: unknown, i) => diff(value, served[i], `${path}[]`, out))
  } else if (JSON.stringify(clean) !== JSON.stringify(served)) {
    out.push({ path, clean, served, gone: false, added: false })
  }
  return out
}

/** A served id as the number it stands for; `pledge-<id>` rows (broken on purpose) included. */
export function servedId(row: unknown): number {
  const id = isRec(row) ? row.id : undefined
  return Number(typeof id === 'string' ? id.replace(/^pledge-/, '') : id)
}
