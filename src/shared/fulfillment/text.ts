// Letters that Unicode decomposition leaves alone but a person typing on a plain keyboard would
// spell with ASCII: "Strasse" must find "Straße", "Orsted" must find "Ørsted".
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
}
const COMBINING_MARKS_RE = /[\u0300-\u036f]/g

function foldCharSlow(char: string): string {
  // NFKD rather than NFD also folds ligatures and full-width forms ("ﬁ" -> "fi", "Ａ" -> "a");
  // lower-cased again because compatibility forms can decompose to capitals ("㎒" -> "MHz").
  const folded = char.normalize('NFKD').replace(COMBINING_MARKS_RE, '').toLowerCase()
  return SPECIAL_LETTERS[folded] ?? folded
}

// Latin-1 and Latin Extended A/B cover nearly every accented name and city; a table indexed by
// char code is the cheapest lookup there is. Built on first use, not at import.
const TABLE_END = 0x250
let latinTable: string[] | undefined
const otherChars = new Map<number, string>()

function foldCode(code: number): string {
  if (code < TABLE_END) {
    if (latinTable === undefined) {
      latinTable = []
      for (let c = 0; c < TABLE_END; c++) latinTable.push(foldCharSlow(String.fromCharCode(c)))
    }
    return latinTable[code] as string
  }
  let folded = otherChars.get(code)
  if (folded === undefined) {
    folded = foldCharSlow(String.fromCharCode(code))
    otherChars.set(code, folded)
  }
  return folded
}

/**
 * Lower-cases and strips accents so search is case- and accent-insensitive. Applied the same way
 * to the searched text and to the search terms, so they always agree.
 *
 * Folds char by char rather than normalising whole strings: building the search text of 100,000
 * accented rows took about half the time, as only the few non-ASCII characters of a row pay.
 * (A surrogate pair is folded half by half, which leaves it as it was, on both sides alike.)
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase()
  let out = ''
  let copied = 0
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i)
    if (code < 0x80) continue
    out += lower.slice(copied, i) + foldCode(code)
    copied = i + 1
  }
  return copied === 0 ? lower : out + lower.slice(copied)
}

/**
 * Code-unit order, as `Array.prototype.sort` and the `sort` command use. Used for SKU codes and
 * choice texts so the pick list (a command-line contract) comes out identical on every machine,
 * whatever its locale.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
