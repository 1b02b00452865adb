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
 * const fromArray: BatchSource<CreateArgs> = objects
 * const fromStream: BatchSource<BatchObject> = toBatchObjects(source.objects.iterate({ className: 'A' }))
 * ```
 */
export type BatchSource<A> = Observable<A> | AsyncIterable<A> | Iterable<A>

const isAsyncIterable = <A>(u: unknown): u is AsyncIterable<A> =>
  typeof u === 'object' && u !== null && Symbol.asyncIterator in u

/**
 * The source as an AsyncIterable.
 *
 * @example
 * ```ts
 * for await (const item of pullFrom([1, 2, 3], Infinity)) console.log(item)
 * ```
 */
export const pullFrom = <A>(source: BatchSource<A>, highWaterMark: number): AsyncIterable<A> => {
  if (isObservable(source)) return toAsyncIterable(source, { highWaterMark })
  if (isAsyncIterable<A>(source)) return source
  return {
    [Symbol.asyncIterator]: () => {
      const iterator = source[Symbol.iterator]()
      return {
        next: () => Promise.resolve(iterator.next()),
        return: (value?: unknown) => Promise.resolve(iterator.return?.(value) ?? { done: true, value: undefined }),
      }
    },
  }
}

/**
 * True for every kind of {@link BatchSource}.
 *
 * @example
 * ```ts
 * isBatchSource([1, 2]) // true
 * ```
 */
export const isBatchSource = (u: unknown): u is BatchSource<unknown> =>
  isObservable(u) || isAsyncIterable(u) || (typeof u === 'object' && u !== null && Symbol.iterator in u && typeof u !== 'string')
