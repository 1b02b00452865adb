/**
 * The arguments of `query.aggregate`: a count of the objects a filter matches, or counts per value
 * of one property; checked once into an {@link AggregateInput}.
 *
 * @packageDocumentation
 */
import { CallOptions, callOptions } from '../context/context'
import { Where, whereFilter } from '../input/where'
import { TransportMode, transportMode } from '../input/transport-mode'
import { MAX_UINT32, argsObject, argumentKeys, atMost, knownKeys, name, optional, positiveInteger } from '../input/check'
import { className, propertyName } from '../input/names'

/**
 * Counting per value of a property: the `limit` largest groups (default 100, always sent).
 *
 * @example
 * ```ts
 * const groupBy: CountGroupBy = { property: 'category', limit: 20 }
 * ```
 */
export interface CountGroupBy {
  readonly property: string
  readonly limit?: number
}

/**
 * `query.aggregate` arguments.
 *
 * @example
 * ```ts
 * const args: AggregateArgs = { className: 'Article', where: { path: ['year'], operator: 'GreaterThan', valueInt: 2000 } }
 * ```
 */
export interface AggregateArgs extends CallOptions {
  readonly className: string
  readonly where?: Where
  readonly tenant?: string
  readonly groupBy?: CountGroupBy
  /** `'grpc'` (Weaviate 1.29+), `'rest'` (GraphQL) or `'auto'` (the client's choice). */
  readonly transport?: TransportMode
}

/**
 * The count of one group; `value` typed by the property's data type.
 *
 * @example
 * ```ts
 * const group: CountGroup = { value: 'news', count: 12 }
 * ```
 */
export interface CountGroup {
  readonly value: string | number | boolean
  readonly count: number
}

/**
 * A checked aggregate.
 */
export interface AggregateInput {
  readonly className: string
  readonly where?: Where
  readonly tenant?: string
  readonly groupBy?: { readonly property: string; readonly limit: number }
  readonly transport?: TransportMode
  readonly call: CallOptions
}

const DEFAULT_GROUPS = 100

/** How many groups an aggregation asks for (uint32 on the wire). */
const groupLimit = atMost(MAX_UINT32, positiveInteger)

/** The keys `query.aggregate` takes. */
export const AGGREGATE_KEYS = argumentKeys<AggregateArgs>('aggregate', { className: true, where: true, tenant: true, groupBy: true, transport: true, retry: true, timeout: true })

const GROUP_BY_KEYS = argumentKeys<CountGroupBy>('groupBy', { property: true, limit: true })

const groupBy = (argument: string, value: unknown): { readonly property: string; readonly limit: number } => {
  const g = argsObject(argument, value)
  knownKeys(GROUP_BY_KEYS, g, argument)
  return { property: propertyName(`${argument}.property`, g['property']), limit: optional(groupLimit, `${argument}.limit`, g['limit']) ?? DEFAULT_GROUPS }
}

/**
 * Checks the arguments of an aggregate.
 */
export const aggregateInput = (a: Record<string, unknown>): AggregateInput => {
  const where = optional(whereFilter, 'where', a['where'])
  const tenant = optional(name, 'tenant', a['tenant'])
  const group = optional(groupBy, 'groupBy', a['groupBy'])
  const transport = transportMode('transport', a['transport'])
  return {
    className: className('className', a['className']),
    ...(where === undefined ? {} : { where }),
    ...(tenant === undefined ? {} : { tenant }),
    ...(group === undefined ? {} : { groupBy: group }),
    ...(transport === undefined ? {} : { transport }),
    call: callOptions(a),
  }
}
