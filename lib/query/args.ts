/**
 * The public arguments of `client.query`'s searches: what every search shares (class, filter,
 * paging, what to return, transport) and each search's own. `query/check.ts` checks them into the
 * model of `query/input.ts`.
 *
 * @packageDocumentation
 */
import type { CallOptions } from '../context/context'
import type { Where } from '../input/where'
import type { VectorFormat } from '../input/vector-format'
import type { TransportMode } from '../input/transport-mode'
import type { ConsistencyLevel } from '../input/check'
import type { Sort } from '../input/sort'
import type { MultiVectorInput, VectorInput } from '../input/vectors'
import type { PropertiesCodec } from '../codecs/decode-object'
/**
 * A property to return: a name, or an `object` / `object[]` property with the nested properties
 * to return of it.
 *
 * @example
 * ```ts
 * const props: readonly ReturnProperty[] = ['title', { name: 'address', properties: ['city'] }]
 * ```
 */
export type ReturnProperty = string | { readonly name: string; readonly properties: readonly ReturnProperty[] }

/**
 * The metadata a referenced object can return: when it was created and last updated (Unix ms).
 *
 * @example
 * ```ts
 * const fields: readonly ReferenceMetadataField[] = ['creationTimeUnix']
 * ```
 */
export type ReferenceMetadataField = 'creationTimeUnix' | 'lastUpdateTimeUnix'

/**
 * A reference property to follow: each referenced object comes with its id, its class, the
 * properties named here (none by default), the metadata asked for, and the references of its own
 * named in `returnReferences`, followed the same way, as deep as they go.
 *
 * @example
 * ```ts
 * const ref: ReturnReference = {
 *   linkOn: 'writtenBy',
 *   returnProperties: ['name'],
 *   returnMetadata: ['creationTimeUnix'],
 *   returnReferences: [{ linkOn: 'publishedBy', returnProperties: ['city'] }],
 * }
 * ```
 */
export interface ReturnReference {
  readonly linkOn: string
  /** The referenced class; needed when the property may point to several classes. */
  readonly targetClassName?: string
  readonly returnProperties?: readonly ReturnProperty[]
  /** Metadata of each referenced object (in its `metadata`). */
  readonly returnMetadata?: readonly ReferenceMetadataField[]
  /** The references of the referenced objects to follow (in their `references`). */
  readonly returnReferences?: readonly ReturnReference[]
}

/**
 * Metadata a search can return; each is present on a result only when asked for.
 *
 * @example
 * ```ts
 * const metadata: readonly MetadataField[] = ['distance', 'creationTimeUnix']
 * ```
 */
export type MetadataField = 'distance' | 'certainty' | 'score' | 'explainScore' | 'creationTimeUnix' | 'lastUpdateTimeUnix' | 'isConsistent'

/**
 * Generative search (retrieval-augmented generation): the server gives the search's results to the
 * collection's generative module (its `moduleConfig`, e.g. `generative-openai`) and returns what
 * the model writes. `singlePrompt` asks once per result; its `{property}` placeholders take that
 * result's values (a placeholder naming an empty or missing property fails the search).
 * `groupedTask` asks once for all results: the model gets the task, then the results' properties
 * (`groupedProperties`, default: every property of the class) as a JSON list. At least one of the
 * two. The answers are `generated` on each object and on the result. Weaviate 1.18+ (over GraphQL;
 * `groupedProperties` 1.19+), over gRPC from 1.27; the model is the collection's, a per-request
 * provider is not sent by this client.
 *
 * @example
 * ```ts
 * const generate: GenerativeSearch = { singlePrompt: 'Summarise {title} in one line', groupedTask: 'Which is the most recent?', groupedProperties: ['title', 'year'] }
 * client.query.bm25({ className: 'Article', query: 'fox', generate })
 * ```
 */
