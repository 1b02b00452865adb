/**
 * The typed parts of a class (collection) definition as Weaviate 1.39 takes and returns them: the
 * vector index (hnsw, flat, dynamic, hfresh) with its quantizers, named vectors and multi-vectors,
 * module settings, replication, sharding, multi-tenancy, the inverted index and object
 * time-to-live. Each io-ts codec decodes what a server returns into the same type a caller writes,
 * so a definition read, changed and written back needs no cast. The codecs check types and names;
 * value ranges and version cut-offs are checked by the schema operations before any request.
 *
 * Field names and sets follow the server's source at v1.39.0: `entities/vectorindex/hnsw/config.go`
 * (and `pq_config.go`, `bq_config.go`, `sq_config.go`, `rq_config.go`, `multivector_config.go`),
 * `entities/vectorindex/flat/config.go`, `dynamic/config.go`, `hfresh/config.go`,
 * `usecases/sharding/config/config.go` and the `entities/models` of the class. The codecs are not
 * exact: a field this client does not model is kept as the server sent it.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'
import { literals } from './literals'
import { PROVIDER_CODECS, ProviderModules, ProviderVectorizers } from './provider-config'


/**
 * The distance metric of a vector index; `cosine` when not set. Immutable on an existing class.
 *
 * @example
 * ```ts
 * const distance: VectorDistance = 'l2-squared'
 * ```
 */
export type VectorDistance = 'cosine' | 'dot' | 'l2-squared' | 'hamming' | 'manhattan'

/** The distance metrics of a vector index (`entities/vectorindex/common/config.go`). */
const DISTANCES = ['cosine', 'dot', 'l2-squared', 'hamming', 'manhattan'] as const satisfies readonly VectorDistance[]

/** The codec of {@link VectorDistance}. */
export const VectorDistanceCodec = literals(DISTANCES)


/**
 * The type of a vector index: `hnsw` (the default), `flat` (1.23+), `dynamic` (1.25+, flat until
 * `threshold` objects, then hnsw; the server needs `ASYNC_INDEXING=true`) or `hfresh` (1.35+).
 * `none` only appears on read: a named vector whose index was dropped (1.37+); it cannot be set.
 *
 * @example
 * ```ts
 * const type: VectorIndexType = 'flat'
 * ```
 */
export type VectorIndexType = 'hnsw' | 'flat' | 'dynamic' | 'hfresh' | 'none'

/** The vector index types (`entities/vectorindex/config.go`); `none` is read only: a dropped index. */
const VECTOR_INDEX_TYPES = ['hnsw', 'flat', 'dynamic', 'hfresh', 'none'] as const satisfies readonly VectorIndexType[]

/** The codec of {@link VectorIndexType}. */
export const VectorIndexTypeCodec = literals(VECTOR_INDEX_TYPES)

/**
 * Product quantization of an hnsw index (1.18+). `segments` must divide the vector's dimensions
 * (0 lets the server choose); training starts once `trainingLimit` objects exist.
 *
 * @example
 * ```ts
 * const pq: PQConfig = { enabled: true, segments: 4, centroids: 256, encoder: { type: 'kmeans' } }
 * ```
 */
export interface PQConfig {
  readonly enabled?: boolean
  readonly bitCompression?: boolean
  readonly segments?: number
  readonly centroids?: number
  readonly trainingLimit?: number
  readonly encoder?: { readonly type?: 'kmeans' | 'tile'; readonly distribution?: 'log-normal' | 'normal' }
}

/** The codec of {@link PQConfig}. */
export const PQConfigCodec: t.Type<PQConfig, PQConfig, unknown> = t.partial(
  {
    enabled: t.boolean,
    bitCompression: t.boolean,
    segments: t.number,
    centroids: t.number,
    trainingLimit: t.number,
    encoder: t.partial({ type: literals(['kmeans', 'tile']), distribution: literals(['log-normal', 'normal']) }),
  },
  'PQConfig',
)

/**
 * Binary quantization: hnsw 1.24+, flat 1.23+ (where `rescoreLimit` and `cache` apply).
 *
 * @example
 * ```ts
 * const bq: BQConfig = { enabled: true }
 * ```
 */
