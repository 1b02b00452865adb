/**
 * The checkers of `client.query`'s searches: the arguments of `query/args.ts` into a checked
 * {@link QueryInput} (`query/input.ts`), with the checkers of `lib/input/`. A search is checked on
 * every call, so each checker builds its result by assignment, an optional member only when
 * given (no spread of a fresh object per member).
 *
 * @packageDocumentation
 */
import { bytesToBase64 } from '../core/platform'
import { CallOptions, callOptions } from '../context/context'
import { whereFilter } from '../input/where'
import { vectorFormat } from '../input/vector-format'
import { transportMode } from '../input/transport-mode'
import {
  MAX_INT32,
  MAX_UINT32,
  KeyTable,
  argsObject,
  argumentKeys,
  atMost,
  boolean,
  consistencyLevel,
  finiteNumber,
  name,
  nonNegativeInteger,
  optional,
  positiveInteger,
  string,
  stringArray,
  typeError,
  oneOf,
  valueError,
  knownKeys,
} from '../input/check'
import { className, propertyName } from '../input/names'
import { SortClause, sortClauses } from '../input/sort'
import { uuid } from '../input/uuid'
import { nonEmptyVector, vectorOrMultiVector } from '../input/vectors'
import { codecOf } from '../codecs/decode-object'
import { boost, diversity } from './boost-check'
import type {
  Bm25Args,
  FetchObjectsArgs,
  GenerativeSearch,
  HybridArgs,
  HybridNearText,
  HybridNearVector,
  MediaType,
  MetadataField,
  MultiTargetVector,
  NearImageArgs,
  NearMediaArgs,
  NearObjectArgs,
  NearTextArgs,
  NearTextMove,
  NearVectorArgs,
  QueryCommon,
  ReturnProperty,
  ReferenceMetadataField,
  ReturnReference,
  Rerank,
  SearchGroupBy,
  SearchOperator,
  TargetCombination,
} from './args'
import type { GenerativeInput, HybridSubSearch, Move, PropertySelection, QueryInput, ReferenceSelection, RerankInput, Search, TargetJoin, Targets, VectorForTarget } from './input'

/** A checked value under construction: its members assignable. */
type Building<T> = { -readonly [K in keyof T]: T[K] }

/** The search of one kind. */
type SearchOf<K extends Search['kind']> = Extract<Search, { readonly kind: K }>

/** Every metadata field, once (a field added to {@link MetadataField} and not here fails to compile). */
const METADATA: Readonly<Record<MetadataField, true>> = {
  distance: true,
  certainty: true,
  score: true,
  explainScore: true,
  creationTimeUnix: true,
  lastUpdateTimeUnix: true,
  isConsistent: true,
}
const METADATA_FIELDS: readonly string[] = Object.keys(METADATA)

/** The keys every search takes. */
const COMMON_KEYS: KeyTable<QueryCommon> = {
  className: true,
  where: true,
  boost: true,
  limit: true,
  offset: true,
  tenant: true,
  consistencyLevel: true,
  returnProperties: true,
  returnReferences: true,
  returnMetadata: true,
  includeVector: true,
  vectorFormat: true,
  codec: true,
  transport: true,
  generate: true,
  rerank: true,
  queryProfile: true,
  retry: true,
  timeout: true, headers: true,
}

/** The keys every search near something takes beside the common ones: targets, autocut, thresholds, grouping. */
const NEAR_KEYS = { targetVector: true, targetCombination: true, autocut: true, distance: true, certainty: true, groupBy: true } as const

/** The searches that can diversify their results (the server reads no selection on the media searches). */
const DIVERSITY_KEY = { diversity: true } as const

