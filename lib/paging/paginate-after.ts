/**
 * Cursor paging (`after` = id of the last item seen) as one stream of items, with bounded prefetch.
 * Generic: it knows nothing about HTTP or Weaviate, only "fetch the page after this cursor".
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable, Subscriber, Subscription } from 'rxjs'
import { ObservableEither } from '../core/observable-either'
import { itemsOfPages } from './items-of-pages'
import { Pacer } from './pacer'
import { PageProgress, withPageProgress } from './page-progress'

// -------------------------------------------------------------------------------------------------
// model
// -------------------------------------------------------------------------------------------------

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
  /**
   * Start after this cursor (exclusive).
   *
   * @default undefined (from the beginning)
   */
  readonly after?: string | undefined
  /**
   * How many pages may be requested ahead of the page being consumed; a non-negative integer.
   * Requested pages never exceed consumed pages + `prefetch` + 1. `0` fetches strictly on demand;
   * the default overlaps one request with the consumer's work.
   *
   * @default 1
   */
  readonly prefetch?: number
  /**
   * Stop after a page shorter than `pageSize`, saving the request that would return an empty page.
   * With `false`, paging stops only on an empty page (the Python client's rule), which is right
   * when a server may return short pages before the end.
   *
   * @default true
   */
  readonly stopOnShortPage?: boolean
  /**
   * Stop before the first item for which this is true (that item is not emitted and no further
   * page is requested). Used to end a partition of the id space.
   */
  readonly until?: (item: T) => boolean
  /**
   * Counts an item as consumed only when the pacer acks it. Give one to an asynchronous consumer
   * so that it bounds how far paging runs ahead of it.
   *
   * @default undefined (an item is consumed when it is emitted)
   */
  readonly pacer?: Pacer
  /** Called after each page, and once with `done: true` when the stream completes. */
  readonly onProgress?: (progress: PageProgress) => void
}

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
 *   items are: emitted (no pacer) or acked by `options.pacer`. Items are pushed as soon as their
 *   page arrives, so a slow consumer's buffer (e.g. `concatMap`'s) holds at most `prefetch` + 1
 *   pages. For `for await`, pass a factory to {@link toAsyncIterable}, which acks for the loop.
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
 * for await (const item of toAsyncIterable((pacer) => paginateAfter(fetchPage, { cursorOf, pageSize: 100, pacer }))) { ... }
 * ```
 *
 * @param fetchPage a cold page request; `after` is `undefined` for the first page without `options.after`.
 * @throws RangeError when `pageSize` is not a positive integer or `prefetch` not a non-negative one.
 */
export const paginateAfter = <E, T>(
  fetchPage: (after: string | undefined) => ObservableEither<E, readonly T[]>,
  options: PaginateOptions<T>,
): ObservableEither<E, T> => {
  const { pacer, onProgress, ...paging } = resolveOptions(options)
  // One page machine for both forms: here its pages are spread into items, and the items the
  // consumer acks are acked to it page by page.
  // The caller's fetcher is called with the cursor only (it is no EarlyPageFetcher).
  const fetch: EarlyPageFetcher<E, T> = (after) => fetchPage(after)
  return itemsOfPages(
    (pagePacer) =>
      withPageProgress<E, T>(onProgress)(
        new Observable<E.Either<E, readonly T[]>>((subscriber) => new Paging(fetch, { ...paging, pacer: pagePacer }, subscriber).start()),
      ),
    pacer,
  )
}

/**
 * Internal: a page fetcher that may announce, before its page is handed over, the cursor the page
 * will end with: `early(cursor)` requests the page after it at once when the budget allows (then
 * it returns `true`, and the fetcher should let that request go out before it hands its page
 * over). The request is dropped (unsubscribed) when the page, once it arrives, ends the paging or
 * ends with another cursor; after such a miss, `early` answers `false` for the rest of the
 * subscription.
 */
export type EarlyPageFetcher<E, T> = (after: string | undefined, early: (cursor: string) => boolean) => ObservableEither<E, readonly T[]>

/**
 * Internal: the same paging, one value per page (`right(items)`), and a page arriving right after
 * the next request was sent can be held back for a turn (`beforeEmit(resume)` calls `resume`
 * later and returns a cancel function). The fetcher may announce a page's cursor early
 * ({@link EarlyPageFetcher}). The pacer counts pages, not items. Used by the object stream; not
 * part of the public vocabulary.
 */
export const pagesAfter = <E, T>(
  fetchPage: EarlyPageFetcher<E, T>,
  options: PaginateOptions<T>,
  beforeEmit?: (resume: () => void) => () => void,
): ObservableEither<E, readonly T[]> => {
  const { onProgress, ...paging } = resolveOptions(options)
  return withPageProgress<E, T>(onProgress)(
    new Observable<E.Either<E, readonly T[]>>((subscriber) => new Paging(fetchPage, paging, subscriber, beforeEmit).start()),
  )
}

// -------------------------------------------------------------------------------------------------
// internal
// -------------------------------------------------------------------------------------------------

interface Resolved<T> {
  readonly cursorOf: (item: T) => string
  readonly pageSize: number
  readonly after: string | undefined
  readonly prefetch: number
  readonly stopOnShortPage: boolean
  readonly until: ((item: T) => boolean) | undefined
  readonly pacer: Pacer | undefined
  readonly onProgress: ((progress: PageProgress) => void) | undefined
}

/** What the page machine itself uses: the options without progress, which is an operator on its pages. */
type PagingOptions<T> = Omit<Resolved<T>, 'onProgress'>

const resolveOptions = <T>(options: PaginateOptions<T>): Resolved<T> => {
  const { cursorOf, pageSize, after, prefetch = 1, stopOnShortPage = true, until, pacer, onProgress } = options
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`paginateAfter: pageSize must be a positive integer, but was: ${pageSize}`)
  }
  if (!Number.isSafeInteger(prefetch) || prefetch < 0) {
    throw new RangeError(`paginateAfter: prefetch must be a non-negative integer, but was: ${prefetch}`)
  }
  return { cursorOf, pageSize, after, prefetch, stopOnShortPage, until, pacer, onProgress }
}

/** The page request side: may request, a request is open, or no further page will be requested. */
type Fetching =
  | { readonly state: 'ready' }
  | { readonly state: 'in-flight'; readonly request: Subscription }
  | { readonly state: 'ended' }

/** A page's outcome: its value, or `undefined` when its request completed without one. */
type Outcome<E, T> = E.Either<E, readonly T[]> | undefined

/**
 * The page requested early, after the cursor the page in flight announced: its request, and its
 * outcome once that has come (it waits for the page before it).
 */
interface Ahead<E, T> {
  readonly cursor: string
  request: Subscription | undefined
  outcome: { readonly value: Outcome<E, T> } | undefined
}

/** The emitting side: free to emit, or holding arrived pages for one turn (`cancel` ends the wait). */
type Emitting = { readonly state: 'free' } | { readonly state: 'held'; readonly cancel: () => void }

/** The loop that applies every change: idle, running, or running and asked to run once more. */
type Loop = 'idle' | 'running' | 'rerun'

const READY: Fetching = { state: 'ready' }
const ENDED: Fetching = { state: 'ended' }
const FREE: Emitting = { state: 'free' }

/**
 * The paging state machine of one subscription. Every change (a page arrives, the consumer acks, a
 * held turn ends) calls {@link Paging.drain}, which loops until nothing more can happen: request
 * the next page if the budget allows, emit arrived pages in order. A re-entrant call (a synchronous
 * page or ack during the loop) only asks the loop to run again, so synchronous fetchers cannot grow
 * the stack (rxjs#3609).
 */
class Paging<E, T> {
  private cursor: string | undefined
  private fetching: Fetching = READY
  private emitting: Emitting = FREE
  private loop: Loop = 'idle'
  /** Pages requested so far (an early request dropped is not counted); the budget is consumed pages + prefetch + 1. */
  private requested = 0
  /** Serial of the latest request: an announcement counts only from the request in flight. */
  private serial = 0
  /** The page requested early, if any; it follows the page in flight. */
  private ahead: Ahead<E, T> | undefined = undefined
  /** An announced cursor was wrong once: announcements are declined from then on. */
  private earlyOff = false
  /** Arrived pages not yet emitted, in order. */
  private readonly arrived: Array<E.Either<E, readonly T[]>> = []
  /** Pages emitted, and acked by the pacer, since subscription. */
  private emitted = 0
  private acked = 0

  constructor(
    private readonly fetchPage: EarlyPageFetcher<E, T>,
    private readonly options: PagingOptions<T>,
    private readonly subscriber: Subscriber<E.Either<E, readonly T[]>>,
    private readonly beforeEmit?: (resume: () => void) => () => void,
  ) {
    this.cursor = options.after
  }

  /** Subscribes to the pacer and starts paging; everything is torn down with the subscriber. */
  start(): void {
    const { pacer } = this.options
    const subscriber = this.subscriber
    subscriber.add(() => {
      if (this.fetching.state === 'in-flight') this.fetching.request.unsubscribe()
      this.dropAhead()
      if (this.emitting.state === 'held') this.emitting.cancel()
    })
    if (pacer !== undefined) {
      let base: number | undefined
      subscriber.add(
        pacer.acked$.subscribe((total) => {
          base ??= total
          this.acked = total - base
          this.drain()
        }),
      )
    }
    this.drain()
  }

  private drain(): void {
    if (this.loop !== 'idle') {
      this.loop = 'rerun'
      return
    }
    const subscriber = this.subscriber
    do {
      this.loop = 'running'
      if (this.mayRequest()) {
        this.request()
        if (this.fetching.state === 'in-flight' && this.arrived.length > 0 && this.emitting.state === 'free') this.hold()
      }
      if (this.emitting.state === 'held') break
      for (let page = this.arrived.shift(); page !== undefined && !subscriber.closed; page = this.arrived.shift()) {
        this.emit(page)
        this.loop = 'rerun' // emitting may have consumed a page (no pacer) or let acks in
      }
    } while (this.loop === 'rerun' && !subscriber.closed)
    this.loop = 'idle'
    if (this.fetching.state === 'ended' && this.arrived.length === 0 && !subscriber.closed) subscriber.complete()
  }

  private mayRequest(): boolean {
    return this.fetching.state === 'ready' && this.withinBudget() && !this.subscriber.closed
  }

  /** One more request keeps requested pages ≤ consumed pages + prefetch + 1. */
  private withinBudget(): boolean {
    return this.requested <= this.consumedPages() + this.options.prefetch
  }

  /** Pages consumed: emitted (no pacer) or acked, never more than emitted. */
  private consumedPages(): number {
    return this.options.pacer === undefined ? this.emitted : Math.min(this.acked, this.emitted)
  }

  /**
   * Requests the page after the cursor; its outcome goes to {@link Paging.onPage}.
   */
  private request(): void {
    this.requested += 1
    const request = this.subscribePage(this.cursor, (outcome) => this.settle(outcome))
    if (request !== undefined) this.fetching = { state: 'in-flight', request }
  }

  /** The outcome of the request in flight: its page, or the end when it completed without one. */
  private settle(outcome: Outcome<E, T>): void {
    if (outcome !== undefined) {
      this.onPage(outcome)
      return
    }
    this.fetching = ENDED
    this.drain()
  }

  /**
   * Subscribes to the page after `after` and takes its first value, or its completion without one:
   * what `defer(() => fetchPage(after)).pipe(take(1))` does, written out because a stream
   * subscribes it for every page (two operators less per page). The subscription, or `undefined`
   * when the page settled (or failed) while subscribing.
   */
  private subscribePage(after: string | undefined, settle: (outcome: Outcome<E, T>) => void): Subscription | undefined {
    const serial = ++this.serial
    let settled = false
    let source: ObservableEither<E, readonly T[]>
    try {
      source = this.fetchPage(after, (cursor) => this.early(serial, cursor))
    } catch (error) {
      this.subscriber.error(error)
      return undefined
    }
    // Not `const`: a synchronous source emits before subscribe() returns the subscription.
    let request: Subscription | undefined = undefined
    request = source.subscribe({
      next: (page) => {
        if (settled) return
        settled = true
        settle(page)
        // The first value is the page; later ones are not waited for (a synchronous source's
        // subscription is ended below, once subscribe() has returned it).
        request?.unsubscribe()
      },
      error: (error: unknown) => this.subscriber.error(error),
      complete: () => {
        if (settled) return
        settled = true
        settle(undefined)
      },
    })
    if (!settled) return request
    request.unsubscribe()
    return undefined
  }

  /**
   * The request in flight announces the cursor its page will end with: the page after it is
   * requested now if the budget allows it as it would once the page arrived (`true`).
   */
  private early(serial: number, cursor: string): boolean {
    if (
      serial !== this.serial ||
      this.earlyOff ||
      this.ahead !== undefined ||
      this.fetching.state !== 'in-flight' ||
      this.subscriber.closed ||
      !this.withinBudget()
    ) {
      return false
    }
    this.requested += 1
    const ahead: Ahead<E, T> = { cursor, request: undefined, outcome: undefined }
    this.ahead = ahead
    const request = this.subscribePage(cursor, (value) => {
      if (this.ahead === ahead) ahead.outcome = { value }
      else this.settle(value) // adopted: the page before it has arrived
    })
    if (this.ahead === ahead) ahead.request = request
    return true
  }

  /** Unsubscribes the page requested early, if any (its request is aborted). */
  private dropAhead(): void {
    const ahead = this.ahead
    if (ahead === undefined) return
    this.ahead = undefined
    this.requested -= 1
    ahead.request?.unsubscribe()
  }

  /**
   * Moves on after a page that does not end the paging: to the page requested early when the page
   * ended with its cursor, else to a new request. The early page's outcome when it has come
   * already: the caller applies it once this page is in place.
   */
  private next(cursor: string): { readonly value: Outcome<E, T> } | undefined {
    this.cursor = cursor
    this.fetching = READY
    const ahead = this.ahead
    if (ahead === undefined) return undefined
    if (ahead.cursor !== cursor) {
      this.earlyOff = true
      this.dropAhead()
      return undefined
    }
    this.ahead = undefined
    if (ahead.outcome !== undefined) return ahead.outcome
    // No request and no outcome: fetchPage threw, and the subscriber has failed.
    this.fetching = ahead.request === undefined ? ENDED : { state: 'in-flight', request: ahead.request }
    return undefined
  }

  /** Applies the stop rules to an arrived page and moves the cursor. */
  private onPage(page: E.Either<E, readonly T[]>): void {
    let then: { readonly value: Outcome<E, T> } | undefined
    if (E.isLeft(page)) {
      this.fetching = ENDED
      this.dropAhead()
      this.arrived.push(page)
    } else {
      const { until, stopOnShortPage, pageSize, cursorOf } = this.options
      const items = page.right
      const stopAt = until === undefined ? -1 : items.findIndex(until)
      const last = items[items.length - 1]
      if (stopAt >= 0 || last === undefined || (stopOnShortPage && items.length < pageSize)) {
        this.fetching = ENDED
        this.dropAhead()
      } else {
        then = this.next(cursorOf(last))
      }
      this.arrived.push(stopAt >= 0 ? E.right(items.slice(0, stopAt)) : page)
    }
    if (then === undefined) this.drain()
    else this.settle(then.value)
  }

  /** Holds arrived pages for one turn, so a transport that sends asynchronously sends first. */
  private hold(): void {
    const beforeEmit = this.beforeEmit
    if (beforeEmit === undefined) return
    let resumed = false
    const cancel = beforeEmit(() => {
      resumed = true
      this.emitting = FREE
      this.drain()
    })
    if (!resumed) this.emitting = { state: 'held', cancel }
  }

  private emit(page: E.Either<E, readonly T[]>): void {
    if (E.isRight(page)) this.emitted += 1
    this.subscriber.next(page)
  }
}
