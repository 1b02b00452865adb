/**
 * Checks of a class's typed configuration before any request: every field's type and name (an
 * unknown field is refused, so a typo never reaches the server), the value ranges the server
 * holds to (read from its source at v1.39.0, cited per rule), and the server features the
 * configuration uses, so an older server is one `UnsupportedVersionError` instead of a setting it
 * drops without a word. Every error names the path of the field, e.g.
 * `definition.vectorIndexConfig.pq.segments`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import {
  InvertedIndexConfig,
  InvertedIndexConfigCodec,
  ModuleConfig,
  ModuleConfigCodec,
  MultiTenancyConfig,
  MultiTenancyConfigCodec,
  NamedVectorConfig,
  NamedVectorConfigCodec,
  ObjectTtlConfig,
  ObjectTtlConfigCodec,
  ReplicationConfig,
  ReplicationConfigCodec,
  ShardingConfig,
  ShardingConfigCodec,
  VectorIndexConfig,
  VectorIndexType,
  VectorIndexTypeCodec,
  vectorIndexConfigCodec,
} from '../codecs/collection-config'
import { UnsupportedVersionError } from '../core/errors'
import { typeError, typeName, valueError } from '../input/check'
import { isProviderModule } from '../codecs/provider-config'
import { checkProviderValues, providerCodec } from './provider-check'
import { Feature, ServerVersion, compareVersions, parseVersion, requireFeature } from '../server/version'

/** The configuration parts of a class definition, or of a change to one. */
export interface ConfigParts {
  readonly vectorIndexType?: VectorIndexType | null
  readonly vectorIndexConfig?: VectorIndexConfig | null
  readonly vectorConfig?: Readonly<Record<string, NamedVectorConfig>> | null
  readonly moduleConfig?: ModuleConfig | null
  readonly invertedIndexConfig?: InvertedIndexConfig | null
  readonly replicationConfig?: ReplicationConfig | null
  readonly shardingConfig?: ShardingConfig | null
  readonly multiTenancyConfig?: MultiTenancyConfig | null
  readonly objectTtlConfig?: ObjectTtlConfig | null
}

type Obj = Readonly<Record<string, unknown>>

const isObject = (u: unknown): u is Obj => typeof u === 'object' && u !== null && !Array.isArray(u)

const present = (u: unknown): boolean => u !== undefined && u !== null

// ---------------------------------------------------------------------------------------------
// types and names, through the codecs

/** The keys of a path that belong to the data (not the index io-ts gives a union or intersection member). */
const pathOf = (error: t.ValidationError): string[] => {
  const keys: string[] = []
  for (let i = 1; i < error.context.length; i++) {
    const entry = error.context[i]
    const parent = error.context[i - 1]
    if (entry === undefined || parent === undefined) continue
    if (parent.type instanceof t.IntersectionType || parent.type instanceof t.UnionType) continue
    if (entry.key !== '') keys.push(entry.key)
  }
  return keys
}

const PRIMITIVES: Readonly<Record<string, string>> = { number: 'number', boolean: 'boolean', string: 'string' }

/** Decodes `value` at `at`, or throws an ArgumentError naming the path of the first failure. */
const decodeAt = <A>(codec: t.Decoder<unknown, A>, at: string, value: unknown): A => {
  const result = codec.decode(value)
  if (result._tag === 'Right') return result.right
  const first = result.left[0]
  if (first === undefined) return valueError(at, `'${at}' is not valid`)
  const path = [at, ...pathOf(first)].join('.')
  const expected = first.context[first.context.length - 1]?.type.name ?? 'valid'
  const primitive = PRIMITIVES[expected]
  if (primitive !== undefined && typeof first.value !== primitive) return typeError(path, primitive, first.value)
  return valueError(path, `'${path}' must be ${expected}, got ${JSON.stringify(first.value) ?? typeName(first.value)}`)
}

