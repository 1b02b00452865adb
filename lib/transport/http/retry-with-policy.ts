/**
 * The retry loop as an RxJS operator, the layer over the whole attempt (node, transport, deadline,
 * classification); its waits run on the request's clock, so a `TestScheduler` can drive them. The
 * decision itself (wait how long, or give up) is a plain function, usually built from
 * `retryDelay` in `retry.ts`.
 *
 * @packageDocumentation
 */
import { MonoTypeOperatorFunction, SchedulerLike, asyncScheduler, retry, throwError, timer } from 'rxjs'
import { WeaviateError, isWeaviateError } from '../../core/errors'

/**
 * Configuration of {@link retryWithPolicy}.
 */
export interface RetryLoopConfig {
  /**
   * The wait before the next attempt after attempt `attempt` (1-based) failed with `error`, or
   * `undefined` to give up and pass `error` on.
   */
  readonly delay: (error: WeaviateError, attempt: number) => number | undefined
  /** Where the waits are scheduled. Default `asyncScheduler`. */
  readonly scheduler?: SchedulerLike
}

/**
 * Resubscribes to the source after a {@link WeaviateError}, waiting `config.delay(error, attempt)`
 * ms first, until the source succeeds or `delay` gives up; then the last error is passed on.
 * Errors that are not WeaviateErrors (bugs) are passed on at once. Unsubscribing during a wait
 * cancels it.
 */
export const retryWithPolicy = <T>(config: RetryLoopConfig): MonoTypeOperatorFunction<T> => {
  const scheduler = config.scheduler ?? asyncScheduler
  return retry({
    delay: (error: unknown, attempt: number) => {
      const wait = isWeaviateError(error) ? config.delay(error, attempt) : undefined
      return wait === undefined ? throwError(() => error) : timer(wait, scheduler)
    },
  })
}
