import type { CampaignContribution, OrderStatusText } from '../api/schemas'
import { DEFAULT_STATUSES } from './status'
import { memoized } from '../memo'
import { foldText } from './text'
import { skuCodeOfKey, variantKey } from './variant'

export interface ContributionFilter {
  /** Default `DEFAULT_STATUSES`; an empty array means every status. */
  statuses?: readonly OrderStatusText[]
  /** Orders holding this perk; `null` selects the orders without any perk (the "No perk" group). */
  perkId?: number | null
  /**
   * Orders holding this variant (a `variantKey`). Combined with a numeric `perkId`, the variant
   * must be inside that perk, which is what a click on a variant node of the perk tree means.
   */
  variant?: string
  /** Shipping country, compared trimmed and case-insensitively; orders without shipping fail. */
  country?: string
  /**
   * Whitespace-separated terms, all of which must match (case- and accent-insensitive substring)
   * contributor name, `by`, e-mail, order id, sequence number, shipping name or city. A term
   * `#123` matches sequence number 123 exactly, so it finds that one order and not #1234.
   */
  search?: string
}

/** A filter turned into the values the per-row test needs, computed once per call. */
interface CompiledFilter {
  statuses: ReadonlySet<string> | null
  perkId: number | null | undefined
  variant: string | undefined
  variantCode: string
  country: string | undefined
  terms: string[]
  sequenceNumbers: number[]
}

const SEQUENCE_TERM_RE = /^#(\d+)$/

function compileFilter(filter: ContributionFilter): CompiledFilter {
  const statuses = filter.statuses ?? DEFAULT_STATUSES
  const terms: string[] = []
  const sequenceNumbers: number[] = []
  for (const raw of (filter.search ?? '').trim().split(/\s+/)) {
    if (raw === '') continue
    const sequence = SEQUENCE_TERM_RE.exec(raw)
    if (sequence) sequenceNumbers.push(Number(sequence[1]))
    else terms.push(foldText(raw))
  }
  const country = filter.country?.trim()
  return {
    statuses: statuses.length === 0 ? null : new Set(statuses),
    perkId: filter.perkId,
    variant: filter.variant,
    variantCode: filter.variant === undefined ? '' : skuCodeOfKey(filter.variant),
    country: country ? country.toLowerCase() : undefined,
    terms,
    sequenceNumbers,
  }
}

function holdsVariant(row: CampaignContribution, f: CompiledFilter): boolean {
  const perkId = typeof f.perkId === 'number' ? f.perkId : undefined
  for (const perk of row.order.perks) {
    if (perkId !== undefined && perk.id !== perkId) continue
    for (const item of perk.items) {
      // Comparing the code first spares building a key for nearly every item.
      if (
        item.sku.code === f.variantCode &&
        variantKey(item.sku.code, item.sku.choices) === f.variant
      )
        return true
    }
  }
  return false
}

function holdsPerk(row: CampaignContribution, perkId: number): boolean {
  for (const perk of row.order.perks) if (perk.id === perkId) return true
  return false
}

/** Everything but the text search, which needs the haystack. */
function matchesFields(row: CampaignContribution, f: CompiledFilter): boolean {
  const order = row.order
  if (f.statuses !== null && !f.statuses.has(order.status)) return false
  if (f.perkId === null) {
    if (order.perks.length !== 0) return false
  } else if (f.perkId !== undefined && !holdsPerk(row, f.perkId)) return false
  if (f.variant !== undefined && !holdsVariant(row, f)) return false
  if (f.country !== undefined) {
    const country = order.shipping?.country
    if (country == null || country.trim().toLowerCase() !== f.country) return false
  }
  for (const sequence of f.sequenceNumbers) if (order.sequence_number !== sequence) return false
  return true
}

function matchesTerms(haystack: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!haystack.includes(term)) return false
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

// Keyed by the row object: rows are immutable snapshots from the cache, and a WeakMap lets a
// discarded snapshot's haystacks be collected with it.
const haystacks = new WeakMap<CampaignContribution, string>()

function cachedHaystack(row: CampaignContribution): string {
  return memoized(haystacks, row, searchHaystack)
}

/**
 * Rows passing every given criterion, in input order. Search haystacks are built lazily on the
 * first search and memoised per row object, so later keystrokes only pay for `includes`.
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
    if (f.terms.length !== 0 && !matchesTerms(cachedHaystack(row), f.terms)) continue
    out.push(row)
  }
  return out
}

export interface OrderIndex {
  readonly rows: readonly CampaignContribution[]
  /** Same semantics as `filterContributions` over `rows`. */
  filter(filter?: ContributionFilter): CampaignContribution[]
}

/**
 * For a view that filters one snapshot over and over (the orders table): builds every haystack
 * up front, off the keystroke path, and keeps them in an array beside the rows so a search is a
 * plain indexed loop without WeakMap lookups.
 */
export function createOrderIndex(rows: readonly CampaignContribution[]): OrderIndex {
  const snapshot = rows.slice()
  const texts: string[] = new Array<string>(snapshot.length)
  for (let i = 0; i < snapshot.length; i++) {
    texts[i] = searchHaystack(snapshot[i] as CampaignContribution)
  }
  return {
    rows: snapshot,
    filter(filter: ContributionFilter = {}): CampaignContribution[] {
      const f = compileFilter(filter)
      const out: CampaignContribution[] = []
      for (let i = 0; i < snapshot.length; i++) {
        const row = snapshot[i] as CampaignContribution
        if (!matchesFields(row, f)) continue
        if (f.terms.length !== 0 && !matchesTerms(texts[i] as string, f.terms)) continue
        out.push(row)
      }
      return out
    },
  }
}