/** The keys of each search, tied to its public arguments type. */
export const SEARCH_KEYS = {
  nearVector: argumentKeys<NearVectorArgs>('nearVector', {
    ...COMMON_KEYS,
    vector: true,
    ...NEAR_KEYS,
    ...DIVERSITY_KEY,
  }),
  nearObject: argumentKeys<NearObjectArgs>('nearObject', {
    ...COMMON_KEYS,
    id: true,
    ...NEAR_KEYS,
    ...DIVERSITY_KEY,
  }),
  nearText: argumentKeys<NearTextArgs>('nearText', {
    ...COMMON_KEYS,
    query: true,
    moveTo: true,
    moveAway: true,
    ...NEAR_KEYS,
    ...DIVERSITY_KEY,
  }),
  nearImage: argumentKeys<NearImageArgs>('nearImage', {
    ...COMMON_KEYS,
    image: true,
    ...NEAR_KEYS,
  }),
  nearMedia: argumentKeys<NearMediaArgs>('nearMedia', {
    ...COMMON_KEYS,
    media: true,
    mediaType: true,
    ...NEAR_KEYS,
  }),
  bm25: argumentKeys<Bm25Args>('bm25', { ...COMMON_KEYS, query: true, queryProperties: true, searchOperator: true, autocut: true, groupBy: true }),
  hybrid: argumentKeys<HybridArgs>('hybrid', {
    ...COMMON_KEYS,
    query: true,
    alpha: true,
    vector: true,
    queryProperties: true,
    bm25SearchOperator: true,
    maxVectorDistance: true,
    fusionType: true,
    targetVector: true,
    targetCombination: true,
    autocut: true,
    groupBy: true,
    ...DIVERSITY_KEY,
  }),
  fetchObjects: argumentKeys<FetchObjectsArgs>('fetchObjects', { ...COMMON_KEYS, sort: true, after: true }),
} as const

const RETURN_PROPERTY_KEYS = argumentKeys<Exclude<ReturnProperty, string>>('returnProperties items', { name: true, properties: true })
const RETURN_REFERENCE_KEYS = argumentKeys<ReturnReference>('returnReferences items', {
  linkOn: true,
  targetClassName: true,
  returnProperties: true,
  returnMetadata: true,
  returnReferences: true,
})
const REFERENCE_METADATA: readonly ReferenceMetadataField[] = ['creationTimeUnix', 'lastUpdateTimeUnix']
const referenceMetadata: (argument: string, value: unknown) => ReferenceMetadataField = oneOf(['creationTimeUnix', 'lastUpdateTimeUnix'] as const)
const MOVE_KEYS = argumentKeys<NearTextMove>('a move (moveTo, moveAway)', { force: true, concepts: true, objects: true })
const GENERATE_KEYS = argumentKeys<GenerativeSearch>('generate', { singlePrompt: true, groupedTask: true, groupedProperties: true })
const RERANK_KEYS = argumentKeys<Rerank>('rerank', { property: true, query: true })
const GROUP_BY_KEYS = argumentKeys<SearchGroupBy>('groupBy', { property: true, numberOfGroups: true, objectsPerGroup: true })
/** Both members of the union: `minimumOrTokensMatch` is refused for And/AndCross by the check itself. */
const SEARCH_OPERATOR_KEYS = argumentKeys<Extract<SearchOperator, { readonly operator: 'Or' }>>('a search operator (searchOperator, bm25SearchOperator)', { operator: true, minimumOrTokensMatch: true })

const DEFAULT_LIMIT = 10
const DEFAULT_ALPHA = 0.75
const QUERY_PROPERTY = /^[_A-Za-z][_0-9A-Za-z]*(\^\d+(\.\d+)?)?$/

const returnProperties = (argument: string, value: unknown): readonly PropertySelection[] => {
  if (!Array.isArray(value)) return typeError(argument, 'array', value)
  return value.map((item: unknown, i): PropertySelection => {
    const at = `${argument}[${i}]`
    if (typeof item === 'string') return { name: propertyName(at, item) }
    const o = argsObject(at, item)
    knownKeys(RETURN_PROPERTY_KEYS, o, at)
    return { name: propertyName(`${at}.name`, o['name']), nested: returnProperties(`${at}.properties`, o['properties']) }
  })
}

const returnReferences = (argument: string, value: unknown): readonly ReferenceSelection[] => {
  if (!Array.isArray(value)) return typeError(argument, 'array', value)
  return value.map((item: unknown, i): ReferenceSelection => {
    const at = `${argument}[${i}]`
    const o = argsObject(at, item)
    knownKeys(RETURN_REFERENCE_KEYS, o, at)
    const target = optional(className, `${at}.targetClassName`, o['targetClassName'])
    return {
      linkOn: propertyName(`${at}.linkOn`, o['linkOn']),
      ...(target === undefined ? {} : { targetClassName: target }),
      properties: optional(returnProperties, `${at}.returnProperties`, o['returnProperties']) ?? [],
      metadata: optional(referenceMetadataFields, `${at}.returnMetadata`, o['returnMetadata']) ?? [],
      references: optional(returnReferences, `${at}.returnReferences`, o['returnReferences']) ?? [],
    }
  })
}

