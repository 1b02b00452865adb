/**
 * Cursor paging (`after` = id of the last item seen) as one stream of items, with bounded prefetch.
 * Generic: it knows nothing about HTTP or Weaviate, only "fetch the page after this cursor".
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, Subscription, defer, take } from 'rxjs'
import { ObservableEither } from '../observable-either'
import { PacedObservable } from './paced-observable'
import { Pacer } from './pacer'

// -------------------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------------------

/**
 * Cumulative counts reported by {@link PaginateOptions.onProgress}.
 *
 * @example
 * ```ts
 * const show = (p: PageProgress) => process.stderr.write(`\r${p.items} objects in ${p.pages} pages${p.done ? '\n' : ''}`)
 * ```
 */
export interface PageProgress {
  /** Pages emitted so far (an empty last page counts). */
  readonly pages: number
  /** Items emitted so far. */
  readonly items: number
  /** `true` exactly once, when the stream completes. */
  readonly done: boolean
}

/**
 * Options of {@link paginateAfter}.
 *
 * @example
 * ```ts
 * const options: PaginateOptions<{ id: string }> = { cursorOf: (o) => o.id, pageSize: 500, prefetch: 2 }
 * ```
 */
export interface PaginateOptions<T> {
  /** The cursor of an item; the next page is fetched after the last item's cursor. */
  readonly cursorOf: (item: T) => string
  /** The page size the fetcher asks for; a positive integer. Used to detect a short last page. */
  readonly pageSize: number
  /** Start after this cursor (exclusive). Default: from the beginning. */
  readonly after?: string
  /**
   * How many pages may be requested ahead of the page being consumed; a non-negative integer.
   * Requested pages never exceed consumed pages + `prefetch` + 1. `0` fetches strictly on demand;
   * the default `1` overlaps one request with the consumer's work.
   */
  readonly prefetch?: number
  /**
   * Stop after a page shorter than `pageSize`, saving the request that would return an empty page.
   * Default `true`. With `false`, paging stops only on an empty page (the Python client's rule),
   * which is right when a server may return short pages before the end.
   */
  readonly stopOnShortPage?: boolean
  /**
   * Stop before the first item for which this is true (that item is not emitted and no further
   * page is requested). Used to end a partition of the id space.
   */
  readonly until?: (item: T) => boolean
  /**
   * Counts an item as consumed only when the pacer acks it (default: when it is emitted). Give one
   * to an asynchronous consumer so that it bounds how far paging runs ahead of it.
   */
  readonly pacer?: Pacer
  /** Called after each page, and once with `done: true` when the stream completes. */
  readonly onProgress?: (progress: PageProgress) => void
  /**
   * When a page is ready right after the next page was requested, hand control back before
   * emitting it: `yieldBeforeEmit(resume)` calls `resume` later and returns a cancel function.
   * Lets a transport that sends asynchronously (undici writes to a reused keep-alive socket only in
   * the event loop's check phase) put the request on the wire before a synchronous consumer takes
   * the thread for the whole page. Default: emit at once.
   */
  readonly yieldBeforeEmit?: (resume: () => void) => () => void
}

/**
 * What {@link paginateAfter} returns: an ObservableEither that is also paced and async-iterable.
 *
 * @example
 * ```ts
 * const all: PagedStream<WeaviateError, WeaviateObject> = client.objects.stream({ className: 'Article' })
 * for await (const item of all) if (E.isRight(item)) console.log(item.right.id)
 * ```
 */
export type PagedStream<E, T> = PacedObservable<E.Either<E, T>>

// -------------------------------------------------------------------------------------------------
// constructors
// -------------------------------------------------------------------------------------------------

