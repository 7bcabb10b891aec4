// Dates in the workbook are real date cells (a number with a date format), so a spreadsheet sorts,
// filters and computes with them. An Excel date has no time zone: it is the wall-clock time as
// the cell shows it. exceljs turns a JS Date into that number from its UTC fields, so each value
// is built with the wall-clock fields it must show as its UTC fields.

/** The pledge's calendar day, as the app and the slips say it. */
export const DAY_FORMAT = 'yyyy-mm-dd'
/** The packing time, to the minute (seconds only clutter a sheet read at a packing desk). */
export const MINUTE_FORMAT = 'yyyy-mm-dd hh:mm'

/** The time zone of the computer writing the workbook (the desk's), as an IANA name. */
export function deskTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** "2026-01-13" as that day's date cell; null for anything else (kept as text then). */
export function dayCell(text: string): Date | null {
  const match = DAY_RE.exec(text)
  if (!match) return null
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return Number.isNaN(date.getTime()) ? null : date
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formatters.set(timeZone, format)
  }
  return format
}

/**
 * An ISO 8601 instant ("2026-11-25T09:21:57.629Z") as a date-and-time cell showing the wall-clock
 * time in `timeZone`, to the minute; null when the text is not a time (kept as text then).
 */
export function minuteCell(iso: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso)) return null
  const instant = new Date(iso)
  if (Number.isNaN(instant.getTime())) return null
  const parts: Record<string, number> = {}
  for (const part of wallClock(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const { year, month, day, hour, minute } = parts as Record<string, number>
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!))
}
