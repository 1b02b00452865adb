/**
 * A checked aggregate as gRPC `AggregateRequest` (Weaviate 1.28.5+ and 1.29+): the count, the
 * metrics of each property by kind, the search whose objects are aggregated, the grouping; and its
 * reply as counts and metric results.
 *
 * @packageDocumentation
 */
import type { AggregateInput, CheckedAggregateSearch, CheckedMetrics } from '../aggregate-args'
import type { Medium } from '../input'
import { AggregatedMetrics, CountAnswer, GroupAnswer, RawMetric, metricsResult } from '../aggregate-result'
import type { AggregateRequest, AggregateRequest_Aggregation } from '../../proto/static/requests/weaviate/v1/aggregate'
import type {
  AggregateReply,
  AggregateReply_Aggregations,
  AggregateReply_Aggregations_Aggregation,
  AggregateReply_Group_GroupedBy,
} from '../../proto/static/replies/weaviate/v1/aggregate'
import { whereToFilters } from './filters'
import { moveInit } from './search-request'
import { vectorToBytes } from '../../codecs/vector-bytes'

type Search = NonNullable<AggregateRequest['search']>

/** `{ count: true, mean: true }` of the metric names asked (the wire's field names, but one). */
const flags = (names: readonly string[]): Record<string, boolean> => Object.fromEntries(names.map((n) => [n === 'topOccurrences' ? 'topOccurences' : n, true]))

const aggregation = (m: CheckedMetrics): AggregateRequest_Aggregation => {
  switch (m.kind) {
    case 'int':
      return { property: m.property, aggregation: { $case: 'int', value: flags(m.metrics) } }
    case 'number':
      return { property: m.property, aggregation: { $case: 'number', value: flags(m.metrics) } }
    case 'text':
      return {
        property: m.property,
        aggregation: { $case: 'text', value: { ...flags(m.metrics), ...(m.topOccurrencesLimit === undefined ? {} : { topOccurencesLimit: m.topOccurrencesLimit }) } },
      }
    case 'boolean':
      return { property: m.property, aggregation: { $case: 'boolean', value: flags(m.metrics) } }
    case 'date':
      return { property: m.property, aggregation: { $case: 'date', value: flags(m.metrics) } }
    case 'reference':
      // With `type`, the server's pointingTo is the property's classes (see aggregate.proto).
      return { property: m.property, aggregation: { $case: 'reference', value: { ...flags(m.metrics), type: true } } }
  }
}

const targets = (name: string | undefined): string[] => (name === undefined ? [] : [name])

/** What every search by a medium carries beside the medium: the named vector and the threshold. */
interface NearCommon {
  readonly targetVectors: string[]
  readonly distance?: number
  readonly certainty?: number
}

/** A search by a medium: the request's oneof case and the message's field of the base64 text are named by the medium. */
const mediumPart = (medium: Medium, base64: string, near: NearCommon): Search => {
  switch (medium) {
    case 'image':
      return { $case: 'nearImage', value: { ...near, image: base64 } }
    case 'audio':
      return { $case: 'nearAudio', value: { ...near, audio: base64 } }
    case 'video':
      return { $case: 'nearVideo', value: { ...near, video: base64 } }
    case 'depth':
      return { $case: 'nearDepth', value: { ...near, depth: base64 } }
    case 'thermal':
      return { $case: 'nearThermal', value: { ...near, thermal: base64 } }
    case 'imu':
      return { $case: 'nearImu', value: { ...near, imu: base64 } }
  }
}

const searchPart = (search: CheckedAggregateSearch): Search => {
  switch (search.kind) {
    case 'nearVector':
      return {
        $case: 'nearVector',
        value: {
          vectorBytes: vectorToBytes(search.vector),
          targetVectors: targets(search.targetVector),
          ...(search.distance === undefined ? {} : { distance: search.distance }),
          ...(search.certainty === undefined ? {} : { certainty: search.certainty }),
        },
      }
    case 'nearObject':
      return {
        $case: 'nearObject',
        value: {
          id: search.id,
          targetVectors: targets(search.targetVector),
          ...(search.distance === undefined ? {} : { distance: search.distance }),
          ...(search.certainty === undefined ? {} : { certainty: search.certainty }),
        },
      }
    case 'nearText':
      return {
        $case: 'nearText',
        value: {
          query: [...search.concepts],
          targetVectors: targets(search.targetVector),
          ...(search.moveTo === undefined ? {} : { moveTo: moveInit(search.moveTo) }),
          ...(search.moveAway === undefined ? {} : { moveAway: moveInit(search.moveAway) }),
          ...(search.distance === undefined ? {} : { distance: search.distance }),
          ...(search.certainty === undefined ? {} : { certainty: search.certainty }),
        },
      }
    case 'nearMedia':
      return mediumPart(search.medium, search.base64, {
        targetVectors: targets(search.targetVector),
        ...(search.distance === undefined ? {} : { distance: search.distance }),
        ...(search.certainty === undefined ? {} : { certainty: search.certainty }),
      })
    case 'hybrid':
      return {
        $case: 'hybrid',
        value: {
          query: search.query,
          alpha: search.alpha,
          properties: [...(search.properties ?? [])],
          ...(search.vector === undefined ? {} : { vectorBytes: vectorToBytes(search.vector) }),
          targetVectors: targets(search.targetVector),
          ...(search.maxVectorDistance === undefined ? {} : { threshold: { $case: 'vectorDistance' as const, value: search.maxVectorDistance } }),
        },
      }
  }
}

