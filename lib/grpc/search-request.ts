/**
 * A checked query as gRPC `SearchRequest`: the search (near_vector, near_object, bm25_search,
 * hybrid_search, or none for a fetch), filter, paging, the properties, references and metadata to
 * return, and the reply layout flags every server from 1.25 reads (uses_123/125/127_api).
 *
 * @packageDocumentation
 */
import { create } from '@bufbuild/protobuf'
import type { MessageInitShape } from '@bufbuild/protobuf'
import type { PropertySelection, QueryInput, Search } from '../query/args'
import { ConsistencyLevel as GrpcConsistency } from './generated/weaviate/v1/common_pb'
import { Hybrid_FusionType, ObjectPropertiesRequestSchema, PropertiesRequestSchema, SearchRequest, SearchRequestSchema } from './generated/weaviate/v1/search_pb'
import { whereToFilters } from './search-filters'
import { vectorToBytes } from './vectors'

type Init = Exclude<MessageInitShape<typeof SearchRequestSchema>, SearchRequest>

const CONSISTENCY = { ONE: GrpcConsistency.ONE, QUORUM: GrpcConsistency.QUORUM, ALL: GrpcConsistency.ALL } as const
const FUSION = { ranked: Hybrid_FusionType.RANKED, relativeScore: Hybrid_FusionType.RELATIVE_SCORE } as const

const targets = (name: string | undefined): string[] => (name === undefined ? [] : [name])

const searchPart = (search: Search): Init => {
  switch (search.kind) {
    case 'nearVector':
      return {
        nearVector: {
          vectorBytes: vectorToBytes(search.vector),
          targetVectors: targets(search.targetVector),
          ...(search.distance === undefined ? {} : { distance: search.distance }),
          ...(search.certainty === undefined ? {} : { certainty: search.certainty }),
        },
      }
    case 'nearObject':
      return {
        nearObject: {
          id: search.id,
          targetVectors: targets(search.targetVector),
          ...(search.distance === undefined ? {} : { distance: search.distance }),
          ...(search.certainty === undefined ? {} : { certainty: search.certainty }),
        },
      }
    case 'bm25':
      return { bm25Search: { query: search.query, properties: [...(search.properties ?? [])] } }
    case 'hybrid':
      return {
        hybridSearch: {
          query: search.query,
          alpha: search.alpha,
          properties: [...(search.properties ?? [])],
          fusionType: search.fusionType === undefined ? Hybrid_FusionType.UNSPECIFIED : FUSION[search.fusionType],
          ...(search.vector === undefined ? {} : { vectorBytes: vectorToBytes(search.vector) }),
          targetVectors: targets(search.targetVector),
        },
      }
    case 'fetch':
      return {
        sortBy: search.sort.map((clause) => ({ ascending: clause.ascending, path: [clause.property] })),
        after: search.after ?? '',
      }
  }
}

type PropertiesInit = MessageInitShape<typeof PropertiesRequestSchema>

/** Named properties: plain ones by name, object properties with their nested selection. */
const named = (properties: readonly PropertySelection[]): { nonRefProperties: string[]; objectProperties: ObjectInit[] } => ({
  nonRefProperties: properties.filter((p) => p.nested === undefined).map((p) => p.name),
  objectProperties: properties.filter((p) => p.nested !== undefined).map(objectProperty),
})

type ObjectInit = MessageInitShape<typeof ObjectPropertiesRequestSchema>

const objectProperty = (p: PropertySelection): ObjectInit => ({
  propName: p.name,
  primitiveProperties: (p.nested ?? []).filter((n) => n.nested === undefined).map((n) => n.name),
  objectProperties: (p.nested ?? []).filter((n) => n.nested !== undefined).map(objectProperty),
})

/** What to return of each result: its properties (all by default) and followed references. */
const returned = (input: QueryInput<unknown>): PropertiesInit => {
  const own: { nonRefProperties?: string[]; objectProperties?: ObjectInit[]; returnAllNonrefProperties?: boolean } =
    input.properties === undefined ? { returnAllNonrefProperties: true } : named(input.properties)
  return {
    ...own,
    refProperties: input.references.map((ref) => ({
      referenceProperty: ref.linkOn,
      targetCollection: ref.targetClassName ?? '',
      properties: named(ref.properties),
      metadata: { uuid: true },
    })),
  }
}

/**
 * The search request of a checked query.
 *
 * @example
 * ```ts
 * ctx.grpc.run(METHODS.search, searchRequest(input), { idempotent: true })
 * ```
 */
export const searchRequest = (input: QueryInput<unknown>): SearchRequest =>
  create(SearchRequestSchema, {
    collection: input.className,
    tenant: input.tenant ?? '',
    ...(input.consistencyLevel === undefined ? {} : { consistencyLevel: CONSISTENCY[input.consistencyLevel] }),
    limit: input.limit,
    offset: input.offset ?? 0,
    autocut: input.autocut ?? 0,
    ...(input.groupBy === undefined
      ? {}
      : { groupBy: { path: [input.groupBy.property], numberOfGroups: input.groupBy.numberOfGroups, objectsPerGroup: input.groupBy.objectsPerGroup } }),
    ...(input.where === undefined ? {} : { filters: whereToFilters(input.where) }),
    ...searchPart(input.search),
    properties: create(PropertiesRequestSchema, returned(input)),
    metadata: {
      uuid: true,
      vector: input.vector,
      vectors: [...input.vectorNames],
      distance: input.metadata.includes('distance'),
      certainty: input.metadata.includes('certainty'),
      score: input.metadata.includes('score'),
      explainScore: input.metadata.includes('explainScore'),
      creationTimeUnix: input.metadata.includes('creationTimeUnix'),
      lastUpdateTimeUnix: input.metadata.includes('lastUpdateTimeUnix'),
    },
    uses123Api: true,
    uses125Api: true,
    uses127Api: true,
  })
