/**
 * A gRPC `SearchReply` as a search result: each result's properties as REST's JSON (typed values
 * through `value-json.ts`), the metadata asked for, vectors in the asked format and followed
 * references as objects. Properties are not yet decoded by the caller's codec.
 *
 * @packageDocumentation
 */
import type { MetadataResult, PropertiesResult, QueryProfile as QueryProfileMessage, SearchReply } from '../../proto/static/replies/weaviate/v1/search'
import type { GenerativeResult } from '../../proto/static/replies/weaviate/v1/generative'
import type { MetadataField } from '../args'
import type { QueryProfile, RawSearchResult, SearchGroup, SearchMetadata, SearchObject } from '../result'
import { VectorReader, idOf, namedVectorsOf, unnamedVectorOf, vectorReader } from './search-result'
import type { VectorFormat, VectorOf } from '../../input/vector-format'
import { JsonValue, propertiesToJson } from '../../codecs/value-json'

type RawObject = SearchObject<Record<string, JsonValue>, VectorOf<VectorFormat>>

/**
 * What decoding needs from the query.
 */
export interface DecodeOptions {
  readonly className: string
  readonly metadata: readonly MetadataField[]
  readonly vectorFormat: VectorFormat
  /** Read the groups (`group_by_results`) instead of the results. */
  readonly grouped: boolean
  /** The search reranked: each result has a `rerankScore`. */
  readonly reranked: boolean
  /** The search asked a generative prompt per result: each result has its `generated` text. */
  readonly single: boolean
}


const metadataOf = (meta: MetadataResult | undefined, asked: readonly MetadataField[], reranked: boolean): SearchMetadata => {
  const out: { -readonly [K in keyof SearchMetadata]: SearchMetadata[K] } = {}
  if (meta === undefined) return out
  if (reranked && meta.rerankScorePresent) out.rerankScore = meta.rerankScore
  for (const field of asked) {
    switch (field) {
      case 'distance':
        if (meta.distancePresent) out.distance = meta.distance
        break
      case 'certainty':
        if (meta.certaintyPresent) out.certainty = meta.certainty
        break
      case 'score':
        if (meta.scorePresent) out.score = meta.score
        break
      case 'explainScore':
        if (meta.explainScorePresent) out.explainScore = meta.explainScore
        break
      case 'creationTimeUnix':
        if (meta.creationTimeUnixPresent) out.creationTimeUnix = Number(meta.creationTimeUnix)
        break
      case 'lastUpdateTimeUnix':
        if (meta.lastUpdateTimeUnixPresent) out.lastUpdateTimeUnix = Number(meta.lastUpdateTimeUnix)
        break
      case 'isConsistent':
        if (meta.isConsistentPresent) out.isConsistent = meta.isConsistent ?? false
        break
    }
  }
  return out
}

/** A referenced object's metadata: the times, when asked for (the server sends only what was asked). */
const referenceMetadataOf = (meta: MetadataResult | undefined): SearchMetadata => {
  const out: { -readonly [K in keyof SearchMetadata]: SearchMetadata[K] } = {}
  if (meta?.creationTimeUnixPresent === true) out.creationTimeUnix = Number(meta.creationTimeUnix)
  if (meta?.lastUpdateTimeUnixPresent === true) out.lastUpdateTimeUnix = Number(meta.lastUpdateTimeUnix)
  return out
}

const objectOf = (
  props: PropertiesResult | undefined,
  meta: MetadataResult | undefined,
  className: string,
  options: DecodeOptions,
  read: VectorReader,
  top: boolean,
  generative?: GenerativeResult,
): RawObject => {
  const o: { -readonly [K in keyof RawObject]: RawObject[K] } = {
    className: props?.targetCollection || className,
    id: meta === undefined ? '' : idOf(meta),
    properties: propertiesToJson(props?.nonRefProps),
    metadata: top ? metadataOf(meta, options.metadata, options.reranked) : referenceMetadataOf(meta),
  }
  if (top && options.single && generative !== undefined && generative.values.length > 0) o.generated = generative.values[0]?.result ?? ''
  if (top && meta !== undefined) {
    const vector = unnamedVectorOf(meta, read)
    if (vector !== undefined) o.vector = vector
    if (meta.vectors.length > 0) o.vectors = namedVectorsOf(meta.vectors, read)
  }
  if (props !== undefined && props.refProps.length > 0) {
    const references: Record<string, RawObject[]> = {}
    for (const ref of props.refProps) references[ref.propName] = ref.properties.map((target) => objectOf(target, target.metadata, target.targetCollection, options, read, false))
    o.references = references
  }
  return o
}

/** The reply's query profile, as plain objects. */
const profileOf = (profile: QueryProfileMessage): QueryProfile => ({
  shards: profile.shards.map((shard) => ({
    name: shard.name,
    node: shard.node,
    searches: Object.fromEntries(Object.entries(shard.searches).map(([kind, search]) => [kind, { details: { ...search.details } }])),
  })),
})

/**
 * The results of a reply, best first.
 */
export const searchReplyToResult = (reply: SearchReply, options: DecodeOptions): RawSearchResult => {
  const read = vectorReader(options.vectorFormat)
  if (!options.grouped) {
    const objects = reply.results.map((r) => objectOf(r.properties, r.metadata, options.className, options, read, true, r.generative))
    // The server sends the grouped task's text when it has one (none when nothing was found).
    const grouped = reply.generativeGroupedResults?.values[0]?.result
    const result: { -readonly [K in keyof RawSearchResult]: RawSearchResult[K] } = { objects }
    if (grouped !== undefined && grouped !== '') result.generated = grouped
    if (reply.queryProfile !== undefined) result.queryProfile = profileOf(reply.queryProfile)
    return result
  }
  const groups: Record<string, SearchGroup<Record<string, JsonValue>, VectorOf<VectorFormat>>> = {}
  for (const g of reply.groupByResults) {
    // A group's members carry only id, vectors and distance (the server drops the rest there);
    // the group itself carries its single prompt's answer and its rerank score.
    const group: { -readonly [K in keyof RawGroup]: RawGroup[K] } = {
      name: g.name,
      minDistance: g.minDistance,
      maxDistance: g.maxDistance,
      numberOfObjects: Number(g.numberOfObjects),
      objects: g.objects.map((r) => objectOf(r.properties, r.metadata, options.className, options, read, true)),
    }
    // The server leaves an empty answer out (GraphQL gives it as ''): the same '' here.
    if (options.single) group.generated = g.generative?.result ?? ''
    if (options.reranked && g.rerank !== undefined) group.rerankScore = g.rerank.score
    groups[g.name] = group
  }
  const result: { -readonly [K in keyof RawSearchResult]: RawSearchResult[K] } = { objects: Object.values(groups).flatMap((g) => g.objects), groups }
  // A grouped search's grouped task comes in the reply's older text field (1.39.0 fills it there).
  if (reply.generativeGroupedResult !== undefined && reply.generativeGroupedResult !== '') result.generated = reply.generativeGroupedResult
  if (reply.queryProfile !== undefined) result.queryProfile = profileOf(reply.queryProfile)
  return result
}

type RawGroup = SearchGroup<Record<string, JsonValue>, VectorOf<VectorFormat>>
