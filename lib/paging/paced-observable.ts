/**
 * An Observable that can also be consumed with real backpressure: through a {@link Pacer}
 * (`withPacer`) or through `for await` (`Symbol.asyncIterator`), where pulling the next item is
 * what acknowledges the previous one.
 *
 * @packageDocumentation
 */
import { Observable } from 'rxjs'
import { Pacer, PacedSource } from './pacer'
import { toAsyncIterable } from './to-async-iterable'

/**
 * A cold Observable built from `build(pacer)`:
 * - subscribed as a plain Observable it runs `build(undefined)`: an item counts as consumed once it
 *   is emitted, which is right for synchronous consumers;
 * - `withPacer(pacer)` runs `build(pacer)`: an item counts as consumed once `pacer` acks it;
 * - `for await (const x of stream)` runs `build(pacer)` with a private pacer that acks an item when
 *   the loop asks for the next one, so a slow loop body holds the source back.
 *
 * Operators (`pipe`) return plain Observables: put `withPacer` or `for await` on the stream itself.
 *
 * @example
 * ```ts
 * const stream = paginateAfter(fetchPage, { cursorOf: (o) => o.id, pageSize: 100, prefetch: 1 })
 * for await (const item of stream) {
 *   if (E.isLeft(item)) throw item.left
 *   await slowWork(item.right) // while this runs, at most 1 page is fetched ahead
 * }
 * ```
 */
export class PacedObservable<A> extends Observable<A> implements PacedSource<A>, AsyncIterable<A> {
  readonly withPacer: (pacer: Pacer) => Observable<A>

  /** @param build the stream; `pacer` is `undefined` when items count as consumed on emission. */
  constructor(build: (pacer: Pacer | undefined) => Observable<A>) {
    super((subscriber) => build(undefined).subscribe(subscriber))
    this.withPacer = (pacer) => build(pacer)
  }

  /** A fresh subscription per iteration; `break` unsubscribes (aborting the fetch in flight). */
  [Symbol.asyncIterator](): AsyncIterator<A> {
    return toAsyncIterable<A>(this.withPacer)[Symbol.asyncIterator]()
  }
}
