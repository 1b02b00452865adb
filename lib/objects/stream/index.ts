/**
 * `objects.stream`, `objects.iterate` and `objects.streamPages`: every object of a class, paged
 * with the `after` cursor in ascending UUID order, in constant memory. Optionally split into
 * UUID-range partitions scanned at once, or filtered with `where` (filtered-pages.ts).
 *
 * Inside, everything moves a page at a time (fetching, prefetch, partition merging, pacing);
 * `stream` and `iterate` spread the pages into objects only at the end.
 *
 * @packageDocumentation
 */
import { nextTurn } from '../../core/platform'
import * as E from 'fp-ts/Either'
import { defer, mergeMap, of } from 'rxjs'
import { WeaviateObject } from '../../codecs/object'
import { OperationContext, withVersion } from '../../context/context'
import { CheckedWhere } from '../../input/where'
import { flatMap } from '../../core/observable-either'
import { getClass } from '../../schema/get-class'
import { filteredPageFetcher } from './filtered-pages'
import { ArgumentValueError, StreamPartitionError, WeaviateError } from '../../core/errors'
import { operation } from '../../core/operation'
import { ArgumentKeys, argsOf } from '../../input/check'
import { VectorFormat, VectorOf } from '../../input/vector-format'
import { ObservableEither } from '../../core/observable-either'
import { itemsOfPages } from '../../paging/items-of-pages'
import { withPageProgress } from '../../paging/page-progress'
import { pagesAfter } from '../../paging/paginate-after'
import { Pacer } from '../../paging/pacer'
import { toAsyncIterable } from '../../paging/to-async-iterable'
import { IterateArgs, STREAM_KEYS, StreamArgs, StreamInput, streamInput } from './args'
import { mergePartitions } from '../../paging/merge-partitions'
import { uuidInRange } from '../../paging/uuid-partitions'
import { Page, PageEntry, PageFetcher, decodedPages } from './page-fetcher'
import { streamFetcher } from './transport'

/**
 * One turn of the event loop before a page is emitted, so undici (which writes to a reused
 * keep-alive socket in the check phase) sends the next page request before this page is decoded
 * (a gRPC page's objects are made as it is emitted) and before the consumer works through it:
 * prefetch then overlaps fetching with decoding and with a synchronous consumer.
 */
const ioTurn = (resume: () => void): (() => void) => nextTurn(resume)

/**
 * The pages of the class, paced in pages by `pacer` (or consumed on emission without one), over
 * the transport {@link streamFetcher} picks (the page machine knows nothing of transports).
 * Partitioned: the partitions merged, and a failure reported as a {@link StreamPartitionError}
 * that says what was not delivered.
 */
const pages = <P>(ctx: OperationContext, input: StreamInput<P>, pacer: Pacer | undefined): ObservableEither<WeaviateError, Page<P>> =>
  withPageProgress<WeaviateError, WeaviateObject<P, VectorOf<VectorFormat>>>(input.onProgress)(
    input.where !== undefined
      ? filtered(ctx, input, input.where, pacer)
      : streamFetcher<P>(ctx, input).pipe(mergeMap(E.match((error) => of(E.left<WeaviateError, Page<P>>(error)), (page) => scan(page, input, pacer)))),
  )

/**
 * The pages of a filtered stream: one walk of the UUID prefixes per subscription, paged by the
 * same page machine (a short page is no end: bundles hold up to `pageSize`).
 */
const filtered = <P>(ctx: OperationContext, input: StreamInput<P>, where: CheckedWhere, pacer: Pacer | undefined): ObservableEither<WeaviateError, Page<P>> =>
  withVersion(ctx, input.call, (version) =>
    getClass(ctx)(input.className, input.call).pipe(
      flatMap((definition) =>
        pagesAfter(
          filteredPageFetcher(ctx, input, where, version, definition)(),
          { cursorOf: (o) => o.id, pageSize: input.pageSize, prefetch: input.prefetch, after: input.after, stopOnShortPage: false, ...(pacer === undefined ? {} : { pacer }) },
          ioTurn,
        ),
      ),
    ),
  )

/** The pages of one transport's fetcher: one cursor, or the partitions merged. */
const scan = <P>(page: PageFetcher<P>, input: StreamInput<P>, pacer: Pacer | undefined): ObservableEither<WeaviateError, Page<P>> => {
  const cursorOf = (entry: PageEntry<P>) => entry.id
  const { pageSize, prefetch, ranges } = input
  return ranges === undefined
    ? pagesAfter(page, { cursorOf, pageSize, prefetch, after: input.after, ...(pacer === undefined ? {} : { pacer }) }, ioTurn).pipe(decodedPages<P>())
    : defer(() => {
        const delivered: Array<string | undefined> = ranges.map(() => undefined) // last id passed on, per partition
        return mergePartitions(
          ranges.map(
            (range) => (partitionPacer: Pacer) =>
              pagesAfter(
                page,
                { cursorOf, pageSize, prefetch, after: range.after, until: (entry) => !uuidInRange(entry.id, range), pacer: partitionPacer },
                ioTurn,
              ).pipe(decodedPages<P>()),
          ),
          {
            ordered: input.ordered,
            ...(pacer === undefined ? {} : { pacer }),
            onPass: (i, objects) => {
              const last = objects[objects.length - 1]
              if (last !== undefined) delivered[i] = last.id
            },
            mapLeft: (cause, partition, passedAll) =>
              new StreamPartitionError({
                cause,
                partition,
                remaining: ranges.flatMap((range, i) => (passedAll[i] === true ? [] : [{ after: delivered[i] ?? range.after, before: range.before }])),
              }),
          },
        )
      })
}

