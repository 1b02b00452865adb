/**
 * A checked query as gRPC `SearchRequest`: the search (near_vector, near_object, bm25_search,
 * hybrid_search, or none for a fetch), filter, paging, the properties, references and metadata to
 * return, and the reply layout flags every server from 1.25 reads (uses_123/125/127_api).
 *
 * @packageDocumentation
 */
import type { MetadataField, SearchOperator } from '../args'
import type { GenerativeInput, HybridSubSearch, Medium, Move, PropertySelection, QueryInput, ReferenceSelection, Search, Targets, TextQuery } from '../input'
import { WIRE_CONSISTENCY } from '../../codecs/consistency'
import { Vectors, Vectors_VectorType } from '../../proto/static/requests/weaviate/v1/common'
import {
  CombinationMethod,
  Hybrid,
  Hybrid_FusionType,
  NearTextSearch,
  NearVector,
  ObjectPropertiesRequest,
  PropertiesRequest,
  RefPropertiesRequest,
  SearchOperatorOptions,
  SearchOperatorOptions_Operator,
  SearchRequest,
  Selection,
  Targets as TargetsMessage,
} from '../../proto/static/requests/weaviate/v1/search'
import type { GenerativeSearch } from '../../proto/static/requests/weaviate/v1/generative'
import { whereToFilters } from './filters'
import { boostInit, selectionInit } from './boost-request'
import { multiVectorToBytes, vectorToBytes } from '../../codecs/vector-bytes'
import { isMultiVector } from '../../input/vectors'

type Init = SearchRequest
type VectorsInit = Vectors

const FUSION = { ranked: Hybrid_FusionType.RANKED, relativeScore: Hybrid_FusionType.RELATIVE_SCORE } as const

const OPERATOR = { Or: SearchOperatorOptions_Operator.OR, And: SearchOperatorOptions_Operator.AND, AndCross: SearchOperatorOptions_Operator.AND_CROSS } as const

type OperatorInit = SearchOperatorOptions

/** A keyword search's operator (left out, the server's default is OR). */
const operatorInit = (operator: SearchOperator): OperatorInit =>
  operator.operator === 'Or' && operator.minimumOrTokensMatch !== undefined
    ? { operator: OPERATOR.Or, minimumOrTokensMatch: operator.minimumOrTokensMatch }
    : { operator: OPERATOR[operator.operator] }

const targets = (name: string | undefined): string[] => (name === undefined ? [] : [name])

const COMBINATION = {
  sum: CombinationMethod.TYPE_SUM,
  average: CombinationMethod.TYPE_AVERAGE,
  minimum: CombinationMethod.TYPE_MIN,
  relativeScore: CombinationMethod.TYPE_RELATIVE_SCORE,
  manualWeights: CombinationMethod.TYPE_MANUAL,
} as const

/** Several target vectors (1.26+); no combination is the server's default (minimum); the weights (1.27+) in the targets' order, as the server pairs them. */
const targetsInit = (t: Targets): TargetsMessage => {
  const init: TargetsMessage = {
    targetVectors: [...t.names],
    combination: t.combination === undefined ? CombinationMethod.UNSPECIFIED : COMBINATION[t.combination],
  }
  const weights = t.weights
  if (weights !== undefined) init.weightsForTargets = t.names.map((target, i) => ({ target, weight: weights[i] ?? 0 }))
  return init
}

/** The texts of a nearText search and their moves (a search's or a hybrid's sub-search). */
const textInit = (text: TextQuery): NearTextSearch => {
  const near: NearTextSearch = { query: [...text.concepts] }
  if (text.moveTo !== undefined) near.moveTo = moveInit(text.moveTo)
  if (text.moveAway !== undefined) near.moveAway = moveInit(text.moveAway)
  return near
}

/** A hybrid's vector side as its own search (1.25+): the targets stay on the hybrid message, where the server reads them. */
const subSearchInit = (sub: HybridSubSearch): Pick<Hybrid, 'nearText' | 'nearVector'> => {
  switch (sub.kind) {
    case 'nearVector': {
      const near: NearVector = {}
      if (sub.vector !== undefined) near.vectorBytes = vectorToBytes(sub.vector)
      if (sub.perTarget !== undefined) near.vectorForTargets = sub.perTarget.map((t) => ({ name: t.name, vectorBytes: vectorToBytes(t.vector) }))
      if (sub.distance !== undefined) near.distance = sub.distance
      if (sub.certainty !== undefined) near.certainty = sub.certainty
      return { nearVector: near }
    }
    case 'nearText': {
      const near = textInit(sub)
      if (sub.distance !== undefined) near.distance = sub.distance
      if (sub.certainty !== undefined) near.certainty = sub.certainty
      return { nearText: near }
    }
  }
}

type MoveInit = { force: number; concepts: string[]; uuids: string[] }

