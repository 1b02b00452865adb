/**
 * Per-item retries of a batch request. The batch endpoints answer 200 with one result per item;
 * an item the server reports as a transient failure (rate limit, overload, timeout) is sent again
 * after a backoff, alone with the other such items, up to a budget. Permanent failures (an invalid
 * property, an unknown class) are final at once.
 *
 * @packageDocumentation
 */
import { Observable, SchedulerLike, concat, from, mergeMap, of, timer } from 'rxjs'
import { Prepared } from './sink'

/**
 * The outcome of one item in one request.
 *
 * @example
 * ```ts
 * const ok: ItemOutcome = { index: 0, ok: true }
 * const failed: ItemOutcome = { index: 1, ok: false, messages: ['rate limit'], transient: true }
 * ```
 */
export type ItemOutcome =
  | { readonly index: number; readonly ok: true }
  | { readonly index: number; readonly ok: false; readonly messages: readonly string[]; readonly transient: boolean; readonly cause?: unknown }

const TRANSIENT = /rate.?limit|too many requests|\b429\b|overload|try again|timed? ?out|deadline exceeded|connection reset|unavailable|resource exhausted/i

/**
 * True for a server message that says "later", not "never".
 *
 * @example
 * ```ts
 * isTransientMessage('429 Too Many Requests') // true
 * isTransientMessage("invalid text property 'title'") // false
 * ```
 */
export const isTransientMessage = (message: string): boolean => TRANSIENT.test(message)

/** Backoff before item retry `n` (1-based): 200 ms, 400 ms, 800 ms, ... capped at 5 s. */
const backoffMs = (n: number): number => Math.min(5_000, 200 * 2 ** (n - 1))

/**
 * Sends `items` with `sendOnce`; items that come back transient are sent again (only those), up to
 * `retries` times; emits every item's final outcome.
 *
 * @example
 * ```ts
 * withItemRetries(batch, (items) => sendRequest(items), 3, asyncScheduler)
 * ```
 */
export const withItemRetries = <P>(
  items: ReadonlyArray<Prepared<P>>,
  sendOnce: (items: ReadonlyArray<Prepared<P>>) => Observable<readonly ItemOutcome[]>,
  retries: number,
  scheduler: SchedulerLike,
  attempt = 0,
): Observable<ItemOutcome> =>
  sendOnce(items).pipe(
    mergeMap((outcomes) => {
      const again = attempt < retries ? outcomes.filter((o) => !o.ok && o.transient) : []
      if (again.length === 0) return from(outcomes)
      const retryIndexes = new Set(again.map((o) => o.index))
      const final = outcomes.filter((o) => !retryIndexes.has(o.index))
      const retryItems = items.filter((item) => retryIndexes.has(item.index))
      return concat(
        from(final),
        timer(backoffMs(attempt + 1), scheduler).pipe(
          mergeMap(() => withItemRetries(retryItems, sendOnce, retries, scheduler, attempt + 1)),
        ),
      )
    }),
  )

/** Every item of `items` with the same failure (the whole request failed). */
export const allFailed = <P>(items: ReadonlyArray<Prepared<P>>, messages: readonly string[], cause: unknown): Observable<readonly ItemOutcome[]> =>
  of(items.map((item): ItemOutcome => ({ index: item.index, ok: false, messages, transient: false, cause })))
