/**
 * A checked aggregate as GraphQL `Aggregate` text, and its answer as counts. GraphQL gives a
 * group's value as a string; it is read back by the property's data type (as gRPC types it).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import type { ClassDefinition } from '../../codecs/class-definition'
import { decode } from '../../codecs/decode'
import { DecodeError } from '../../core/errors'
import { HttpResponse } from '../../transport/http/types'
import type { AggregateInput, CountGroup } from '../aggregate-args'
import { Literal, literal } from './literal'
import { whereLiteral } from './where'

/**
 * The GraphQL query of a checked aggregate.
 */
export const aggregateQuery = (input: AggregateInput): string => {
  const args: Record<string, Literal | undefined> = {
    where: input.where === undefined ? undefined : whereLiteral(input.where),
    groupBy: input.groupBy === undefined ? undefined : [input.groupBy.property],
    limit: input.groupBy?.limit,
    tenant: input.tenant,
  }
  const text = literal(args).slice(1, -1).trim()
  const selection = input.groupBy === undefined ? 'meta { count }' : 'meta { count } groupedBy { value }'
  return `{ Aggregate { ${input.className}${text === '' ? '' : `(${text})`} { ${selection} } } }`
}

const Rows = t.readonlyArray(t.type({ meta: t.type({ count: t.number }), groupedBy: t.union([t.undefined, t.null, t.type({ value: t.string })]) }))

const rowsOf = (data: Readonly<Record<string, unknown>>, input: AggregateInput, res: HttpResponse): E.Either<DecodeError, t.TypeOf<typeof Rows>> => {
  const aggregate = data['Aggregate']
  return decode(Rows, typeof aggregate === 'object' && aggregate !== null ? (aggregate as Record<string, unknown>)[input.className] : undefined, res)
}

/**
 * The total count of an answer's data.
 */
export const aggregateCountOf = (data: Readonly<Record<string, unknown>>, input: AggregateInput, res: HttpResponse): E.Either<DecodeError, number> => {
  const rows = rowsOf(data, input, res)
  return E.isLeft(rows) ? rows : E.right(rows.right[0]?.meta.count ?? 0)
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
 * The groups of an answer's data, values typed by the property's data type.
 */
export const aggregateGroupsOf = (
  data: Readonly<Record<string, unknown>>,
  input: AggregateInput,
  definition: ClassDefinition | null,
  res: HttpResponse,
): E.Either<DecodeError, CountGroup[]> => {
  const rows = rowsOf(data, input, res)
  if (E.isLeft(rows)) return rows
  const dataType = definition?.properties?.find((p) => p.name === input.groupBy?.property)?.dataType[0]
  return E.right(rows.right.map((row) => ({ value: typed(row.groupedBy?.value ?? '', dataType), count: row.meta.count })))
}