export interface BQConfig {
  readonly enabled?: boolean
  /** flat only: how many candidates are rescored with the full vectors. */
  readonly rescoreLimit?: number
  /** flat only: keep the compressed vectors in memory. */
  readonly cache?: boolean
}

/** The codec of {@link BQConfig}. */
export const BQConfigCodec: t.Type<BQConfig, BQConfig, unknown> = t.partial({ enabled: t.boolean, rescoreLimit: t.number, cache: t.boolean }, 'BQConfig')

/**
 * Scalar quantization of an hnsw index (1.26+).
 *
 * @example
 * ```ts
 * const sq: SQConfig = { enabled: true, trainingLimit: 50000, rescoreLimit: 20 }
 * ```
 */
export interface SQConfig {
  readonly enabled?: boolean
  readonly trainingLimit?: number
  readonly rescoreLimit?: number
}

/** The codec of {@link SQConfig}. */
export const SQConfigCodec: t.Type<SQConfig, SQConfig, unknown> = t.partial({ enabled: t.boolean, trainingLimit: t.number, rescoreLimit: t.number }, 'SQConfig')

/**
 * Rotational quantization: hnsw 1.32+, flat 1.34+, hfresh. `bits` is 8 (the default) or 1;
 * immutable once enabled.
 *
 * @example
 * ```ts
 * const rq: RQConfig = { enabled: true, bits: 8, rescoreLimit: 20 }
 * ```
 */
export interface RQConfig {
  readonly enabled?: boolean
  readonly bits?: number
  readonly rescoreLimit?: number
  /** flat only. */
  readonly cache?: boolean
}

/** The codec of {@link RQConfig}. */
export const RQConfigCodec: t.Type<RQConfig, RQConfig, unknown> = t.partial(
  { enabled: t.boolean, bits: t.number, rescoreLimit: t.number, cache: t.boolean },
  'RQConfig',
)

/**
 * MUVERA encoding of a multi-vector (1.31+): multi-vectors become single fixed-size vectors.
 *
 * @example
 * ```ts
 * const muvera: MuveraConfig = { enabled: true, ksim: 4, dprojections: 16, repetitions: 10 }
 * ```
 */
export interface MuveraConfig {
  readonly enabled?: boolean
  readonly ksim?: number
  readonly dprojections?: number
  readonly repetitions?: number
}

/** The codec of {@link MuveraConfig}. */
export const MuveraConfigCodec: t.Type<MuveraConfig, MuveraConfig, unknown> = t.partial(
  { enabled: t.boolean, ksim: t.number, dprojections: t.number, repetitions: t.number },
  'MuveraConfig',
)

/**
 * A multi-vector (ColBERT-style) hnsw index (1.29+, named vectors only). `enabled` is immutable.
 *
 * @example
 * ```ts
 * const multivector: MultivectorConfig = { enabled: true, aggregation: 'maxSim', muvera: { enabled: false } }
 * ```
 */
export interface MultivectorConfig {
  readonly enabled?: boolean
  readonly aggregation?: 'maxSim'
  readonly muvera?: MuveraConfig
}

/** The codec of {@link MultivectorConfig}. */
export const MultivectorConfigCodec: t.Type<MultivectorConfig, MultivectorConfig, unknown> = t.partial(
  { enabled: t.boolean, aggregation: literals(['maxSim']), muvera: MuveraConfigCodec },
  'MultivectorConfig',
)

/**
 * The settings of an hnsw index. `efConstruction`, `maxConnections`, `cleanupIntervalSeconds`,
 * `distance` and `multivector.enabled` are immutable on an existing class; `ef`, the dynamic ef
 * settings, `flatSearchCutoff`, `vectorCacheMaxObjects`, `filterStrategy` and enabling a
 * quantizer can change.
 *
 * @example
 * ```ts
 * const hnsw: HnswIndexConfig = { distance: 'cosine', efConstruction: 128, maxConnections: 32, ef: -1, pq: { enabled: true, segments: 4 } }
 * ```
 */
