/**
 * The arguments of `objects.stream`, `objects.iterate` and `objects.streamPages`, checked once at
 * the call: every page request and every partition is built from this checked input.
 *
 * @packageDocumentation
 */
import { isObservable } from 'rxjs'
import { CallOptions, callOptions } from '../../context/context'
import { ArgumentValueError } from '../../core/errors'
import { TransportMode, transportMode } from '../../input/transport-mode'
import { VectorFormat, vectorFormat } from '../../input/vector-format'
import { ConsistencyLevel, KeyTable, argumentKeys, boolean, knownKeys, nonNegativeInteger, optional, positiveInteger, stringArray } from '../../input/check'
import { className } from '../../input/names'
import { uuid } from '../../input/uuid'
import { PageProgress } from '../../paging/page-progress'
import { Pacer } from '../../paging/pacer'
import { CodecOption, readFields } from '../args'
import { PropertiesCodec, codecOf } from '../../codecs/decode-object'
import { CheckedWhere, Where, whereFilter } from '../../input/where'
import { MAX_PARTITIONS, UuidRange, uuidPartitions } from '../../paging/uuid-partitions'

/**
 * Arguments of `objects.stream` (and, without `pacer`, of `objects.iterate`).
 *
 * @example
 * ```ts
 * const args: StreamArgs = { className: 'Article', pageSize: 500, prefetch: 2, onProgress: (p) => console.error(p.items) }
 * ```
 */
export type StreamArgs<P = Record<string, unknown>, F extends VectorFormat = 'array'> = StreamFields & CodecOption<P> & VectorFormatOption<F>

/**
 * Arguments of `objects.iterate`: those of `objects.stream` without `pacer` (the loop paces).
 *
 * @example
 * ```ts
 * const args: IterateArgs = { className: 'Article', pageSize: 500 }
 * ```
 */
export type IterateArgs<P = Record<string, unknown>, F extends VectorFormat = 'array'> = Omit<StreamFields, 'pacer'> & CodecOption<P> & VectorFormatOption<F>

/**
 * How a stream gives vectors.
 *
 * @example
 * ```ts
 * const option: VectorFormatOption<'float32'> = { vectorFormat: 'float32' }
 * ```
 */
export interface VectorFormatOption<F extends VectorFormat> {
  /**
   * `'array'`: `vector` (and each of `vectors`) as plain numbers, the very numbers REST's JSON
   * gives, over either transport; `'float32'`: as a `Float32Array` holding the server's float32
   * values (over gRPC a memory copy of the bytes received, no per-number work: the fast form for
   * vector workloads).
   *
   * The default is `'array'`: it is what every read returned before gRPC, what `WeaviateObject`
   * types as `readonly number[]`, and what `JSON.stringify` writes as a list (a Float32Array
   * would be written as an object of indices), so existing code keeps working whichever transport
   * the client picks. Ask for `'float32'` when speed matters.
   *
   * @default 'array'
   */
  readonly vectorFormat?: F
}

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
  /**
   * Objects per request.
   *
   * @default 100
   */
  readonly pageSize?: number
  /**
   * Pages fetched ahead of the consumer (0 = strictly on demand).
   *
   * @default 1
   */
  readonly prefetch?: number
  /** Start after this UUID (exclusive). */
  readonly after?: string
  /**
   * Only the objects this filter matches, still each once in ascending UUID order, past the
   * server's `QUERY_MAXIMUM_RESULTS` (docs/streaming.md, "Filtered stream"): counted and fetched by
   * UUID prefix over `query.aggregate` and `query.fetchObjects` (gRPC where the client's choice
   * and the server allow, GraphQL otherwise). Not with `partitions`, `ranges` or
   * `additionalProperties`.
   */
  readonly where?: Where
  readonly withVector?: boolean
  readonly additionalProperties?: readonly string[]
  readonly tenant?: string
  readonly consistencyLevel?: ConsistencyLevel
  /**
   * Split the UUID space into this many ranges, scanned by as many cursors at once; at most
   * {@link MAX_PARTITIONS}.
   *
   * @default 1
   */
  readonly partitions?: number
  /**
   * Scan exactly these UUID ranges, one cursor each, instead of splitting the space into
   * `partitions` (and instead of `after`): how a partitioned stream resumes from the `remaining`
   * of a `StreamPartitionError`.
   */
  readonly ranges?: readonly UuidRange[]
  /**
   * With partitions: keep ascending UUID order across them, or emit as they come.
   *
   * @default true
   */
  readonly ordered?: boolean
  /**
   * The transport of this stream: `'grpc'` (Weaviate's `Search` with `after`), `'rest'`
   * (`GET /v1/objects` with `after`), or `'auto'`: the client's choice, which for a stream picks
   * the faster one (docs/decisions/0004-vector-formats.md): gRPC when vectors are asked for (in either
   * `vectorFormat`) and the server offers gRPC, REST otherwise.
   * `additionalProperties` other than the vector are REST-only.
   *
   * @default the client's `transport` ('auto')
   */
  readonly transport?: TransportMode
  /** Called after every page with the pages and objects delivered so far, and once with `done: true`. */
  readonly onProgress?: (progress: PageProgress) => void
  /**
   * RxJS backpressure: an object counts as consumed only when this pacer acks it (`pacer.ack()`),
   * so paging never runs more than `prefetch` pages ahead of an asynchronous consumer. For
   * `objects.streamPages`, one ack is one page.
   *
   * @default undefined (an object counts as consumed when it is emitted)
   */
  readonly pacer?: Pacer
}

