import type { CampaignContribution, OrderStatusText, Perk } from '../api/schemas'
import { DEFAULT_STATUSES } from './status'
import { memoized } from '../memo'
import { compileNode, matchesAnyNode, selectedNodes } from './node-filter'
import type { CompiledNode, NodeFilter } from './node-filter'
import { parseSearch } from './search-match'
import { foldText } from './text'

export interface ContributionFilter extends NodeFilter {
  /** Default `DEFAULT_STATUSES`; an empty array means every status. */
  statuses?: readonly OrderStatusText[]
  /**
   * The node fields above name one node of the Orders tree (`perkId: null` is the "No perk"
   * group; a `variant` with a numeric `perkId` is that variant inside that perk, which is what a
   * click on a variant node means). `nodes` selects several: an order matching any of them.
   */
  nodes?: readonly NodeFilter[]
  /** Shipping country, compared trimmed and case-insensitively; orders without shipping fail. */
  country?: string
  /**
   * Whitespace-separated terms, all of which must match (case- and accent-insensitive substring)
   * contributor name, `by`, e-mail, order id, sequence number, shipping name or city, or a SKU
   * code or choice value of the order's items. A term `#123` matches sequence number 123
   * exactly, so it finds that one order and not #1234.
   */
  search?: string
}

/** A filter turned into the values the per-row test needs, computed once per call. */
export interface CompiledFilter {
  statuses: ReadonlySet<string> | null
  /** Any of these; none: every order. */
  nodes: CompiledNode[]
  country: string | undefined
  terms: string[]
  sequenceNumbers: number[]
}

export function compileFilter(filter: ContributionFilter): CompiledFilter {
  const statuses = filter.statuses ?? DEFAULT_STATUSES
  const { terms, sequenceNumbers } = parseSearch(filter.search)
  const country = filter.country?.trim()
  return {
    statuses: statuses.length === 0 ? null : new Set(statuses),
    nodes: selectedNodes(filter).map(compileNode),
    country: country ? country.toLowerCase() : undefined,
    terms,
    sequenceNumbers,
  }
}

/** Everything but the text search, which needs the haystack. */
export function matchesFields(row: CampaignContribution, f: CompiledFilter): boolean {
  const order = row.order
  if (f.statuses !== null && !f.statuses.has(order.status)) return false
  if (f.nodes.length !== 0 && !matchesAnyNode(row, f.nodes)) return false
  if (f.country !== undefined) {
    const country = order.shipping?.country
    if (country == null || country.trim().toLowerCase() !== f.country) return false
  }
  for (const sequence of f.sequenceNumbers) if (order.sequence_number !== sequence) return false
  return true
}

/**
 * The folded text a search looks in. Fields are joined with a newline so a term cannot match
 * across two of them.
 */
export function searchHaystack(row: CampaignContribution): string {
  const order = row.order
  const shipping = order.shipping
  // A missing field is an empty line, never the word "undefined" for a search to find.
  const sequence = order.sequence_number == null ? '' : String(order.sequence_number)
  return foldText(
    `${row.contributor_name ?? ''}\n${row.by ?? ''}\n${row.email ?? ''}\n${order.id}\n` +
      `${sequence}\n${sequence === '' ? '' : `#${sequence}`}\n` +
      `${shipping?.name ?? ''}\n${shipping?.city ?? ''}`,
  )
}

/**
 * The folded text a search looks in for a perk: its items' SKU codes and choice values
 * ("00871-TEE-SND", "Sand"), a line each. Kept apart from the order's own fields: perks are
 * shared between the orders holding them, so a search tests each distinct perk once.
 */
export function perkSearchText(perk: Perk): string {
  let text = ''
  for (const item of perk.items) {
    text += `${item.sku.code}\n`
    for (const choice of item.sku.choices) text += `${choice.value}\n`
  }
  return foldText(text)
}

// Keyed by the row or perk object: rows are immutable snapshots from the cache, and a WeakMap
// lets a discarded snapshot's texts be collected with it.
const haystacks = new WeakMap<CampaignContribution, string>()
const perkTexts = new WeakMap<Perk, string>()

export function cachedPerkText(perk: Perk): string {
  return memoized(perkTexts, perk, perkSearchText)
}

/** The order's own fields and its perks' items: every term must be somewhere in there. */
function wholeHaystack(row: CampaignContribution): string {
  let text = searchHaystack(row)
  for (const perk of row.order.perks) text += `\n${cachedPerkText(perk)}`
  return text
}

function matchesTerms(row: CampaignContribution, terms: readonly string[]): boolean {
  const haystack = memoized(haystacks, row, wholeHaystack)
  for (const term of terms) if (!haystack.includes(term)) return false
  return true
}

/**
 * Rows passing every given criterion, in input order. Search texts are built lazily on the
 * first search and memoised per row and perk object, so later keystrokes only pay for
 * `includes`. (The orders table searches through `createOrderIndex` instead.)
 */
export function filterContributions(
  rows: readonly CampaignContribution[],
  filter: ContributionFilter = {},
): CampaignContribution[] {
  const f = compileFilter(filter)
  const out: CampaignContribution[] = []
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as CampaignContribution
    if (!matchesFields(row, f)) continue
    if (f.terms.length !== 0 && !matchesTerms(row, f.terms)) continue
    out.push(row)
  }
  return out
}