export interface HnswIndexConfig {
  readonly distance?: VectorDistance
  readonly skip?: boolean
  readonly cleanupIntervalSeconds?: number
  readonly maxConnections?: number
  readonly efConstruction?: number
  /** -1 lets the server pick (from the dynamic ef settings). */
  readonly ef?: number
  readonly dynamicEfMin?: number
  readonly dynamicEfMax?: number
  readonly dynamicEfFactor?: number
  readonly vectorCacheMaxObjects?: number
  readonly flatSearchCutoff?: number
  /** 1.27+. */
  readonly filterStrategy?: 'sweeping' | 'acorn'
  readonly pq?: PQConfig
  readonly bq?: BQConfig
  readonly sq?: SQConfig
  readonly rq?: RQConfig
  readonly multivector?: MultivectorConfig
  /** 1.33+ (1.32.5 on 1.32.x): do not apply the server's `DEFAULT_QUANTIZATION`. */
  readonly skipDefaultQuantization?: boolean
  /** Set by the server. */
  readonly trackDefaultQuantization?: boolean
}

/** The codec of {@link HnswIndexConfig}. */
export const HnswIndexConfigCodec: t.Type<HnswIndexConfig, HnswIndexConfig, unknown> = t.partial(
  {
    distance: VectorDistanceCodec,
    skip: t.boolean,
    cleanupIntervalSeconds: t.number,
    maxConnections: t.number,
    efConstruction: t.number,
    ef: t.number,
    dynamicEfMin: t.number,
    dynamicEfMax: t.number,
    dynamicEfFactor: t.number,
    vectorCacheMaxObjects: t.number,
    flatSearchCutoff: t.number,
    filterStrategy: literals(['sweeping', 'acorn']),
    pq: PQConfigCodec,
    bq: BQConfigCodec,
    sq: SQConfigCodec,
    rq: RQConfigCodec,
    multivector: MultivectorConfigCodec,
    skipDefaultQuantization: t.boolean,
    trackDefaultQuantization: t.boolean,
  },
  'HnswIndexConfig',
)

/**
 * The quantizer settings of a flat index: `enabled`, `rescoreLimit`, `cache`.
 *
 * @example
 * ```ts
 * const bq: FlatCompressionConfig = { enabled: true, rescoreLimit: 200, cache: true }
 * ```
 */
export interface FlatCompressionConfig {
  readonly enabled?: boolean
  readonly rescoreLimit?: number
  readonly cache?: boolean
}

const FlatCompressionCodec: t.Type<FlatCompressionConfig, FlatCompressionConfig, unknown> = t.partial(
  { enabled: t.boolean, rescoreLimit: t.number, cache: t.boolean },
  'FlatCompressionConfig',
)

/**
 * The settings of a flat index (1.23+): a brute-force index, with binary (1.23+) or rotational
 * (1.34+) quantization. `distance` and which quantizer is enabled are immutable.
 *
 * @example
 * ```ts
 * const flat: FlatIndexConfig = { distance: 'dot', vectorCacheMaxObjects: 100000, bq: { enabled: true, cache: true } }
 * ```
 */
export interface FlatIndexConfig {
  readonly distance?: VectorDistance
  readonly vectorCacheMaxObjects?: number
  /** Not supported by the server (it refuses `pq.enabled` on flat); kept so a read config round-trips. */
  readonly pq?: FlatCompressionConfig
  readonly bq?: FlatCompressionConfig
  /** Not supported by the server on flat; kept so a read config round-trips. */
  readonly sq?: FlatCompressionConfig
  readonly rq?: RQConfig
  readonly skipDefaultQuantization?: boolean
  readonly trackDefaultQuantization?: boolean
}

/** The codec of {@link FlatIndexConfig}. */
export const FlatIndexConfigCodec: t.Type<FlatIndexConfig, FlatIndexConfig, unknown> = t.partial(
  {
    distance: VectorDistanceCodec,
    vectorCacheMaxObjects: t.number,
    pq: FlatCompressionCodec,
    bq: FlatCompressionCodec,
    sq: FlatCompressionCodec,
    rq: RQConfigCodec,
    skipDefaultQuantization: t.boolean,
    trackDefaultQuantization: t.boolean,
  },
  'FlatIndexConfig',
)

/**
 * The settings of a dynamic index (1.25+; the server needs `ASYNC_INDEXING=true`): a flat index
 * that becomes hnsw past `threshold` objects.
 *
 * @example
 * ```ts
 * const dynamic: DynamicIndexConfig = { distance: 'cosine', threshold: 10000, hnsw: { maxConnections: 16 }, flat: { bq: { enabled: true } } }
 * ```
 */
