/**
 * The pace of a rate-limited batch: requests spaced by the time their items take at the rate, no
 * minute with more than the limit even when the batch size does not divide it, no credit earned
 * while idle, and the batch size lowered to a second's worth of items.
 */
import { pacedBatchSize, ratePace } from '../../lib/batch/rate-pace'

/** Sends `count` requests of `n` items as soon as the pace lets them, from time 0; their times. */
const schedule = (perMinute: number, n: number, count: number): number[] => {
  const pace = ratePace(perMinute)
  const times: number[] = []
  let now = 0
  for (let i = 0; i < count; i++) {
    now += pace.delay(n, now)
    pace.sent(n, now)
    times.push(now)
  }
  return times
}

/** The most items sent in any window [t, t + 60 s) of a schedule of requests of `n` items. */
const busiestMinute = (times: readonly number[], n: number): number =>
  Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + 60_000).length * n))

describe('ratePace', () => {
  it('spaces requests of 100 at 6,000 a minute one second apart, the first at once', () => {
    expect(schedule(6_000, 100, 4)).toEqual([0, 1_000, 2_000, 3_000])
  })

  it('sends no more than the limit in any minute when the batch size does not divide it', () => {
    // 150 a minute in requests of 100: spacing alone would send 200 in the first 40 s.
    const times = schedule(150, 100, 6)
    expect(busiestMinute(times, 100)).toBeLessThanOrEqual(150)
    expect(times.slice(0, 2)).toEqual([0, 60_000])
  })

  it('earns no credit while idle: after a pause the next requests are spaced as before', () => {
    const pace = ratePace(6_000)
    pace.sent(100, 0)
    expect(pace.delay(100, 30_000)).toBe(0)
    pace.sent(100, 30_000)
    expect(pace.delay(100, 30_000)).toBe(1_000)
  })
})

describe('pacedBatchSize', () => {
  it('lowers the batch size to a second of items at the rate, at least one, and leaves it alone without a rate', () => {
    expect([pacedBatchSize(500, 6_000), pacedBatchSize(50, 6_000), pacedBatchSize(100, 30), pacedBatchSize(100, undefined)]).toEqual([100, 50, 1, 100])
  })
})
