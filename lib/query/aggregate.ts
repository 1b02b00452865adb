/**
 * `query.aggregate`: the number of objects a filter matches, or the number per value of one
 * property. gRPC `Aggregate` from Weaviate 1.29 when the client's choice says gRPC, GraphQL
 * `Aggregate` otherwise; both give the same counts. Groups come largest first (ties by value), the
 * `limit` largest (the server's default of 100 is sent explicitly).
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
import { AGGREGATE_KEYS, AggregateArgs, AggregateInput, CountGroup, CountGroupBy, aggregateInput } from './aggregate-args'
import { aggregateCountOf, aggregateGroupsOf, aggregateQuery } from './graphql/build-aggregate'
import { graphqlReason, runGraphql } from './graphql/request'
import { supportsAll, whereFeatures } from './requirements'

/**
 * The answer of an aggregate: a count, or counts per group when `groupBy` was given.
 *
 * @example
 * ```ts
 * const counted: AggregateResult = { count: 42 }
 * ```
 */
export type AggregateResult = { readonly count: number } | { readonly groups: readonly CountGroup[] }

/**
 * `query.aggregate`, typed by whether `groupBy` is given.
 *
 * @example
 * ```ts
 * client.query.aggregate({ className: 'Article', groupBy: { property: 'category' } }) // right({ groups: [...] })
 * ```
 */
export interface Aggregate {
  (args: AggregateArgs & { readonly groupBy: CountGroupBy }): ObservableEither<WeaviateError, { readonly groups: readonly CountGroup[] }>
  (args: AggregateArgs & { readonly groupBy?: undefined }): ObservableEither<WeaviateError, { readonly count: number }>
}

const ordered = (groups: readonly CountGroup[]): CountGroup[] =>
  [...groups].sort((a, b) => b.count - a.count || (String(a.value) < String(b.value) ? -1 : String(a.value) > String(b.value) ? 1 : 0))

const viaGrpc = (ctx: OperationContext, input: AggregateInput): ObservableEither<WeaviateError, AggregateResult> =>
  ctx.grpc
    .run(METHODS.aggregate, aggregateRequest(input), { idempotent: true, ...input.call })
    .pipe(map((reply): AggregateResult => (input.groupBy === undefined ? { count: aggregateCount(reply) } : { groups: ordered(aggregateGroups(reply)) })))

/** A checked aggregate with the name of the operation that runs it (for a refused GraphQL). */
type NamedAggregate = AggregateInput & { readonly operation: string }

const viaGraphql = (ctx: OperationContext, input: NamedAggregate, why: string): ObservableEither<WeaviateError, AggregateResult> =>
  // The class definition types the group values (GraphQL gives strings).
  (input.groupBy === undefined ? of(E.right(null)) : getClass(ctx)(input.className, input.call)).pipe(
    flatMap((definition) =>
      runGraphql(ctx, { query: aggregateQuery(input), call: input.call, operation: input.operation, why }, (data, res): E.Either<WeaviateError, AggregateResult> => {
        if (input.groupBy === undefined) {
          const count = aggregateCountOf(data, input, res)
          return E.isLeft(count) ? count : E.right({ count: count.right })
        }
        const groups = aggregateGroupsOf(data, input, definition, res)
        return E.isLeft(groups) ? groups : E.right({ groups: ordered(groups.right) })
      }),
    ),
  )

const features = (input: AggregateInput): Feature[] => [...(input.tenant === undefined ? [] : ['tenants' as const]), ...whereFeatures(input.where)]

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
