/**
 * What a search returns, the same over gRPC and GraphQL: objects with their properties (decoded
 * by the caller's codec), the metadata asked for, vectors and followed references.
 *
 * @packageDocumentation
 */
import type { NamedVectors } from '../codecs/object'
import type { JsonValue } from '../codecs/value-json'
import type { VectorFormat, VectorOf } from '../input/vector-format'

/**
 * The metadata of a result: only the fields asked for (`returnMetadata`) are present.
 * `creationTimeUnix` / `lastUpdateTimeUnix` are Unix milliseconds, as on `objects.getById`;
 * `distance`, `certainty` and `score` are the server's float32 values; `isConsistent` says whether
 * the replicas the search read agreed on the object (with a single node: always true).
 *
 * @example
 * ```ts
 * const m: SearchMetadata = { distance: 0.125, rerankScore: 12 }
 * ```
 */
export interface SearchMetadata {
  readonly distance?: number
  readonly certainty?: number
  readonly score?: number
  readonly explainScore?: string
  readonly creationTimeUnix?: number
  readonly lastUpdateTimeUnix?: number
  readonly isConsistent?: boolean
  /** The reranker's score, present on every result of a search with `rerank` (highest first). */
  readonly rerankScore?: number
}

/**
 * One result. `V` is the vector type of the `vectorFormat` asked for.
 *
 * @example
 * ```ts
 * const o: SearchObject<{ title: string }> = { className: 'Article', id, properties: { title: 'x' }, metadata: {} }
 * ```
 */
export interface SearchObject<P = Record<string, unknown>, V = readonly number[]> {
  readonly className: string
  readonly id: string
  readonly properties: P
  readonly metadata: SearchMetadata
  /** Present when `includeVector: true` and the object has one. */
  readonly vector?: V
  /**
   * The named vectors asked for: a vector, or a multi-vector's list of vectors (a named vector
   * whose index has `multivector` enabled), each vector a `V`. Writable back as it is.
   */
  readonly vectors?: NamedVectors<V>
  /** The objects each followed reference property points to, in stored order. */
  readonly references?: Readonly<Record<string, ReadonlyArray<SearchObject<Record<string, unknown>, V>>>>
  /** What the generative module wrote for this object's `generate.singlePrompt`. */
  readonly generated?: string
}

/**
 * Where a search spent its time, shard by shard, as the server measured it (`queryProfile: true`).
 * `searches` holds one entry per kind of search the shard ran (`vector`, `keyword`, `object`, ...),
 * each a map of metric names to the server's printed values (`total_took: '1.2ms'`); the metric
 * names are the server's and change between versions.
 *
 * @example
 * ```ts
 * const profile: QueryProfile = {
 *   shards: [{ name: 'a1b2c3', node: 'node1', searches: { vector: { details: { total_took: '512µs' } } } }],
 * }
 * ```
 */
export interface QueryProfile {
  readonly shards: ReadonlyArray<{
    readonly name: string
    readonly node: string
    readonly searches: Readonly<Record<string, { readonly details: Readonly<Record<string, string>> }>>
  }>
}

/**
 * The results of one search, best first (or in the fetch's sort order).
 *
 * @example
 * ```ts
 * client.query.nearVector({ className: 'Article', vector }).subscribe(E.map((r) => r.objects.length))
 * client.query.bm25({ className: 'Article', query: 'fox', generate: { groupedTask: 'Summarise' } }).subscribe(E.map((r) => r.generated))
 * ```
 */
export interface SearchResult<P = Record<string, unknown>, V = readonly number[]> {
  /** With `groupBy`: the objects of every group, group after group. */
  readonly objects: ReadonlyArray<SearchObject<P, V>>
  /** Present only with `groupBy`: the groups by name (the property's value), nearest first. */
  readonly groups?: Readonly<Record<string, SearchGroup<P, V>>>
  /**
   * What the generative module wrote for `generate.groupedTask` over all the results (with
   * `groupBy`: over the groups' first objects); absent when none were found.
   */
  readonly generated?: string
  /** With `queryProfile: true`: the server's timings of the search, grouped or not (absent when nothing was found). */
  readonly queryProfile?: QueryProfile
}

/**
 * One group of a grouped search. With `generate.singlePrompt` the group has its own `generated`
 * answer, with `rerank` its own `rerankScore` (the groups then come highest score first); both are
 * about the group's first object.
 *
 * @example
 * ```ts
 * const g: SearchGroup = { name: 'news', minDistance: 0.1, maxDistance: 0.2, numberOfObjects: 2, objects: [] }
 * const reranked: SearchGroup = { ...g, rerankScore: 12, generated: 'A summary of the news' }
 * client
 *   .query.nearVector({ className: 'Article', vector, groupBy: { property: 'section', numberOfGroups: 3, objectsPerGroup: 2 }, generate: { singlePrompt: 'Sum up {title}' } })
 *   .subscribe(E.map((r) => Object.values(r.groups ?? {}).map((group) => group.generated)))
 * ```
 */
export interface SearchGroup<P = Record<string, unknown>, V = readonly number[]> {
  readonly name: string
  readonly minDistance: number
  readonly maxDistance: number
  readonly numberOfObjects: number
  readonly objects: ReadonlyArray<SearchObject<P, V>>
  /**
   * What the generative module wrote for `generate.singlePrompt` about this group: one answer per
   * group, over the properties of the group's first (nearest) object; its members have none.
   */
  readonly generated?: string
  /**
   * The reranker's score of this group (a search with `rerank`): the score of the group's first
   * object's property; its members have no `metadata.rerankScore`.
   */
  readonly rerankScore?: number
}

/**
 * A result before its properties are decoded by the caller's codec: properties as REST's JSON,
 * vectors in either format. Both transports' decoders give this (`grpc/search-decode.ts`,
 * `graphql/decode.ts`).
 */
export type RawSearchResult = SearchResult<Record<string, JsonValue>, VectorOf<VectorFormat>>
