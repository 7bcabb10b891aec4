// Dates, numbers and money as people read them, one helper per kind for the app's screens (the
// person's own locale: `locale` undefined) and for the documents main writes (the locale from
// Settings). Formatters are built once per locale and reused for 100,000 rows.

type Locale = string | undefined

function cached<T>(
  cache: Map<string, T>,
  locale: Locale,
  make: (tag: Locale) => T,
  /** What else the formatter depends on (a time zone). */
  variant = '',
): T {
  const key = `${locale ?? ''}\u0000${variant}`
  let value = cache.get(key)
  if (value === undefined) {
    try {
      value = make(locale)
    } catch {
      // A tag Intl rejects (a typo in Settings) must not fail a print: English then.
      value = make('en')
    }
    cache.set(key, value)
  }
  return value
}

const dateTimes = new Map<string, Intl.DateTimeFormat>()
const calendarDays = new Map<string, Intl.DateTimeFormat>()
const times = new Map<string, Intl.DateTimeFormat>()
const integers = new Map<string, Intl.NumberFormat>()
const relatives = new Map<string, Intl.RelativeTimeFormat>()

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * A moment on this machine's clock (a sync, a print, a pack): "Mar 1, 2026, 6:34 AM"; '—' when
 * none. The one form of a time on screen and on paper (slips, the pick list, the workbook's page
 * header), in the desk's locale; `timeZone` pins the clock where a document names its own.
 */
export function formatDateTime(
  iso: string | null | undefined,
  locale?: Locale,
  timeZone?: string,
): string {
  const date = parse(iso)
  if (!date) return '—'
  return cached(
    dateTimes,
    locale,
    (tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    timeZone,
  ).format(date)
}

/** The time of day alone ("6:34 AM"), as `formatDateTime` writes it, for a moment of today. */
export function formatTime(iso: string | null | undefined, locale?: Locale): string {
  const date = parse(iso)
  if (!date) return '—'
  return cached(times, locale, (tag) => {
    return new Intl.DateTimeFormat(tag, { timeStyle: 'short' })
  }).format(date)
}

function calendarDay(year: number, month: number, day: number, locale: Locale): string {
  return cached(calendarDays, locale, (tag) => {
    return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' })
  }).format(new Date(Date.UTC(year, month - 1, day)))
}

const CALENDAR_DAY_RE = /^\s*(\d{4})-(\d{2})-(\d{2})/

/**
 * The calendar day of a pledge or an event the API dates ("Feb 28, 2026"), as the platform's
 * own clock wrote it: the day in the timestamp's offset, not on this machine's clock, so the
 * drawer, the slip and the spreadsheet say the same day wherever they are made. '—' when
 * absent; a value that is not a date is shown as it came.
 */
export function formatDate(iso: string | null | undefined, locale?: Locale): string {
  const text = iso?.trim() ?? ''
  if (text === '') return '—'
  const match = CALENDAR_DAY_RE.exec(text)
  if (!match) return text
  const [, year, month, day] = match.map(Number) as [number, number, number, number]
  const check = new Date(Date.UTC(year, month - 1, day))
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return text
  return calendarDay(year, month, day, locale)
}

/**
 * The same calendar day as `formatDate`, written "2026-02-28" for a spreadsheet (sorts as text,
 * reads the same in every locale); '' when absent, the value as it came when it is not a date.
 */
export function calendarDayIso(iso: string | null | undefined): string {
  const text = iso?.trim() ?? ''
  const match = CALENDAR_DAY_RE.exec(text)
  if (!match) return text
  return formatDate(text) === text ? text : `${match[1]}-${match[2]}-${match[3]}`
}

export function formatNumber(value: number, locale?: Locale): string {
  return cached(integers, locale, (tag) => {
    return new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })
  }).format(value)
}

/** "5 minutes ago", "yesterday"; the absolute time belongs in a tooltip next to it. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  const date = parse(iso)
  if (!date) return 'never'
  const relative = cached(relatives, undefined, (tag) => {
    return new Intl.RelativeTimeFormat(tag, { numeric: 'auto' })
  })
  const seconds = Math.round((date.getTime() - now) / 1000)
  // A time just ahead of a clock that ticks every 30 s is "now", not "in 20 seconds".
  if (seconds > -10 && seconds < 300) return 'just now'
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
  ]
  let value = seconds
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(value, unit)
    value = Math.round(value / size)
  }
  return relative.format(value, 'year')
}

/** "3 s", "2 min 5 s", "1 h 4 min". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h) return `${h} h ${m} min`
  if (m) return `${m} min ${s} s`
  return `${s} s`
}

export interface Currency {
  iso_code?: string | null
  symbol?: string | null
}

/**
 * The currency an API object carries, read leniently: a currency object (as campaigns send)
 * or a bare ISO code. null when there is none to trust; the amount is then a plain number.
 */
export function currencyOf(value: unknown): Currency | null {
  if (typeof value === 'string') {
    const code = value.trim().toUpperCase()
    return /^[A-Z]{3}$/.test(code) ? { iso_code: code } : null
  }
  if (typeof value !== 'object' || value === null) return null
  const { iso_code: code, symbol } = value as Record<string, unknown>
  const out: Currency = {}
  if (typeof code === 'string' && code.trim() !== '') out.iso_code = code.trim()
  if (typeof symbol === 'string' && symbol.trim() !== '') out.symbol = symbol.trim()
  return out.iso_code || out.symbol ? out : null
}

/**
 * The currency of a contribution's amount: its own when the row names one (`currency`, or the
 * `currency_code` some payloads carry), else its campaign's (the API gives a currency per
 * campaign object); null when neither is known.
 */
export function amountCurrency(
  row: object,
  campaign: Currency | null | undefined,
): Currency | null {
  const { currency, currency_code: code } = row as { currency?: unknown; currency_code?: unknown }
  return currencyOf(currency) ?? currencyOf(code) ?? campaign ?? null
}

/**
 * "$12.50", "€25": the currency's own symbol; "25 CHF" with only its code; a plain number
 * ("25.00"-style, cents when there are any) when the currency is not known.
 */
export function formatMoney(amount: number, currency?: Currency | null, locale?: Locale): string {
  let number: string
  try {
    number = new Intl.NumberFormat(locale, {
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount)
  } catch {
    number = String(amount)
  }
  if (currency?.symbol) return `${currency.symbol}${number}`
  return currency?.iso_code ? `${number} ${currency.iso_code}` : number
}

/**
 * "2026-03-01 09:30:00 UTC": an ISO 8601 instant in UTC as the terminal prints it, the
 * same on every machine (the CLI's "last synced"; screens and paper use formatDateTime).
 */
export function utcStampText(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+/, '').replace(/Z$/, ' UTC')
}
