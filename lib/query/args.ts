/**
 * The arguments of `client.query`: what every search shares (class, filter, paging, what to
 * return, transport) and each search's own, checked once at the boundary into a {@link QueryInput}.
 *
 * @packageDocumentation
 */
import { CallOptions, callOptions } from '../context/context'
import { Where, WhereCodec } from '../input/where'
import type { VectorFormat } from '../input/vector-format'
import { TransportMode, transportMode } from '../input/transport-mode'
import { ArgumentValueError } from '../core/errors'
import {
  ConsistencyLevel,
  MAX_INT32,
  MAX_UINT32,
  argsObject,
  atMost,
  boolean,
  consistencyLevel,
  name,
  nonNegativeInteger,
  optional,
  positiveInteger,
  string,
  stringArray,
  typeError,
  oneOf,
  valueError,
} from '../input/check'
import { className, propertyName } from '../input/names'
import { SortClause, Sort, sortClauses } from '../input/sort'
import { uuid } from '../input/uuid'
import { MultiVectorInput, VectorInput, nonEmptyVector, vectorOrMultiVector } from '../input/vectors'
import { codecOf, type PropertiesCodec } from '../codecs/decode-object'

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
 * A reference property to follow: each referenced object comes with its id, its class and the
 * properties named here (none by default).
 *
 * @example
 * ```ts
 * const ref: ReturnReference = { linkOn: 'writtenBy', returnProperties: ['name'] }
 * ```
 */
export interface ReturnReference {
  readonly linkOn: string
  /** The referenced class; needed when the property may point to several classes. */
  readonly targetClassName?: string
  readonly returnProperties?: readonly ReturnProperty[]
}

/**
 * Metadata a search can return; each is present on a result only when asked for.
 *
 * @example
 * ```ts
 * const metadata: readonly MetadataField[] = ['distance', 'creationTimeUnix']
 * ```
 */
export type MetadataField = 'distance' | 'certainty' | 'score' | 'explainScore' | 'creationTimeUnix' | 'lastUpdateTimeUnix'
const METADATA_FIELDS: readonly string[] = ['distance', 'certainty', 'score', 'explainScore', 'creationTimeUnix', 'lastUpdateTimeUnix']

/**
 * What every search takes.
 *
 * @example
 * ```ts
 * const common: QueryCommon = { className: 'Article', limit: 5, returnMetadata: ['distance'] }
 * ```
 */