/**
 * Emits every item of every page, in order, as `right(item)`, then completes. Page 1 is
 * `fetchPage(options.after)`; each next page is `fetchPage(cursorOf(last item of the page before))`.
 *
 * <span class="informal">Cold; one page request at a time; at most `prefetch` pages ahead of the
 * consumer; a `Left` page ends the stream.</span>
 *
 * - **Stop rules** (decided when a page arrives, so no request is wasted): an empty page; a page
 *   shorter than `pageSize` (unless `stopOnShortPage: false`); an item matching `until` (the page
 *   is cut before it). A last page of exactly `pageSize` items therefore costs one extra request,
 *   which returns the empty page.
 * - **Failures**: `fetchPage` is expected to retry on its own. A `Left` page is emitted once, after
 *   the items of the pages before it, and the stream completes. The cursor only advances on a
 *   successful page, so nothing is skipped or repeated. A page that completes without a value
 *   ends the stream like an empty page; an RxJS error is passed on as an error (a bug).
 * - **Backpressure**: page n+1 is requested only when page n has arrived (the cursor depends on
 *   it) and requested pages ≤ consumed pages + `prefetch` + 1. A page is consumed when all of its
 *   items are: emitted (no pacer), acked by `options.pacer`, or pulled past by `for await`. Items
 *   are pushed as soon as their page arrives, so a slow consumer's buffer (e.g. `concatMap`'s)
 *   holds at most `prefetch` + 1 pages.
 * - **Cancellation**: unsubscribing (e.g. after `take(n)`, or `break` in `for await`)
 *   unsubscribes the page request in flight, which aborts the HTTP request.
 *
 * ## Example
 * ```ts
 * const pacer = createPacer()
 * paginateAfter(
 *   (after) => client.objects.list({ className: 'Article', limit: 100, ...(after ? { after } : {}) }),
 *   { cursorOf: (o) => o.id, pageSize: 100, prefetch: 2, pacer },
 * ).pipe(
 *   concatMap(async (item) => (E.isRight(item) ? index(item.right) : report(item.left))),
 *   tap(() => pacer.ack()),
 * )
 * // or, with backpressure from the loop itself:
 * for await (const item of paginateAfter(fetchPage, { cursorOf: (o) => o.id, pageSize: 100 })) { ... }
 * ```
 *
 * @param fetchPage a cold page request; `after` is `undefined` for the first page without `options.after`.
 * @throws RangeError when `pageSize` is not a positive integer or `prefetch` not a non-negative one.
 */
export const paginateAfter = <E, T>(
  fetchPage: (after: string | undefined) => ObservableEither<E, readonly T[]>,
  options: PaginateOptions<T>,
): PagedStream<E, T> => {
  if (!Number.isSafeInteger(options.pageSize) || options.pageSize < 1) {
    throw new RangeError(`paginateAfter: pageSize must be a positive integer, but was: ${options.pageSize}`)
  }
  const prefetch = options.prefetch ?? 1
  if (!Number.isSafeInteger(prefetch) || prefetch < 0) {
    throw new RangeError(`paginateAfter: prefetch must be a non-negative integer, but was: ${prefetch}`)
  }
  return new PacedObservable((pacer) => pages(fetchPage, options, prefetch, pacer ?? options.pacer))
}

// -------------------------------------------------------------------------------------------------
// internal
// -------------------------------------------------------------------------------------------------

/**
 * The paging state machine. Every change (a page arrives, the consumer acks) calls `drain`, which
 * loops until nothing more can happen: request the next page if the budget allows, emit arrived
 * pages in order. A re-entrant call (a synchronous page or ack during the loop) only marks the loop
 * to run again, so synchronous fetchers cannot grow the stack (rxjs#3609).
 */
