/**
 * The time limits of one request: each attempt may take `attemptMs`, and all attempts and waits
 * together `totalMs`, both measured on the request's clock (an RxJS `SchedulerLike`, so a
 * `TestScheduler` can run them). An attempt that runs out gets a {@link TimeoutError} at once,
 * even while undici is still connecting, and is unsubscribed (which aborts the exchange);
 * `phase: 'total'` when the total deadline came first. The attempt's timer lives exactly as long
 * as the attempt: an answer, a failure or an unsubscription clears it, so a finished request
 * leaves no timer behind.
 *
 * @packageDocumentation
 */
import { MonoTypeOperatorFunction, Observable, SchedulerLike } from 'rxjs'
import { HttpMethod, TimeoutError } from '../../core/errors'
import type { TimeoutOptions } from './types'

/** The longest delay one Node timer holds (2^31 - 1 ms, about 24.8 days); beyond it, no timer. */
export const MAX_TIMER_MS = 2_147_483_647

/**
 * When one attempt gives up, and how that is reported.
 */
export interface AttemptLimit {
  /** Milliseconds from the attempt's subscription; beyond about 24.8 days (or not finite), no timer. */
  readonly afterMs: number
  /** `'total'` when the attempt is cut short by the request's deadline. */
  readonly phase: 'attempt' | 'total'
  /** The configured timeout reported in the error. */
  readonly timeoutMs: number
}

/**
 * The deadline of one request, started when the request is subscribed to.
 */
export interface Deadline {
  /** What is left of `totalMs`. */
  remainingMs(): number
  /** The limit of an attempt starting now: `attemptMs`, or what is left of `totalMs` when that is less. */
  limit(): AttemptLimit
  /**
   * Fails the source with a TimeoutError for `request` when it has not emitted within
   * {@link Deadline.limit}, taken when it is subscribed to, and unsubscribes from it.
   */
  attempt<T>(request: { readonly method: HttpMethod; readonly url: string }): MonoTypeOperatorFunction<T>
}

/**
 * The limit of an attempt starting when `remainingMs` of the request's `totalMs` are left:
 * `attemptMs`, or what is left when that is less (`phase: 'total'`).
 */
export const attemptLimit = (timeout: TimeoutOptions, remainingMs: number): AttemptLimit =>
  remainingMs < timeout.attemptMs
    ? { afterMs: remainingMs, phase: 'total', timeoutMs: timeout.totalMs }
    : { afterMs: timeout.attemptMs, phase: 'attempt', timeoutMs: timeout.attemptMs }

/**
 * Starts the deadline of a request now, on `clock`.
 */
export const startDeadline = (timeout: TimeoutOptions, clock: SchedulerLike): Deadline => {
  const at = clock.now() + timeout.totalMs
  const remainingMs = (): number => at - clock.now()
  const limit = (): AttemptLimit => attemptLimit(timeout, remainingMs())
  return {
    remainingMs,
    limit,
    attempt:
      <T>(request: { readonly method: HttpMethod; readonly url: string }): MonoTypeOperatorFunction<T> =>
      (source) =>
        new Observable<T>((subscriber) => {
          const { afterMs, phase, timeoutMs } = limit()
          if (afterMs <= MAX_TIMER_MS) {
            // Added first, so the timer is cleared on every way out, the source's included.
            subscriber.add(
              clock.schedule(() => subscriber.error(new TimeoutError({ method: request.method, url: request.url, phase, timeoutMs })), Math.max(0, afterMs)),
            )
          }
          // The subscriber itself: an answer completes it and so clears the timer; a timeout
          // errors it and so unsubscribes (aborts) the source.
          source.subscribe(subscriber)
        }),
  }
}
