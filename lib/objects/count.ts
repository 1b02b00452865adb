/**
 * `objects.count`: the number of objects of a class (or of one tenant of it), from the aggregate
 * endpoint (`POST /v1/graphql`, `Aggregate { <Class> { meta { count } } }`).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { of } from 'rxjs'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callOptions, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { UnexpectedStatusError, WeaviateError } from '../core/errors'
import { HttpResponse } from '../transport/http/types'
import { argsOf, argumentKeys, optional } from '../input/check'
import { className } from '../input/names'
import { ObservableEither } from '../core/observable-either'
import { tenantName } from '../schema/input'
import { requireFeature } from '../server/version'

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
}

const COUNT_KEYS = argumentKeys<CountArgs>('count', { className: true, tenant: true, retry: true, timeout: true })

/** Checked input of count. */
interface CountInput {
  readonly className: string
  readonly tenant: string | undefined
  readonly call: CallOptions
}

const Answer = t.intersection([
  t.partial({
    data: t.union([t.null, t.partial({ Aggregate: t.union([t.null, t.UnknownRecord]) })]),
    errors: t.union([t.null, t.readonlyArray(t.partial({ message: t.string }))]),
  }),
  t.UnknownRecord,
])
const Counted = t.readonlyArray(t.type({ meta: t.type({ count: t.number }) }))

/** GraphQL answers 200 with `errors` for a bad query (unknown class, missing tenant): a status error. */
const countOf = (res: HttpResponse, className: string): E.Either<WeaviateError, number> => {
  const answer = decode(Answer, res.body, res)
  if (E.isLeft(answer)) return answer
  const errors = answer.right.errors ?? []
  if (errors.length > 0) {
    return E.left(
      new UnexpectedStatusError({
        method: res.method,
        url: res.url,
        status: res.status,
        body: res.body,
        messages: errors.map((e) => e.message ?? 'unknown GraphQL error'),
      }),
    )
  }
  const counted = decode(Counted, answer.right.data?.Aggregate?.[className], res)
  if (E.isLeft(counted)) return counted
  return E.right(counted.right[0]?.meta.count ?? 0)
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
        const input: CountInput = { className: className('className', a['className']), tenant: optional(tenantName, 'tenant', a['tenant']), call: callOptions(a) }
        return input
      },
      (input) =>
        withVersion(ctx, input.call, (version) => {
          if (input.tenant !== undefined) {
            const supported = requireFeature(version, 'tenants')
            if (E.isLeft(supported)) return of(supported)
          }
          const tenant = input.tenant === undefined ? '' : `(tenant: ${JSON.stringify(input.tenant)})`
          return ctx.http.run(
            {
              method: 'POST',
              path: '/graphql',
              body: { query: `{ Aggregate { ${input.className}${tenant} { meta { count } } } }` },
              expect: [200],
              // A read: safe to send again.
              idempotent: true,
              ...input.call,
            },
            (res) => countOf(res, input.className),
          )
        }),
    )