const referenceMetadataFields = (argument: string, value: unknown): readonly ReferenceMetadataField[] => {
  if (!Array.isArray(value)) return typeError(argument, `an array of ${REFERENCE_METADATA.join(', ')}`, value)
  return value.map((field: unknown, i) => referenceMetadata(`${argument}[${i}]`, field))
}

const metadataFields = (argument: string, value: unknown): readonly MetadataField[] => {
  // The checked copy is the result (no `map` to a second array): a search checks this on every call.
  const fields = stringArray(argument, value) as string[]
  for (const field of fields) if (!METADATA_FIELDS.includes(field)) valueError(argument, `'${field}' is not a metadata field; use ${METADATA_FIELDS.join(', ')}`)
  return fields as readonly MetadataField[]
}


const queryProperties = (argument: string, value: unknown): readonly string[] =>
  stringArray(argument, value).map((p) => (QUERY_PROPERTY.test(p) ? p : valueError(argument, `'${p}' is not a property name with an optional weight like 'title^2'`)))

/** Where a checked threshold goes: `distance` XOR `certainty`, both finite. */
type Thresholded = { distance?: number; certainty?: number }

/** Checks `distance` and `certainty` into `search` (the arguments named under `at`, e.g. `vector.`). */
const threshold = (a: Record<string, unknown>, search: Thresholded, at = ''): void => {
  const distance = optional(finiteNumber, `${at}distance`, a['distance'])
  const certainty = optional(finiteNumber, `${at}certainty`, a['certainty'])
  if (distance !== undefined && certainty !== undefined) valueError(`${at}distance`, "give 'distance' or 'certainty', not both")
  if (certainty !== undefined && (certainty < 0 || certainty > 1)) valueError(`${at}certainty`, "'certainty' must be between 0 and 1")
  if (distance !== undefined) search.distance = distance
  if (certainty !== undefined) search.certainty = certainty
}


/** A positive count as the gRPC API carries it (uint32); GraphQL takes the same. */
const count = atMost(MAX_UINT32, positiveInteger)

/** An offset as the gRPC API carries it (uint32). */
const offsetCount = atMost(MAX_UINT32, nonNegativeInteger)

/** A group-by's sizes and a keyword search's token count (int32 on the wire). */
const int32Count = atMost(MAX_INT32, positiveInteger)

const operatorName: (argument: string, value: unknown) => SearchOperator['operator'] = oneOf(['Or', 'And', 'AndCross'] as const)

const searchOperator = (argument: string, value: unknown): SearchOperator => {
  const o = argsObject(argument, value)
  knownKeys(SEARCH_OPERATOR_KEYS, o, argument)
  const operator = operatorName(`${argument}.operator`, o['operator'])
  const minimum = optional(int32Count, `${argument}.minimumOrTokensMatch`, o['minimumOrTokensMatch'])
  if (operator === 'Or') return minimum === undefined ? { operator } : { operator, minimumOrTokensMatch: minimum }
  if (minimum !== undefined) valueError(`${argument}.minimumOrTokensMatch`, `'minimumOrTokensMatch' is for the 'Or' operator, not '${operator}'`)
  return { operator }
}

const targetCombination: (argument: string, value: unknown) => TargetCombination = oneOf(['sum', 'average', 'minimum'] as const)

/** Where a checked target goes: one named vector, or several. */
type Targeted = { targetVector?: string; targets?: Targets }

/** A non-empty list of distinct vector names. */
const targetNames = (argument: string, value: unknown): readonly string[] => {
  const names = stringArray(argument, value).map((n, i) => propertyName(`${argument}[${i}]`, n))
  if (names.length === 0) valueError(argument, `'${argument}' must name at least one vector`)
  if (new Set(names).size !== names.length) valueError(argument, `'${argument}' names a vector twice`)
  return names
}

const MULTI_TARGET_KEYS = argumentKeys<MultiTargetVector>('targetVector (a multi-target vector)', { combination: true, targetVectors: true, weights: true })

const multiTargetCombination: (argument: string, value: unknown) => MultiTargetVector['combination'] = oneOf(['sum', 'average', 'minimum', 'relative-score', 'manual-weights'] as const)

/** The official client's combination names, as the checked model names them. */
const JOIN: Readonly<Record<MultiTargetVector['combination'], TargetJoin>> = {
  sum: 'sum',
  average: 'average',
  minimum: 'minimum',
  'relative-score': 'relativeScore',
  'manual-weights': 'manualWeights',
}

