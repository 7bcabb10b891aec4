// Spreadsheet formula injection ("CSV injection"), neutralised as OWASP describes:
// https://owasp.org/www-community/attacks/CSV_Injection
//
// A text value that begins with one of these characters may be evaluated as a formula by Excel,
// LibreOffice or Google Sheets once the file is opened, re-imported or saved as CSV. Backer names,
// addresses and perk labels are typed by strangers, so every text cell we write goes through here.
//
// Why an apostrophe and not the `quotePrefix` cell style: exceljs 4.4.0 neither reads nor writes
// `quotePrefix` (its style xform, lib/xlsx/xform/style/style-xform.js, knows only numFmt, font,
// fill, border, alignment and protection), so the only portable defence that survives both the
// xlsx and the CSV path is OWASP's own recommendation: prefix the text with a single quote. The
// original text follows the quote unchanged, so nothing is lost and a reader can strip it.
//
// Only text is treated. Real numbers (quantities, amounts, negative numbers) are written as
// numbers by the callers and never pass through these functions.

// =, +, -, @, tab (0x09), carriage return (0x0D), line feed (0x0A), and their full-width forms,
// which Excel in East Asian locales turns into the ASCII ones as the cell is entered.
const DANGEROUS_FIRST = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠'])

// A phone number such as "+1 (503) 555-0100" starts with "+" but holds nothing a spreadsheet can
// execute: no function name, no DDE pipe, only digits and separators. Prefixing it would put a
// stray apostrophe into every carrier's and shipping tool's phone field, so it is left alone.
const PHONE_NUMBER = /^\+[0-9][0-9 ().-]{4,}$/

// Spaces before the formula character do not save a cell: Excel and LibreOffice trim them as
// the cell is entered (or a "trim spaces" import option does), and the formula runs.
const LEADING_BLANKS = /^[ \u00a0\u3000]+/

// NUL and the other C0 controls that no spreadsheet cell holds: XML (xlsx) forbids them, and a
// NUL in a CSV ends the field for many C importers. Tab, CR and LF stay (and count as formula
// characters at the start).
// eslint-disable-next-line no-control-regex
const UNSTORABLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g

/** True when a spreadsheet could read `text` as a formula (or a DDE payload). */
export function isDangerousText(text: string): boolean {
  const first = text.replace(LEADING_BLANKS, '')
  return first.length > 0 && DANGEROUS_FIRST.has(first[0]!) && !PHONE_NUMBER.test(first)
}

/**
 * The text as it should be stored in a spreadsheet or CSV cell: controls no cell can hold
 * removed, then unchanged when harmless, otherwise prefixed with a single quote. Idempotent,
 * since a quoted value starts with `'`.
 */
export function neutralizeFormula(text: string): string {
  const clean = text.replace(UNSTORABLE_CONTROLS, '')
  return isDangerousText(clean) ? `'${clean}` : clean
}