/** The property codecs of an object codec, or `open` when it takes any key. */
const propsOf = (codec: t.Mixed): Readonly<Record<string, t.Mixed>> | 'open' | undefined => {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return (codec as t.InterfaceType<t.Props>).props
  if (codec instanceof t.DictionaryType || codec instanceof t.AnyDictionaryType) return 'open'
  if (codec instanceof t.IntersectionType) {
    const members = (codec as t.IntersectionType<t.Mixed[]>).types.map(propsOf)
    if (members.some((m) => m === 'open')) return 'open'
    return members.reduce<Readonly<Record<string, t.Mixed>>>((all, m) => (m === undefined || m === 'open' ? all : { ...all, ...m }), {})
  }
  return undefined
}

/** Throws for the first key of `value` that `codec` does not name, at any depth. */
const refuseUnknownKeys = (codec: t.Mixed, at: string, value: unknown): void => {
  if (value === null || value === undefined) return
  if (codec instanceof t.UnionType) {
    // One member that takes the value is followed; several (the index types of a named vector's
    // `vectorIndexConfig`) leave the keys to the check that knows which one applies.
    const members = (codec as t.UnionType<t.Mixed[]>).types.filter((m) => m.decode(value)._tag === 'Right')
    const member = members[0]
    if (member !== undefined && members.length === 1) refuseUnknownKeys(member, at, value)
    return
  }
  if (codec instanceof t.ReadonlyArrayType || codec instanceof t.ArrayType) {
    if (Array.isArray(value)) value.forEach((item, i) => refuseUnknownKeys((codec as t.ArrayType<t.Mixed>).type, `${at}[${i}]`, item))
    return
  }
  if (codec instanceof t.DictionaryType) {
    if (isObject(value)) for (const [k, v] of Object.entries(value)) refuseUnknownKeys((codec as t.DictionaryType<t.Mixed, t.Mixed>).codomain, `${at}.${k}`, v)
    return
  }
  const props = propsOf(codec)
  if (props === undefined || props === 'open' || !isObject(value)) return
  for (const [k, v] of Object.entries(value)) {
    const inner = props[k]
    if (inner === undefined) {
      valueError(`${at}.${k}`, `'${at}' has no setting '${k}' (known: ${Object.keys(props).join(', ')})`)
    } else {
      refuseUnknownKeys(inner, `${at}.${k}`, v)
    }
  }
}

/** Decodes `value` at `at` and refuses unknown keys. */
const strictAt = <A>(codec: t.Type<A, A, unknown>, at: string, value: unknown): A => {
  const decoded = decodeAt(codec, at, value)
  refuseUnknownKeys(codec, at, value)
  return decoded
}

// ---------------------------------------------------------------------------------------------
// value ranges