export interface DynamicIndexConfig {
  readonly distance?: VectorDistance
  readonly threshold?: number
  readonly hnsw?: HnswIndexConfig
  readonly flat?: FlatIndexConfig
}

/** The codec of {@link DynamicIndexConfig}. */
export const DynamicIndexConfigCodec: t.Type<DynamicIndexConfig, DynamicIndexConfig, unknown> = t.partial(
  { distance: VectorDistanceCodec, threshold: t.number, hnsw: HnswIndexConfigCodec, flat: FlatIndexConfigCodec },
  'DynamicIndexConfig',
)

/**
 * The settings of an hfresh index (1.35+). `distance` and `replicas` are immutable.
 *
 * @example
 * ```ts
 * const hfresh: HFreshIndexConfig = { distance: 'cosine', maxPostingSizeKB: 48, replicas: 4, searchProbe: 64 }
 * ```
 */
export interface HFreshIndexConfig {
  readonly distance?: VectorDistance
  readonly maxPostingSizeKB?: number
  readonly replicas?: number
  readonly searchProbe?: number
  readonly rq?: RQConfig
}

/** The codec of {@link HFreshIndexConfig}. */
export const HFreshIndexConfigCodec: t.Type<HFreshIndexConfig, HFreshIndexConfig, unknown> = t.partial(
  { distance: VectorDistanceCodec, maxPostingSizeKB: t.number, replicas: t.number, searchProbe: t.number, rq: RQConfigCodec },
  'HFreshIndexConfig',
)

/**
 * The settings of a vector index; which fields apply depends on the index type beside it
 * (`vectorIndexType`, `hnsw` when not set).
 *
 * @example
 * ```ts
 * const config: VectorIndexConfig = { distance: 'cosine', ef: 64 }
 * ```
 */
export type VectorIndexConfig = HnswIndexConfig | FlatIndexConfig | DynamicIndexConfig | HFreshIndexConfig

/**
 * The codec of {@link VectorIndexConfig} for reading: the fields every index type shares are
 * typed; {@link vectorIndexConfigCodec} gives the codec of one index type.
 */
export const VectorIndexConfigCodec: t.Type<VectorIndexConfig, VectorIndexConfig, unknown> = t.union(
  [HnswIndexConfigCodec, FlatIndexConfigCodec, DynamicIndexConfigCodec, HFreshIndexConfigCodec],
  'VectorIndexConfig',
)

/**
 * The codec of one index type's settings (`hnsw` when the type is not set; `none` has none).
 *
 * @example
 * ```ts
 * vectorIndexConfigCodec('flat').decode({ distance: 'dot' }) // right({ distance: 'dot' })
 * ```
 */
export const vectorIndexConfigCodec = (type: VectorIndexType | undefined | null): t.Type<VectorIndexConfig, VectorIndexConfig, unknown> => {
  switch (type ?? 'hnsw') {
    case 'hnsw':
      return HnswIndexConfigCodec
    case 'flat':
      return FlatIndexConfigCodec
    case 'dynamic':
      return DynamicIndexConfigCodec
    case 'hfresh':
      return HFreshIndexConfigCodec
    case 'none':
      return NoIndexConfigCodec
  }
}

/** A dropped index (`none`) has no settings of its own. */
const NoIndexConfigCodec: t.Type<VectorIndexConfig, VectorIndexConfig, unknown> = t.partial({}, 'NoIndexConfig')

/**
 * `ref2vec-centroid`: a vector from the centroid of the referenced objects' vectors.
 * `referenceProperties` is required (`modules/ref2vec-centroid/config/validation.go`).
 *
 * @example
 * ```ts
 * const centroid: Ref2VecCentroidConfig = { referenceProperties: ['hasParagraphs'], method: 'mean' }
 * ```
 */
export interface Ref2VecCentroidConfig extends ModuleSettings {
  readonly referenceProperties: readonly string[]
  readonly method?: 'mean'
}

/**
 * A module that takes settings this client does not type, and the typed `vectorizeClassName` of
 * the text vectorizers (`text2vec-bigram` included); `generative-dummy` and `reranker-dummy` take
 * no settings (`{}`).
 *
 * @example
 * ```ts
 * const google: ModuleSettings = { projectId: 'my-project', model: 'text-embedding-005', vectorizeClassName: false }
 * ```
 */
