import type { CampaignContribution } from '../api/schemas'
import { foldText } from './text'

/** Where in an order a search term was found. */
export type MatchedFieldKind =
  'name' | 'by' | 'email' | 'order' | 'sequence' | 'ship-to' | 'city' | 'sku' | 'choice'

/** One field of an order a search found its terms in, as the order has it. */
export interface MatchedField {
  kind: MatchedFieldKind
  /** What to call it: "SKU", "City", or a choice's own name ("Colour"). */
  label: string
  text: string
}

const SEQUENCE_TERM_RE = /^#(\d+)$/

/**
 * A search box's text as the filter reads it: white space between terms, each folded (case and
 * accents aside), and "#123" an order number matched exactly rather than a term.
 */
export function parseSearch(search: string | undefined): {
  terms: string[]
  sequenceNumbers: number[]
} {
  const terms: string[] = []
  const sequenceNumbers: number[] = []
  for (const raw of (search ?? '').trim().split(/\s+/)) {
    if (raw === '') continue
    const sequence = SEQUENCE_TERM_RE.exec(raw)
    if (sequence) sequenceNumbers.push(Number(sequence[1]))
    else terms.push(foldText(raw))
  }
  return { terms, sequenceNumbers }
}

function holdsAny(text: string, terms: readonly string[]): boolean {
  const folded = foldText(text)
  for (const term of terms) if (folded.includes(term)) return true
  return false
}

/**
 * The fields of `row` holding one of `terms` (see `parseSearch`), in the order a person reads an
 * order: who, the order, where to, what. Each SKU code and choice once, however many items
 * carry it. The fields are the ones `filterContributions` searches.
 */
export function matchedFields(row: CampaignContribution, terms: readonly string[]): MatchedField[] {
  if (terms.length === 0) return []
  const order = row.order
  const out: MatchedField[] = []
  const add = (kind: MatchedFieldKind, label: string, text: string | null | undefined) => {
    if (text == null || text.trim() === '' || !holdsAny(text, terms)) return
    if (out.some((f) => f.kind === kind && f.label === label && f.text === text)) return
    out.push({ kind, label, text })
  }
  add('name', 'Name', row.contributor_name)
  add('by', 'Shown as', row.by)
  add('email', 'E-mail', row.email)
  add('order', 'Order ID', String(order.id))
  if (order.sequence_number != null) add('sequence', 'Order', `#${order.sequence_number}`)
  add('ship-to', 'Ship to', order.shipping?.name)
  add('city', 'City', order.shipping?.city)
  for (const perk of order.perks) {
    for (const item of perk.items) {
      add('sku', 'SKU', item.sku.code)
      for (const choice of item.sku.choices)
        add('choice', choice.name.trim() || 'Choice', choice.value)
    }
  }
  return out
}

/**
 * Where `terms` occur in `text`, as [start, end) ranges of `text` in order, overlaps merged:
 * what to highlight. Found as the search finds them (case and accents aside).
 */
export function highlightRanges(text: string, terms: readonly string[]): Array<[number, number]> {
  if (terms.length === 0 || text === '') return []
  // Folding keeps the length of nearly every text; when it does not ("ß" reads "ss"), each
  // character is folded alone so a position in the folded text maps back to the original.
  let folded = foldText(text)
  let origin: number[] | null = null
  if (folded.length !== text.length) {
    folded = ''
    origin = []
    for (let i = 0; i < text.length; i++) {
      const piece = foldText(text[i] as string)
      folded += piece
      for (let k = 0; k < piece.length; k++) origin.push(i)
    }
    origin.push(text.length)
  }
  const at = (i: number) => (origin === null ? i : (origin[i] as number))
  const ranges: Array<[number, number]> = []
  for (const term of terms) {
    if (term === '') continue
    for (let found = folded.indexOf(term); found !== -1; found = folded.indexOf(term, found + 1)) {
      const end = found + term.length
      // The end maps to just past the original character its last folded one came from.
      ranges.push([at(found), origin === null ? end : (origin[end - 1] as number) + 1])
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: Array<[number, number]> = []
  for (const range of ranges) {
    const last = merged[merged.length - 1]
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1])
    else merged.push([range[0], range[1]])
  }
  return merged
}