/** The objects, one value each, paced in objects by `pacer`. */
const objects = <P>(ctx: OperationContext, input: StreamInput<P>, pacer: Pacer | undefined): ObservableEither<WeaviateError, WeaviateObject<P, VectorOf<VectorFormat>>> =>
  itemsOfPages((pagePacer) => pages(ctx, input, pagePacer), pacer)

/** A stream's checked arguments: no unknown key, then `streamInput`, then a gRPC address for a `'grpc'` stream. */
const streamChecked = <P>(ctx: OperationContext, keys: ArgumentKeys, args: unknown, name?: string): StreamInput<P> => {
  const input = streamInput<P>(name === undefined ? argsOf(keys, args) : argsOf(keys, args, name))
  ctx.transports.requireAddress(input.transport)
  return input
}

/**
 * Streams every object of a class in ascending UUID order (or, with `partitions` and
 * `ordered: false`, in arrival order) as a plain ObservableEither.
 *
 * - **Backpressure**: a synchronous subscriber consumes as it receives, and paging stays at most
 *   `prefetch` pages ahead. An asynchronous one passes a `pacer` (`createPacer()` from
 *   `weaviate-rx/paging`) and calls `pacer.ack()` when it has finished with an object. For
 *   `for await`, use {@link iterate}.
 * - **Failures**: a failure after the pipeline's retries is one `Left`, then completion. With one
 *   partition the objects before it are exactly those up to the last one received: resume with
 *   `after` = its id. With `partitions > 1` (or `ranges`) the Left is a `StreamPartitionError`
 *   whose `remaining` lists exactly the ranges not delivered: resume with `ranges: remaining`.
 * - **Servers**: needs the `after` cursor (Weaviate 1.18+); on an older server the stream is one
 *   `UnsupportedVersionError` before any page is requested. A page whose objects do not ascend
 *   after the cursor is a `DecodeError`, never an endless stream.
 * - **Filtered** (`where`): only the matches, still once each in ascending UUID order and past the
 *   server's `QUERY_MAXIMUM_RESULTS`, counted and fetched by UUID prefix (no cursor needed, so
 *   from Weaviate 1.13); resume with `after` as above.
 */
export const stream =
  (ctx: OperationContext) =>
  <P = Record<string, unknown>, F extends VectorFormat = 'array'>(args: StreamArgs<P, F>): ObservableEither<WeaviateError, WeaviateObject<P, VectorOf<F>>> =>
    operation(
      () => streamChecked<P>(ctx, STREAM_KEYS.stream, args),
      (input) => objects(ctx, input, input.pacer) as ObservableEither<WeaviateError, WeaviateObject<P, VectorOf<F>>>,
    )

/**
 * The same pages as {@link stream}, one `right(objects)` per page: the throughput form (no value
 * per object through the operator chain). With a `pacer`, one ack is one page.
 */
export const streamPages =
  (ctx: OperationContext) =>
  <P = Record<string, unknown>, F extends VectorFormat = 'array'>(args: StreamArgs<P, F>): ObservableEither<WeaviateError, ReadonlyArray<WeaviateObject<P, VectorOf<F>>>> =>
    operation(
      () => streamChecked<P>(ctx, STREAM_KEYS.streamPages, args, 'stream'),
      (input) => pages(ctx, input, input.pacer) as ObservableEither<WeaviateError, Page<P, VectorOf<F>>>,
    )

/**
 * The objects of {@link stream} for `for await`, with real backpressure: the next page is
 * requested only as the loop pulls objects (at most `prefetch` pages ahead of the loop body), and
 * `break` aborts the page request in flight. Each iteration is its own scan.
 */
export const iterate =
  (ctx: OperationContext) =>
  <P = Record<string, unknown>, F extends VectorFormat = 'array'>(args: IterateArgs<P, F>): AsyncIterable<E.Either<WeaviateError, WeaviateObject<P, VectorOf<F>>>> => {
    if (typeof args === 'object' && args !== null && 'pacer' in args) {
      const misuse = new ArgumentValueError({ argument: 'pacer', reason: "'pacer' is not an option of iterate: the loop paces it" })
      return toAsyncIterable(of(E.left<WeaviateError, WeaviateObject<P, VectorOf<F>>>(misuse)))
    }
    return toAsyncIterable((pacer) =>
      operation(
        () => streamChecked<P>(ctx, STREAM_KEYS.iterate, args, 'stream'),
        (input) => objects(ctx, input, pacer) as ObservableEither<WeaviateError, WeaviateObject<P, VectorOf<F>>>,
      ),
    )
  }

export type { IterateArgs, StreamArgs, StreamFields, VectorFormatOption } from './args'
