import type { Persona } from './data-people'
import type { Rng } from './data-random'
import type { WireShipping } from './wire'

/**
 * Share of a campaign's rows that are a second pledge by a backer already in it. Real campaigns
 * see a few per cent (a backer who forgot they had pledged, a card retried as a new pledge), and
 * the duplicate check must have some to find without firing on most orders: each pair flags
 * both its orders, so about 4 % of a campaign's orders are flagged.
 */
export const TWIN_SHARE = 0.02

/** How a second pledge retypes the first one's address; 0 is typed exactly the same. */
export const TYPING_SAME = 0
const TYPING_CASE = 1
const TYPING_ACCENTS = 2
const TYPING_PUNCTUATION = 3
const TYPING_LINES_MERGED = 4
const TYPINGS = 5

/**
 * `count` distinct pool references out of [first, poolSize), in random order: a partial
 * Fisher-Yates shuffle, so no backer is drawn twice. When the pool is too small (never with the
 * generator's own sizes) the remaining rows draw with replacement rather than fail.
 */
export function distinctRefs(rng: Rng, count: number, first: number, poolSize: number): Int32Array {
  const span = Math.max(0, poolSize - first)
  const deck = new Int32Array(span)
  for (let i = 0; i < span; i++) deck[i] = first + i
  const out = new Int32Array(count)
  for (let i = 0; i < count; i++) {
    if (i >= span) {
      out[i] = first + rng.int(Math.max(1, span))
      continue
    }
    const j = i + rng.int(span - i)
    const picked = deck[j] ?? first
    deck[j] = deck[i] ?? first
    deck[i] = picked
    out[i] = picked
  }
  return out
}

/**
 * Makes `pairs` rows the second pledge of another row: `twins` and `sources` are distinct free
 * positions; each twin takes its source's backer and one way of retyping the address.
 */
export function plantTwins(
  rng: Rng,
  refs: Int32Array,
  typings: Uint8Array,
  twins: readonly number[],
  sources: readonly number[],
): void {
  twins.forEach((twin, k) => {
    const source = sources[k]
    if (source === undefined) return
    refs[twin] = refs[source] ?? 0
    typings[twin] = rng.int(TYPINGS)
  })
}

const COMBINING_MARKS_RE = /[\u0300-\u036f]/g
const STREET_ABBREVIATION_RE = /\b(St|Ave|Rd|Blvd|Dr|Ln|Str|Av)(\.?)(?=\s|,|$)/

function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS_RE, '').normalize('NFC')
}

/** "12 Main St." <-> "12 Main St"; without an abbreviation, a comma after the first word. */
function togglePunctuation(address: string): string {
  const match = STREET_ABBREVIATION_RE.exec(address)
  if (match) {
    const [whole, word = '', dot = ''] = match
    return address.replace(whole, dot ? word : `${word}.`)
  }
  return address.replace(' ', ', ')
}

function retypedShipping(shipping: Readonly<WireShipping>, typing: number): WireShipping {
  const s = { ...shipping }
  switch (typing) {
    case TYPING_CASE:
      s.name = s.name.toLowerCase()
      s.city = s.city.toUpperCase()
      break
    case TYPING_ACCENTS:
      s.name = withoutAccents(s.name)
      s.address = withoutAccents(s.address)
      s.city = withoutAccents(s.city)
      break
    case TYPING_PUNCTUATION:
      s.address = togglePunctuation(s.address)
      break
    case TYPING_LINES_MERGED:
      if (s.address2) {
        s.address = `${s.address} ${s.address2}`
        s.address2 = null
      } else {
        s.address = `${s.address.replace(' ', '  ')} `
      }
      break
  }
  return s
}

/** The backer of a second pledge: same account and e-mail, the address typed as `typing` says. */
export function retypedPersona(persona: Persona, typing: number): Persona {
  if (typing === TYPING_SAME) return persona
  return { ...persona, shipping: Object.freeze(retypedShipping(persona.shipping, typing)) }
}