const pages = <E, T>(
  fetchPage: (after: string | undefined) => ObservableEither<E, readonly T[]>,
  options: PaginateOptions<T>,
  prefetch: number,
  pacer: Pacer | undefined,
): ObservableEither<E, T> =>
  new Observable<E.Either<E, T>>((subscriber) => {
    const { cursorOf, pageSize, until, onProgress, yieldBeforeEmit } = options
    const stopOnShortPage = options.stopOnShortPage ?? true

    let cursor = options.after
    let requested = 0 // pages requested so far
    let fetching: Subscription | undefined // the page request in flight
    let exhausted = false // no further page will be requested
    const arrived: Array<E.Either<E, readonly T[]>> = [] // arrived, not yet emitted

    let pagesEmitted = 0
    let itemsEmitted = 0
    let acked = 0 // items acked by the pacer since subscription
    const pageEnds: number[] = [] // cumulative item count at the end of each unconsumed page
    let pagesConsumed = 0

    let draining = false
    let again = false
    let yielding: (() => void) | undefined // cancels the pending yieldBeforeEmit

    const consumedItems = (): number => (pacer === undefined ? itemsEmitted : Math.min(acked, itemsEmitted))

    const settleConsumed = (): void => {
      const items = consumedItems()
      for (let end = pageEnds[0]; end !== undefined && end <= items; end = pageEnds[0]) {
        pageEnds.shift()
        pagesConsumed += 1
      }
    }

    const onPage = (page: E.Either<E, readonly T[]>): void => {
      fetching = undefined
      if (E.isLeft(page)) {
        exhausted = true
        arrived.push(page)
      } else {
        const items = page.right
        const stopAt = until === undefined ? -1 : items.findIndex(until)
        const last = items[items.length - 1]
        if (stopAt >= 0 || last === undefined || (stopOnShortPage && items.length < pageSize)) {
          exhausted = true
        } else {
          cursor = cursorOf(last)
        }
        arrived.push(stopAt >= 0 ? E.right(items.slice(0, stopAt)) : page)
      }
      drain()
    }

    const request = (): void => {
      requested += 1
      let settled = false
      const subscription = defer(() => fetchPage(cursor))
        .pipe(take(1))
        .subscribe({
          next: (page) => {
            settled = true
            onPage(page)
          },
          error: (error: unknown) => subscriber.error(error),
          complete: () => {
            if (settled) return
            settled = true
            fetching = undefined
            exhausted = true
            drain()
          },
        })
      if (!settled) fetching = subscription
    }

    const emit = (page: E.Either<E, readonly T[]>): void => {
      if (E.isLeft(page)) {
        subscriber.next(page)
        return
      }
      pageEnds.push(itemsEmitted + page.right.length)
      for (const item of page.right) {
        if (subscriber.closed) return
        itemsEmitted += 1
        subscriber.next(E.right(item))
      }
      pagesEmitted += 1
      onProgress?.({ pages: pagesEmitted, items: itemsEmitted, done: false })
    }

    const drain = (): void => {
      if (draining) {
        again = true
        return
      }
      draining = true
      try {
        do {
          again = false
          settleConsumed()
          if (fetching === undefined && !exhausted && requested <= pagesConsumed + prefetch && !subscriber.closed) {
            request()
            if (yieldBeforeEmit !== undefined && fetching !== undefined && arrived.length > 0) {
              let resumed = false
              const cancel = yieldBeforeEmit(() => {
                resumed = true
                yielding = undefined
                drain()
              })
              if (!resumed) yielding = cancel
            }
          }
          if (yielding !== undefined) break
          for (let page = arrived.shift(); page !== undefined && !subscriber.closed; page = arrived.shift()) {
            emit(page)
            again = true // emitting may have consumed a page (no pacer) or let acks in
          }
        } while (again && !subscriber.closed)
      } finally {
        draining = false
      }
      if (exhausted && fetching === undefined && arrived.length === 0 && !subscriber.closed) {
        onProgress?.({ pages: pagesEmitted, items: itemsEmitted, done: true })
        subscriber.complete()
      }
    }

    subscriber.add(() => {
      fetching?.unsubscribe()
      yielding?.()
    })
    if (pacer !== undefined) {
      let base: number | undefined
      subscriber.add(
        pacer.acked$.subscribe((total) => {
          base ??= total
          acked = total - base
          drain()
        }),
      )
    }
    drain()
  })
