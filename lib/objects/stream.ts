/**
 * `objects.stream`: every object of a class as one stream, paged with the `after` cursor in
 * ascending UUID order, in constant memory. Optionally split into UUID-range partitions scanned
 * at once.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { WeaviateObject } from '../codecs/object'
import { CallOptions, OperationContext, callOptions } from '../context'
import { ArgumentValueError, WeaviateError } from '../errors'
import { ConsistencyLevel, argsObject, boolean, checkInput, optional, positiveInteger, nonNegativeInteger } from '../input/check'
import { className } from '../input/names'
import { uuid } from '../input/uuid'
import { PageProgress, PagedStream, mergePartitions, paginateAfter, uuidInRange, uuidPartitions, UuidRange } from '../paging'
import { CodecOption, codecOf, readFields } from './args'
import { listInput, runList } from './list'

/**
 * Arguments of `objects.stream`.
 *
 * @example
 * ```ts
 * const args: StreamArgs = { className: 'Article', pageSize: 500, prefetch: 2, onProgress: (p) => console.error(p.items) }
 * ```
 */
export type StreamArgs<P = Record<string, unknown>> = StreamFields & CodecOption<P>

/**
 * The fields of {@link StreamArgs} besides `codec`.
 *
 * @example
 * ```ts
 * const fields: StreamFields = { className: 'Article', pageSize: 500 }
 * ```
 */
export interface StreamFields extends CallOptions {
  readonly className: string
  /** Objects per request; default 100. */
  readonly pageSize?: number
  /** Pages fetched ahead of the consumer; default 1 (0 = strictly on demand). */
  readonly prefetch?: number
  /** Start after this UUID (exclusive). */
  readonly after?: string
  readonly withVector?: boolean
  readonly additionalProperties?: readonly string[]
  readonly tenant?: string
  readonly consistencyLevel?: ConsistencyLevel
  /** Split the UUID space into this many ranges, scanned by as many cursors at once; default 1. */
  readonly partitions?: number
  /** With partitions: keep ascending UUID order across them (default true) or emit as they come. */
  readonly ordered?: boolean
  /** Called after every page with the pages and objects fetched so far, and once with `done: true`. */
  readonly onProgress?: (progress: PageProgress) => void
}

const DEFAULT_PAGE_SIZE = 100

const streamInput = <P>(args: unknown) => {
  const a = argsObject('stream', args)
  const onProgress = a['onProgress']
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new ArgumentValueError({ argument: 'onProgress', reason: "'onProgress' must be a function" })
  }
  const input = {
    ...readFields(a),
    className: className('className', a['className']),
    pageSize: optional(positiveInteger, 'pageSize', a['pageSize']) ?? DEFAULT_PAGE_SIZE,
    prefetch: optional(nonNegativeInteger, 'prefetch', a['prefetch']) ?? 1,
    after: optional(uuid, 'after', a['after']),
    partitions: optional(positiveInteger, 'partitions', a['partitions']) ?? 1,
    ordered: optional(boolean, 'ordered', a['ordered']) ?? true,
    codec: codecOf<P>(a),
    call: callOptions(a),
    onProgress: onProgress as ((progress: PageProgress) => void) | undefined,
  }
  if (input.nodeName !== undefined) throw new ArgumentValueError({ argument: 'nodeName', reason: "'nodeName' is not supported by stream" })
  if (input.partitions > 4096) throw new ArgumentValueError({ argument: 'partitions', reason: "'partitions' must be at most 4096" })
  return input
}

type StreamInput<P> = ReturnType<typeof streamInput<P>>

/** Sums the progress of several partitions into one report. */
const combinedProgress = (count: number, report: ((p: PageProgress) => void) | undefined) => {
  const latest: PageProgress[] = Array.from({ length: count }, () => ({ pages: 0, items: 0, done: false }))
  return (index: number) => (progress: PageProgress) => {
    latest[index] = progress
    if (report === undefined) return
    let pages = 0
    let items = 0
    let done = true
    for (const p of latest) {
      pages += p.pages
      items += p.items
      done &&= p.done
    }
    // A finished partition reports done; the stream is done when all are.
    if (!progress.done || done) report({ pages, items, done })
  }
}

