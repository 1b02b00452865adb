/**
 * The `Retry-After` header (RFC 9110 §10.2.3), read with strict grammars: delta-seconds, or an
 * HTTP-date in one of its three forms (IMF-fixdate, RFC 850, asctime), each checked field by field
 * and by round-tripping the date (so `31 Feb` or a wrong weekday is not a date). Anything else is
 * ignored: `Date.parse` would take `'1 jan'` as 2001 or `'-5'` as a year.
 *
 * @packageDocumentation
 */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** `Sun, 06 Nov 1994 08:49:37 GMT` */
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/
/** `Sunday, 06-Nov-94 08:49:37 GMT` */
const RFC_850 = /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/
/** `Sun Nov  6 08:49:37 1994` */
const ASCTIME = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/
const DELTA_SECONDS = /^\d+$/

interface Parts {
  readonly weekday: number
  readonly day: number
  readonly month: number
  readonly year: number
  readonly hour: number
  readonly minute: number
  readonly second: number
}

/** The epoch ms of `parts`, or undefined when a field is out of range or the weekday is wrong. */
const checked = (parts: Parts): number | undefined => {
  if (parts.hour > 23 || parts.minute > 59 || parts.second > 60) return undefined
  const ms = Date.UTC(parts.year, parts.month, parts.day, parts.hour, parts.minute, Math.min(parts.second, 59))
  const date = new Date(ms)
  const roundTrips = date.getUTCFullYear() === parts.year && date.getUTCMonth() === parts.month && date.getUTCDate() === parts.day
  return roundTrips && date.getUTCDay() === parts.weekday ? ms : undefined
}

const monthOf = (name: string | undefined): number => MONTHS.indexOf(name as (typeof MONTHS)[number])
const num = (s: string | undefined): number => Number((s ?? '').trim())

/**
 * The epoch ms of an HTTP-date in any of its three forms, or `undefined` for anything else. A
 * two-digit RFC 850 year is taken within 50 years of `now` (RFC 9110 §5.6.7).
 */
export const parseHttpDate = (value: string, now: number): number | undefined => {
  const imf = IMF_FIXDATE.exec(value)
  if (imf !== null) {
    return checked({ weekday: DAYS.indexOf(imf[1] as (typeof DAYS)[number]), day: num(imf[2]), month: monthOf(imf[3]), year: num(imf[4]), hour: num(imf[5]), minute: num(imf[6]), second: num(imf[7]) })
  }
  const rfc850 = RFC_850.exec(value)
  if (rfc850 !== null) {
    const thisYear = new Date(now).getUTCFullYear()
    let year = Math.floor(thisYear / 100) * 100 + num(rfc850[4])
    if (year > thisYear + 50) year -= 100
    return checked({ weekday: LONG_DAYS.indexOf(rfc850[1] as (typeof LONG_DAYS)[number]), day: num(rfc850[2]), month: monthOf(rfc850[3]), year, hour: num(rfc850[5]), minute: num(rfc850[6]), second: num(rfc850[7]) })
  }
  const asctime = ASCTIME.exec(value)
  if (asctime !== null) {
    return checked({ weekday: DAYS.indexOf(asctime[1] as (typeof DAYS)[number]), day: num(asctime[3]), month: monthOf(asctime[2]), year: num(asctime[7]), hour: num(asctime[4]), minute: num(asctime[5]), second: num(asctime[6]) })
  }
  return undefined
}

/**
 * Parses a `Retry-After` header relative to `now`: delta-seconds (`"120"`) or an HTTP-date; a date
 * in the past is 0; anything else is `undefined` (the computed backoff applies).
 */
export const parseRetryAfter = (header: string | readonly string[] | undefined, now: number): number | undefined => {
  const raw = typeof header === 'string' ? header : header?.[0]
  if (raw === undefined) return undefined
  const value = raw.trim()
  if (DELTA_SECONDS.test(value)) return Number(value) * 1000
  const date = parseHttpDate(value, now)
  return date === undefined ? undefined : Math.max(0, date - now)
}
