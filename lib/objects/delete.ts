/**
 * `objects.delete`: `DELETE /v1/objects/[<Class>/]<uuid>`, success 204. The class-namespaced
 * route answers 204 for a UUID that is already gone, so delete is idempotent there.
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

/** Checked input of delete. */
interface DeleteInput extends AddressFields {
  readonly call: CallOptions
}

/**
 * Deletes an object. Deleting an object that is not there is `right(undefined)` on every server
 * version: 1.39 answers 204 for it, 1.14 to 1.18 (and 1.13) answer 404; both mean the object does
 * not exist afterwards, which is what a delete promises (interface.md, state 1).
 */
export const deleteObject =
  (ctx: OperationContext) =>
  (args: AddressArgs): ObservableEither<WeaviateError, void> =>
    operation(
      (): DeleteInput => {
        const a = argsOf(OBJECT_KEYS.delete, args)
        return { ...addressFields(a), call: callOptions(a) }
      },
      (input) =>
        withVersion(ctx, input.call, (version) =>
          ctx.http.run(
            {
              method: 'DELETE',
              path: routesFor(version, ctx.deprecations).object(input.className, input.uuid, { warn: true }),
              query: [
                ['consistency_level', input.consistencyLevel],
                ['tenant', input.tenant],
              ],
              expect: [204, 404],
              ...input.call,
            },
            () => E.right(undefined),
          ),
        ),
    )
