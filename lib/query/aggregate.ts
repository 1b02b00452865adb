/**
 * `query.aggregate`: the number of objects a filter or a search matches, metrics of properties
 * (typed by each property's kind), and both per value of one property. gRPC `Aggregate` from
 * Weaviate 1.28.5 / 1.29 when the client's choice says gRPC, GraphQL `Aggregate` otherwise; both
 * give the same results. Groups come largest first (ties by value), the `limit` largest (the
 * server's default of 100 is sent explicitly).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { of } from 'rxjs'
import { OperationContext, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { aggregateCount, aggregateGroups, aggregateRequest } from './grpc/aggregate-request'
import { METHODS } from '../transport/grpc/methods'
import { argsOf } from '../input/check'
import { ObservableEither, flatMap, map } from '../core/observable-either'
import { getClass } from '../schema/get-class'
import { Feature, supports } from '../server/version'
import { AGGREGATE_KEYS, AggregateArgs, AggregateInput, AggregateMetrics, CountGroup, CountGroupBy, aggregateInput } from './aggregate-args'
import { CountAnswer, GroupAnswer, MetricsGroup, MetricsOf } from './aggregate-result'
import { aggregateCountOf, aggregateGroupsOf, aggregateQuery } from './graphql/build-aggregate'
import { graphqlReason, runGraphql } from './graphql/request'
import { supportsAll, whereFeatures } from './requirements'

/**
 * The answer of an aggregate: a count, or counts per group when `groupBy` was given; with the
 * metrics of each property asked (by property name) when `metrics` was given.
 *
 * @example
 * ```ts
 * const counted: AggregateResult = { count: 42 }
 * ```
 */
export type AggregateResult = CountAnswer | { readonly groups: readonly GroupAnswer[] }

/**
 * `query.aggregate`, typed by whether `groupBy` is given and by the `metrics` asked: each
 * property's result has its `kind` and exactly the metrics asked.
 *
 * @example
 * ```ts
 * client.query.aggregate({ className: 'Article', groupBy: { property: 'category' } }) // right({ groups: [...] })
 * client.query.aggregate({ className: 'Article', metrics: { words: { kind: 'int', metrics: ['mean'] } } }) // right({ count, metrics: { words: { kind: 'int', mean } } })
 * client.query.aggregate({ className: 'Article', search: { kind: 'nearText', concepts: ['sailing'] }, objectLimit: 20 }) // right({ count: 20 })
 * ```
 */
export interface Aggregate {
  <const M extends AggregateMetrics>(
    args: AggregateArgs & { readonly groupBy: CountGroupBy; readonly metrics: M },
  ): ObservableEither<WeaviateError, { readonly groups: ReadonlyArray<MetricsGroup<M>> }>
  <const M extends AggregateMetrics>(
    args: AggregateArgs & { readonly groupBy?: undefined; readonly metrics: M },
  ): ObservableEither<WeaviateError, { readonly count: number; readonly metrics: MetricsOf<M> }>
  (args: AggregateArgs & { readonly groupBy: CountGroupBy; readonly metrics?: undefined }): ObservableEither<WeaviateError, { readonly groups: readonly CountGroup[] }>
  (args: AggregateArgs & { readonly groupBy?: undefined; readonly metrics?: undefined }): ObservableEither<WeaviateError, { readonly count: number }>
}

const ordered = (groups: readonly GroupAnswer[]): GroupAnswer[] =>
  [...groups].sort((a, b) => b.count - a.count || (String(a.value) < String(b.value) ? -1 : String(a.value) > String(b.value) ? 1 : 0))

const viaGrpc = (ctx: OperationContext, input: AggregateInput): ObservableEither<WeaviateError, AggregateResult> =>
  ctx.grpc
    .run(METHODS.aggregate, aggregateRequest(input), { idempotent: true, ...input.call })
    .pipe(map((reply): AggregateResult => (input.groupBy === undefined ? aggregateCount(reply, input) : { groups: ordered(aggregateGroups(reply, input)) })))

/** A checked aggregate with the name of the operation that runs it (for a refused GraphQL). */
type NamedAggregate = AggregateInput & { readonly operation: string }

const viaGraphql = (ctx: OperationContext, input: NamedAggregate, why: string): ObservableEither<WeaviateError, AggregateResult> =>
  // The class definition types the group values (GraphQL gives strings).
  (input.groupBy === undefined ? of(E.right(null)) : getClass(ctx)(input.className, input.call)).pipe(
    flatMap((definition) =>
      runGraphql(ctx, { query: aggregateQuery(input), call: input.call, operation: input.operation, why }, (data, res): E.Either<WeaviateError, AggregateResult> => {
        if (input.groupBy === undefined) {
          const count = aggregateCountOf(data, input, res)
          return count
        }
        const groups = aggregateGroupsOf(data, input, definition, res)
        return E.isLeft(groups) ? groups : E.right({ groups: ordered(groups.right) })
      }),
    ),
  )

/** The features an aggregate's search needs. */
const searchFeatures = (search: AggregateInput['search']): Feature[] => {
  switch (search?.kind) {
    case undefined:
      return []
    case 'nearVector':
    case 'nearObject':
    case 'nearText':
      return [...(search.distance === undefined ? [] : ['searchDistance' as const]), ...(search.targetVector === undefined ? [] : ['namedVectors' as const])]
    case 'nearMedia':
      return [
        ...(search.medium === 'image' ? [] : ['nearMedia' as const]),
        ...(search.distance === undefined ? [] : ['searchDistance' as const]),
        ...(search.targetVector === undefined ? [] : ['namedVectors' as const]),
      ]
    case 'hybrid':
      return [
        'hybrid',
        'aggregateHybrid',
        ...(search.properties === undefined ? [] : ['hybridProperties' as const]),
        ...(search.targetVector === undefined ? [] : ['namedVectors' as const]),
        ...(search.maxVectorDistance === undefined ? [] : ['hybridMaxVectorDistance' as const]),
      ]
  }
}

const features = (input: AggregateInput): Feature[] => [
  ...(input.tenant === undefined ? [] : ['tenants' as const]),
  ...whereFeatures(input.where),
  ...((input.metrics ?? []).some((m) => m.kind === 'date') ? ['aggregateDate' as const] : []),
  ...searchFeatures(input.search),
]

/**
 * Runs a checked aggregate (also `objects.count`'s run): the version check, then gRPC `Aggregate`
 * when the transport is gRPC and the server has it, GraphQL `Aggregate` otherwise.
 */
export const runAggregate = (ctx: OperationContext, input: NamedAggregate): ObservableEither<WeaviateError, AggregateResult> =>
  withVersion(ctx, input.call, (version) => {
    const supported = supportsAll(version, features(input))
    if (E.isLeft(supported)) return of(supported)
    return ctx.transports
      .choose(input.transport, input.call)
      .pipe(
        flatMap((kind) =>
          kind === 'grpc' && supports(version, 'grpcAggregate') ? viaGrpc(ctx, input) : viaGraphql(ctx, input, graphqlReason(kind, version, 'grpcAggregate')),
        ),
      )
  })

/**
 * Runs an aggregate.
 */
export const aggregateOperation = (ctx: OperationContext): Aggregate =>
  ((args: AggregateArgs): ObservableEither<WeaviateError, AggregateResult> =>
    operation(
      () => {
        const input = aggregateInput(argsOf(AGGREGATE_KEYS, args))
        ctx.transports.requireAddress(input.transport)
        return { ...input, operation: 'query.aggregate' }
      },
      (input) => runAggregate(ctx, input),
    )) as Aggregate
