/**
 * `objects.count`: the number of objects of a class (or of one tenant of it). gRPC `Aggregate`
 * (Weaviate 1.29+) when the call runs over gRPC, so it works on a server with GraphQL disabled
 * (`DISABLE_GRAPHQL=true`); GraphQL `Aggregate { <Class> { meta { count } } }` before 1.29 or over
 * REST. It is `query.aggregate`'s run without a filter.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext, callOptions } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { argsOf, argumentKeys, optional } from '../input/check'
import { className } from '../input/names'
import { TransportMode, transportMode } from '../input/transport-mode'
import { ObservableEither, map } from '../core/observable-either'
import { runAggregate } from '../query/aggregate'
import { tenantName } from '../schema/input'

/**
 * Arguments of `objects.count`.
 *
 * @example
 * ```ts
 * const args: CountArgs = { className: 'Article', tenant: 'tenantA' }
 * ```
 */
export interface CountArgs extends CallOptions {
  readonly className: string
  /** Count the objects of this tenant (multi-tenant classes; Weaviate 1.20+). */
  readonly tenant?: string
  /**
   * `'grpc'` (gRPC `Aggregate`, Weaviate 1.29+; GraphQL before), `'rest'` (GraphQL) or `'auto'`
   * (the client's choice, the default).
   */
  readonly transport?: TransportMode
}

const COUNT_KEYS = argumentKeys<CountArgs>('count', { className: true, tenant: true, transport: true, retry: true, timeout: true, headers: true })

/** Checked input of count: an aggregate without a filter, named for a refused GraphQL. */
interface CountInput {
  readonly className: string
  readonly tenant?: string
  readonly transport?: TransportMode
  readonly call: CallOptions
  readonly operation: 'objects.count'
}

/**
 * Counts the objects of a class, or of one of its tenants.
 */
export const count =
  (ctx: OperationContext) =>
  (args: CountArgs): ObservableEither<WeaviateError, number> =>
    operation(
      () => {
        const a = argsOf(COUNT_KEYS, args)
        const tenant = optional(tenantName, 'tenant', a['tenant'])
        const transport = transportMode('transport', a['transport'])
        const input: CountInput = {
          className: className('className', a['className']),
          ...(tenant === undefined ? {} : { tenant }),
          ...(transport === undefined ? {} : { transport }),
          call: callOptions(a),
          operation: 'objects.count',
        }
        return input
      },
      (input) => runAggregate(ctx, input).pipe(map((result) => ('count' in result ? result.count : 0))),
    )