/**
 * The request of a checked aggregate, for its generated static encoder (`lib/proto/static`), the
 * filter built once by the searches' `filters.ts`.
 */
export const aggregateRequest = (input: AggregateInput): AggregateRequest => {
  const request: AggregateRequest = {
    collection: input.className,
    objectsCount: true,
    aggregations: (input.metrics ?? []).map(aggregation),
  }
  if (input.tenant !== undefined) request.tenant = input.tenant
  if (input.objectLimit !== undefined) request.objectLimit = input.objectLimit
  if (input.search !== undefined) request.search = searchPart(input.search)
  if (input.where !== undefined) request.filters = whereToFilters(input.where)
  if (input.groupBy !== undefined) {
    request.groupBy = { collection: input.className, property: input.groupBy.property }
    request.limit = input.groupBy.limit
  }
  return request
}

/** A group's value; a list property's group is one of its elements. */
const valueOf = (g: AggregateReply_Group_GroupedBy | undefined): string | number | boolean => {
  const v = g?.value
  switch (v?.$case) {
    case 'text':
    case 'boolean':
    case 'number':
      return v.value
    case 'int':
      return Number(v.value)
    case 'texts':
      return v.value.values[0] ?? ''
    case 'ints':
      return Number(v.value.values[0] ?? 0)
    case 'booleans':
      return v.value.values[0] ?? false
    case 'numbers':
      return v.value.values[0] ?? 0
    case 'geo':
    case undefined:
      return ''
  }
}

const NOTHING: RawMetric = () => undefined

/** The raw metrics of one property's reply (the wire's field names, but one). */
const rawOf = (a: AggregateReply_Aggregations_Aggregation | undefined): RawMetric => {
  const agg = a?.aggregation
  switch (agg?.$case) {
    case 'int':
    case 'number':
    case 'boolean':
    case 'date': {
      const fields = agg.value as unknown as Readonly<Record<string, unknown>>
      return (metric) => fields[metric]
    }
    case 'text': {
      const text = agg.value
      return (metric) => (metric === 'count' ? text.count : text.topOccurences?.items)
    }
    case 'reference': {
      const reference = agg.value
      return () => reference.pointingTo
    }
    case undefined:
      return NOTHING
  }
}

const metricsOf = (input: AggregateInput, aggregations: AggregateReply_Aggregations | undefined): AggregatedMetrics =>
  metricsResult(input.metrics ?? [], (property) => rawOf(aggregations?.aggregations.find((a) => a.property === property)))

const withMetrics = (input: AggregateInput, aggregations: AggregateReply_Aggregations | undefined): { metrics?: AggregatedMetrics } =>
  input.metrics === undefined ? {} : { metrics: metricsOf(input, aggregations) }

/**
 * The total count of a reply, and its metrics when asked.
 */
export const aggregateCount = (reply: AggregateReply, input: AggregateInput): CountAnswer =>
  reply.result?.$case === 'singleResult'
    ? { count: Number(reply.result.value.objectsCount ?? 0n), ...withMetrics(input, reply.result.value.aggregations) }
    : { count: 0, ...withMetrics(input, undefined) }

/**
 * The groups of a grouped reply, with their metrics when asked.
 */
export const aggregateGroups = (reply: AggregateReply, input: AggregateInput): GroupAnswer[] =>
  reply.result?.$case === 'groupedResults'
    ? reply.result.value.groups.map((g) => ({ value: valueOf(g.groupedBy), count: Number(g.objectsCount ?? 0n), ...withMetrics(input, g.aggregations) }))
    : []