export interface GenerativeSearch {
  /** A prompt for each result, with `{property}` placeholders. */
  readonly singlePrompt?: string
  /** A task over all the results together. */
  readonly groupedTask?: string
  /** The properties the grouped task sees (default: every property of the class). */
  readonly groupedProperties?: readonly string[]
}

/**
 * Rerank a search's results with the collection's reranker module (its `moduleConfig`, e.g.
 * `reranker-cohere`): the module scores the text of `property` of each result against `query`
 * (default: the search's own query), and the results come back by that score, highest first, with
 * `rerankScore` in their metadata. The search's `limit` is applied first: rerank reorders what the
 * search found. Weaviate 1.20+.
 *
 * @example
 * ```ts
 * const rerank: Rerank = { property: 'body', query: 'foxes in winter' }
 * client.query.nearVector({ className: 'Article', vector, limit: 20, rerank })
 * ```
 */
export interface Rerank {
  /** The text property whose value the reranker scores. */
  readonly property: string
  /** What the text is scored against (default: the search's query). */
  readonly query?: string
}

/**
 * The module options every search takes (part of {@link QueryCommon}): generative search over its
 * results, and reranking of them. `docs/generative.md` is the guide.
 *
 * @example
 * ```ts
 * const options: SearchModules = { generate: { groupedTask: 'Summarise' }, rerank: { property: 'title' } }
 * ```
 */
export interface SearchModules {
  /** Generate text from the results (the collection's generative module). */
  readonly generate?: GenerativeSearch
  /** Rerank the results (the collection's reranker module). */
  readonly rerank?: Rerank
}

/**
 * Diversity selection by maximal marginal relevance (MMR): of the search's `limit` best
 * candidates the server keeps `limit` here, picked one by one, each the candidate with the highest
 * `(1 - balance) * (distance to the nearest already picked) - balance * (distance to the query)`,
 * by the vector index's distance over the stored vectors (with `cosine`, store unit vectors: the
 * server takes the stored vectors as they are). A hybrid search's distance to the query is its
 * fused score scaled to 0..1 (1 for the worst candidate), so it needs a lower balance for the same
 * trade. Weaviate 1.37+ for nearVector, nearObject and nearText, 1.39+ for hybrid (applied to the
 * fused results); over gRPC only (the server's GraphQL has no such argument); not with a
 * multi-vector index (the server refuses it). The media searches do not take it: the server's
 * parser does not read it there (1.39.0).
 *
 * @example
 * ```ts
 * const diversity: Diversity = { type: 'mmr', limit: 5, balance: 0.5 }
 * client.query.nearVector({ className: 'Article', vector: [0.1, 0.2], limit: 50, diversity })
 * ```
 */
export interface Diversity {
  readonly type: 'mmr'
  /** How many of the candidates are kept: at least 1, at most the search's `limit`. */
  readonly limit: number
  /**
   * Between 0 and 1: 1 ranks by relevance to the query only, 0 by distance to the results already
   * picked only. Default: the server's, 0.
   */
  readonly balance?: number
}

/** What the searches that can diversify their results take. */
interface Diversified {
  /** Keep a diverse subset of the results (see {@link Diversity}). */
  readonly diversity?: Diversity
}

/**
 * The curve of a boost's decay, by the official clients' names: how the score falls from 1 at
 * `offset` from the origin to `decay` at `offset + scale`.
 *
 * @example
 * ```ts
 * const curve: DecayCurve = 'gaussian'
 * ```
 */
export type DecayCurve = 'exponential' | 'gaussian' | 'linear'