const int = (at: string, value: number | undefined, min: number, max = Number.MAX_SAFE_INTEGER): void => {
  if (value === undefined) return
  if (!Number.isInteger(value) || value < min || value > max) {
    valueError(at, `'${at}' must be an integer ${max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`}, got ${value}`)
  }
}

const num = (at: string, value: number | undefined, min: number, max = Number.POSITIVE_INFINITY): void => {
  if (value === undefined) return
  if (!Number.isFinite(value) || value < min || value > max) {
    valueError(at, `'${at}' must be a number ${max === Number.POSITIVE_INFINITY ? `>= ${min}` : `from ${min} to ${max}`}, got ${value}`)
  }
}

/** RQ bits (entities/vectorindex/hnsw/rq_config.go:39 at v1.39.0: "RQ bits must be 8, 4 or 1"). */
const rqBits = (at: string, bits: number | undefined): void => {
  if (bits !== undefined && bits !== 1 && bits !== 4 && bits !== 8) valueError(at, `'${at}' must be 8, 4 or 1, got ${bits}`)
}

/** At most one quantizer (hnsw/config.go:306 "more than a single compression methods enabled"). */
const oneQuantizer = (at: string, c: Readonly<Record<string, unknown>>): void => {
  const enabled = ['pq', 'bq', 'sq', 'rq'].filter((q) => {
    const sub = c[q]
    return isObject(sub) && sub['enabled'] === true
  })
  if (enabled.length > 1) valueError(at, `'${at}' may enable one quantizer, got ${enabled.join(' and ')}`)
}

/** hnsw ranges: hnsw/config.go:260-320 (maxConnections 4..2047, efConstruction >= 4, ksim < 10), pq_config.go:81. */
const hnswRanges = (at: string, c: import('../codecs/collection-config').HnswIndexConfig, named: boolean): void => {
  int(`${at}.maxConnections`, c.maxConnections, 4, 2047)
  int(`${at}.efConstruction`, c.efConstruction, 4)
  int(`${at}.ef`, c.ef, -1)
  int(`${at}.dynamicEfMin`, c.dynamicEfMin, 0)
  int(`${at}.dynamicEfMax`, c.dynamicEfMax, 0)
  int(`${at}.dynamicEfFactor`, c.dynamicEfFactor, 0)
  int(`${at}.cleanupIntervalSeconds`, c.cleanupIntervalSeconds, 0)
  int(`${at}.vectorCacheMaxObjects`, c.vectorCacheMaxObjects, 0)
  int(`${at}.flatSearchCutoff`, c.flatSearchCutoff, 0)
  int(`${at}.pq.segments`, c.pq?.segments, 0)
  int(`${at}.pq.centroids`, c.pq?.centroids, 1)
  int(`${at}.pq.trainingLimit`, c.pq?.trainingLimit, 0)
  int(`${at}.sq.trainingLimit`, c.sq?.trainingLimit, 0)
  int(`${at}.sq.rescoreLimit`, c.sq?.rescoreLimit, 0)
  int(`${at}.rq.rescoreLimit`, c.rq?.rescoreLimit, 0)
  rqBits(`${at}.rq.bits`, c.rq?.bits)
  int(`${at}.multivector.muvera.ksim`, c.multivector?.muvera?.ksim, 1, 9)
  int(`${at}.multivector.muvera.dprojections`, c.multivector?.muvera?.dprojections, 1)
  int(`${at}.multivector.muvera.repetitions`, c.multivector?.muvera?.repetitions, 1)
  oneQuantizer(at, c as Readonly<Record<string, unknown>>)
  // usecases/schema/parser.go:178-180: a multi-vector index only through named vectors.
  if (!named && c.multivector?.enabled === true) {
    valueError(`${at}.multivector.enabled`, `'${at}.multivector' needs a named vector ('vectorConfig'); the class-level index cannot be a multi-vector index`)
  }
}

const flatRanges = (at: string, c: import('../codecs/collection-config').FlatIndexConfig): void => {
  int(`${at}.vectorCacheMaxObjects`, c.vectorCacheMaxObjects, 0)
  // The server reports -1 for a quantizer it does not use (flat/config.go), so -1 reads back.
  for (const q of ['pq', 'bq', 'sq', 'rq'] as const) int(`${at}.${q}.rescoreLimit`, c[q]?.rescoreLimit, -1)
  rqBits(`${at}.rq.bits`, c.rq?.bits)
  oneQuantizer(at, c as Readonly<Record<string, unknown>>)
}

/** Checks one vector index's type and settings; `typeAt` and `at` are their paths. */
const checkVectorIndex = (typeAt: string, type: unknown, at: string, config: unknown, named: boolean): void => {
  const indexType = type === undefined || type === null ? undefined : decodeAt(VectorIndexTypeCodec, typeAt, type)
  if (indexType === 'none') valueError(typeAt, `'${typeAt}' 'none' marks a dropped index and cannot be set`)
  if (config === undefined || config === null) return
  const c = strictAt(vectorIndexConfigCodec(indexType), at, config)
  switch (indexType ?? 'hnsw') {
    case 'hnsw':
      return hnswRanges(at, c, named)
    case 'flat':
      return flatRanges(at, c)
    case 'dynamic': {
      const d = c as import('../codecs/collection-config').DynamicIndexConfig
      int(`${at}.threshold`, d.threshold, 0)
      if (d.hnsw !== undefined) hnswRanges(`${at}.hnsw`, d.hnsw, named)
      if (d.flat !== undefined) flatRanges(`${at}.flat`, d.flat)
      return
    }
    case 'hfresh': {
      const h = c as import('../codecs/collection-config').HFreshIndexConfig
      int(`${at}.maxPostingSizeKB`, h.maxPostingSizeKB, 1)
      int(`${at}.replicas`, h.replicas, 1)
      int(`${at}.searchProbe`, h.searchProbe, 1)
      rqBits(`${at}.rq.bits`, h.rq?.bits)
      return
    }
    case 'none':
      return
  }
}

/**
 * Checks each typed provider module of `modules` (a class's `moduleConfig` or a named vector's
 * `vectorizer`) at `at`: an unknown setting, a wrong type, then a value its module refuses. A module
 * this client does not type passes as it is.
 */
const checkProviders = (at: string, modules: Obj): void => {
  for (const [name, settings] of Object.entries(modules)) {
    if (!isProviderModule(name)) continue
    const decoded = strictAt(providerCodec(name), `${at}.${name}`, settings)
    checkProviderValues(`${at}.${name}`, name, decoded)
  }
}

/** A named vector's name (entities/schema/validation.go: `^[_A-Za-z][_0-9A-Za-z]{0,230}$`). */
const VECTOR_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,230}$/

/**
 * Checks every configuration part of a class definition (or of a change, `change` true: only the
 * parts named are checked); throws an ArgumentError naming the path of the first bad field.
 */
export const checkConfigParts = (argument: string, parts: ConfigParts & Obj, named: { readonly vectorConfigPartial?: boolean } = {}): void => {
  if ('vectorIndexType' in parts || 'vectorIndexConfig' in parts) {
    checkVectorIndex(`${argument}.vectorIndexType`, parts.vectorIndexType, `${argument}.vectorIndexConfig`, parts.vectorIndexConfig, false)
  }
  if (present(parts.vectorConfig)) {
    const vectors = parts.vectorConfig
    if (!isObject(vectors)) typeError(`${argument}.vectorConfig`, 'object', vectors)
    for (const [name, vector] of Object.entries(vectors ?? {})) {
      const at = `${argument}.vectorConfig.${name}`
      if (!VECTOR_NAME.test(name)) valueError(at, `the vector name '${name}' must match ${String(VECTOR_NAME)}`)
      const v = strictAt(NamedVectorConfigCodec, at, vector)
      if (v.vectorizer !== undefined && Object.keys(v.vectorizer).length !== 1 && named.vectorConfigPartial !== true) {
        valueError(`${at}.vectorizer`, `'${at}.vectorizer' must name one module (or 'none'), got ${Object.keys(v.vectorizer).length}`)
      }
      if (v.vectorizer !== undefined) checkProviders(`${at}.vectorizer`, v.vectorizer)
      checkVectorIndex(`${at}.vectorIndexType`, v.vectorIndexType, `${at}.vectorIndexConfig`, v.vectorIndexConfig, true)
    }
  }
  if (present(parts.moduleConfig)) {
    const m = strictAt(ModuleConfigCodec, `${argument}.moduleConfig`, parts.moduleConfig)
    checkProviders(`${argument}.moduleConfig`, m)
    const centroid = m['ref2vec-centroid']
    // modules/ref2vec-centroid/config/validation.go:21-50: at least one reference property.
    if (centroid !== undefined && 'referenceProperties' in centroid && centroid.referenceProperties.length === 0) {
      valueError(`${argument}.moduleConfig.ref2vec-centroid.referenceProperties`, `'${argument}.moduleConfig.ref2vec-centroid.referenceProperties' must name at least one property`)
    }
  }
  if (present(parts.invertedIndexConfig)) {
    const at = `${argument}.invertedIndexConfig`
    const c = strictAt(InvertedIndexConfigCodec, at, parts.invertedIndexConfig)
    int(`${at}.cleanupIntervalSeconds`, c.cleanupIntervalSeconds, 0)
    // adapters/repos/db/inverted/config.go validateBM25Config: k1 >= 0, 0 <= b <= 1.
    num(`${at}.bm25.k1`, c.bm25?.k1, 0)
    num(`${at}.bm25.b`, c.bm25?.b, 0, 1)
    for (const [name, words] of Object.entries(c.stopwordPresets ?? {})) {
      if (name.trim() === '') valueError(`${at}.stopwordPresets`, `'${at}.stopwordPresets' names must not be blank`)
      if (words.length === 0 || words.some((w) => w.trim() === '')) {
        valueError(`${at}.stopwordPresets.${name}`, `'${at}.stopwordPresets.${name}' must hold at least one word, none blank`)
      }
    }
  }
  if (present(parts.replicationConfig)) {
    const at = `${argument}.replicationConfig`
    const c = strictAt(ReplicationConfigCodec, at, parts.replicationConfig)
    int(`${at}.factor`, c.factor, 1)
    for (const [k, v] of Object.entries(c.asyncConfig ?? {})) int(`${at}.asyncConfig.${k}`, v ?? undefined, 0)
  }
  if (present(parts.shardingConfig)) {
    const at = `${argument}.shardingConfig`
    const c = strictAt(ShardingConfigCodec, at, parts.shardingConfig)
    // A multi-tenant class reports every count as 0, so 0 reads back (and lets the server choose).
    int(`${at}.desiredCount`, c.desiredCount, 0)
    int(`${at}.virtualPerPhysical`, c.virtualPerPhysical, 0)
  }
  if (present(parts.multiTenancyConfig)) strictAt(MultiTenancyConfigCodec, `${argument}.multiTenancyConfig`, parts.multiTenancyConfig)
  if (present(parts.objectTtlConfig)) {
    const at = `${argument}.objectTtlConfig`
    const c = strictAt(ObjectTtlConfigCodec, at, parts.objectTtlConfig)
    int(`${at}.defaultTtl`, c.defaultTtl, Number.MIN_SAFE_INTEGER)
  }
}

// ---------------------------------------------------------------------------------------------
// version cut-offs

const has = (o: unknown, key: string): boolean => isObject(o) && present(o[key])

const indexFeatures = (type: VectorIndexType | null | undefined, config: VectorIndexConfig | null | undefined): Feature[] => {
  const c: Obj = isObject(config) ? config : {}
  switch (type ?? 'hnsw') {
    case 'hnsw': {
      const out: Feature[] = []
      if (has(c, 'pq')) out.push('pqQuantizer')
      if (has(c, 'bq')) out.push('bqHnsw')
      if (has(c, 'sq')) out.push('sqQuantizer')
      if (has(c, 'rq')) out.push('rqHnsw')
      if (has(c, 'filterStrategy')) out.push('hnswFilterStrategy')
      if (has(c, 'skipDefaultQuantization') || has(c, 'trackDefaultQuantization')) out.push('skipDefaultQuantization')
      if (has(c, 'multivector')) out.push('multiVectors')
      if (has(c['multivector'], 'muvera')) out.push('muvera')
      return out
    }
    case 'flat':
      return [
        'flatIndex',
        ...(has(c, 'rq') ? (['rqFlat'] as const) : []),
        ...(has(c, 'skipDefaultQuantization') || has(c, 'trackDefaultQuantization') ? (['skipDefaultQuantization'] as const) : []),
      ]
    case 'dynamic':
      return [
        'dynamicIndex',
        ...indexFeatures('hnsw', isObject(c['hnsw']) ? c['hnsw'] : undefined),
        ...indexFeatures('flat', isObject(c['flat']) ? c['flat'] : undefined).filter((f) => f !== 'flatIndex'),
      ]
    case 'hfresh':
      return ['hfreshIndex']
    case 'none':
      return []
  }
}

/**
 * The server features a configuration uses, each at most once: a part or setting that an older
 * server would drop (or refuse) makes its feature required.
 */
export const configFeatures = (parts: ConfigParts): readonly Feature[] => {
  const out: Feature[] = []
  if (present(parts.vectorIndexType) || present(parts.vectorIndexConfig)) out.push(...indexFeatures(parts.vectorIndexType, parts.vectorIndexConfig))
  if (present(parts.vectorConfig)) {
    out.push('namedVectorConfig')
    for (const v of Object.values(parts.vectorConfig ?? {})) out.push(...indexFeatures(v.vectorIndexType, v.vectorIndexConfig))
  }
  const r = parts.replicationConfig
  if (present(r)) {
    out.push('replicationConfig')
    if (has(r, 'asyncEnabled')) out.push('replicationAsyncEnabled')
    if (has(r, 'deletionStrategy')) out.push('replicationDeletionStrategy')
    if (has(r, 'asyncConfig')) out.push('replicationAsyncConfig')
  }
  const mt = parts.multiTenancyConfig
  if (present(mt)) {
    out.push('tenants')
    if (has(mt, 'autoTenantCreation')) out.push('autoTenantCreation')
    if (has(mt, 'autoTenantActivation')) out.push('autoTenantActivation')
  }
  const inv = parts.invertedIndexConfig
  if (has(inv, 'indexNullState')) out.push('indexNullState')
  if (has(inv, 'indexPropertyLength')) out.push('indexPropertyLength')
  if (has(inv, 'usingBlockMaxWAND')) out.push('blockMaxWand')
  if (has(inv, 'tokenizerUserDict')) out.push('tokenizerUserDict')
  if (has(inv, 'stopwordPresets')) out.push('stopwordPresets')
  if (present(parts.objectTtlConfig)) out.push('objectTtl')
  return [...new Set(out)]
}

/**
 * 1.38.0: models/replication_config.go has no `asyncEnabled` any more (v1.37.0 has it); the REST
 * layer derives it on every read from the server-wide `ASYNC_REPLICATION_DISABLED`
 * (adapters/handlers/rest/restcompat/producer.go at v1.38.0) and ignores it on write.
 */
const ASYNC_ENABLED_READ_ONLY = parseVersion('1.38.0')

/**
 * `right(undefined)` when the server has every feature the configuration uses, else the
 * `UnsupportedVersionError` of the first it lacks. A change (`updateConfig`) that names
 * `replicationConfig.asyncEnabled` is also refused from 1.38 on, where the server only reports it
 * (a definition read from such a server still writes back: the field is ignored there).
 */
export const requireConfigFeatures = (version: ServerVersion, parts: ConfigParts, change = false): E.Either<UnsupportedVersionError, undefined> => {
  for (const feature of configFeatures(parts)) {
    const supported = requireFeature(version, feature)
    if (E.isLeft(supported)) return supported
  }
  if (change && has(parts.replicationConfig, 'asyncEnabled') && ASYNC_ENABLED_READ_ONLY !== undefined && compareVersions(version, ASYNC_ENABLED_READ_ONLY) >= 0) {
    return E.left(
      new UnsupportedVersionError({
        feature: "changing 'replicationConfig.asyncEnabled' (read only from 1.38: the server-wide ASYNC_REPLICATION_DISABLED decides)",
        requires: '1.26.0 to 1.37.x',
        serverVersion: version.raw,
      }),
    )
  }
  return E.right(undefined)
}
