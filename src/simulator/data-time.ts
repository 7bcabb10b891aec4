/**
 * Timestamps of the simulated platform. The real API answers in US Pacific time with a numeric
 * offset (`-07:00` seen); rendering every instant in Pacific time, DST included, means the dataset
 * mixes `-08:00` and `-07:00`, which is exactly what a client's date parsing has to cope with.
 */

const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** The dataset's "now": 2026-03-01T00:00:00-08:00. Nothing is derived from the wall clock. */
export const EPOCH_MS = Date.UTC(2026, 2, 1, 8, 0, 0)

const dstCache = new Map<number, readonly [number, number]>()

/** US rule since 2007: second Sunday of March 02:00 PST to first Sunday of November 02:00 PDT. */
function pacificDstWindow(year: number): readonly [number, number] {
  let window = dstCache.get(year)
  if (!window) {
    const march1 = new Date(Date.UTC(year, 2, 1)).getUTCDay()
    const secondSundayMarch = 1 + ((7 - march1) % 7) + 7
    const nov1 = new Date(Date.UTC(year, 10, 1)).getUTCDay()
    const firstSundayNov = 1 + ((7 - nov1) % 7)
    window = [
      Date.UTC(year, 2, secondSundayMarch, 10),
      Date.UTC(year, 10, firstSundayNov, 9),
    ] as const
    dstCache.set(year, window)
  }
  return window
}

// The last year looked up: nearly every call falls in the same year as the one before.
let cachedYearStart = 0
let cachedYearEnd = -1
let cachedDst: readonly [number, number] = [0, 0]

/** Offset of US Pacific time from UTC at `ms`, in hours (-7 or -8). */
export function pacificOffsetHours(ms: number): number {
  if (ms < cachedYearStart || ms >= cachedYearEnd) {
    const year = new Date(ms).getUTCFullYear()
    cachedYearStart = Date.UTC(year, 0, 1)
    cachedYearEnd = Date.UTC(year + 1, 0, 1)
    cachedDst = pacificDstWindow(year)
  }
  return ms >= cachedDst[0] && ms < cachedDst[1] ? -7 : -8
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'))
const dayPrefixes = new Map<number, string>()

/**
 * `2026-03-04T10:15:00-07:00`: second precision, Pacific wall-clock time, numeric offset.
 * Hand-assembled with a per-day cache because Date#toISOString dominated generation time.
 */
export function formatTimestamp(ms: number): string {
  const offset = pacificOffsetHours(ms)
  const local = Math.floor(ms / 1000) * 1000 + offset * HOUR
  const day = Math.floor(local / DAY)
  let prefix = dayPrefixes.get(day)
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11)
    dayPrefixes.set(day, prefix)
  }
  let seconds = (local - day * DAY) / 1000
  const hours = Math.floor(seconds / 3600)
  seconds -= hours * 3600
  const minutes = Math.floor(seconds / 60)
  seconds -= minutes * 60
  return `${prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}${offset === -7 ? '-07:00' : '-08:00'}`
}

/** A Pacific wall-clock time as epoch milliseconds (for readable fixed dates in the generator). */
export function pacific(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute)
  return guess - pacificOffsetHours(guess + 8 * HOUR) * HOUR
}