/**
 * One condition of a {@link Boost}, scored between 0 and 1 for each result and weighed by
 * `weight` (default 1; a negative weight demotes):
 * - `filter`: 1 where `where` matches, 0 elsewhere (the operators Equal, NotEqual, GreaterThan,
 *   GreaterThanEqual, LessThan, LessThanEqual, And, Or and Not only: the server scores them in
 *   memory and refuses the others);
 * - `timeDecay`: by how far a `date` property is from `origin` (`'now'`, the default, or a date:
 *   RFC 3339 text, `YYYY-MM-DD`, or a `Date`), `scale` and `offset` as durations (`'7d'`, `'12h'`,
 *   `'30m'`, `'10s'`, `'500ms'`, or Go's `'1h30m'`);
 * - `numericDecay`: by how far an `int` or `number` property is from `origin`;
 * - `propertyValue`: by an `int` or `number` property's value (after `modifier`), scaled between
 *   the smallest and largest among the candidates.
 *
 * @example
 * ```ts
 * const recent: BoostCondition = { type: 'timeDecay', property: 'published', scale: '30d', curve: 'gaussian' }
 * const popular: BoostCondition = { type: 'propertyValue', property: 'likes', modifier: 'log1p', weight: 0.5 }
 * const featured: BoostCondition = { type: 'filter', where: { path: ['featured'], operator: 'Equal', valueBoolean: true } }
 * ```
 */
export type BoostCondition =
  | { readonly type: 'filter'; readonly where: Where; readonly weight?: number }
  | {
      readonly type: 'timeDecay'
      readonly property: string
      readonly scale: string
      readonly origin?: string | Date
      readonly offset?: string
      readonly curve?: DecayCurve
      /** The score at `offset + scale` from the origin, above 0 and at most 1 (default 0.5). */
      readonly decay?: number
      readonly weight?: number
    }
  | {
      readonly type: 'numericDecay'
      readonly property: string
      readonly origin: number
      /** Above 0. */
      readonly scale: number
      readonly offset?: number
      readonly curve?: DecayCurve
      /** The score at `offset + scale` from the origin, above 0 and at most 1 (default 0.5). */
      readonly decay?: number
      readonly weight?: number
    }
  | { readonly type: 'propertyValue'; readonly property: string; readonly modifier?: 'log1p' | 'sqrt'; readonly weight?: number }

/**
 * Boost: re-rank a search's results by their properties without dropping any. The server takes
 * the `depth` best candidates (default: its own, 100), scores each by the weighted conditions,
 * blends that with the search's own score (both scaled between 0 and 1) as
 * `(1 - weight) * search + weight * boost`, and returns the page (`limit`, `offset`) of that
 * order. Weaviate 1.38+, over gRPC only (the server's GraphQL has no such argument); every search
 * takes it (fetchObjects only without `after`).
 *
 * @example
 * ```ts
 * const boost: Boost = { conditions: [{ type: 'numericDecay', property: 'price', origin: 0, scale: 50 }], weight: 0.7 }
 * client.query.bm25({ className: 'Product', query: 'kettle', boost })
 * ```
 */
export interface Boost {
  /** One to twenty conditions. */
  readonly conditions: readonly BoostCondition[]
  /** How much the boost counts against the search's score, between 0 and 1 (default 0.5). */
  readonly weight?: number
  /** How many of the best candidates are re-ranked (default: the server's, 100). */
  readonly depth?: number
}

/**
 * What every search takes.
 *
 * @example
 * ```ts
 * const common: QueryCommon = { className: 'Article', limit: 5, returnMetadata: ['distance'] }
 * ```
 */