/** A nearText move as gRPC's `Move` (also an aggregate's). */
export const moveInit = (move: Move): MoveInit => ({ force: move.force, concepts: [...move.concepts], uuids: [...move.objects] })

/** What the searches by a text or a medium share: the named vector(s) and the threshold. */
type NearInit = Pick<NearTextSearch, 'targetVectors' | 'targets' | 'distance' | 'certainty'>

const nearCommon = (search: Extract<Search, { readonly kind: 'nearText' | 'nearMedia' }>, near: NearInit): void => {
  if (search.targetVector !== undefined) near.targetVectors = [search.targetVector]
  if (search.targets !== undefined) near.targets = targetsInit(search.targets)
  if (search.distance !== undefined) near.distance = search.distance
  if (search.certainty !== undefined) near.certainty = search.certainty
}

/** A search by a medium: the request field and the message's field of the base64 text are named by the medium. */
const mediumPart = (medium: Medium, base64: string, near: NearInit): Init => {
  switch (medium) {
    case 'image':
      return { nearImage: { ...near, image: base64 } }
    case 'audio':
      return { nearAudio: { ...near, audio: base64 } }
    case 'video':
      return { nearVideo: { ...near, video: base64 } }
    case 'depth':
      return { nearDepth: { ...near, depth: base64 } }
    case 'thermal':
      return { nearThermal: { ...near, thermal: base64 } }
    case 'imu':
      return { nearImu: { ...near, imu: base64 } }
  }
}

const searchPart = (search: Search): Init => {
  switch (search.kind) {
    case 'nearVector': {
      // A multi-vector goes as one MULTI_FP32 `Vectors` (1.29+); a vector as vector_bytes, which every gRPC server reads.
      const near: {
        vectorBytes?: Uint8Array
        vectors?: VectorsInit[]
        targetVectors?: string[]
        targets?: TargetsMessage
        distance?: number
        certainty?: number
      } = isMultiVector(search.vector)
        ? { vectors: [{ vectorBytes: multiVectorToBytes(search.vector), type: Vectors_VectorType.MULTI_FP32 }] }
        : { vectorBytes: vectorToBytes(search.vector) }
      if (search.targetVector !== undefined) near.targetVectors = [search.targetVector]
      if (search.targets !== undefined) near.targets = targetsInit(search.targets)
      if (search.distance !== undefined) near.distance = search.distance
      if (search.certainty !== undefined) near.certainty = search.certainty
      return { nearVector: near }
    }
    case 'nearObject':
      return {
        nearObject: {
          id: search.id,
          targetVectors: targets(search.targetVector),
          ...(search.targets === undefined ? {} : { targets: targetsInit(search.targets) }),
          ...(search.distance === undefined ? {} : { distance: search.distance }),
          ...(search.certainty === undefined ? {} : { certainty: search.certainty }),
        },
      }
    case 'nearText': {
      const near = textInit(search)
      nearCommon(search, near)
      return { nearText: near }
    }
    case 'nearMedia': {
      const near: NearInit = {}
      nearCommon(search, near)
      return mediumPart(search.medium, search.base64, near)
    }
    case 'bm25':
      return {
        bm25Search: {
          query: search.query,
          properties: [...(search.properties ?? [])],
          ...(search.operator === undefined ? {} : { searchOperator: operatorInit(search.operator) }),
        },
      }
    case 'hybrid':
      return {
        hybridSearch: {
          query: search.query,
          alpha: search.alpha,
          properties: [...(search.properties ?? [])],
          fusionType: search.fusionType === undefined ? Hybrid_FusionType.UNSPECIFIED : FUSION[search.fusionType],
          ...(search.vector === undefined ? {} : { vectorBytes: vectorToBytes(search.vector) }),
          ...(search.subSearch === undefined ? {} : subSearchInit(search.subSearch)),
          targetVectors: targets(search.targetVector),
          ...(search.targets === undefined ? {} : { targets: targetsInit(search.targets) }),
          ...(search.operator === undefined ? {} : { bm25SearchOperator: operatorInit(search.operator) }),
          ...(search.maxVectorDistance === undefined ? {} : { threshold: { $case: 'vectorDistance' as const, value: search.maxVectorDistance } }),
        },
      }
    case 'fetch':
      return {
        sortBy: search.sort.map((clause) => ({ ascending: clause.ascending, path: [clause.property] })),
        after: search.after ?? '',
      }
  }
}

type PropertiesInit = PropertiesRequest

/** Named properties: plain ones by name, object properties with their nested selection. */
const named = (properties: readonly PropertySelection[]): { nonRefProperties: string[]; objectProperties: ObjectInit[] } => ({
  nonRefProperties: properties.filter((p) => p.nested === undefined).map((p) => p.name),
  objectProperties: properties.filter((p) => p.nested !== undefined).map(objectProperty),
})

type ObjectInit = ObjectPropertiesRequest

