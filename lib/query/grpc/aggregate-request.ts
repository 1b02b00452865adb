/**
 * A checked aggregate as gRPC `AggregateRequest` (Weaviate 1.29+), and its reply as counts.
 *
 * @packageDocumentation
 */
import { create } from '@bufbuild/protobuf'
import type { AggregateInput, CountGroup } from '../aggregate-args'
import { AggregateReply, AggregateReply_Group_GroupedBy, AggregateRequest, AggregateRequestSchema } from '../../proto/generated/weaviate/v1/aggregate_pb'
import { whereToFilters } from './filters'

/**
 * The request of a checked aggregate.
 */
export const aggregateRequest = (input: AggregateInput): AggregateRequest =>
  create(AggregateRequestSchema, {
    collection: input.className,
    tenant: input.tenant ?? '',
    objectsCount: true,
    ...(input.where === undefined ? {} : { filters: whereToFilters(input.where) }),
    ...(input.groupBy === undefined ? {} : { groupBy: { collection: input.className, property: input.groupBy.property }, limit: input.groupBy.limit }),
  })

/** A group's value; a list property's group is one of its elements. */
const valueOf = (g: AggregateReply_Group_GroupedBy | undefined): string | number | boolean => {
  const v = g?.value
  switch (v?.case) {
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

/**
 * The total count of a reply.
 */
export const aggregateCount = (reply: AggregateReply): number =>
  reply.result.case === 'singleResult' ? Number(reply.result.value.objectsCount ?? 0n) : 0

/**
 * The groups of a grouped reply.
 */
export const aggregateGroups = (reply: AggregateReply): CountGroup[] =>
  reply.result.case === 'groupedResults' ? reply.result.value.groups.map((g) => ({ value: valueOf(g.groupedBy), count: Number(g.objectsCount ?? 0n) })) : []