/** A multi-target vector: distinct names, a combination, and for the weighted ones a finite weight for each name (none else). */
const multiTarget = (argument: string, value: unknown): Targets => {
  const o = argsObject(argument, value)
  knownKeys(MULTI_TARGET_KEYS, o, argument)
  const given = multiTargetCombination(`${argument}.combination`, o['combination'])
  const names = targetNames(`${argument}.targetVectors`, o['targetVectors'])
  const combination = JOIN[given]
  const weighted = combination === 'relativeScore' || combination === 'manualWeights'
  if (o['weights'] === undefined) {
    return weighted ? valueError(`${argument}.weights`, `'${given}' weighs each target vector: give 'weights' with a weight for each of 'targetVectors'`) : { names, combination }
  }
  if (!weighted) valueError(`${argument}.weights`, `'weights' go with 'relative-score' or 'manual-weights', not '${given}'`)
  const w = argsObject(`${argument}.weights`, o['weights'])
  for (const key of Object.keys(w)) if (!names.includes(key)) valueError(`${argument}.weights`, `'${key}' is not one of 'targetVectors'`)
  const weights = names.map((n) => (w[n] === undefined ? valueError(`${argument}.weights`, `'${n}' needs a weight`) : finiteNumber(`${argument}.weights.${n}`, w[n])))
  return { names, combination, weights }
}

/**
 * Checks `targetVector` (one name, a list of distinct names, or a multi-target vector) and
 * `targetCombination` (with a list only) into `search`.
 */
const target = (a: Record<string, unknown>, search: Targeted): void => {
  const given = a['targetVector']
  const combination = optional(targetCombination, 'targetCombination', a['targetCombination'])
  if (!Array.isArray(given)) {
    if (combination !== undefined) valueError('targetCombination', "'targetCombination' combines several target vectors: give 'targetVector' as a list of names")
    if (typeof given === 'object' && given !== null) {
      search.targets = multiTarget('targetVector', given)
      return
    }
    const name = optional(propertyName, 'targetVector', given)
    if (name !== undefined) search.targetVector = name
    return
  }
  const names = targetNames('targetVector', given)
  search.targets = combination === undefined ? { names } : { names, combination }
}

const groupBy = (argument: string, value: unknown): SearchGroupBy => {
  const g = argsObject(argument, value)
  knownKeys(GROUP_BY_KEYS, g, argument)
  return {
    property: propertyName(`${argument}.property`, g['property']),
    numberOfGroups: int32Count(`${argument}.numberOfGroups`, g['numberOfGroups']),
    objectsPerGroup: int32Count(`${argument}.objectsPerGroup`, g['objectsPerGroup']),
  }
}

/** A prompt or task: text with something in it. */
const promptText = (argument: string, value: unknown): string => {
  const text = string(argument, value)
  return text.trim() === '' ? valueError(argument, `'${argument}' must not be empty`) : text
}

/** A generative search: a prompt per result, a task over all, or both; properties only with a task. */
const generate = (argument: string, value: unknown): GenerativeInput => {
  const g = argsObject(argument, value)
  knownKeys(GENERATE_KEYS, g, argument)
  const singlePrompt = optional(promptText, `${argument}.singlePrompt`, g['singlePrompt'])
  const groupedTask = optional(promptText, `${argument}.groupedTask`, g['groupedTask'])
  const properties = optional(stringArray, `${argument}.groupedProperties`, g['groupedProperties'])?.map((p, i) => propertyName(`${argument}.groupedProperties[${i}]`, p))
  if (singlePrompt === undefined && groupedTask === undefined) valueError(argument, `'${argument}' needs a 'singlePrompt', a 'groupedTask' or both`)
  if (properties !== undefined && groupedTask === undefined) valueError(`${argument}.groupedProperties`, "'groupedProperties' are what a 'groupedTask' sees: give the task too")
  if (properties !== undefined && properties.length === 0) valueError(`${argument}.groupedProperties`, "'groupedProperties' must name at least one property (leave it out for every property)")
  const checked: Building<GenerativeInput> = {}
  if (singlePrompt !== undefined) checked.singlePrompt = singlePrompt
  if (groupedTask !== undefined) checked.groupedTask = groupedTask
  if (properties !== undefined) checked.groupedProperties = properties
  return checked
}