const DEFAULT_PAGE_SIZE = 100

/** The ranges to scan: the given ones, or the partitions cut to start after `after`. */
const rangesOf = (partitions: number, after: string | undefined): UuidRange[] =>
  uuidPartitions(partitions).flatMap((range) => {
    if (after === undefined) return [range]
    if (range.before !== undefined && after >= range.before) return []
    return [{ ...range, after: range.after === undefined || after > range.after ? after : range.after }]
  })

const range = (argument: string, value: unknown): UuidRange => {
  if (typeof value !== 'object' || value === null) {
    throw new ArgumentValueError({ argument, reason: `'${argument}' must be an object { after?, before? }` })
  }
  const r = value as Record<string, unknown>
  knownKeys(RANGE_KEYS, r, argument)
  const after = optional(uuid, `${argument}.after`, r['after'])
  const before = optional(uuid, `${argument}.before`, r['before'])
  if (after !== undefined && before !== undefined && after >= before) {
    throw new ArgumentValueError({ argument, reason: `'${argument}.after' must come before '${argument}.before'` })
  }
  return { after, before }
}

const rangesArg = (value: unknown): UuidRange[] => {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_PARTITIONS) {
    throw new ArgumentValueError({ argument: 'ranges', reason: `'ranges' must be an array of 1 to ${MAX_PARTITIONS} UUID ranges` })
  }
  return value.map((r: unknown, i) => range(`ranges[${i}]`, r))
}


const isPacer = (u: unknown): u is Pacer =>
  typeof u === 'object' && u !== null && typeof (u as Partial<Pacer>).ack === 'function' && isObservable((u as Partial<Pacer>).acked$)

const pacerArg = (value: unknown): Pacer | undefined => {
  if (value === undefined || isPacer(value)) return value
  throw new ArgumentValueError({ argument: 'pacer', reason: "'pacer' must be a Pacer (createPacer() from 'weaviate-rx/paging')" })
}

const STREAM_FIELD_KEYS: KeyTable<StreamFields> = {
  className: true,
  pageSize: true,
  prefetch: true,
  after: true,
  where: true,
  withVector: true,
  additionalProperties: true,
  tenant: true,
  consistencyLevel: true,
  partitions: true,
  ranges: true,
  ordered: true,
  transport: true,
  onProgress: true,
  pacer: true,
  retry: true,
  timeout: true, headers: true,
}

const { pacer: _pacer, ...ITERATE_FIELD_KEYS } = STREAM_FIELD_KEYS

/** The keys of the three entries, tied to their public arguments types. */
export const STREAM_KEYS = {
  stream: argumentKeys<StreamArgs>('stream', { ...STREAM_FIELD_KEYS, codec: true, vectorFormat: true }),
  streamPages: argumentKeys<StreamArgs>('streamPages', { ...STREAM_FIELD_KEYS, codec: true, vectorFormat: true }),
  // iterate takes every key of a stream but `pacer` (its consumer paces it).
  iterate: argumentKeys<IterateArgs>('iterate', { ...ITERATE_FIELD_KEYS, codec: true, vectorFormat: true }),
} as const