export interface ModuleSettings {
  readonly vectorizeClassName?: boolean
  readonly [setting: string]: unknown
}

/**
 * The class-level `moduleConfig`: each module's settings under its name. The provider modules of
 * {@link ProviderModules} (OpenAI, Cohere, Weaviate Embeddings, Anthropic, Ollama) and the modules
 * the tests run (`text2vec-bigram`, `generative-dummy`, `reranker-dummy`, `ref2vec-centroid`) are
 * typed as the module names them, and a setting a typed module does not read is refused before any
 * request; any other module takes an open record. Of these, only the generative and reranker
 * entries may change on an existing class (1.25.23 / 1.28.0+).
 *
 * @example
 * ```ts
 * const modules: ModuleConfig = {
 *   'text2vec-openai': { model: 'text-embedding-3-small', vectorizeClassName: false },
 *   'generative-openai': { model: 'gpt-4o', maxTokens: 500 },
 *   'reranker-cohere': { model: 'rerank-v3.5' },
 * }
 * ```
 */
export type ModuleConfig = ProviderModules & {
  readonly 'ref2vec-centroid'?: Ref2VecCentroidConfig
  readonly 'text2vec-bigram'?: ModuleSettings
  readonly 'generative-dummy'?: ModuleSettings
  readonly 'reranker-dummy'?: ModuleSettings
  readonly [module: string]: ModuleSettings
}

const ModuleSettingsCodec: t.Type<ModuleSettings, ModuleSettings, unknown> = t.intersection(
  [t.UnknownRecord, t.partial({ vectorizeClassName: t.boolean })],
  'ModuleSettings',
)

/** The codec of {@link ModuleConfig}. */
export const ModuleConfigCodec: t.Type<ModuleConfig, ModuleConfig, unknown> = t.intersection(
  [
    t.record(t.string, ModuleSettingsCodec),
    t.partial({
      'ref2vec-centroid': t.intersection([t.type({ referenceProperties: t.readonlyArray(t.string) }), t.partial({ method: literals(['mean']) })]),
      ...PROVIDER_CODECS,
    }),
  ],
  'ModuleConfig',
)

/**
 * A named vector's `vectorizer`: one module name with its settings (`{ none: {} }` for vectors the
 * caller brings). The provider vectorizers of {@link ProviderVectorizers} are typed; any other
 * module takes an open record.
 *
 * @example
 * ```ts
 * const vectorizer: VectorizerConfig = { 'text2vec-cohere': { model: 'embed-english-v3.0', truncate: 'END' } }
 * ```
 */
export type VectorizerConfig = ProviderVectorizers & { readonly [module: string]: ModuleSettings }

/** The codec of {@link VectorizerConfig}. */
const VectorizerConfigCodec: t.Type<VectorizerConfig, VectorizerConfig, unknown> = t.intersection(
  [
    t.record(t.string, ModuleSettingsCodec),
    t.partial({
      'text2vec-openai': PROVIDER_CODECS['text2vec-openai'],
      'text2vec-cohere': PROVIDER_CODECS['text2vec-cohere'],
      'text2vec-weaviate': PROVIDER_CODECS['text2vec-weaviate'],
      'text2vec-ollama': PROVIDER_CODECS['text2vec-ollama'],
      'text2vec-google': PROVIDER_CODECS['text2vec-google'],
      'multi2vec-google': PROVIDER_CODECS['multi2vec-google'],
      'text2vec-aws': PROVIDER_CODECS['text2vec-aws'],
      'text2vec-mistral': PROVIDER_CODECS['text2vec-mistral'],
      'text2vec-voyageai': PROVIDER_CODECS['text2vec-voyageai'],
      'text2vec-jinaai': PROVIDER_CODECS['text2vec-jinaai'],
      'text2vec-nvidia': PROVIDER_CODECS['text2vec-nvidia'],
      'text2vec-huggingface': PROVIDER_CODECS['text2vec-huggingface'],
      'text2vec-databricks': PROVIDER_CODECS['text2vec-databricks'],
    }),
  ],
  'VectorizerConfig',
)

