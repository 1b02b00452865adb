/**
 * The pace of a rate-limited batch run: how long a request of `n` items waits before it goes out,
 * so that no more than a given number of items per minute are sent, spread evenly over the minute
 * rather than sent at once and then held back.
 *
 * @packageDocumentation
 */

/** One minute in milliseconds: the window of the limit. */
const MINUTE_MS = 60_000

/**
 * A rate limit's state: each request is spaced from the previous one by the time its items take
 * at the rate, and no request goes out while the items sent in the last minute plus its own would
 * exceed the limit (that second rule keeps the bound exact when the batch size does not divide the
 * rate). Waiting while idle earns no credit: a paused source does not make a burst.
 */
export interface RatePace {
  /** The milliseconds a request of `n` items waits, at `now`, before it may go out (0: now). */
  delay(n: number, now: number): number
  /** Records that a request of `n` items went out at `now`. */
  sent(n: number, now: number): void
}

/**
 * The pace of at most `perMinute` items over any minute (a window that includes its start and
 * excludes its end); `perMinute` is a checked positive finite number.
 */
export const ratePace = (perMinute: number): RatePace => {
  const msPerItem = MINUTE_MS / perMinute
  const window: Array<{ readonly at: number; readonly n: number }> = []
  let inWindow = 0
  let next = -Infinity
  const forget = (now: number): void => {
    for (let first = window[0]; first !== undefined && first.at + MINUTE_MS <= now; first = window[0]) {
      window.shift()
      inWindow -= first.n
    }
  }
  return {
    delay: (n, now) => {
      forget(now)
      let at = Math.max(now, next)
      let excess = inWindow + n - perMinute
      for (const entry of window) {
        if (excess <= 0) break
        excess -= entry.n
        at = Math.max(at, entry.at + MINUTE_MS)
      }
      return at - now
    },
    sent: (n, now) => {
      window.push({ at: now, n })
      inWindow += n
      next = now + n * msPerItem
    },
  }
}

/**
 * The batch size of a run at `perMinute`: at most a second's worth of items, so that requests go
 * out about every second instead of one large request every several seconds.
 */
export const pacedBatchSize = (batchSize: number, perMinute: number | undefined): number =>
  perMinute === undefined ? batchSize : Math.min(batchSize, Math.max(1, Math.ceil(perMinute / 60)))
