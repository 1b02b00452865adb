/**
 * A stream of pages as a stream of items, with the consumer's item acknowledgements turned into
 * page acknowledgements for the page source. Internal: the object stream fetches, merges and
 * paces whole pages and spreads them into items only at its end.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, Subject, takeUntil } from 'rxjs'
import { ObservableEither } from '../core/observable-either'
import { Pacer, createPacer } from './pacer'

/**
 * Emits the items of every `right(page)` as `right(item)`, and every `Left` as it is.
 *
 * Without `pacer`, `pages(undefined)` runs unpaced: an item counts as consumed when it is emitted.
 * With `pacer`, `pages` gets a page pacer that is acked once `pacer` has acked every item of a page.
 */
export const itemsOfPages = <E, T>(
  pages: (pagePacer: Pacer | undefined) => ObservableEither<E, readonly T[]>,
  pacer: Pacer | undefined,
): ObservableEither<E, T> =>
  new Observable<E.Either<E, T>>((subscriber) => {
    const pagePacer = pacer === undefined ? undefined : createPacer()
    /** The cumulative item count at the end of each emitted page not yet acked as a whole. */
    const pageEnds: number[] = []
    let emitted = 0
    let acked = 0 // items acked since subscription
    const settle = (): void => {
      const consumed = Math.min(acked, emitted) // as paginateAfter: never more consumed than emitted
      let pagesDone = 0
      for (let end = pageEnds[0]; end !== undefined && end <= consumed; end = pageEnds[0]) {
        pageEnds.shift()
        pagesDone += 1
      }
      if (pagesDone > 0) pagePacer?.ack(pagesDone)
    }
    if (pacer !== undefined) {
      let base: number | undefined
      subscriber.add(
        pacer.acked$.subscribe((total) => {
          base ??= total
          acked = total - base
          settle()
        }),
      )
    }
    // A page source that emits synchronously (a cached or synchronous fetcher) would run on while
    // its subscribe() call has not returned a Subscription to unsubscribe: a consumer that stops
    // early (take(n)) stops it through `stopped` instead, at once.
    const stopped = new Subject<void>()
    subscriber.add(() => stopped.next())
    subscriber.add(
      pages(pagePacer).pipe(takeUntil(stopped)).subscribe({
        next: (page) => {
          if (E.isLeft(page)) {
            subscriber.next(page)
            return
          }
          const items = page.right
          for (const item of items) {
            if (subscriber.closed) return
            subscriber.next(E.right(item))
          }
          if (pagePacer === undefined) return
          pageEnds.push((emitted += items.length))
          settle() // an empty page is consumed at once
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      }),
    )
  })
