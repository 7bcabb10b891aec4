import type { CampaignContribution, Perk } from '../api/schemas'
import { compileFilter, matchesFields, perkSearchText, searchHaystack } from './filter'
import type { CompiledFilter, ContributionFilter } from './filter'

export interface OrderIndex {
  readonly rows: readonly CampaignContribution[]
  /** Same semantics as `filterContributions` over `rows`. */
  filter(filter?: ContributionFilter): CampaignContribution[]
  /**
   * Runs each way a search can go (a term in most orders, a rare one, one in a perk's codes, an
   * order number) once over the orders and drops the answers. The first search down each path
   * ran unoptimized code over 100,000 orders: 30 to 40 ms more than the next one on this
   * machine's runs. Meant for the warm-up after the first paint, not the keystroke path.
   */
  prime(): void
}

/** Between two orders' texts: no term holds one (terms are split on white space). */
const ROW_SEPARATOR = '\n'

/**
 * The characters a one-character term is looked up by (what folded text is mostly made of), by
 * their bit: letters 0 to 25 (an order's first word), digits 32 to 41 (its second).
 */
const BIT_OF = new Map<string, number>([
  ...[...'abcdefghijklmnopqrstuvwxyz'].map((char, bit): [string, number] => [char, bit]),
  ...[...'0123456789'].map((char, bit): [string, number] => [char, 32 + bit]),
])

/**
 * Per order, which masked characters its own text holds, two 32-bit words an order. The first
 * letter typed in the search box matches most orders and was tested order by order with
 * `includes` (12 to 22 ms at 100,000 orders); a bit per order answers it at once.
 */
function characterMasks(texts: readonly string[]): Uint32Array {
  const masks = new Uint32Array(texts.length * 2)
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string
    let letters = 0
    let digits = 0
    for (let c = 0; c < text.length; c++) {
      const code = text.charCodeAt(c)
      if (code >= 97 && code <= 122) letters |= 1 << (code - 97)
      else if (code >= 48 && code <= 57) digits |= 1 << (code - 48)
    }
    masks[i * 2] = letters
    masks[i * 2 + 1] = digits
  }
  return masks
}

/** A list per key in two flat arrays: key `k` holds `values[offsets[k]]` to `offsets[k + 1]`. */
interface Lists {
  offsets: Int32Array
  values: Int32Array
}

function listsOf(pairs: readonly number[], keys: number, byFirst: boolean): Lists {
  const offsets = new Int32Array(keys + 1)
  // Counted one slot up, then summed: offsets[k] is where key k starts.
  const key = byFirst ? 0 : 1
  for (let k = 0; k < pairs.length; k += 2) {
    const slot = (pairs[k + key] as number) + 1
    offsets[slot] = (offsets[slot] as number) + 1
  }
  for (let i = 0; i < keys; i++)
    offsets[i + 1] = (offsets[i + 1] as number) + (offsets[i] as number)
  const fill = offsets.slice(0, keys)
  const values = new Int32Array(pairs.length / 2)
  for (let k = 0; k < pairs.length; k += 2) {
    const at = pairs[k + key] as number
    values[fill[at] as number] = pairs[k + 1 - key] as number
    fill[at] = (fill[at] as number) + 1
  }
  return { offsets, values }
}

/** The distinct perk texts, and which orders hold which: both ways. */
interface PerkIndex {
  texts: string[]
  /** Per perk text, the orders holding it. */
  holders: Lists
  /** Per order, its perk texts. */
  perksOf: Lists
}

function perkIndex(rows: readonly CampaignContribution[]): PerkIndex {
  // Orders read from the offline copy share their perk objects (see view-store.ts); others
  // (the command line's rows) may not, and perks whose items read alike are still one entry.
  const slots = new Map<Perk, number>()
  const byText = new Map<string, number>()
  const texts: string[] = []
  const pairs: number[] = []
  for (let i = 0; i < rows.length; i++) {
    for (const perk of (rows[i] as CampaignContribution).order.perks) {
      let slot = slots.get(perk)
      if (slot === undefined) {
        const text = perkSearchText(perk)
        slot = byText.get(text)
        if (slot === undefined) {
          slot = texts.length
          byText.set(text, slot)
          texts.push(text)
        }
        slots.set(perk, slot)
      }
      pairs.push(i, slot)
    }
  }
  return {
    texts,
    holders: listsOf(pairs, texts.length, false),
    perksOf: listsOf(pairs, rows.length, true),
  }
}

