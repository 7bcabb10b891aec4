/** Excel's own limit; a longer name makes the whole workbook "unreadable content". */
const SHEET_NAME_MAX = 31

// Excel refuses these in a sheet name. The apostrophe is allowed by Excel, but exceljs writes the
// print-titles defined name as `'<name>'!$1:$1` without doubling it, which corrupts the workbook,
// so it becomes a typographic apostrophe instead.
const FORBIDDEN_RE = /[:\\/?*[\]]/g
// Control characters are invalid in XML 1.0 attribute values and meaningless in a tab label.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u001f\u007f]/g

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair (an emoji in a label). */
function cutUnits(text: string, max: number): string {
  if (text.length <= max) return text
  let end = max
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return text.slice(0, end).trimEnd()
}

function cleanName(text: string): string {
  return text
    .replace(CONTROL_RE, ' ')
    .replace(FORBIDDEN_RE, ' ')
    .replace(/'/g, '\u2019')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Gives out valid, unique sheet names. Excel compares names case-insensitively and reserves
 * "History", so both are treated as taken.
 */
export class SheetNamer {
  private readonly taken = new Set<string>(['history'])

  /** A fixed name of ours ("Orders"); assumed valid. */
  reserve(name: string): string {
    this.taken.add(name.toLowerCase())
    return name
  }

  /**
   * The perk label as a sheet name. The perk id is appended only when needed (the label is empty,
   * too long, or already used), so the usual case reads exactly like the perk.
   */
  perk(label: string, perkId: number): string {
    const clean = cleanName(label)
    if (clean !== '' && clean.length <= SHEET_NAME_MAX && this.free(clean)) return this.take(clean)
    const suffix = ` (${perkId})`
    const base =
      clean === ''
        ? `Perk ${perkId}`
        : `${cutUnits(clean, SHEET_NAME_MAX - suffix.length)}${suffix}`
    if (this.free(base)) return this.take(base)
    // Two perks with the same id cannot both be listed; this is a last resort for odd data.
    for (let n = 2; ; n++) {
      const extra = ` ${n}`
      const name = `${cutUnits(base, SHEET_NAME_MAX - extra.length)}${extra}`
      if (this.free(name)) return this.take(name)
    }
  }

  private free(name: string): boolean {
    return !this.taken.has(name.toLowerCase())
  }

  private take(name: string): string {
    this.taken.add(name.toLowerCase())
    return name
  }
}

/** Widest column Excel is asked for; long addresses and item lists wrap instead. */
const COLUMN_WIDTH_CAP = 60
const COLUMN_WIDTH_MIN = 6
const DATE_WIDTH = 16

/**
 * Display width of `text` in Excel's character units, counting East Asian wide characters and
 * emoji as two. Gives up counting at `cap`. Only text wider than the current column estimate is
 * worth measuring, so callers check `text.length` first.
 */
function displayWidth(text: string, cap = COLUMN_WIDTH_CAP): number {
  let width = 0
  for (let i = 0; i < text.length && width < cap; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x1100) width++
    else if (code >= 0xdc00 && code <= 0xdfff)
      continue // second half of a pair, counted below
    else if (
      (code >= 0xd800 && code <= 0xdbff) ||
      code <= 0x115f ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6)
    )
      width += 2
    else width++
  }
  return Math.min(width, cap)
}

/** Keeps the widest value seen per column, cheaply: most values are shorter than the max. */
export class ColumnWidths {
  readonly widths: number[]

  constructor(headers: readonly string[]) {
    this.widths = headers.map((h) => displayWidth(h))
  }

  see(index: number, value: string | number | Date | null | undefined): void {
    if (value === null || value === undefined || value === '') return
    const current = this.widths[index] ?? 0
    if (typeof value !== 'string') {
      // A date shows at most "2026-11-25 09:21".
      const digits = value instanceof Date ? DATE_WIDTH : String(value).length
      if (digits > current) this.widths[index] = digits
      return
    }
    // A string of n UTF-16 units is at most 2n wide: most values are skipped without a scan.
    if (value.length * 2 <= current || current >= COLUMN_WIDTH_CAP) return
    const width = displayWidth(value)
    if (width > current) this.widths[index] = width
  }

  /** A measurer of some of these columns (in the given order), for a sheet showing a subset. */
  pick(indexes: readonly number[]): ColumnWidths {
    const picked = new ColumnWidths([])
    for (const i of indexes) picked.widths.push(this.widths[i] ?? 0)
    return picked
  }

  /** Column widths to hand to Excel: content plus padding for the filter button, capped. */
  final(): number[] {
    return this.widths.map((w) => Math.max(COLUMN_WIDTH_MIN, Math.min(COLUMN_WIDTH_CAP, w + 3)))
  }
}