/** A rerank: the property scored, and optionally what it is scored against. */
const rerank = (argument: string, value: unknown): RerankInput => {
  const r = argsObject(argument, value)
  knownKeys(RERANK_KEYS, r, argument)
  const property = propertyName(`${argument}.property`, r['property'])
  const query = optional(string, `${argument}.query`, r['query'])
  return query === undefined ? { property } : { property, query }
}

/** Checks the common arguments around a checked search (`autocut` and `groupBy` for searches, not for fetchObjects). */
const common = <P>(a: Record<string, unknown>, search: Search, searching: boolean): QueryInput<P> => {
  const include = a['includeVector']
  const vectorNames = Array.isArray(include) ? stringArray('includeVector', include).map((n, i) => propertyName(`includeVector[${i}]`, n)) : []
  const properties = optional(returnProperties, 'returnProperties', a['returnProperties'])
  const codec = codecOf<P>(a)
  // Built by assignment, optional members only when given (no spread of a fresh object per
  // member: a search is checked on every call, and this is its hot path).
  const input: Building<QueryInput<P>> = {
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
  const where = optional(whereFilter, 'where', a['where'])
  if (where !== undefined) input.where = where
  const boosted = optional(boost, 'boost', a['boost'])
  if (boosted !== undefined) input.boost = boosted
  const limit = optional(count, 'limit', a['limit'])
  if (limit !== undefined) input.limit = limit
  // Only the searches whose keys list `diversity` get here with one (the key check comes first).
  const diverse = optional((at, v) => diversity(at, v, input.limit), 'diversity', a['diversity'])
  if (diverse !== undefined) input.diversity = diverse
  const offset = optional(offsetCount, 'offset', a['offset'])
  if (offset !== undefined) input.offset = offset
  const autocut = searching ? optional(count, 'autocut', a['autocut']) : undefined
  if (autocut !== undefined) input.autocut = autocut
  const group = searching ? optional(groupBy, 'groupBy', a['groupBy']) : undefined
  if (group !== undefined) input.groupBy = group
  const generative = optional(generate, 'generate', a['generate'])
  if (generative !== undefined) input.generate = generative
  const reranked = optional(rerank, 'rerank', a['rerank'])
  if (reranked !== undefined) input.rerank = reranked
  const profiled = optional(boolean, 'queryProfile', a['queryProfile']) ?? false
  if (profiled) input.queryProfile = true
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
  if (a['retry'] !== undefined || a['timeout'] !== undefined || a['headers'] !== undefined) input.call = callOptions(a)
  return input
}

/** The per-call settings of a search that gives none. */
const EMPTY_CALL: CallOptions = Object.freeze({})

/**
 * Checks the arguments of a nearVector search.
 */
export const nearVectorInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const search: Building<SearchOf<'nearVector'>> = { kind: 'nearVector', vector: vectorOrMultiVector('vector', a['vector']) }
  target(a, search)
  threshold(a, search)
  return common<P>(a, search, true)
}

/**
 * Checks the arguments of a nearObject search.
 */
export const nearObjectInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const search: Building<SearchOf<'nearObject'>> = { kind: 'nearObject', id: uuid('id', a['id']) }
  target(a, search)
  threshold(a, search)
  return common<P>(a, search, true)
}

/** A text to vectorize: non-empty (the server's vectorizers refuse or misread an empty one). */
const text = (argument: string, value: unknown): string => {
  const given = string(argument, value)
  return given === '' ? valueError(argument, `'${argument}' must not be empty`) : given
}

/** One text or a non-empty list of them (also an aggregate's nearText). */
export const concepts = (argument: string, value: unknown): readonly string[] => {
  if (!Array.isArray(value)) return [text(argument, value)]
  if (value.length === 0) valueError(argument, `'${argument}' must hold at least one text`)
  return value.map((v: unknown, i) => text(`${argument}[${i}]`, v))
}

/** A move: a force in [0, 1] and at least one concept or object id (also an aggregate's nearText). */
export const move = (argument: string, value: unknown): Move => {
  const m = argsObject(argument, value)
  knownKeys(MOVE_KEYS, m, argument)
  const force = finiteNumber(`${argument}.force`, m['force'])
  if (force < 0 || force > 1) valueError(`${argument}.force`, `'${argument}.force' must be between 0 and 1`)
  const moveConcepts = m['concepts'] === undefined ? [] : stringArray(`${argument}.concepts`, m['concepts']).map((c, i) => text(`${argument}.concepts[${i}]`, c))
  const objects = m['objects'] === undefined ? [] : stringArray(`${argument}.objects`, m['objects']).map((id, i) => uuid(`${argument}.objects[${i}]`, id))
  if (moveConcepts.length === 0 && objects.length === 0) valueError(argument, `'${argument}' needs 'concepts' or 'objects' to move by`)
  return { force, concepts: moveConcepts, objects }
}