/**
 * For a view that filters one snapshot over and over (the orders table): every order's search
 * text is built once, off the keystroke path, into one string, and each distinct perk's text
 * once with the orders holding it. A rare term ("krakow") is then a native `indexOf` scan of
 * that string and a test of each distinct perk, and only its few orders are looked at; a term in
 * most orders ("ma") is tested order by order, after the cheaper criteria, and a single letter or
 * digit ("a") by a bit per order. An order number (`#4242`) looks only at the orders of that
 * number.
 */
export function createOrderIndex(rows: readonly CampaignContribution[]): OrderIndex {
  const snapshot = rows.slice()
  const count = snapshot.length
  const starts = new Int32Array(count + 1)
  const texts = new Array<string>(count)
  let at = 0
  for (let i = 0; i < count; i++) {
    const text = searchHaystack(snapshot[i] as CampaignContribution)
    texts[i] = text
    starts[i] = at
    at += text.length + ROW_SEPARATOR.length
  }
  starts[count] = at
  const fields = fieldIndex(snapshot)
  const allText = texts.join(ROW_SEPARATOR) + ROW_SEPARATOR
  const perks = perkIndex(snapshot)
  const masks = characterMasks(texts)
  /** Orders by sequence number, listed on the first `#123` search (the warm-up's, in the app). */
  let bySequence: Map<number, number[]> | null = null
  // Past this many orders a term is tested order by order: a scan would stop at each of them.
  const rare = Math.max(64, count >> 2)

  /** The perk texts holding `term`, a flag per text; null when none does (most names). */
  function perksWith(term: string): Uint8Array | null {
    let flags: Uint8Array | null = null
    for (let p = 0; p < perks.texts.length; p++) {
      if (!(perks.texts[p] as string).includes(term)) continue
      flags ??= new Uint8Array(perks.texts.length)
      flags[p] = 1
    }
    return flags
  }

  /**
   * Whether order `i` holds `term` in its own text or its perks'. `bit`: the term's character
   * in the masks when it is one masked character, else -1.
   */
  function holds(i: number, term: string, perkFlags: Uint8Array | null, bit: number): boolean {
    if (bit >= 0) {
      if (((masks[i * 2 + (bit >> 5)] as number) & (1 << (bit & 31))) !== 0) return true
    } else if ((texts[i] as string).includes(term)) return true
    if (perkFlags === null) return false
    const end = perks.perksOf.offsets[i + 1] as number
    for (let k = perks.perksOf.offsets[i] as number; k < end; k++) {
      if (perkFlags[perks.perksOf.values[k] as number] === 1) return true
    }
    return false
  }

  /**
   * The orders holding `term` in their own text or their perks', in order; null when the term
   * is in too many orders' own text for a scan to pay.
   */
  function rareHits(term: string, perkFlags: Uint8Array | null): number[] | null {
    // One letter is in nearly every order: not worth starting a scan for.
    if (term.length < 2) return null
    const hits = new Uint8Array(count)
    let seen = 0
    let row = 0
    for (let found = allText.indexOf(term); found !== -1;) {
      while ((starts[row + 1] as number) <= found) row++
      hits[row] = 1
      if (++seen > rare) return null
      // The scan goes on from the next order's text: one hit per order at most.
      found = allText.indexOf(term, starts[row + 1])
    }
    const { offsets, values } = perks.holders
    for (let p = 0; perkFlags !== null && p < perkFlags.length; p++) {
      if (perkFlags[p] === 0) continue
      const end = offsets[p + 1] as number
      for (let k = offsets[p] as number; k < end; k++) hits[values[k] as number] = 1
    }
    const out: number[] = []
    for (let i = 0; i < count; i++) if (hits[i] === 1) out.push(i)
    return out
  }

  function matches(
    i: number,
    f: CompiledFilter,
    fieldsMatch: (i: number) => boolean,
    flags: ReadonlyArray<Uint8Array | null>,
    bits: readonly number[],
  ): boolean {
    if (!fieldsMatch(i)) return false
    for (let t = 0; t < f.terms.length; t++) {
      if (!holds(i, f.terms[t] as string, flags[t] ?? null, bits[t] as number)) return false
    }
    return true
  }

  /** The only orders a `#123` search can find, in order: those of that sequence number. */
  function sequenceHits(sequence: number): readonly number[] {
    if (bySequence === null) {
      bySequence = new Map()
      for (let i = 0; i < count; i++) {
        const own = (snapshot[i] as CampaignContribution).order.sequence_number
        if (typeof own !== 'number') continue
        const list = bySequence.get(own)
        if (list) list.push(i)
        else bySequence.set(own, [i])
      }
    }
    return bySequence.get(sequence) ?? []
  }

  const index: OrderIndex = {
    rows: snapshot,
    prime() {
      if (count === 0) return
      const word = /\S+/.exec(texts[0] as string)?.[0] ?? ''
      const perk = (perks.texts[0] ?? '').split('\n')[0] ?? ''
      // A number a `#` search can name: a whole number, not 1.5 or -5 (those are plain text).
      const numbered = snapshot.find((row) => {
        const own = row.order.sequence_number
        return typeof own === 'number' && Number.isSafeInteger(own) && own >= 0
      })
      const sequence = numbered ? `#${numbered.order.sequence_number}` : ''
      // A letter in most orders (by the orders' masks), a piece of the first order's text (found
      // by the scan of all text), a perk's code (found through the perks' holders), an order
      // number (its orders by number, listed on the first such search).
      for (const term of [word.slice(0, 1), word.slice(0, 6), perk, sequence])
        if (term !== '') index.filter({ search: term, statuses: [] })
    },
    filter(filter: ContributionFilter = {}): CampaignContribution[] {
      const f = compileFilter(filter)
      const fieldsMatch = fields.matcher(f)
      const out: CampaignContribution[] = []
      const flags = f.terms.map(perksWith)
      const bits = f.terms.map((term) => (term.length === 1 ? (BIT_OF.get(term) ?? -1) : -1))
      const [sequence] = f.sequenceNumbers
      if (sequence !== undefined) {
        // An order matches only with every number asked, so the first narrows to a few orders;
        // the whole test (fields, other numbers, terms) then runs on those alone.
        for (const i of sequenceHits(sequence))
          if (matches(i, f, fieldsMatch, flags, bits)) out.push(snapshot[i] as CampaignContribution)
        return out
      }
      if (f.terms.length === 0) {
        for (let i = 0; i < count; i++)
          if (fieldsMatch(i)) out.push(snapshot[i] as CampaignContribution)
        return out
      }
      let candidates: number[] | null = null
      for (let t = 0; t < f.terms.length && candidates === null; t++) {
        candidates = rareHits(f.terms[t] as string, flags[t] ?? null)
      }
      if (candidates === null) {
        for (let i = 0; i < count; i++)
          if (matches(i, f, fieldsMatch, flags, bits)) out.push(snapshot[i] as CampaignContribution)
      } else {
        for (const i of candidates)
          if (matches(i, f, fieldsMatch, flags, bits)) out.push(snapshot[i] as CampaignContribution)
      }
      return out
    },
  }
  return index
}

