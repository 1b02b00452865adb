/**
 * The answer of `GET /v1/schema/<Class>/indexes` (IndexStatusResponse, PropertyIndexStatus and
 * IndexStatus in Weaviate's OpenAPI document, v1.38.0 and v1.39.0): each property with the
 * inverted indexes it has and their state. 1.38 names the range index `rangeable`, 1.39
 * `rangeFilters`; both read as `rangeFilters`, the name the index is dropped by. A property
 * without any index comes as `indexes: null` and reads as `[]`.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * An inverted index of a property: `filterable` (where filters), `searchable` (bm25 and hybrid),
 * `rangeFilters` (range filters on numbers and dates).
 *
 * @example
 * ```ts
 * const index: PropertyIndexType = 'searchable'
 * ```
 */
export type PropertyIndexType = 'filterable' | 'searchable' | 'rangeFilters'

/** The names of {@link PropertyIndexType}. */
export const PROPERTY_INDEX_TYPES = ['filterable', 'searchable', 'rangeFilters'] as const satisfies readonly PropertyIndexType[]

/**
 * The state of one inverted index: `ready`, or the state of the reindex task that builds it.
 *
 * @example
 * ```ts
 * const state: PropertyIndexState = 'indexing'
 * ```
 */
export type PropertyIndexState = 'ready' | 'indexing' | 'pending' | 'failed' | 'cancelled'

/** The index type as the server names it; `rangeable` (1.38) reads as `rangeFilters`. */
const IndexTypeCodec = new t.Type<PropertyIndexType, string, unknown>(
  'PropertyIndexType',
  (u): u is PropertyIndexType => PROPERTY_INDEX_TYPES.some((k) => k === u),
  (u, c) => {
    if (u === 'rangeable') return t.success('rangeFilters')
    const found = PROPERTY_INDEX_TYPES.find((k) => k === u)
    return found === undefined ? t.failure(u, c, "one of 'filterable', 'searchable', 'rangeFilters' (or 'rangeable')") : t.success(found)
  },
  (a) => a,
)

const IndexStateCodec = t.keyof({ ready: null, indexing: null, pending: null, failed: null, cancelled: null }, 'PropertyIndexState')

/**
 * One inverted index of a property and its state.
 *
 * @example
 * ```ts
 * const searchable: PropertyIndexStatus = { type: 'searchable', status: 'ready', tokenization: 'word', algorithm: 'blockmax' }
 * ```
 */
export interface PropertyIndexStatus {
  readonly type: PropertyIndexType
  readonly status: PropertyIndexState
  /** The share done of a reindex task, 0 to 1. */
  readonly progress?: number
  /** The reindex task behind a state other than a plain `ready` (1.39). */
  readonly taskId?: string
  readonly tokenization?: string
  /** The tokenization a reindex task moves the index to. */
  readonly targetTokenization?: string
  /** A searchable index's BM25 algorithm: `wand` or `blockmax`. */
  readonly algorithm?: string
  /** The algorithm a reindex task moves a searchable index to. */
  readonly targetAlgorithm?: string
}

const PropertyIndexStatusCodec: t.Type<PropertyIndexStatus, unknown, unknown> = t.intersection([
  t.type({ type: IndexTypeCodec, status: IndexStateCodec }),
  t.partial({
    progress: t.number,
    taskId: t.string,
    tokenization: t.string,
    targetTokenization: t.string,
    algorithm: t.string,
    targetAlgorithm: t.string,
  }),
])

/**
 * A property with its inverted indexes: an index the property does not have (never had, or
 * dropped) is not listed, unless a reindex task reports on it.
 *
 * @example
 * ```ts
 * const searchable = (p: PropertyIndexes) => p.indexes.some((i) => i.type === 'searchable' && i.status === 'ready')
 * ```
 */
export interface PropertyIndexes {
  readonly name: string
  /** The data type as one string: `text`, `int[]`, a class name for a reference. */
  readonly dataType?: string
  readonly description?: string
  readonly indexes: readonly PropertyIndexStatus[]
}

const nullAsEmpty = new t.Type<readonly PropertyIndexStatus[], unknown, unknown>(
  'PropertyIndexStatus[] | null',
  (u): u is readonly PropertyIndexStatus[] => Array.isArray(u),
  (u, c) => (u === null || u === undefined ? t.success([]) : t.readonlyArray(PropertyIndexStatusCodec).validate(u, c)),
  (a) => a,
)

const PropertyIndexesCodec: t.Type<PropertyIndexes, unknown, unknown> = t.intersection([
  t.type({ name: t.string, indexes: nullAsEmpty }),
  t.partial({ dataType: t.string, description: t.string }),
])

/**
 * The inverted indexes of a class, as `client.schema.indexStatus` reads them.
 *
 * @example
 * ```ts
 * const ready = (s: IndexStatus) => s.properties.every((p) => p.indexes.every((i) => i.status === 'ready'))
 * ```
 */
export interface IndexStatus {
  readonly collection: string
  readonly properties: readonly PropertyIndexes[]
}

/** The codec of {@link IndexStatus}. */
export const IndexStatusCodec: t.Type<IndexStatus, unknown, unknown> = t.type(
  {
    collection: t.string,
    properties: new t.Type<readonly PropertyIndexes[], unknown, unknown>(
      'PropertyIndexes[] | null',
      (u): u is readonly PropertyIndexes[] => Array.isArray(u),
      (u, c) => (u === null || u === undefined ? t.success([]) : t.readonlyArray(PropertyIndexesCodec).validate(u, c)),
      (a) => a,
    ),
  },
  'IndexStatus',
)