export interface QueryCommon<P = Record<string, unknown>> extends CallOptions, SearchModules {
  readonly className: string
  /** The filter; the same model as `objects.deleteMany`. */
  readonly where?: Where
  /** Re-rank the results by their properties (Weaviate 1.38+, gRPC; see {@link Boost}). */
  readonly boost?: Boost
  /** The most results returned (default 10; always sent, so both transports return as many). */
  readonly limit?: number
  readonly offset?: number
  readonly tenant?: string
  readonly consistencyLevel?: ConsistencyLevel
  /** The properties to return; default: every property that is not a reference or a blob. */
  readonly returnProperties?: readonly ReturnProperty[]
  readonly returnReferences?: readonly ReturnReference[]
  readonly returnMetadata?: readonly MetadataField[]
  /**
   * Ask the server for the search's per-shard timings: the result's `queryProfile` (Weaviate 1.37+,
   * and 1.36.9+; not with `groupBy`). Absent when the search found nothing.
   * @default false
   */
  readonly queryProfile?: boolean
  /** `true`: the unnamed vector; a list: these named vectors (Weaviate 1.24+). */
  readonly includeVector?: boolean | readonly string[]
  /** How vectors are given, as the stream gives them (default `'array'`). */
  readonly vectorFormat?: VectorFormat
  /** io-ts codec of the properties, as for `objects.getById`. */
  readonly codec?: PropertiesCodec<P>
  /** `'grpc'` (Weaviate 1.25+), `'rest'` (GraphQL) or `'auto'` (the client's choice). */
  readonly transport?: TransportMode
}

/**
 * Results grouped by the value of a property: at most `numberOfGroups` groups (the nearest
 * first) of at most `objectsPerGroup` objects each. `bm25` and `hybrid` (Weaviate 1.25+) group
 * the search's top `limit` results, best first, by the value of a text or text[] property (an
 * object with several values joins a group per value); the server groups no other type there,
 * so such a search answers no groups.
 *
 * @example
 * ```ts
 * const groupBy: SearchGroupBy = { property: 'category', numberOfGroups: 3, objectsPerGroup: 2 }
 * ```
 */
export interface SearchGroupBy {
  readonly property: string
  readonly numberOfGroups: number
  readonly objectsPerGroup: number
}

/** What the searches that can group take. */
interface Grouping {
  /** Group the results (Weaviate 1.19+; bm25 and hybrid 1.25+); the result then has `groups`. */
  readonly groupBy?: SearchGroupBy
}

/** A distance or a certainty threshold, at most one. */
interface Threshold {
  readonly distance?: number
  readonly certainty?: number
}

/**
 * `query.nearVector`: the objects nearest a vector.
 *
 * @example
 * ```ts
 * const args: NearVectorArgs = { className: 'Article', vector: [0.1, 0.2], distance: 0.3 }
 * const tokens: NearVectorArgs = { className: 'Page', vector: [[0.1, 0.2], [0.3, 0.4]], targetVector: 'colbert' }
 * ```
 */
export interface NearVectorArgs<P = Record<string, unknown>> extends QueryCommon<P>, Threshold, Grouping, Diversified {
  /**
   * The query: a vector, or a multi-vector (a list of vectors of one dimension, Weaviate 1.29+)
   * to search a named vector whose index has `multivector` enabled (by MaxSim, as the server
   * scores it).
   */
  readonly vector: VectorInput | MultiVectorInput
  /**
   * The named vector searched (the server's choice when the class has exactly one), or several
   * (Weaviate 1.26+), each searched with `vector`, their distances combined by `targetCombination`.
   */
  readonly targetVector?: TargetVectorInput
  /** How the distances of several target vectors combine. Default: the server's, `'minimum'`. */
  readonly targetCombination?: TargetCombination
  /** Cut after this many jumps in distance. */
  readonly autocut?: number
}

/**
 * How a search over several named vectors combines an object's distances, by the server's names:
 * their sum, their average, or the smallest.
 *
 * @example
 * ```ts
 * const both: TargetCombination = 'sum'
 * client.query.nearVector({ className: 'Article', vector, targetVector: ['title', 'body'], targetCombination: both })
 * ```
 */
export type TargetCombination = 'sum' | 'average' | 'minimum'