/**
 * Checks the arguments of a nearText search.
 */
export const nearTextInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const search: Building<SearchOf<'nearText'>> = { kind: 'nearText', concepts: concepts('query', a['query']) }
  const moveTo = optional(move, 'moveTo', a['moveTo'])
  if (moveTo !== undefined) search.moveTo = moveTo
  const moveAway = optional(move, 'moveAway', a['moveAway'])
  if (moveAway !== undefined) search.moveAway = moveAway
  target(a, search)
  threshold(a, search)
  return common<P>(a, search, true)
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Media as base64 text: given so (checked: standard base64, padded), or bytes encoded here; never empty. */
export const mediaBase64 = (argument: string, value: unknown): string => {
  if (value instanceof Uint8Array) {
    if (value.length === 0) valueError(argument, `'${argument}' must not be empty`)
    return bytesToBase64(value)
  }
  const given = string(argument, value)
  if (given === '') valueError(argument, `'${argument}' must not be empty`)
  if (!BASE64.test(given)) valueError(argument, `'${argument}' must be base64 text (A-Z a-z 0-9 + /, padded with =) or a Uint8Array of the bytes`)
  return given
}

/** One of the media of {@link MediaType}. */
export const mediaType: (argument: string, value: unknown) => MediaType = oneOf(['audio', 'video', 'depth', 'thermal', 'imu'] as const)

/**
 * Checks the arguments of a nearImage search.
 */
export const nearImageInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const search: Building<SearchOf<'nearMedia'>> = { kind: 'nearMedia', medium: 'image', base64: mediaBase64('image', a['image']) }
  target(a, search)
  threshold(a, search)
  return common<P>(a, search, true)
}

/**
 * Checks the arguments of a nearMedia search.
 */
export const nearMediaInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const medium = mediaType('mediaType', a['mediaType'])
  const search: Building<SearchOf<'nearMedia'>> = { kind: 'nearMedia', medium, base64: mediaBase64('media', a['media']) }
  target(a, search)
  threshold(a, search)
  return common<P>(a, search, true)
}

/**
 * Checks the arguments of a bm25 search.
 */
export const bm25Input = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const search: Building<SearchOf<'bm25'>> = { kind: 'bm25', query: string('query', a['query']) }
  const properties = optional(queryProperties, 'queryProperties', a['queryProperties'])
  if (properties !== undefined) search.properties = properties
  const operator = optional(searchOperator, 'searchOperator', a['searchOperator'])
  if (operator !== undefined) search.operator = operator
  return common<P>(a, search, true)
}

const fusionType: (argument: string, value: unknown) => 'ranked' | 'relativeScore' = (argument, value) =>
  value === 'ranked' || value === 'relativeScore' ? value : valueError(argument, "'fusionType' must be 'ranked' or 'relativeScore'")

/**
 * Checks the arguments of a hybrid search.
 */
export const hybridInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const alpha = optional(finiteNumber, 'alpha', a['alpha']) ?? DEFAULT_ALPHA
  if (alpha < 0 || alpha > 1) valueError('alpha', "'alpha' must be between 0 and 1")
  const fusion = a['fusionType'] === undefined ? undefined : fusionType('fusionType', a['fusionType'])
  const search: Building<SearchOf<'hybrid'>> = { kind: 'hybrid', query: string('query', a['query']), alpha }
  const properties = optional(queryProperties, 'queryProperties', a['queryProperties'])
  if (properties !== undefined) search.properties = properties
  const operator = optional(searchOperator, 'bm25SearchOperator', a['bm25SearchOperator'])
  if (operator !== undefined) search.operator = operator
  const maxVectorDistance = optional(finiteNumber, 'maxVectorDistance', a['maxVectorDistance'])
  if (maxVectorDistance !== undefined) search.maxVectorDistance = maxVectorDistance
  if (fusion !== undefined) search.fusionType = fusion
  target(a, search)
  hybridVector(a['vector'], search)
  return common<P>(a, search, true)
}

