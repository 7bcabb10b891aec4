/**
 * Reading CSV files other programs wrote (a shipper's export, the platform dashboard's
 * contributions file) without losing how they were written: every field keeps where its raw
 * text sits in the file, so a cell can be replaced and everything else written back byte for
 * byte (quoting, line endings, the columns PerkPack does not know).
 */

export type CsvDelimiter = ',' | ';' | '\t'

export interface CsvField {
  /** The value, quotes removed and doubled quotes undone. */
  value: string
  /** Where the field's raw text (quotes included) starts and ends in the text. */
  start: number
  end: number
  quoted: boolean
}

export interface CsvRecord {
  fields: CsvField[]
  /** The line of the file the record starts on, counted from 1 (quoted line breaks count). */
  line: number
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
    this.name = 'CsvSyntaxError'
  }
}

const DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t']

/**
 * The delimiter of the header line: the candidate seen most often outside quotes. Spreadsheets
 * in locales with a decimal comma save `;`, "Unicode text" saves tabs.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && counts.has(ch as CsvDelimiter))
      counts.set(ch as CsvDelimiter, counts.get(ch as CsvDelimiter)! + 1)
  }
  let best: CsvDelimiter = ','
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

/** The line break the file uses (the first one found), for rows PerkPack adds. */
export function detectLineBreak(text: string): string {
  const at = text.search(/\r\n|\n|\r/)
  if (at < 0) return '\r\n'
  return text.startsWith('\r\n', at) ? '\r\n' : text[at]!
}

/**
 * Every record of `text` (RFC 4180, any of CRLF, LF, CR between records, quoted fields may hold
 * line breaks). Blank lines are skipped. A quote left open at the end is an error naming its line;
 * a stray quote inside an unquoted field is kept as text, as spreadsheets do.
 */
export function parseCsv(text: string, delimiter: CsvDelimiter): CsvRecord[] {
  return [...csvRecords(text, delimiter)]
}

/**
 * The records of `text` as parseCsv reads them, one at a time as they are parsed: a reader
 * that lets go of each record holds one, not the file's (100,000 lines as field objects are
 * hundreds of MB). An error is thrown when the parser reaches it, after the records before it.
 */
export function* csvRecords(text: string, delimiter: CsvDelimiter): Generator<CsvRecord> {
  let i = 0
  let line = 1
  const n = text.length
  while (i < n) {
    const recordLine = line
    const fields: CsvField[] = []
    for (;;) {
      const start = i
      let value: string
      let quoted = false
      if (text[i] === '"') {
        quoted = true
        i += 1
        let parts = ''
        let from = i
        for (;;) {
          const q = text.indexOf('"', i)
          if (q < 0) {
            throw new CsvSyntaxError(
              `A quoted field opened on line ${recordLine} is never closed.`,
              recordLine,
            )
          }
          line += countBreaks(text, i, q)
          if (text[q + 1] === '"') {
            parts += text.slice(from, q + 1)
            i = q + 2
            from = i
            continue
          }
          parts += text.slice(from, q)
          i = q + 1
          break
        }
        // Text between the closing quote and the delimiter is kept, as spreadsheets keep it.
        const rest = i
        while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') i += 1
        value = parts + text.slice(rest, i)
      } else {
        while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') i += 1
        value = text.slice(start, i)
      }
      fields.push({ value, start, end: i, quoted })
      if (i < n && text[i] === delimiter) {
        i += 1
        continue
      }
      break
    }
    // The record's line break.
    if (text[i] === '\r') i += text[i + 1] === '\n' ? 2 : 1
    else if (text[i] === '\n') i += 1
    line += 1
    const blank = fields.length === 1 && fields[0]!.value === '' && !fields[0]!.quoted
    if (!blank) yield { fields, line: recordLine }
  }
}

function countBreaks(text: string, from: number, to: number): number {
  let breaks = 0
  for (let k = from; k < to; k++) {
    const ch = text.charCodeAt(k)
    if (ch === 10) breaks += 1
    else if (ch === 13 && text.charCodeAt(k + 1) !== 10) breaks += 1
  }
  return breaks
}

/** A header name as people type it: case, spacing and punctuation do not matter. */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim()
}

/** The index of the first header matching one of `names` (by headerKey), or -1. */
export function findColumn(header: readonly CsvField[], names: readonly string[]): number {
  const wanted = new Set(names.map(headerKey))
  return header.findIndex((field) => wanted.has(headerKey(field.value)))
}

/** A value as a field of this file: quoted when it must be, or when the cell it replaces was. */
export function csvField(value: string, delimiter: CsvDelimiter, quote: boolean): string {
  const must =
    value.includes(delimiter) ||
    value.includes('"') ||
    value.includes('\n') ||
    value.includes('\r') ||
    value !== value.trim()
  return must || quote ? `"${value.replace(/"/g, '""')}"` : value
}
