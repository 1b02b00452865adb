/**
 * The options every batch operation shares, and their resolution at the call (once).
 *
 * @packageDocumentation
 */
import { SchedulerLike, asyncScheduler } from 'rxjs'
import { CallOptions, callOptions } from '../context/context'
import type { OnProgress, Progress } from '../core/progress'
import { ArgumentKeys, ConsistencyLevel, KeyTable, argsOf, consistencyLevel, finiteNumber, optional, positiveInteger, valueError } from '../input/check'
import { DYNAMIC_MAX, DYNAMIC_START } from './dynamic-size'
import { pacedBatchSize } from './rate-pace'

/**
 * Progress of a batch operation: the common {@link Progress} (`items` = `succeeded + failed`,
 * `requests` = requests answered, item retries included) and the batch's own counts. Reported
 * after every request and once more, with `done: true`, at the end.
 *
 * `settledThrough` is the checkpoint: every item with an index below it has had its final result
 * emitted before this report, so a resumable import may record "the first `settledThrough` items
 * are done" (written or failed for good) and, after a crash, start again at that index. Items at or
 * above it may be written, failed or not yet sent; results arrive in request order, not item
 * order, so this watermark is the one safe place to resume from.
 *
 * @example
 * ```ts
 * let done = 0 // the checkpoint: after a crash, a resumed run starts at objects[done]
 * const onProgress = (p: BatchProgress) => {
 *   console.error(`${p.succeeded}/${p.read} ${Math.round(p.perSecond)}/s`)
 *   done = p.settledThrough
 * }
 * client.objects.batch(objects, { onProgress })
 * ```
 */
export interface BatchProgress extends Progress {
  /** Items taken from the source. */
  readonly read: number
  /** Items sent at least once. */
  readonly sent: number
  /** Items written. */
  readonly succeeded: number
  /** Every item with an index below this one has had its final result emitted. */
  readonly settledThrough: number
  /** The size of the next request, with `batchSize: 'dynamic'` (absent otherwise). */
  readonly batchSize?: number
}

/**
 * Options of `objects.batch` and `references.batch`.
 *
 * @example
 * ```ts
 * client.objects.batch(objects, { batchSize: 200, concurrency: 2, onProgress: console.log })
 * ```
 */
export interface BatchOptions extends CallOptions {
  /**
   * Items per request, or `'dynamic'`: a size that follows the server, as the Python client's
   * `batch.dynamic()` does. Over server-side batching (`BatchStream`) it is the size the server asks
   * for (its `Backoff`, every few seconds); until the server asks, and over REST and
   * `BatchObjects`, it is the size whose request the server answers in about a second, from each
   * request's latency. It starts at 100 and stays within 1 to 1000 (and a second's worth of items
   * with `objectsPerMinute`); progress reports carry it as `batchSize`.
   * @default 100
   */
  readonly batchSize?: number | 'dynamic'
  /**
   * Requests in flight.
   * @default 2
   */
  readonly concurrency?: number
  /**
   * Bytes of JSON per request; a request is sent before it would grow past this.
   * @default 8_388_608 (8 MiB)
   */
  readonly maxBytes?: number
  /**
   * A partial batch is sent when the source has given nothing for this many ms.
   * @default 50
   */
  readonly flushMs?: number
  /**
   * How often an item the server reported as a transient failure (rate limit, overload, timeout)
   * inside a 200 answer is sent again. The waits come from the call's retry policy (the client's
   * `retry` options with the call's `retry` over them: backoff, jitter, `maxDelayMs`), the same
   * policy as a request's retries; this only sets how many there are. `retry: false` on the call
   * does not turn item retries off: `itemRetries: 0` does.
   * @default 3
   */
  readonly itemRetries?: number
  readonly consistencyLevel?: ConsistencyLevel
  /**
   * Values of a plain (not paced) Observable source held before it fails with a
   * `BufferOverflowError`; paced sources and iterables are pulled and never buffered.
   * @default Infinity
   */
  readonly sourceHighWaterMark?: number
  /**
   * Called after every request (its results emitted first) and once at the end with `done: true`.
   * Any {@link OnProgress} callback of the common shape fits.
   */
  readonly onProgress?: OnProgress<BatchProgress>
  /** The clock of the idle flush and the item backoff (tests). Default `asyncScheduler`. */
  readonly scheduler?: SchedulerLike
}

