/**
 * Running partition scans concurrently as one stream, in partition order or as they come, with the
 * buffering of partitions that wait for their turn bounded by their own prefetch.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable } from 'rxjs'
import { ObservableEither } from '../observable-either'
import { PacedObservable } from './paced-observable'
import { Pacer, createPacer, isPacedSource } from './pacer'

/** Options of {@link mergePartitions}. */
export interface MergePartitionsOptions {
  /**
   * `true`: all of partition 0's items, then partition 1's, ... (global order when the partitions
   * are consecutive ranges). `false`: items as they arrive from any partition.
   */
  readonly ordered: boolean
}

/**
 * Subscribes to every partition at once and merges their items into one stream.
 *
 * - **Ordered**: the partition whose turn it is streams straight through; the others keep fetching
 *   and hold their items until their turn. Each partition is paced by its own {@link Pacer}, acked
 *   only when its items are passed on, so a waiting paced partition (`paginateAfter`) holds at most
 *   its `prefetch` + 1 pages. A partition that is a plain Observable is buffered without bound.
 * - **Unordered**: items are passed on as they arrive; nothing is buffered here.
 * - **Backpressure** downstream: the result is itself paced: with `withPacer(pacer)` or
 *   `for await`, an item is acked to its partition only when the consumer acks it.
 * - **Failures**: the first `Left` from any partition is emitted at once (even out of order) and
 *   the stream completes, unsubscribing every partition. Completes when all partitions complete.
 *
 * ## Example
 * ```ts
 * const stream = mergePartitions(
 *   uuidPartitions(4).map((range) =>
 *     paginateAfter(fetchPage, { cursorOf: (o) => o.id, pageSize: 100, after: range.after,
 *                                until: (o) => !uuidInRange(o.id, range) }),
 *   ),
 *   { ordered: true },
 * )
 * for await (const item of stream) await work(item) // ids in ascending order, 4 scans running
 * ```
 */
export const mergePartitions = <E, T>(
  partitions: ReadonlyArray<ObservableEither<E, T>>,
  options: MergePartitionsOptions,
): PacedObservable<E.Either<E, T>> =>
  new PacedObservable((pacer) => merged(partitions, options.ordered, pacer))

// -------------------------------------------------------------------------------------------------
// internal
// -------------------------------------------------------------------------------------------------

const merged = <E, T>(
  partitions: ReadonlyArray<ObservableEither<E, T>>,
  ordered: boolean,
  downstream: Pacer | undefined,
): ObservableEither<E, T> =>
  new Observable<E.Either<E, T>>((subscriber) => {
    const pacers = partitions.map(() => createPacer())
    const held: Array<Array<E.Right<T>>> = partitions.map(() => [])
    const completed: boolean[] = partitions.map(() => false)
    const unacked: number[] = [] // partition of each emitted item the downstream pacer has not acked
    let turn = 0 // ordered: the partition being passed on
    let draining = false

    const pass = (partition: number, item: E.Right<T>): void => {
      if (downstream !== undefined) unacked.push(partition)
      subscriber.next(item)
      if (downstream === undefined) pacers[partition]?.ack()
    }

    /** Ordered: pass on the held items of the partition whose turn it is, then of the next, ... */
    const drain = (): void => {
      if (draining) return // the running loop re-reads the state after every item
      draining = true
      try {
        for (; turn < partitions.length && !subscriber.closed; turn += 1) {
          const queue = held[turn] ?? []
          for (let item = queue.shift(); item !== undefined && !subscriber.closed; item = queue.shift()) {
            pass(turn, item)
          }
          if (completed[turn] !== true) break
        }
      } finally {
        draining = false
      }
      if (turn >= partitions.length) subscriber.complete()
    }

    const onItem = (partition: number, item: E.Either<E, T>): void => {
      if (E.isLeft(item)) {
        subscriber.next(item)
        subscriber.complete()
      } else if (!ordered) {
        pass(partition, item)
      } else {
        held[partition]?.push(item)
        if (partition === turn) drain()
      }
    }

    const onComplete = (partition: number): void => {
      completed[partition] = true
      if (ordered) {
        if (partition === turn) drain()
      } else if (completed.every(Boolean)) {
        subscriber.complete()
      }
    }

    if (downstream !== undefined) {
      let last: number | undefined
      subscriber.add(
        downstream.acked$.subscribe((total) => {
          // Acks beyond the items emitted so far are ignored, as paginateAfter does.
          for (let n = total - (last ?? total); n > 0; n -= 1) {
            const partition = unacked.shift()
            if (partition === undefined) break
            pacers[partition]?.ack()
          }
          last = total
        }),
      )
    }
    partitions.forEach((partition, i) => {
      const pacer = pacers[i]
      if (subscriber.closed || pacer === undefined) return
      const source = isPacedSource(partition) ? partition.withPacer(pacer) : partition
      subscriber.add(
        source.subscribe({
          next: (item) => onItem(i, item),
          error: (error: unknown) => subscriber.error(error),
          complete: () => onComplete(i),
        }),
      )
    })
    if (partitions.length === 0) subscriber.complete()
  })
