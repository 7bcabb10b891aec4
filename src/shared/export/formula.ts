// Spreadsheet formula injection ("CSV injection"), neutralised as OWASP describes:
// https://owasp.org/www-community/attacks/CSV_Injection
//
// A text value that begins with one of these characters may be evaluated as a formula by Excel,
// LibreOffice or Google Sheets once the file is opened or re-imported. Backer names, addresses and
// perk labels are typed by strangers, so every text cell we write goes through here.
//
// Two defences, one per file type:
// - CSV has no types: every field is parsed like typed input when opened, so a dangerous value is
//   prefixed with a single quote, OWASP's own recommendation (`neutralizeFormula`).
// - xlsx stores a string cell as a string: Excel, LibreOffice and Google Sheets never evaluate
//   it, so the workbook keeps the text exactly as typed (`storableText`), in a cell of the Text
//   format, with Excel's hidden apostrophe (the cell style's quotePrefix, written by
//   src/main/core/export/excel-quote-prefix.ts) where the text starts like a formula, so
//   editing the cell and pressing Enter keeps it text too. A literal apostrophe there would print
//   on every mail-merged label. The risk accepted with it: someone who saves the workbook as CSV
//   in a spreadsheet gets that text without a quote, and reopening that CSV can evaluate it.
//   Our own shipper CSV (export-csv, the app's "Shipper CSV") is the file to import instead.
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

// A tracking number written with a sign ("+1234", "-0042"), or several joined by ", ": digits,
// spaces and signs only, so no function name, no cell reference (those need a letter) and no
// DDE pipe. No carrier prints such a number, but a shipper's file may hold one; the dashboard
// import would keep a quote put before it as part of the number.
const SIGNED_DIGITS = /^[+-][0-9][0-9 ,+-]*$/

// Spaces before the formula character do not save a cell: Excel and LibreOffice trim them as
// the cell is entered (or a "trim spaces" import option does), and the formula runs.
const LEADING_BLANKS = /^[ \u00a0\u3000]+/

// NUL and the other C0 controls that no spreadsheet cell holds: XML (xlsx) forbids them, and a
// NUL in a CSV ends the field for many C importers. Tab, CR and LF stay (and count as formula
// characters at the start).
// eslint-disable-next-line no-control-regex
const UNSTORABLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g

/** True when `text`, typed into a cell, starts like a formula (phone numbers included). */
export function startsLikeFormula(text: string): boolean {
  const first = text.replace(LEADING_BLANKS, '')
  return first.length > 0 && DANGEROUS_FIRST.has(first[0]!)
}

/** True when a spreadsheet could read `text` as a formula (or a DDE payload). */
export function isDangerousText(text: string): boolean {
  return startsLikeFormula(text) && !PHONE_NUMBER.test(text.replace(LEADING_BLANKS, ''))
}

/** The text without the controls no cell can hold; otherwise unchanged. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE_CONTROLS, '')
}

/**
 * The text as it should be stored in a CSV field: controls no cell can hold removed, then
 * unchanged when harmless, otherwise prefixed with a single quote. Idempotent, since a quoted
 * value starts with `'`.
 */
export function neutralizeFormula(text: string): string {
  const clean = storableText(text)
  return isDangerousText(clean) ? `'${clean}` : clean
}

/**
 * A carrier or tracking-number cell PerkPack writes into another program's file (`tracking
 * fill`): the CSV rule, and signed digit strings kept as they are (`SIGNED_DIGITS`).
 */
export function neutralizeTrackingText(text: string): string {
  const clean = storableText(text)
  return SIGNED_DIGITS.test(clean.replace(LEADING_BLANKS, '')) ? clean : neutralizeFormula(clean)
}
