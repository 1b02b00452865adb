/**
 * A checked aggregate as GraphQL `Aggregate` text, and its answer as counts and metric results.
 * GraphQL gives a group's value as a string; it is read back by the property's data type (as gRPC
 * types it). Metrics come out through the same normalization as gRPC's (`aggregate-result.ts`).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import type { ClassDefinition } from '../../codecs/class-definition'
import { decode } from '../../codecs/decode'
import { DecodeError } from '../../core/errors'
import { HttpResponse } from '../../transport/http/types'
import type { AggregateInput, CheckedAggregateSearch, CheckedMetrics } from '../aggregate-args'
import { AggregatedMetrics, CountAnswer, GroupAnswer, RawMetric, metricsResult } from '../aggregate-result'
import { Literal, literal } from './literal'
import { whereLiteral } from './where'
import { MEDIUM_ARGUMENT, moveLiteral } from './build-get'

const targets = (name: string | undefined): readonly string[] | undefined => (name === undefined ? undefined : [name])

const searchArguments = (search: CheckedAggregateSearch | undefined): Record<string, Literal | undefined> => {
  switch (search?.kind) {
    case undefined:
      return {}
    case 'nearVector':
      return { nearVector: { vector: search.vector, distance: search.distance, certainty: search.certainty, targetVectors: targets(search.targetVector) } }
    case 'nearObject':
      return { nearObject: { id: search.id, distance: search.distance, certainty: search.certainty, targetVectors: targets(search.targetVector) } }
    case 'nearMedia':
      return {
        [MEDIUM_ARGUMENT[search.medium]]: {
          [search.medium]: search.base64,
          distance: search.distance,
          certainty: search.certainty,
          targetVectors: targets(search.targetVector),
        },
      }
    case 'nearText':
      return {
        nearText: {
          concepts: search.concepts,
          moveTo: moveLiteral(search.moveTo),
          moveAwayFrom: moveLiteral(search.moveAway),
          distance: search.distance,
          certainty: search.certainty,
          targetVectors: targets(search.targetVector),
        },
      }
    case 'hybrid':
      return {
        hybrid: {
          query: search.query,
          alpha: search.alpha,
          vector: search.vector,
          properties: search.properties,
          targetVectors: targets(search.targetVector),
          maxVectorDistance: search.maxVectorDistance,
        },
      }
  }
}

/** One property's selection: its metrics by name (a text property's top occurrences with their limit). */
const metricSelection = (m: CheckedMetrics): string => {
  const fields = m.metrics.map((metric) =>
    metric === 'topOccurrences' ? `topOccurrences${m.kind === 'text' && m.topOccurrencesLimit !== undefined ? `(limit: ${m.topOccurrencesLimit})` : ''} { value occurs }` : metric,
  )
  // A reference's `type` makes the server answer the property's classes as pointingTo (as over gRPC).
  return `${m.property} { ${[...(m.kind === 'reference' ? ['type'] : []), ...fields].join(' ')} }`
}

/**
 * The GraphQL query of a checked aggregate.
 */
export const aggregateQuery = (input: AggregateInput): string => {
  const args: Record<string, Literal | undefined> = {
    ...searchArguments(input.search),
    objectLimit: input.objectLimit,
    where: input.where === undefined ? undefined : whereLiteral(input.where),
    groupBy: input.groupBy === undefined ? undefined : [input.groupBy.property],
    limit: input.groupBy?.limit,
    tenant: input.tenant,
  }
  const text = literal(args).slice(1, -1).trim()
  const selection = ['meta { count }', ...(input.groupBy === undefined ? [] : ['groupedBy { value }']), ...(input.metrics ?? []).map(metricSelection)].join(' ')
  return `{ Aggregate { ${input.className}${text === '' ? '' : `(${text})`} { ${selection} } } }`
}

const Rows = t.readonlyArray(
  t.intersection([
    t.type({ meta: t.type({ count: t.number }), groupedBy: t.union([t.undefined, t.null, t.type({ value: t.string })]) }),
    t.record(t.string, t.unknown),
  ]),
)

type Row = t.TypeOf<typeof Rows>[number]

const rowsOf = (data: Readonly<Record<string, unknown>>, input: AggregateInput, res: HttpResponse): E.Either<DecodeError, t.TypeOf<typeof Rows>> => {
  const aggregate = data['Aggregate']
  return decode(Rows, typeof aggregate === 'object' && aggregate !== null ? (aggregate as Record<string, unknown>)[input.className] : undefined, res)
}

/** A property's metrics in a row: the object of its fields (null when the server gave none). */
const rawOf =
  (row: Row) =>
  (property: string): RawMetric => {
    const fields = row[property]
    return typeof fields === 'object' && fields !== null ? (metric) => (fields as Record<string, unknown>)[metric] : () => undefined
  }

const withMetrics = (input: AggregateInput, row: Row | undefined): { metrics?: AggregatedMetrics } =>
  input.metrics === undefined ? {} : { metrics: metricsResult(input.metrics, row === undefined ? () => () => undefined : rawOf(row)) }

/**
 * The total count of an answer's data, and its metrics when asked.
 */
export const aggregateCountOf = (data: Readonly<Record<string, unknown>>, input: AggregateInput, res: HttpResponse): E.Either<DecodeError, CountAnswer> => {
  const rows = rowsOf(data, input, res)
  if (E.isLeft(rows)) return rows
  const [row] = rows.right
  return E.right({ count: row?.meta.count ?? 0, ...withMetrics(input, row) })
}

const typed = (value: string, dataType: string | undefined): string | number | boolean => {
  switch (dataType?.replace('[]', '')) {
    case 'int':
    case 'number':
      return Number(value)
    case 'boolean':
      return value === 'true'
    default:
      return value
  }
}

/**
 * The groups of an answer's data, values typed by the property's data type, with their metrics when asked.
 */
export const aggregateGroupsOf = (
  data: Readonly<Record<string, unknown>>,
  input: AggregateInput,
  definition: ClassDefinition | null,
  res: HttpResponse,
): E.Either<DecodeError, GroupAnswer[]> => {
  const rows = rowsOf(data, input, res)
  if (E.isLeft(rows)) return rows
  const dataType = definition?.properties?.find((p) => p.name === input.groupBy?.property)?.dataType[0]
  return E.right(rows.right.map((row) => ({ value: typed(row.groupedBy?.value ?? '', dataType), count: row.meta.count, ...withMetrics(input, row) })))
}
