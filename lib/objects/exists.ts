/**
 * `objects.exists`: `HEAD /v1/objects/[<Class>/]<uuid>`; 204 is true, 404 false.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callOptions, withVersion } from '../context/context'
import { operation } from '../core/operation'
import { WeaviateError } from '../core/errors'
import { argsOf } from '../input/check'
import { ObservableEither } from '../core/observable-either'
import { routesFor } from '../server/routes'
import { AddressArgs, AddressFields, addressFields, OBJECT_KEYS } from './args'

/** Checked input of exists. */
interface ExistsInput extends AddressFields {
  readonly call: CallOptions
}

/**
 * Tells whether an object exists.
 */
export const exists =
  (ctx: OperationContext) =>
  (args: AddressArgs): ObservableEither<WeaviateError, boolean> =>
    operation(
      (): ExistsInput => {
        const a = argsOf(OBJECT_KEYS.exists, args)
        return { ...addressFields(a), call: callOptions(a) }
      },
      (input) =>
        withVersion(ctx, input.call, (version) =>
          ctx.http.run(
            {
              method: 'HEAD',
              path: routesFor(version, ctx.deprecations).object(input.className, input.uuid, { warn: true }),
              query: [
                ['consistency_level', input.consistencyLevel],
                ['tenant', input.tenant],
              ],
              expect: [204, 404],
              ...input.call,
            },
            (res) => E.right(res.status === 204),
          ),
        ),
    )