const HYBRID_NEAR_VECTOR_KEYS = argumentKeys<HybridNearVector>('vector (a nearVector sub-search)', { vector: true, distance: true, certainty: true })
const HYBRID_NEAR_TEXT_KEYS = argumentKeys<HybridNearText>('vector (a nearText sub-search)', { query: true, moveTo: true, moveAway: true, distance: true, certainty: true })

/**
 * Checks a hybrid search's `vector` into `search`: a vector; an object with `vector` (a nearVector
 * sub-search) or `query` (a nearText sub-search); or else a vector per target vector. The targets
 * of per-target vectors are the hybrid's `targetVector` (the same names), by default their names.
 */
const hybridVector = (value: unknown, search: Building<SearchOf<'hybrid'>>): void => {
  if (value === undefined) return
  if (Array.isArray(value) || value instanceof Float32Array) {
    search.vector = nonEmptyVector('vector', value)
    return
  }
  const o = argsObject('vector', value)
  if ('query' in o) {
    knownKeys(HYBRID_NEAR_TEXT_KEYS, o, 'vector')
    const sub: Building<Extract<HybridSubSearch, { readonly kind: 'nearText' }>> = { kind: 'nearText', concepts: concepts('vector.query', o['query']) }
    const moveTo = optional(move, 'vector.moveTo', o['moveTo'])
    if (moveTo !== undefined) sub.moveTo = moveTo
    const moveAway = optional(move, 'vector.moveAway', o['moveAway'])
    if (moveAway !== undefined) sub.moveAway = moveAway
    threshold(o, sub, 'vector.')
    search.subSearch = sub
    return
  }
  const sub: Building<Extract<HybridSubSearch, { readonly kind: 'nearVector' }>> = { kind: 'nearVector' }
  let vector: unknown = value
  if ('vector' in o) {
    knownKeys(HYBRID_NEAR_VECTOR_KEYS, o, 'vector')
    threshold(o, sub, 'vector.')
    vector = o['vector']
  }
  if (Array.isArray(vector) || vector instanceof Float32Array) sub.vector = nonEmptyVector('vector.vector', vector)
  else sub.perTarget = perTarget(vector, search)
  search.subSearch = sub
}

/** Vectors by target name, in the order of the hybrid's targets (which default to these names). */
const perTarget = (value: unknown, search: Building<SearchOf<'hybrid'>>): readonly VectorForTarget[] => {
  const o = argsObject('vector', value)
  const given = Object.keys(o).map((n) => propertyName('vector', n))
  if (given.length === 0) valueError('vector', "'vector' must hold a vector for at least one target vector")
  if (search.targetVector === undefined && search.targets === undefined) {
    const [only, ...more] = given
    if (only !== undefined && more.length === 0) search.targetVector = only
    else search.targets = { names: given }
  }
  const names = search.targets?.names ?? (search.targetVector === undefined ? [] : [search.targetVector])
  const missing = names.filter((n) => !given.includes(n))
  const extra = given.filter((n) => !names.includes(n))
  if (missing.length > 0 || extra.length > 0) {
    valueError('vector', `a vector per target vector needs exactly the names of 'targetVector' (${names.join(', ')}); given: ${given.join(', ')}`)
  }
  return names.map((n) => ({ name: n, vector: nonEmptyVector(`vector.${n}`, o[n]) }))
}

const sorts = (argument: string, value: unknown): readonly SortClause[] =>
  Array.isArray(value) ? value.flatMap((s: unknown, i) => sortClauses(`${argument}[${i}]`, s)) : sortClauses(argument, value)

/**
 * Checks the arguments of a fetch.
 */
export const fetchObjectsInput = <P>(a: Record<string, unknown>): QueryInput<P> => {
  const after = optional(uuid, 'after', a['after'])
  const search: Building<SearchOf<'fetch'>> = { kind: 'fetch', sort: optional(sorts, 'sort', a['sort']) ?? [] }
  if (after !== undefined) search.after = after
  const input = common<P>(a, search, false)
  if (after !== undefined && (input.where !== undefined || input.offset !== undefined || search.sort.length > 0)) {
    valueError('after', "'after' cannot be combined with 'where', 'sort' or 'offset' (the server refuses a cursor with them)")
  }
  if (after !== undefined && input.boost !== undefined) valueError('boost', "'boost' reorders the results, and an 'after' cursor pages them by id: give one of the two")
  return input
}