const objectProperty = (p: PropertySelection): ObjectInit => ({
  propName: p.name,
  primitiveProperties: (p.nested ?? []).filter((n) => n.nested === undefined).map((n) => n.name),
  objectProperties: (p.nested ?? []).filter((n) => n.nested !== undefined).map(objectProperty),
})

/** What to return of each result: its properties (all by default) and followed references. */
const returned = (input: QueryInput<unknown>): PropertiesInit => {
  const own: { nonRefProperties?: string[]; objectProperties?: ObjectInit[]; returnAllNonrefProperties?: boolean; refProperties?: RefInit[] } =
    input.properties === undefined ? { returnAllNonrefProperties: true } : named(input.properties)
  if (input.references.length > 0) own.refProperties = input.references.map(refInit)
  return own
}

type RefInit = RefPropertiesRequest

/** A followed reference: the target's properties, its metadata asked for, and its own references to follow. */
const refInit = (ref: ReferenceSelection): RefInit => ({
  referenceProperty: ref.linkOn,
  targetCollection: ref.targetClassName ?? '',
  properties: ref.references.length === 0 ? named(ref.properties) : { ...named(ref.properties), refProperties: ref.references.map(refInit) },
  metadata: {
    uuid: true,
    ...(ref.metadata.includes('creationTimeUnix') ? { creationTimeUnix: true } : {}),
    ...(ref.metadata.includes('lastUpdateTimeUnix') ? { lastUpdateTimeUnix: true } : {}),
  },
})

/**
 * The search request of a checked query, for its generated static encoder (`lib/proto/static`).
 * Only what differs from a field's default is set (the bytes are the same: proto3 sends no
 * default), so a plain search builds little.
 */
export const searchRequest = (input: QueryInput<unknown>): SearchRequest => {
  const init: Init = {
    collection: input.className,
    limit: input.limit,
    ...searchPart(input.search),
    properties: returned(input),
    metadata: metadataRequest(input),
    uses123Api: true,
    uses125Api: true,
    uses127Api: true,
  }
  if (input.tenant !== undefined) init.tenant = input.tenant
  if (input.consistencyLevel !== undefined) init.consistencyLevel = WIRE_CONSISTENCY[input.consistencyLevel]
  if (input.offset !== undefined) init.offset = input.offset
  if (input.autocut !== undefined) init.autocut = input.autocut
  if (input.groupBy !== undefined) {
    init.groupBy = { path: [input.groupBy.property], numberOfGroups: input.groupBy.numberOfGroups, objectsPerGroup: input.groupBy.objectsPerGroup }
  }
  if (input.where !== undefined) init.filters = whereToFilters(input.where)
  if (input.generate !== undefined) init.generative = generativeInit(input.generate)
  if (input.rerank !== undefined) init.rerank = input.rerank.query === undefined ? { property: input.rerank.property } : { property: input.rerank.property, query: input.rerank.query }
  if (input.boost !== undefined) init.boost = boostInit(input.boost)
  if (input.diversity !== undefined) withSelection(init, selectionInit(input.diversity))
  return init
}

/** Puts a selection on the request's search message: the checker lets only these four searches have one. */
const withSelection = (init: Init, selection: Selection): void => {
  if (init.nearVector !== undefined) init.nearVector = { ...init.nearVector, selection }
  else if (init.nearObject !== undefined) init.nearObject = { ...init.nearObject, selection }
  else if (init.nearText !== undefined) init.nearText = { ...init.nearText, selection }
  else if (init.hybridSearch !== undefined) init.hybridSearch = { ...init.hybridSearch, selection }
}

type GenerativeInit = GenerativeSearch

/** A generative search as servers from 1.27 read it (uses_127_api): `single` and `grouped`. */
const generativeInit = (g: GenerativeInput): GenerativeInit => {
  const init: { single?: { prompt: string }; grouped?: { task: string; properties?: { values: string[] } } } = {}
  if (g.singlePrompt !== undefined) init.single = { prompt: g.singlePrompt }
  if (g.groupedTask !== undefined) {
    init.grouped = g.groupedProperties === undefined ? { task: g.groupedTask } : { task: g.groupedTask, properties: { values: [...g.groupedProperties] } }
  }
  return init
}

type MetadataInit = { uuid: true; vector?: boolean; vectors?: string[]; queryProfile?: boolean } & { [K in MetadataField]?: boolean }

/** The metadata to return: the id always, the rest only when asked for. */
const metadataRequest = (input: QueryInput<unknown>): MetadataInit => {
  const metadata: MetadataInit = { uuid: true }
  if (input.vector) metadata.vector = true
  if (input.vectorNames.length > 0) metadata.vectors = [...input.vectorNames]
  for (const field of input.metadata) metadata[field] = true
  if (input.queryProfile === true) metadata.queryProfile = true
  return metadata
}