/**
 * Several named vectors searched at once with how their distances combine, by the official
 * TypeScript client v3's names (its `multiTargetVector`): `sum`, `average` and `minimum` as
 * {@link TargetCombination}, or a weighted sum, `manual-weights` (each distance times its
 * weight) or `relative-score` (each distance scaled to 0..1 over the candidates, then weighted).
 * The weighted methods need a weight for every target, the others take none. Weaviate 1.26+;
 * weights 1.27+ and over gRPC only.
 *
 * @example
 * ```ts
 * const titleFirst: MultiTargetVector = { combination: 'manual-weights', targetVectors: ['title', 'body'], weights: { title: 0.8, body: 0.2 } }
 * client.query.nearVector({ className: 'Article', vector, targetVector: titleFirst })
 * ```
 */
export interface MultiTargetVector {
  readonly combination: TargetCombination | 'relative-score' | 'manual-weights'
  /** The named vectors, each once. */
  readonly targetVectors: readonly string[]
  /** A weight per target vector (only and always with `relative-score` or `manual-weights`). */
  readonly weights?: Readonly<Record<string, number>>
}

/**
 * The named vector(s) a search covers: one name, a list (combined by the search's
 * `targetCombination`), or a {@link MultiTargetVector} with its own combination and weights.
 *
 * @example
 * ```ts
 * const one: TargetVectorInput = 'title'
 * const weighted: TargetVectorInput = { combination: 'relative-score', targetVectors: ['title', 'body'], weights: { title: 2, body: 1 } }
 * ```
 */
export type TargetVectorInput = string | readonly string[] | MultiTargetVector

/**
 * `query.nearObject`: the objects nearest a stored object.
 *
 * @example
 * ```ts
 * const args: NearObjectArgs = { className: 'Article', id: '00000000-0000-0000-0000-000000000001' }
 * ```
 */
export interface NearObjectArgs<P = Record<string, unknown>> extends QueryCommon<P>, Threshold, Grouping, Diversified {
  readonly id: string
  /** As for nearVector: one named vector, or several (the object's own vectors searched). */
  readonly targetVector?: TargetVectorInput
  readonly targetCombination?: TargetCombination
  readonly autocut?: number
}

/**
 * `query.bm25`: keyword search.
 *
 * @example
 * ```ts
 * const args: Bm25Args = { className: 'Article', query: 'fox', queryProperties: ['title^2', 'body'] }
 * ```
 */
export interface Bm25Args<P = Record<string, unknown>> extends QueryCommon<P>, Grouping {
  readonly query: string
  /** The properties searched, each optionally weighted: `'title^2'`. Default: every text property. */
  readonly queryProperties?: readonly string[]
  /** How the query's tokens combine (Weaviate 1.30.17+). Default: the server's, `Or`. */
  readonly searchOperator?: SearchOperator
  readonly autocut?: number
}

/**
 * How a keyword search combines the query's tokens, by the server's names: `Or`, an object holding
 * any token (`minimumOrTokensMatch`: at least that many within one searched property); `And`,
 * every token within one searched property; `AndCross`, every token, spread over the searched
 * properties (Weaviate 1.38.8+; the server refuses it unless those properties share one
 * tokenization).
 *
 * @example
 * ```ts
 * const atLeastTwo: SearchOperator = { operator: 'Or', minimumOrTokensMatch: 2 }
 * client.query.bm25({ className: 'Article', query: 'quick brown fox', searchOperator: atLeastTwo })
 * ```
 */
export type SearchOperator = { readonly operator: 'Or'; readonly minimumOrTokensMatch?: number } | { readonly operator: 'And' } | { readonly operator: 'AndCross' }

/**
 * `query.hybrid`: keyword and vector search fused.
 *
 * @example
 * ```ts
 * const args: HybridArgs = { className: 'Article', query: 'fox', alpha: 0.5, vector: [0.1, 0.2] }
 * ```
 */
