/**
 * Per-item retries of a batch request. The batch endpoints answer 200 with one result per item;
 * an item whose failure is transient (its tagged error, see `item-failure.ts`, has a transient
 * status) is sent again, alone with the other such items, after the wait the request retry policy
 * (`lib/transport/http/retry.ts`) gives: the same backoff, jitter and caps as a request. Permanent failures (an
 * invalid property, an unknown class) and whole-request failures (already retried by the
 * pipeline) are final at once.
 *
 * @packageDocumentation
 */
import { EMPTY, Observable, SchedulerLike, concat, mergeMap, of, timer } from 'rxjs'
import { UnexpectedStatusError, WeaviateError } from '../core/errors'
import { RetryRequest, retryDelay } from '../transport/http/retry'
import { RetryOptions } from '../transport/http/types'
import { Prepared } from './sink'

/**
 * Why an item was not written: its own failure in the answer, or the failure of the whole request.
 */
export type ItemFailure =
  | { readonly kind: 'item'; readonly error: UnexpectedStatusError }
  | { readonly kind: 'request'; readonly error: WeaviateError }

/**
 * The outcome of one item in one request, with the item itself (so a result needs no lookup).
 */
export type ItemOutcome<P> = { readonly item: Prepared<P>; readonly ok: true } | { readonly item: Prepared<P>; readonly ok: false; readonly failure: ItemFailure }

/**
 * How items are retried: the retry options of the call (attempts = item retries + 1) and the
 * clock of the waits.
 */
export interface ItemRetryPolicy {
  readonly options: RetryOptions
  readonly scheduler: SchedulerLike
}

/** An item sent again was not written, so sending it again is safe whatever the endpoint. */
const ITEM_REQUEST: RetryRequest = { method: 'POST', idempotent: true }

/** The policy's wait before sending this outcome's item again, or undefined when it is final. */
const waitBefore = <P>(outcome: ItemOutcome<P>, attempt: number, options: RetryOptions): number | undefined =>
  outcome.ok || outcome.failure.kind === 'request'
    ? undefined
    : retryDelay({ error: outcome.failure.error, attempt, request: ITEM_REQUEST, options, remainingMs: Infinity })

/**
 * Sends `items` with `sendOnce`; items that come back with a transient failure are sent again
 * (only those, after the longest of their waits) while the policy allows. Emits the items' final
 * outcomes, one array per request (an item in exactly one of them): per request, not per item, so
 * a result costs no operator hops.
 */
export const withItemRetries = <P>(
  items: ReadonlyArray<Prepared<P>>,
  sendOnce: (items: ReadonlyArray<Prepared<P>>) => Observable<ReadonlyArray<ItemOutcome<P>>>,
  policy: ItemRetryPolicy,
  attempt = 1,
): Observable<ReadonlyArray<ItemOutcome<P>>> =>
  sendOnce(items).pipe(
    mergeMap((outcomes) => {
      if (outcomes.every((o) => o.ok)) return of(outcomes)
      const final: Array<ItemOutcome<P>> = []
      const again: Array<Prepared<P>> = []
      let wait = 0
      for (const outcome of outcomes) {
        const delay = waitBefore(outcome, attempt, policy.options)
        if (delay === undefined) final.push(outcome)
        else {
          again.push(outcome.item)
          wait = Math.max(wait, delay)
        }
      }
      if (again.length === 0) return of(outcomes)
      return concat(
        final.length === 0 ? EMPTY : of(final),
        timer(wait, policy.scheduler).pipe(mergeMap(() => withItemRetries(again, sendOnce, policy, attempt + 1))),
      )
    }),
  )

/**
 * Every item of `items` with the same failure (the whole request failed).
 */
export const allFailed = <P>(items: ReadonlyArray<Prepared<P>>, error: WeaviateError): Observable<ReadonlyArray<ItemOutcome<P>>> =>
  of(items.map((item): ItemOutcome<P> => ({ item, ok: false, failure: { kind: 'request', error } })))
