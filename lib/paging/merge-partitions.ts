/**
 * Running partition scans concurrently as one stream, in partition order or as they come, with the
 * buffering of partitions that wait for their turn bounded by their own prefetch.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Observable } from 'rxjs'
import { ObservableEither } from '../core/observable-either'
import { Pacer, createPacer } from './pacer'

/**
 * One partition: a plain ObservableEither, or a factory that paces it with the pacer it is given
 * (acked when its values are passed on, or acked downstream).
 */
export type Partition<E, A> = ObservableEither<E, A> | ((pacer: Pacer) => ObservableEither<E, A>)

/**
 * Options of {@link mergePartitions}.
 */
export interface MergePartitionsOptions<E, A> {
  /**
   * `true`: all of partition 0's values, then partition 1's, ... (global order when the partitions
   * are consecutive ranges). `false`: values as they arrive from any partition.
   */
  readonly ordered: boolean
  /**
   * Counts a value as consumed only when this pacer acks it; the ack is passed on to the value's
   * partition.
   *
   * @default undefined (a value is consumed when it is passed on)
   */
  readonly pacer?: Pacer
  /** Called right before a partition's value is passed on. */
  readonly onPass?: (partition: number, value: A) => void
  /**
   * The Left to emit for partition `partition`'s failure; `passedAll[i]` tells whether every value
   * of partition i was passed on (it completed and nothing of it is held).
   *
   * @default the partition's own Left
   */
  readonly mapLeft?: (error: E, partition: number, passedAll: readonly boolean[]) => E
}

/**
 * Subscribes to every partition at once and merges their values into one stream.
 *
 * - **Ordered**: the partition whose turn it is streams straight through; the others keep fetching
 *   and hold their values until their turn. Each partition is paced by its own {@link Pacer},
 *   acked only when its values are passed on (or acked by `options.pacer`), so a waiting paced
 *   partition holds at most its `prefetch` + 1 pages. A plain-Observable partition is buffered
 *   without bound.
 * - **Unordered**: values are passed on as they arrive; nothing is buffered here.
 * - **Failures**: the first `Left` from any partition is emitted at once (even out of order, mapped
 *   by `options.mapLeft`) and the stream completes, unsubscribing every partition; held values are
 *   dropped. Completes when all partitions complete.
 *
 * ## Example
 * ```ts
 * const stream = mergePartitions(
 *   uuidPartitions(4).map((range) => (pacer: Pacer) =>
 *     paginateAfter(fetchPage, { cursorOf: (o) => o.id, pageSize: 100, after: range.after, pacer,
 *                                until: (o) => !uuidInRange(o.id, range) }),
 *   ),
 *   { ordered: true },
 * )
 * stream.subscribe((item) => console.log(item)) // ids in ascending order, 4 scans running
 * ```
 */
export const mergePartitions = <E, A>(
  partitions: ReadonlyArray<Partition<E, A>>,
  options: MergePartitionsOptions<E, A>,
): ObservableEither<E, A> =>
  new Observable<E.Either<E, A>>((subscriber) => {
    const { ordered, pacer: downstream, onPass, mapLeft } = options
    const pacers = partitions.map(() => createPacer())
    const held: Array<Array<E.Right<A>>> = partitions.map(() => [])
    const completed: boolean[] = partitions.map(() => false)
    const unacked: number[] = [] // partition of each passed value the downstream pacer has not acked
    let turn = 0 // ordered: the partition being passed on
    let draining = false

    const pass = (partition: number, value: E.Right<A>): void => {
      onPass?.(partition, value.right)
      if (downstream !== undefined) unacked.push(partition)
      subscriber.next(value)
      if (downstream === undefined) pacers[partition]?.ack()
    }

    /** Ordered: pass on the held values of the partition whose turn it is, then of the next, ... */
    const drain = (): void => {
      if (draining) return // the running loop re-reads the state after every value
      draining = true
      try {
        for (; turn < partitions.length && !subscriber.closed; turn += 1) {
          const queue = held[turn] ?? []
          for (let value = queue.shift(); value !== undefined && !subscriber.closed; value = queue.shift()) {
            pass(turn, value)
          }
          if (completed[turn] !== true) break
        }
      } finally {
        draining = false
      }
      if (turn >= partitions.length) subscriber.complete()
    }

    const onValue = (partition: number, value: E.Either<E, A>): void => {
      if (E.isLeft(value)) {
        const passedAll = completed.map((done, i) => done && (held[i]?.length ?? 0) === 0)
        subscriber.next(mapLeft === undefined ? value : E.left(mapLeft(value.left, partition, passedAll)))
        subscriber.complete()
      } else if (!ordered) {
        pass(partition, value)
      } else {
        held[partition]?.push(value)
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
          // Acks beyond the values passed so far are ignored, as paginateAfter does.
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
      const source = typeof partition === 'function' ? partition(pacer) : partition
      subscriber.add(
        source.subscribe({
          next: (value) => onValue(i, value),
          error: (error: unknown) => subscriber.error(error),
          complete: () => onComplete(i),
        }),
      )
    })
    if (partitions.length === 0) subscriber.complete()
  })
