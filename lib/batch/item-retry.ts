/**
 * Per-item retries of a batch request. The batch endpoints answer 200 with one result per item;
 * an item the server reports as a transient failure (rate limit, overload, timeout) is sent again
 * after a backoff, alone with the other such items, up to a budget. Permanent failures (an invalid
 * property, an unknown class) are final at once.
 *
 * @packageDocumentation
 */
import { EMPTY, Observable, SchedulerLike, concat, mergeMap, of, timer } from 'rxjs'
import { Prepared } from './sink'

/**
 * The outcome of one item in one request, with the item itself (so a result needs no lookup).
 *
 * @example
 * ```ts
 * const ok: ItemOutcome<string> = { item, ok: true }
 * const failed: ItemOutcome<string> = { item, ok: false, messages: ['rate limit'], transient: true }
 * ```
 */
export type ItemOutcome<P> =
  | { readonly item: Prepared<P>; readonly ok: true }
  | {
      readonly item: Prepared<P>
      readonly ok: false
      readonly messages: readonly string[]
      readonly transient: boolean
      readonly cause?: unknown
    }

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

const retriable = <P>(o: ItemOutcome<P>): boolean => !o.ok && o.transient

/**
 * Sends `items` with `sendOnce`; items that come back transient are sent again (only those), up to
 * `retries` times. Emits the items' final outcomes, one array per request (an item in exactly one
 * of them): per request, not per item, so a result costs no operator hops.
 *
 * @example
 * ```ts
 * withItemRetries(batch, (items) => sendRequest(items), 3, asyncScheduler)
 * ```
 */
export const withItemRetries = <P>(
  items: ReadonlyArray<Prepared<P>>,
  sendOnce: (items: ReadonlyArray<Prepared<P>>) => Observable<ReadonlyArray<ItemOutcome<P>>>,
  retries: number,
  scheduler: SchedulerLike,
  attempt = 0,
): Observable<ReadonlyArray<ItemOutcome<P>>> =>
  sendOnce(items).pipe(
    mergeMap((outcomes) => {
      if (attempt >= retries || !outcomes.some(retriable)) return of(outcomes)
      const final = outcomes.filter((o) => !retriable(o))
      const retryItems = outcomes.filter(retriable).map((o) => o.item)
      return concat(
        final.length === 0 ? EMPTY : of(final),
        timer(backoffMs(attempt + 1), scheduler).pipe(
          mergeMap(() => withItemRetries(retryItems, sendOnce, retries, scheduler, attempt + 1)),
        ),
      )
    }),
  )

/** Every item of `items` with the same failure (the whole request failed). */
export const allFailed = <P>(items: ReadonlyArray<Prepared<P>>, messages: readonly string[], cause: unknown): Observable<ReadonlyArray<ItemOutcome<P>>> =>
  of(items.map((item): ItemOutcome<P> => ({ item, ok: false, messages, transient: false, cause })))