/**
 * Each order's status and country as small numbers and plain text, so the common filter (some
 * statuses, maybe a country) is two array reads per order; anything more goes to matchesFields.
 */
function fieldIndex(rows: readonly CampaignContribution[]): {
  matcher(f: CompiledFilter): (i: number) => boolean
} {
  const statusNames: string[] = []
  const statusOf = new Uint16Array(rows.length)
  const countryOf = new Array<string | null>(rows.length)
  const codes = new Map<string, number>()
  for (let i = 0; i < rows.length; i++) {
    const order = (rows[i] as CampaignContribution).order
    let code = codes.get(order.status)
    if (code === undefined) {
      code = statusNames.length
      codes.set(order.status, code)
      statusNames.push(order.status)
    }
    statusOf[i] = code
    const country = order.shipping?.country
    countryOf[i] = country == null ? null : country.trim().toLowerCase()
  }
  return {
    matcher(f) {
      if (f.nodes.length !== 0 || f.sequenceNumbers.length !== 0) {
        return (i) => matchesFields(rows[i] as CampaignContribution, f)
      }
      const allowed = new Uint8Array(statusNames.length)
      for (let k = 0; k < statusNames.length; k++) {
        allowed[k] = f.statuses === null || f.statuses.has(statusNames[k] as string) ? 1 : 0
      }
      const country = f.country
      if (country === undefined) return (i) => allowed[statusOf[i] as number] === 1
      return (i) => allowed[statusOf[i] as number] === 1 && countryOf[i] === country
    },
  }
}
