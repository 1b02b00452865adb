/**
 * The consumer's side of backpressure. RxJS is push-only (ReactiveX/rxjs#71), so a paged source
 * cannot ask "how many more items do you want?". Instead the consumer tells a {@link Pacer} each
 * time it has *finished* with an item, and the paged source fetches ahead only a bounded number of
 * pages beyond what was finished.
 *
 * @packageDocumentation
 */
import { BehaviorSubject, Observable } from 'rxjs'

// -------------------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------------------

/**
 * A running count of items the consumer has finished with. One pacer drives one subscription at a
 * time; a source that subscribes to it takes the count at subscription time as its zero, so a
 * pacer can be reused for a later, sequential subscription.
 *
 * @example
 * ```ts
 * const pacer = createPacer()
 * paginateAfter(fetchPage, { cursorOf: (o) => o.id, pageSize: 100, pacer })
 *   .pipe(
 *     concatMap(async (item) => (E.isRight(item) ? save(item.right) : console.error(item.left))),
 *     tap(() => pacer.ack()),
 *   )
 *   .subscribe()
 * ```
 */
export interface Pacer {
  /**
   * Records that the consumer has finished with `n` more items (default 1).
   *
   * @throws RangeError when `n` is not a non-negative integer.
   */
  ack(n?: number): void
  /**
   * The cumulative number of acknowledged items since the pacer was created; emits the current
   * count on subscription and after every `ack`.
   */
  readonly acked$: Observable<number>
}

// -------------------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------------------

/**
 * Creates a {@link Pacer} with a count of zero.
 *
 * @example
 * ```ts
 * const pacer = createPacer()
 * pacer.ack()   // one item done
 * pacer.ack(10) // ten more
 * ```
 */
export const createPacer = (): Pacer => {
  const acked = new BehaviorSubject(0)
  return {
    ack: (n = 1) => {
      if (!Number.isSafeInteger(n) || n < 0) {
        throw new RangeError(`Pacer.ack: n must be a non-negative integer, but was: ${n}`)
      }
      if (n > 0) acked.next(acked.value + n)
    },
    acked$: acked.asObservable(),
  }
}
