/**
 * Retry-After with strict grammars: delta-seconds or an HTTP-date (IMF-fixdate, RFC 850, asctime),
 * checked field by field; everything else is ignored.
 */
import { parseHttpDate, parseRetryAfter } from '../../lib/transport/http/retry-after'

const NOW = Date.UTC(2015, 9, 21, 7, 28, 0) // Wed, 21 Oct 2015 07:28:00 GMT

describe('parseRetryAfter', () => {
  it.each([
    ['delta-seconds', '120', 120_000],
    ['delta-seconds with surrounding spaces', ' 3 ', 3_000],
    ['zero seconds', '0', 0],
    ['IMF-fixdate', 'Wed, 21 Oct 2015 07:28:10 GMT', 10_000],
    ['RFC 850 date', 'Wednesday, 21-Oct-15 07:28:10 GMT', 10_000],
    ['asctime date', 'Wed Oct 21 07:28:10 2015', 10_000],
    ['asctime date with a one-digit day', 'Mon Nov  2 07:28:00 2015', Date.UTC(2015, 10, 2, 7, 28) - NOW],
    ['a date in the past, as 0', 'Tue, 20 Oct 2015 07:28:10 GMT', 0],
  ])('accepts %s', (_name, value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected)
  })

  it.each([
    ['a lax date', '1 jan'],
    ['a negative number', '-5'],
    ['a fraction', '1.5'],
    ['an empty value', ''],
    ['words', 'soon'],
    ['a wrong weekday', 'Thu, 21 Oct 2015 07:28:10 GMT'],
    ['a day the month does not have', 'Sat, 31 Feb 2015 07:28:10 GMT'],
    ['a time out of range', 'Wed, 21 Oct 2015 25:28:10 GMT'],
    ['an ISO date', '2015-10-21T07:28:10Z'],
    ['a zone other than GMT', 'Wed, 21 Oct 2015 07:28:10 UTC'],
    ['lower-case names', 'wed, 21 oct 2015 07:28:10 GMT'],
  ])('ignores %s', (_name, value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined()
  })

  it('takes the first of several header values', () => {
    expect(parseRetryAfter(['7', '9'], NOW)).toBe(7_000)
  })

  it('reads a two-digit RFC 850 year within 50 years of now', () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37))
  })
})