const RANGE_KEYS = argumentKeys<UuidRange>('a UUID range', { after: true, before: true })

/**
 * The checked input of a stream. `ranges` is `undefined` for one unbounded cursor (partitions 1,
 * no ranges given), else the ranges to scan at once.
 */
export interface StreamInput<P> {
  readonly className: string
  readonly where: CheckedWhere | undefined
  /** REST's `include`: the vector and `additionalProperties`. */
  readonly include: string | undefined
  readonly withVector: boolean
  /** Extra properties beyond the vector (REST's `include`); gRPC reads none. */
  readonly restOnly: boolean
  readonly transport: TransportMode | undefined
  readonly vectorFormat: VectorFormat
  readonly tenant: string | undefined
  readonly consistencyLevel: ConsistencyLevel | undefined
  readonly pageSize: number
  readonly prefetch: number
  readonly after: string | undefined
  readonly ranges: readonly UuidRange[] | undefined
  readonly ordered: boolean
  readonly codec: PropertiesCodec<P> | undefined
  readonly call: CallOptions
  readonly onProgress: ((progress: PageProgress) => void) | undefined
  readonly pacer: Pacer | undefined
}

/** Checks the arguments of a stream (their keys checked by the entry). */
export const streamInput = <P>(a: Record<string, unknown>): StreamInput<P> => {
  const onProgress = a['onProgress']
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new ArgumentValueError({ argument: 'onProgress', reason: "'onProgress' must be a function" })
  }
  const fields = readFields(a)
  if (fields.nodeName !== undefined) throw new ArgumentValueError({ argument: 'nodeName', reason: "'nodeName' is not supported by stream" })
  const after = optional(uuid, 'after', a['after'])
  const partitions = optional(positiveInteger, 'partitions', a['partitions'])
  if (partitions !== undefined && partitions > MAX_PARTITIONS) {
    throw new ArgumentValueError({ argument: 'partitions', reason: `'partitions' must be at most ${MAX_PARTITIONS}` })
  }
  const transport = transportMode('transport', a['transport'])
  const additional = optional(stringArray, 'additionalProperties', a['additionalProperties']) ?? []
  if (transport === 'grpc' && additional.length > 0) {
    throw new ArgumentValueError({ argument: 'additionalProperties', reason: "'additionalProperties' are read over REST only: drop them or use transport 'rest' or 'auto'" })
  }
  const given = a['ranges'] === undefined ? undefined : rangesArg(a['ranges'])
  if (given !== undefined && (partitions !== undefined || after !== undefined)) {
    throw new ArgumentValueError({ argument: 'ranges', reason: "'ranges' cannot be combined with 'partitions' or 'after'" })
  }
  const where = optional(whereFilter, 'where', a['where'])
  if (where !== undefined) {
    const alone = (argument: string, given: boolean): void => {
      if (given) throw new ArgumentValueError({ argument, reason: `'${argument}' cannot be combined with 'where': a filtered stream is cut by UUID prefix itself` })
    }
    alone('partitions', (partitions ?? 1) > 1)
    alone('ranges', given !== undefined)
    alone('additionalProperties', additional.length > 0)
  }
  const input: StreamInput<P> = {
    className: className('className', a['className']),
    where,
    include: fields.include,
    withVector: optional(boolean, 'withVector', a['withVector']) ?? false,
    restOnly: additional.length > 0,
    transport,
    vectorFormat: optional(vectorFormat, 'vectorFormat', a['vectorFormat']) ?? 'array',
    tenant: fields.tenant,
    consistencyLevel: fields.consistencyLevel,
    pageSize: optional(positiveInteger, 'pageSize', a['pageSize']) ?? DEFAULT_PAGE_SIZE,
    prefetch: optional(nonNegativeInteger, 'prefetch', a['prefetch']) ?? 1,
    after,
    ranges: given ?? ((partitions ?? 1) > 1 ? rangesOf(partitions ?? 1, after) : undefined),
    ordered: optional(boolean, 'ordered', a['ordered']) ?? true,
    codec: codecOf<P>(a),
    call: callOptions(a),
    onProgress: onProgress as ((progress: PageProgress) => void) | undefined,
    pacer: pacerArg(a['pacer']),
  }
  return input
}