export interface HybridArgs<P = Record<string, unknown>> extends QueryCommon<P>, Grouping, Diversified {
  readonly query: string
  /** 0: keyword only, 1: vector only (default 0.75; always sent). */
  readonly alpha?: number
  /**
   * The vector side: a vector, a vector per target vector (see {@link HybridNearVector}), or a
   * nearVector or nearText search of its own ({@link HybridVector}). Without it the server
   * vectorizes `query` (needs a vectorizer).
   */
  readonly vector?: HybridVector
  readonly queryProperties?: readonly string[]
  /** How the keyword side combines the query's tokens (Weaviate 1.30.17+), as bm25's `searchOperator`. */
  readonly bm25SearchOperator?: SearchOperator
  /** The vector side keeps only objects within this distance of the vector (Weaviate 1.28.5+). */
  readonly maxVectorDistance?: number
  /** Default: the server's (relativeScore from 1.24, ranked before). */
  readonly fusionType?: 'ranked' | 'relativeScore'
  /** As for nearVector: the vector side's named vector, or several (Weaviate 1.26+). */
  readonly targetVector?: TargetVectorInput
  readonly targetCombination?: TargetCombination
  readonly autocut?: number
}

/**
 * Vectors by target vector name: the query vector of each named vector a search covers.
 *
 * @example
 * ```ts
 * const perTarget: VectorsPerTarget = { title: [0.1, 0.2], body: [0.3, 0.4] }
 * ```
 */
export type VectorsPerTarget = Readonly<Record<string, VectorInput>>

/**
 * A hybrid search's vector side as a nearVector search (the official TypeScript client v3's
 * `HybridNearVectorSubSearch`): its vector, or a vector per target vector (Weaviate 1.27+; the
 * targets are the hybrid's `targetVector`, by default the names given here), and a threshold
 * that keeps only objects this near the vector. Weaviate 1.25+, over gRPC only.
 *
 * @example
 * ```ts
 * const near: HybridNearVector = { vector: { title: [0.1, 0.2], body: [0.3, 0.4] }, distance: 0.6 }
 * client.query.hybrid({ className: 'Article', query: 'fox', vector: near })
 * ```
 */
export interface HybridNearVector {
  readonly vector: VectorInput | VectorsPerTarget
  readonly distance?: number
  readonly certainty?: number
}

/**
 * A hybrid search's vector side as a nearText search (the official TypeScript client v3's
 * `HybridNearTextSubSearch`): the class's vectorizer makes the vector of these texts (not of the
 * hybrid's `query`), moved as nearText's `moveTo` / `moveAway`, with an optional threshold.
 * Weaviate 1.25+, over gRPC only.
 *
 * @example
 * ```ts
 * const near: HybridNearText = { query: 'small boats', moveAway: { force: 0.5, concepts: ['engine'] } }
 * client.query.hybrid({ className: 'Article', query: 'sailing', vector: near })
 * ```
 */
export interface HybridNearText {
  readonly query: string | readonly string[]
  readonly moveTo?: NearTextMove
  readonly moveAway?: NearTextMove
  readonly distance?: number
  readonly certainty?: number
}

/**
 * What a hybrid search's `vector` takes: a vector, a vector per target vector (sent as a
 * nearVector sub-search, Weaviate 1.27+), or a nearVector or nearText sub-search.
 *
 * @example
 * ```ts
 * const plain: HybridVector = [0.1, 0.2]
 * const byText: HybridVector = { query: 'small boats' }
 * ```
 */
export type HybridVector = VectorInput | VectorsPerTarget | HybridNearVector | HybridNearText

/**
 * `query.fetchObjects`: objects by filter, sorted or after a cursor.
 *
 * @example
 * ```ts
 * const args: FetchObjectsArgs = { className: 'Article', sort: { properties: 'year', orderAsc: false } }
 * ```
 */
export interface FetchObjectsArgs<P = Record<string, unknown>> extends QueryCommon<P> {
  readonly sort?: Sort | readonly Sort[]
  /** The id after which results start (no `where`, `sort` or `offset` with it: the server refuses). */
  readonly after?: string
}