/**
 * A named vector (1.24+) of `vectorConfig`: its vectorizer (one module name with its settings, or
 * `{ none: {} }` for vectors the caller brings), its index type and index settings. A multi-vector
 * is an hnsw index with `multivector.enabled` (1.29+). Index type and vectorizer are immutable.
 *
 * @example
 * ```ts
 * const colbert: NamedVectorConfig = {
 *   vectorizer: { none: {} },
 *   vectorIndexType: 'hnsw',
 *   vectorIndexConfig: { multivector: { enabled: true, muvera: { enabled: true } } },
 * }
 * ```
 */
export interface NamedVectorConfig {
  readonly vectorizer?: VectorizerConfig
  readonly vectorIndexType?: VectorIndexType
  readonly vectorIndexConfig?: VectorIndexConfig
}

/** The codec of {@link NamedVectorConfig}. */
export const NamedVectorConfigCodec: t.Type<NamedVectorConfig, NamedVectorConfig, unknown> = t.partial(
  { vectorizer: VectorizerConfigCodec, vectorIndexType: VectorIndexTypeCodec, vectorIndexConfig: VectorIndexConfigCodec },
  'NamedVectorConfig',
)

/** The deletion strategies of replication (1.27+). */
const DELETION_STRATEGIES = ['NoAutomatedResolution', 'DeleteOnConflict', 'TimeBasedResolution'] as const

/**
 * Replication (1.17+): `factor` copies of each shard, `deletionStrategy` (1.27+), and async
 * replication: `asyncEnabled` (1.26+; from 1.38 the server only reports it, derived from its
 * `ASYNC_REPLICATION_DISABLED` setting, and ignores it on write) and its tuning `asyncConfig` (1.36+).
 *
 * @example
 * ```ts
 * const replication: ReplicationConfig = { factor: 1, deletionStrategy: 'TimeBasedResolution' }
 * ```
 */
export interface ReplicationConfig {
  readonly factor?: number
  readonly asyncEnabled?: boolean
  readonly deletionStrategy?: 'NoAutomatedResolution' | 'DeleteOnConflict' | 'TimeBasedResolution'
  /** Tuning of async replication (1.36+); every field an integer. */
  readonly asyncConfig?: Readonly<Record<string, number | null>>
}

/** The codec of {@link ReplicationConfig}. */
export const ReplicationConfigCodec: t.Type<ReplicationConfig, ReplicationConfig, unknown> = t.partial(
  {
    factor: t.number,
    asyncEnabled: t.boolean,
    deletionStrategy: literals(DELETION_STRATEGIES),
    asyncConfig: t.record(t.string, t.union([t.number, t.null])),
  },
  'ReplicationConfig',
)

/**
 * Sharding, fixed when the class is created: `desiredCount` shards (the node count by default);
 * the `actual*` counts, `key`, `strategy` and `function` are set by the server.
 *
 * @example
 * ```ts
 * const sharding: ShardingConfig = { desiredCount: 1, virtualPerPhysical: 128 }
 * ```
 */
export interface ShardingConfig {
  readonly virtualPerPhysical?: number
  readonly desiredCount?: number
  readonly actualCount?: number
  readonly desiredVirtualCount?: number
  readonly actualVirtualCount?: number
  readonly key?: string
  readonly strategy?: string
  readonly function?: string
}

/** The codec of {@link ShardingConfig}. */
export const ShardingConfigCodec: t.Type<ShardingConfig, ShardingConfig, unknown> = t.partial(
  {
    virtualPerPhysical: t.number,
    desiredCount: t.number,
    actualCount: t.number,
    desiredVirtualCount: t.number,
    actualVirtualCount: t.number,
    key: t.string,
    strategy: t.string,
    function: t.string,
  },
  'ShardingConfig',
)

/**
 * Multi-tenancy (1.20+): `enabled` is fixed at creation; `autoTenantCreation` (1.25+) and
 * `autoTenantActivation` (1.25.2+) can change.
 *
 * @example
 * ```ts
 * const mt: MultiTenancyConfig = { enabled: true, autoTenantCreation: true, autoTenantActivation: true }
 * ```
 */
export interface MultiTenancyConfig {
  readonly enabled?: boolean
  readonly autoTenantCreation?: boolean
  readonly autoTenantActivation?: boolean
}

/** The codec of {@link MultiTenancyConfig}. */
export const MultiTenancyConfigCodec: t.Type<MultiTenancyConfig, MultiTenancyConfig, unknown> = t.partial(
  { enabled: t.boolean, autoTenantCreation: t.boolean, autoTenantActivation: t.boolean },
  'MultiTenancyConfig',
)

