/**
 * What a batch sink reads from: an Observable, an AsyncIterable or an Iterable, as one pull-based
 * AsyncIterable. Pulling is what gives the sink its backpressure: the next item is asked for only
 * when the batch being filled has room and a request slot is free.
 *
 * @packageDocumentation
 */
import { Observable, isObservable } from 'rxjs'
import { toAsyncIterable } from '../paging/to-async-iterable'

/**
 * A source of items for a batch sink.
 *
 * - An `Iterable` (an array, a generator) or an `AsyncIterable` (a file's lines, `for await`
 *   sources, `objects.iterate`) is pulled: an item is read only when it can be sent soon; from
 *   `objects.iterate`, the next page is fetched only when the sink has used the previous ones.
 * - An Observable cannot be paused: its values are buffered until the sink takes them (without
 *   bound, like any RxJS consumer slower than its producer). Give an AsyncIterable instead, pace
 *   the source yourself, or bound it with `sourceHighWaterMark`.
 *
 * @example
 * ```ts
 * const fromArray: BatchSource<BatchObject> = [{ className: 'Article', dataObject: { title: 'Hello' } }]
 * const fromObservable: BatchSource<BatchObject> = from(objects)
 * // a copy of another server's class, read page by page as the batch takes the objects
 * async function* fromOtherServer(other: Client): AsyncIterable<BatchObject> {
 *   for await (const read of other.objects.iterate({ className: 'Article' })) {
 *     if (E.isRight(read)) yield { className: 'Article', dataObject: read.right.properties, uuid: read.right.id }
 *   }
 * }
 * ```
 */
export type BatchSource<A> = Observable<A> | AsyncIterable<A> | Iterable<A>

const isAsyncIterable = <A>(u: unknown): u is AsyncIterable<A> =>
  typeof u === 'object' && u !== null && Symbol.asyncIterator in u

/**
 * The source as the sink pulls it: an AsyncIterable, or the Iterable itself (read synchronously,
 * without a promise per item).
 */
export const pullFrom = <A>(source: BatchSource<A>, highWaterMark: number): AsyncIterable<A> | Iterable<A> =>
  isObservable(source) ? toAsyncIterable(source, { highWaterMark }) : source

/**
 * True for every kind of {@link BatchSource}.
 */
export const isBatchSource = (u: unknown): u is BatchSource<unknown> =>
  isObservable(u) || isAsyncIterable(u) || (typeof u === 'object' && u !== null && Symbol.iterator in u && typeof u !== 'string')