/** The ranges to scan: the partitions, cut to start after `after` when one is given. */
const rangesAfter = (partitions: number, after: string | undefined): UuidRange[] =>
  uuidPartitions(partitions).flatMap((range) => {
    if (after === undefined) return [range]
    if (range.before !== undefined && after >= range.before) return []
    return [{ ...range, after: range.after === undefined || after > range.after ? after : range.after }]
  })

/**
 * One turn of the event loop before a page is emitted, so undici (which writes to a reused
 * keep-alive socket in the check phase) sends the next page request before the consumer works
 * through this page: prefetch then overlaps fetching with a synchronous consumer too.
 */
const ioTurn = (resume: () => void): (() => void) => {
  const immediate = setImmediate(resume)
  return () => clearImmediate(immediate)
}

const scan = <P>(ctx: OperationContext, input: StreamInput<P>): PagedStream<WeaviateError, WeaviateObject<P>> => {
  // The list request is checked once; each page only moves the cursor.
  const request = listInput<P>({
    className: input.className,
    limit: input.pageSize,
    ...(input.tenant === undefined ? {} : { tenant: input.tenant }),
    ...(input.consistencyLevel === undefined ? {} : { consistencyLevel: input.consistencyLevel }),
    ...(input.codec === undefined ? {} : { codec: input.codec }),
    ...input.call,
  })
  const checked = { ...request, include: input.include }
  const page = (after: string | undefined) => runList<P>(ctx, after === undefined ? checked : { ...checked, after }, 'retry')
  const cursorOf = (o: WeaviateObject<P>) => o.id
  if (input.partitions === 1) {
    return paginateAfter(page, {
      cursorOf,
      pageSize: input.pageSize,
      prefetch: input.prefetch,
      yieldBeforeEmit: ioTurn,
      ...(input.after === undefined ? {} : { after: input.after }),
      ...(input.onProgress === undefined ? {} : { onProgress: input.onProgress }),
    })
  }
  const ranges = rangesAfter(input.partitions, input.after)
  const progressOf = combinedProgress(ranges.length, input.onProgress)
  return mergePartitions(
    ranges.map((range, i) =>
      paginateAfter(page, {
        cursorOf,
        pageSize: input.pageSize,
        prefetch: input.prefetch,
        yieldBeforeEmit: ioTurn,
        ...(range.after === undefined ? {} : { after: range.after }),
        until: (o) => !uuidInRange(o.id, range),
        onProgress: progressOf(i),
      }),
    ),
    { ordered: input.ordered },
  )
}

/**
 * Streams every object of a class in ascending UUID order (or, with `partitions` and
 * `ordered: false`, in arrival order). The result is an ObservableEither that is also
 * async-iterable: `for await` pulls pages on demand, at most `prefetch` pages ahead. In RxJS, a
 * synchronous subscriber consumes as it receives; an asynchronous one bounds paging with a pacer
 * (see `createPacer`). A failure after the pipeline's retries is one `Left`, then completion.
 *
 * @example
 * ```ts
 * for await (const item of client.objects.stream({ className: 'Article', pageSize: 500 })) {
 *   if (E.isRight(item)) console.log(item.right.id)
 * }
 * ```
 */
export const stream =
  (ctx: OperationContext) =>
  <P = Record<string, unknown>>(args: StreamArgs<P>): PagedStream<WeaviateError, WeaviateObject<P>> => {
    const input = checkInput(() => streamInput<P>(args))
    if (E.isLeft(input)) {
      const failure = input.left
      return paginateAfter(() => of(E.left<WeaviateError, readonly WeaviateObject<P>[]>(failure)), {
        cursorOf: (o: WeaviateObject<P>) => o.id,
        pageSize: 1,
      })
    }
    return scan(ctx, input.right)
  }