/**
 * Stopwords of the inverted index: a preset (`en`, the default, or `none`) with additions and
 * removals.
 *
 * @example
 * ```ts
 * const stopwords: StopwordConfig = { preset: 'en', additions: ['weaviate'], removals: ['a'] }
 * ```
 */
export interface StopwordConfig {
  readonly preset?: 'en' | 'none'
  readonly additions?: readonly string[] | null
  readonly removals?: readonly string[] | null
}

/** The codec of {@link StopwordConfig}. */
export const StopwordConfigCodec: t.Type<StopwordConfig, StopwordConfig, unknown> = t.partial(
  {
    preset: literals(['en', 'none']),
    additions: t.union([t.readonlyArray(t.string), t.null]),
    removals: t.union([t.readonlyArray(t.string), t.null]),
  },
  'StopwordConfig',
)

/**
 * The inverted index. `indexTimestamps`, `indexNullState` (1.16+) and `indexPropertyLength`
 * (1.16+) are fixed at creation; BM25 (`k1` 1.2 and `b` 0.75 by default), stopwords and the
 * cleanup interval can change. `usingBlockMaxWAND` is 1.30+, `tokenizerUserDict` 1.35+ and
 * `stopwordPresets` (named stopword lists for a property's text analyzer) 1.37+.
 *
 * @example
 * ```ts
 * const inverted: InvertedIndexConfig = { bm25: { k1: 1.5, b: 0.7 }, stopwords: { preset: 'none' }, indexNullState: true, indexTimestamps: true }
 * ```
 */
export interface InvertedIndexConfig {
  readonly cleanupIntervalSeconds?: number
  readonly bm25?: { readonly k1?: number; readonly b?: number }
  readonly stopwords?: StopwordConfig
  readonly indexTimestamps?: boolean
  readonly indexNullState?: boolean
  readonly indexPropertyLength?: boolean
  readonly usingBlockMaxWAND?: boolean
  readonly tokenizerUserDict?: ReadonlyArray<{
    readonly tokenizer?: string
    readonly replacements?: ReadonlyArray<{ readonly source: string; readonly target: string }> | null
  }> | null
  readonly stopwordPresets?: Readonly<Record<string, readonly string[]>> | null
}

/** The codec of {@link InvertedIndexConfig}. */
export const InvertedIndexConfigCodec: t.Type<InvertedIndexConfig, InvertedIndexConfig, unknown> = t.partial(
  {
    cleanupIntervalSeconds: t.number,
    bm25: t.partial({ k1: t.number, b: t.number }),
    stopwords: StopwordConfigCodec,
    indexTimestamps: t.boolean,
    indexNullState: t.boolean,
    indexPropertyLength: t.boolean,
    usingBlockMaxWAND: t.boolean,
    tokenizerUserDict: t.union([
      t.readonlyArray(
        t.partial({
          tokenizer: t.string,
          replacements: t.union([t.readonlyArray(t.type({ source: t.string, target: t.string })), t.null]),
        }),
      ),
      t.null,
    ]),
    stopwordPresets: t.union([t.record(t.string, t.readonlyArray(t.string)), t.null]),
  },
  'InvertedIndexConfig',
)

/**
 * Object time-to-live (1.35+): objects expire `defaultTtl` seconds after the time in `deleteOn`
 * (`_creationTimeUnix`, `_lastUpdateTimeUnix` or a `date` property).
 *
 * @example
 * ```ts
 * const ttl: ObjectTtlConfig = { enabled: true, defaultTtl: 3600, deleteOn: '_creationTimeUnix', filterExpiredObjects: true }
 * ```
 */
export interface ObjectTtlConfig {
  readonly enabled?: boolean
  readonly defaultTtl?: number
  readonly deleteOn?: string
  readonly filterExpiredObjects?: boolean
}

/** The codec of {@link ObjectTtlConfig}. */
export const ObjectTtlConfigCodec: t.Type<ObjectTtlConfig, ObjectTtlConfig, unknown> = t.partial(
  { enabled: t.boolean, defaultTtl: t.number, deleteOn: t.string, filterExpiredObjects: t.boolean },
  'ObjectTtlConfig',
)