/**
 * {@link BatchOptions} with every default filled in.
 */
export interface ResolvedBatchOptions {
  /** The batch size (a dynamic run's first), at most a second's worth of items when `perMinute` is given. */
  readonly batchSize: number
  /** With `batchSize: 'dynamic'`, the largest size the run may grow to; undefined for a fixed size. */
  readonly dynamicMax: number | undefined
  /** The rate limit (`objectsPerMinute`), when the operation takes one and it was given. */
  readonly perMinute: number | undefined
  readonly concurrency: number
  readonly maxBytes: number
  readonly flushMs: number
  readonly itemRetries: number
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly sourceHighWaterMark: number
  readonly onProgress: ((progress: BatchProgress) => void) | undefined
  readonly scheduler: SchedulerLike
  readonly call: CallOptions
}

/** The options every batch takes (each batch's own table adds its own). */
export const BATCH_OPTION_KEYS: KeyTable<BatchOptions> = {
  batchSize: true,
  concurrency: true,
  maxBytes: true,
  flushMs: true,
  itemRetries: true,
  consistencyLevel: true,
  sourceHighWaterMark: true,
  onProgress: true,
  scheduler: true,
  retry: true,
  timeout: true, headers: true,
}

const nonNegative = (argument: string, value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : valueError(argument, `'${argument}' must be an integer >= 0`)

const positiveFinite = (argument: string, value: unknown): number => {
  const n = finiteNumber(argument, value)
  return n > 0 ? n : valueError(argument, `'${argument}' must be a positive finite number`)
}

/** A fixed batch size: a positive integer (`'dynamic'` is taken before this). */
const sizeOrDynamic = (argument: string, value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : valueError(argument, `'${argument}' must be a positive integer or 'dynamic'`)

const function_ = <F>(argument: string, value: unknown): F =>
  typeof value === 'function' ? (value as F) : valueError(argument, `'${argument}' must be a function`)

/**
 * Checks and resolves the options of a batch call; throws an ArgumentError.
 */
export const resolveBatchOptions = (keys: ArgumentKeys, options: unknown): ResolvedBatchOptions => {
  const o = options === undefined ? {} : argsOf(keys, options, `${keys.operation} options`)
  const highWaterMark = o['sourceHighWaterMark']
  // Only a table that names it lets `objectsPerMinute` through `argsOf` (objects.batch's).
  const perMinute = optional(positiveFinite, 'objectsPerMinute', o['objectsPerMinute'])
  const dynamic = o['batchSize'] === 'dynamic'
  const fixed = dynamic ? undefined : optional(sizeOrDynamic, 'batchSize', o['batchSize'])
  return {
    batchSize: pacedBatchSize(fixed ?? (dynamic ? DYNAMIC_START : 100), perMinute),
    dynamicMax: dynamic ? pacedBatchSize(DYNAMIC_MAX, perMinute) : undefined,
    perMinute,
    concurrency: optional(positiveInteger, 'concurrency', o['concurrency']) ?? 2,
    maxBytes: optional(positiveInteger, 'maxBytes', o['maxBytes']) ?? 8 * 1024 * 1024,
    flushMs: optional(nonNegative, 'flushMs', o['flushMs']) ?? 50,
    itemRetries: optional(nonNegative, 'itemRetries', o['itemRetries']) ?? 3,
    consistencyLevel: optional(consistencyLevel, 'consistencyLevel', o['consistencyLevel']),
    sourceHighWaterMark:
      highWaterMark === undefined || highWaterMark === Infinity ? Infinity : positiveInteger('sourceHighWaterMark', highWaterMark),
    onProgress: optional(function_<(progress: BatchProgress) => void>, 'onProgress', o['onProgress']),
    scheduler: (o['scheduler'] as SchedulerLike | undefined) ?? asyncScheduler,
    call: callOptions(o),
  }
}