export interface QueryCommon<P = Record<string, unknown>> extends CallOptions {
  readonly className: string
  /** The filter; the same model as `objects.deleteMany`. */
  readonly where?: Where
  /** The most results returned (default 10; always sent, so both transports return as many). */
  readonly limit?: number
  readonly offset?: number
  readonly tenant?: string
  readonly consistencyLevel?: ConsistencyLevel
  /** The properties to return; default: every property that is not a reference or a blob. */
  readonly returnProperties?: readonly ReturnProperty[]
  readonly returnReferences?: readonly ReturnReference[]
  readonly returnMetadata?: readonly MetadataField[]
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
export interface NearVectorArgs<P = Record<string, unknown>> extends QueryCommon<P>, Threshold, Grouping {
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
  readonly targetVector?: string | readonly string[]
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

/** Several named vectors searched at once, checked: distinct names, and how their distances combine. */
export interface Targets {
  readonly names: readonly string[]
  readonly combination?: TargetCombination
}

/**
 * `query.nearObject`: the objects nearest a stored object.
 *
 * @example
 * ```ts
 * const args: NearObjectArgs = { className: 'Article', id: '00000000-0000-0000-0000-000000000001' }
 * ```
 */
export interface NearObjectArgs<P = Record<string, unknown>> extends QueryCommon<P>, Threshold, Grouping {
  readonly id: string
  /** As for nearVector: one named vector, or several (the object's own vectors searched). */
  readonly targetVector?: string | readonly string[]
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
export interface HybridArgs<P = Record<string, unknown>> extends QueryCommon<P>, Grouping {
  readonly query: string
  /** 0: keyword only, 1: vector only (default 0.75; always sent). */
  readonly alpha?: number
  /** The vector side's vector; without it the server vectorizes `query` (needs a vectorizer). */
  readonly vector?: readonly number[] | Float32Array
  readonly queryProperties?: readonly string[]
  /** How the keyword side combines the query's tokens (Weaviate 1.30.17+), as bm25's `searchOperator`. */
  readonly bm25SearchOperator?: SearchOperator
  /** The vector side keeps only objects within this distance of the vector (Weaviate 1.28.5+). */
  readonly maxVectorDistance?: number
  /** Default: the server's (relativeScore from 1.24, ranked before). */
  readonly fusionType?: 'ranked' | 'relativeScore'
  /** As for nearVector: the vector side's named vector, or several (Weaviate 1.26+). */
  readonly targetVector?: string | readonly string[]
  readonly targetCombination?: TargetCombination
  readonly autocut?: number
}

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

/** The search part of a checked query. */
export type Search =
  | {
      readonly kind: 'nearVector'
      /** A vector, or a multi-vector (checked: non-empty vectors of one dimension). */
      readonly vector: readonly number[] | ReadonlyArray<readonly number[]>
      readonly targetVector?: string
      readonly targets?: Targets
      readonly distance?: number
      readonly certainty?: number
    }
  | {
      readonly kind: 'nearObject'
      readonly id: string
      readonly targetVector?: string
      readonly targets?: Targets
      readonly distance?: number
      readonly certainty?: number
    }
  | { readonly kind: 'bm25'; readonly query: string; readonly properties?: readonly string[]; readonly operator?: SearchOperator }
  | {
      readonly kind: 'hybrid'
      readonly query: string
      readonly alpha: number
      readonly vector?: readonly number[]
      readonly properties?: readonly string[]
      readonly operator?: SearchOperator
      readonly maxVectorDistance?: number
      readonly fusionType?: 'ranked' | 'relativeScore'
      readonly targetVector?: string
      readonly targets?: Targets
    }
  | { readonly kind: 'fetch'; readonly sort: readonly SortClause[]; readonly after?: string }

/** A checked property to return. */
export type PropertySelection = { readonly name: string; readonly nested?: readonly PropertySelection[] }

/** A checked reference to follow. */
export interface ReferenceSelection {
  readonly linkOn: string
  readonly targetClassName?: string
  readonly properties: readonly PropertySelection[]
}

/** A checked query. */
export interface QueryInput<P> {
  readonly className: string
  readonly search: Search
  readonly where?: Where
  readonly limit: number
  readonly offset?: number
  readonly autocut?: number
  readonly groupBy?: SearchGroupBy
  readonly tenant?: string
  readonly consistencyLevel?: ConsistencyLevel
  /** `undefined`: every non-reference, non-blob property. */
  readonly properties?: readonly PropertySelection[]
  readonly references: readonly ReferenceSelection[]
  readonly metadata: readonly MetadataField[]
  readonly vector: boolean
  readonly vectorNames: readonly string[]
  readonly vectorFormat: VectorFormat
  readonly codec?: PropertiesCodec<P>
  readonly transport?: TransportMode
  readonly call: CallOptions
}

const DEFAULT_LIMIT = 10
const DEFAULT_ALPHA = 0.75
const QUERY_PROPERTY = /^[_A-Za-z][_0-9A-Za-z]*(\^\d+(\.\d+)?)?$/

const finite = (argument: string, value: unknown): number =>
  typeof value === 'number' ? (Number.isFinite(value) ? value : valueError(argument, `'${argument}' must be a finite number`)) : typeError(argument, 'number', value)

/** Checks a where filter with the library's one codec. */
export const whereInput = (argument: string, value: unknown): Where => {
  const decoded = WhereCodec.decode(value)
  if (decoded._tag === 'Right') return decoded.right
  throw new ArgumentValueError({ argument, reason: `'${argument}' is not a valid where filter (a leaf with a path and exactly one value, or And/Or with operands)` })
}

const returnProperties = (argument: string, value: unknown): readonly PropertySelection[] => {
  if (!Array.isArray(value)) return typeError(argument, 'array', value)
  return value.map((item: unknown, i): PropertySelection => {
    const at = `${argument}[${i}]`
    if (typeof item === 'string') return { name: propertyName(at, item) }
    const o = argsObject(at, item)
    return { name: propertyName(`${at}.name`, o['name']), nested: returnProperties(`${at}.properties`, o['properties']) }
  })
}

const returnReferences = (argument: string, value: unknown): readonly ReferenceSelection[] => {
  if (!Array.isArray(value)) return typeError(argument, 'array', value)
  return value.map((item: unknown, i): ReferenceSelection => {
    const at = `${argument}[${i}]`
    const o = argsObject(at, item)
    const target = optional(className, `${at}.targetClassName`, o['targetClassName'])
    return {
      linkOn: propertyName(`${at}.linkOn`, o['linkOn']),
      ...(target === undefined ? {} : { targetClassName: target }),
      properties: optional(returnProperties, `${at}.returnProperties`, o['returnProperties']) ?? [],
    }
  })
}

const metadataFields = (argument: string, value: unknown): readonly MetadataField[] =>
  stringArray(argument, value).map((field) =>
    METADATA_FIELDS.includes(field) ? (field as MetadataField) : valueError(argument, `'${field}' is not a metadata field; use ${METADATA_FIELDS.join(', ')}`),
  )

const vectorFormat: (argument: string, value: unknown) => VectorFormat = oneOf(['array', 'float32'] as const)

const queryProperties = (argument: string, value: unknown): readonly string[] =>
  stringArray(argument, value).map((p) => (QUERY_PROPERTY.test(p) ? p : valueError(argument, `'${p}' is not a property name with an optional weight like 'title^2'`)))

/** `distance` XOR `certainty`, both finite. */
const threshold = (a: Record<string, unknown>): Threshold => {
  const distance = optional(finite, 'distance', a['distance'])
  const certainty = optional(finite, 'certainty', a['certainty'])
  if (distance !== undefined && certainty !== undefined) valueError('distance', "give 'distance' or 'certainty', not both")
  if (certainty !== undefined && (certainty < 0 || certainty > 1)) valueError('certainty', "'certainty' must be between 0 and 1")
  const out: { distance?: number; certainty?: number } = {}
  if (distance !== undefined) out.distance = distance
  if (certainty !== undefined) out.certainty = certainty
  return out
}

const defined = <K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } => (value === undefined ? {} : ({ [key]: value } as { [k in K]?: V }))

/** A positive count as the gRPC API carries it (uint32); GraphQL takes the same. */
const count = atMost(MAX_UINT32, positiveInteger)

/** An offset as the gRPC API carries it (uint32). */
const offsetCount = atMost(MAX_UINT32, nonNegativeInteger)

/** A group-by's sizes and a keyword search's token count (int32 on the wire). */
const int32Count = atMost(MAX_INT32, positiveInteger)

const operatorName: (argument: string, value: unknown) => SearchOperator['operator'] = oneOf(['Or', 'And', 'AndCross'] as const)

const searchOperator = (argument: string, value: unknown): SearchOperator => {
  const o = argsObject(argument, value)
  const operator = operatorName(`${argument}.operator`, o['operator'])
  const minimum = optional(int32Count, `${argument}.minimumOrTokensMatch`, o['minimumOrTokensMatch'])
  if (operator === 'Or') return minimum === undefined ? { operator } : { operator, minimumOrTokensMatch: minimum }
  if (minimum !== undefined) valueError(`${argument}.minimumOrTokensMatch`, `'minimumOrTokensMatch' is for the 'Or' operator, not '${operator}'`)
  return { operator }
}

const targetCombination: (argument: string, value: unknown) => TargetCombination = oneOf(['sum', 'average', 'minimum'] as const)

type Target = { readonly targetVector?: string; readonly targets?: Targets }

/** No target vector named (one object for all: every search is checked, this is its hot path). */
const NO_TARGET: Target = Object.freeze({})

/** `targetVector` (one name, or a list of distinct names) and `targetCombination` (with a list only). */
const target = (a: Record<string, unknown>): Target => {
  const given = a['targetVector']
  const combination = optional(targetCombination, 'targetCombination', a['targetCombination'])
  if (!Array.isArray(given)) {
    if (combination !== undefined) valueError('targetCombination', "'targetCombination' combines several target vectors: give 'targetVector' as a list of names")
    const name = optional(propertyName, 'targetVector', given)
    return name === undefined ? NO_TARGET : { targetVector: name }
  }
  const names = stringArray('targetVector', given).map((n, i) => propertyName(`targetVector[${i}]`, n))
  if (names.length === 0) valueError('targetVector', "'targetVector' must name at least one vector")
  if (new Set(names).size !== names.length) valueError('targetVector', "'targetVector' names a vector twice")
  return { targets: combination === undefined ? { names } : { names, combination } }
}

const groupBy = (argument: string, value: unknown): SearchGroupBy => {
  const g = argsObject(argument, value)
  return {
    property: propertyName(`${argument}.property`, g['property']),
    numberOfGroups: int32Count(`${argument}.numberOfGroups`, g['numberOfGroups']),
    objectsPerGroup: int32Count(`${argument}.objectsPerGroup`, g['objectsPerGroup']),
  }
}

/** Checks the common arguments around a checked search (`autocut` and `groupBy` for searches, not for fetchObjects). */
const common = <P>(a: Record<string, unknown>, search: Search, searching: boolean): QueryInput<P> => {
  const include = a['includeVector']
  const vectorNames = Array.isArray(include) ? stringArray('includeVector', include).map((n, i) => propertyName(`includeVector[${i}]`, n)) : []
  const properties = optional(returnProperties, 'returnProperties', a['returnProperties'])
  const codec = codecOf<P>(a)
  // Built by assignment, optional members only when given (no spread of a fresh object per
  // member: a search is checked on every call, and this is its hot path).
  const input: { -readonly [K in keyof QueryInput<P>]: QueryInput<P>[K] } = {
    className: className('className', a['className']),
    search,
    limit: DEFAULT_LIMIT,
    references: [],
    metadata: [],
    vector: false,
    vectorNames,
    vectorFormat: 'array',
    call: EMPTY_CALL,
  }
  const where = optional(whereInput, 'where', a['where'])
  if (where !== undefined) input.where = where
  const limit = optional(count, 'limit', a['limit'])
  if (limit !== undefined) input.limit = limit
  const offset = optional(offsetCount, 'offset', a['offset'])
  if (offset !== undefined) input.offset = offset
  const autocut = searching ? optional(count, 'autocut', a['autocut']) : undefined
  if (autocut !== undefined) input.autocut = autocut
  const group = searching ? optional(groupBy, 'groupBy', a['groupBy']) : undefined
  if (group !== undefined) input.groupBy = group
  const tenant = optional(name, 'tenant', a['tenant'])
  if (tenant !== undefined) input.tenant = tenant
  const consistency = optional(consistencyLevel, 'consistencyLevel', a['consistencyLevel'])
  if (consistency !== undefined) input.consistencyLevel = consistency
  if (properties !== undefined) input.properties = properties
  const references = optional(returnReferences, 'returnReferences', a['returnReferences'])
  if (references !== undefined) input.references = references
  const metadata = optional(metadataFields, 'returnMetadata', a['returnMetadata'])
  if (metadata !== undefined) input.metadata = metadata
  if (!Array.isArray(include)) input.vector = optional(boolean, 'includeVector', include) ?? false
  const format = optional(vectorFormat, 'vectorFormat', a['vectorFormat'])
  if (format !== undefined) input.vectorFormat = format
  if (codec !== undefined) input.codec = codec
  const transport = transportMode('transport', a['transport'])
  if (transport !== undefined) input.transport = transport
  if (a['retry'] !== undefined || a['timeout'] !== undefined) input.call = callOptions(a)
  return input
}

/** The per-call settings of a search that gives none. */
const EMPTY_CALL: CallOptions = Object.freeze({})

/**
 * Checks the arguments of a nearVector search.
 */
export const nearVectorInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  // Built by assignment, as `common` is (no spread of fresh objects: checked on every search).
  const search: { -readonly [K in keyof NearVectorSearch]: NearVectorSearch[K] } = { kind: 'nearVector', vector: vectorOrMultiVector('vector', a['vector']) }
  const { targetVector, targets } = target(a)
  if (targetVector !== undefined) search.targetVector = targetVector
  if (targets !== undefined) search.targets = targets
  const { distance, certainty } = threshold(a)
  if (distance !== undefined) search.distance = distance
  if (certainty !== undefined) search.certainty = certainty
  return common<P>(a, search, true)
}

type NearVectorSearch = Extract<Search, { readonly kind: 'nearVector' }>

/**
 * Checks the arguments of a nearObject search.
 */
export const nearObjectInput = <P>(a: Record<string, unknown>): QueryInput<P> =>
  common<P>(a, { kind: 'nearObject', id: uuid('id', a['id']), ...target(a), ...threshold(a) }, true)

/**
 * Checks the arguments of a bm25 search.
 */
export const bm25Input = <P>(a: Record<string, unknown>): QueryInput<P> =>
  common<P>(
    a,
    {
      kind: 'bm25',
      query: string('query', a['query']),
      ...defined('properties', optional(queryProperties, 'queryProperties', a['queryProperties'])),
      ...defined('operator', optional(searchOperator, 'searchOperator', a['searchOperator'])),
    },
    true,
  )

/**
 * Checks the arguments of a hybrid search.
 */
export const hybridInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const alpha = optional(finite, 'alpha', a['alpha']) ?? DEFAULT_ALPHA
  if (alpha < 0 || alpha > 1) valueError('alpha', "'alpha' must be between 0 and 1")
  const fusion = a['fusionType']
  if (fusion !== undefined && fusion !== 'ranked' && fusion !== 'relativeScore') valueError('fusionType', "'fusionType' must be 'ranked' or 'relativeScore'")
  return common<P>(
    a,
    {
      kind: 'hybrid',
      query: string('query', a['query']),
      alpha,
      ...defined('vector', optional(nonEmptyVector, 'vector', a['vector'])),
      ...defined('properties', optional(queryProperties, 'queryProperties', a['queryProperties'])),
      ...defined('operator', optional(searchOperator, 'bm25SearchOperator', a['bm25SearchOperator'])),
      ...defined('maxVectorDistance', optional(finite, 'maxVectorDistance', a['maxVectorDistance'])),
      ...defined('fusionType', fusion as 'ranked' | 'relativeScore' | undefined),
      ...target(a),
    },
    true,
  )
}

const sorts = (argument: string, value: unknown): readonly SortClause[] =>
  Array.isArray(value) ? value.flatMap((s: unknown, i) => sortClauses(`${argument}[${i}]`, s)) : sortClauses(argument, value)

/**
 * Checks the arguments of a fetch.
 */
export const fetchObjectsInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const after = optional(uuid, 'after', a['after'])
  const input = common<P>(a, { kind: 'fetch', sort: optional(sorts, 'sort', a['sort']) ?? [], ...defined('after', after) }, false)
  if (after !== undefined && (input.where !== undefined || input.offset !== undefined || (input.search.kind === 'fetch' && input.search.sort.length > 0))) {
    valueError('after', "'after' cannot be combined with 'where', 'sort' or 'offset' (the server refuses a cursor with them)")
  }
  return input
}