/**
 * A move of a `nearText` search's vector: toward (`moveTo`) or away from (`moveAway`) the vector of
 * other concepts and of stored objects, by `force` (0: not at all, 1: all the way). The server's
 * vectorizer module applies it (the text2vec modules that call a model do; `text2vec-bigram`
 * ignores moves).
 *
 * @example
 * ```ts
 * const move: NearTextMove = { force: 0.5, concepts: ['river'], objects: ['00000000-0000-0000-0000-000000000001'] }
 * ```
 */
export interface NearTextMove {
  /** How far to move, between 0 and 1. */
  readonly force: number
  /** Texts to move toward or away from. */
  readonly concepts?: readonly string[]
  /** Ids of objects of the searched class whose vectors to move toward or away from. */
  readonly objects?: readonly string[]
}

/**
 * `query.nearText`: the objects nearest the vector the class's vectorizer module makes of a text
 * (or of several, their vectors averaged by most modules). Needs a class with a text vectorizer;
 * over gRPC (Weaviate 1.25+) every such module serves it, over GraphQL only a module that declares
 * the `nearText` argument (`text2vec-bigram` declares none).
 *
 * @example
 * ```ts
 * const args: NearTextArgs = { className: 'Article', query: 'sailing boats', moveAway: { force: 0.3, concepts: ['motor'] }, distance: 0.4 }
 * ```
 */
export interface NearTextArgs<P = Record<string, unknown>> extends QueryCommon<P>, Threshold, Grouping, Diversified {
  /** The text searched for, or several texts (concepts) searched together. */
  readonly query: string | readonly string[]
  readonly moveTo?: NearTextMove
  readonly moveAway?: NearTextMove
  /** As for nearVector: the named vector searched, or several. */
  readonly targetVector?: TargetVectorInput
  readonly targetCombination?: TargetCombination
  readonly autocut?: number
}

/**
 * A medium that `query.nearMedia` searches by, as Weaviate's gRPC API names them (the
 * `multi2vec-bind` module vectorizes all of them, Weaviate 1.21+).
 *
 * @example
 * ```ts
 * const kind: MediaType = 'audio'
 * ```
 */
export type MediaType = 'audio' | 'video' | 'depth' | 'thermal' | 'imu'

/**
 * Media as a search takes it: base64 text (what the server reads), or the bytes, which the client
 * encodes.
 *
 * @example
 * ```ts
 * const fromText: MediaInput = 'iVBORw0KGgo='
 * const fromBytes: MediaInput = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
 * ```
 */
export type MediaInput = string | Uint8Array

/**
 * `query.nearImage`: the objects nearest the vector the class's image module (`img2vec-neural`,
 * `multi2vec-clip`, `multi2vec-bind`, ...) makes of an image.
 *
 * @example
 * ```ts
 * const args: NearImageArgs = { className: 'Photo', image: 'iVBORw0KGgo=', certainty: 0.8 }
 * ```
 */
export interface NearImageArgs<P = Record<string, unknown>> extends QueryCommon<P>, Threshold, Grouping {
  /** The image, base64 or its bytes. */
  readonly image: MediaInput
  readonly targetVector?: TargetVectorInput
  readonly targetCombination?: TargetCombination
  readonly autocut?: number
}

/**
 * `query.nearMedia`: the objects nearest the vector the class's multi-modal module makes of audio,
 * video, a depth or thermal image, or IMU data (Weaviate 1.21+).
 *
 * @example
 * ```ts
 * const args: NearMediaArgs = { className: 'Clip', media: 'UklGRg==', mediaType: 'audio', limit: 3 }
 * ```
 */
export interface NearMediaArgs<P = Record<string, unknown>> extends QueryCommon<P>, Threshold, Grouping {
  /** The medium, base64 or its bytes. */
  readonly media: MediaInput
  readonly mediaType: MediaType
  readonly targetVector?: TargetVectorInput
  readonly targetCombination?: TargetCombination
  readonly autocut?: number
}
