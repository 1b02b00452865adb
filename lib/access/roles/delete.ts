/**
 * `roles.delete`: `DELETE /v1/authz/roles/<role>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { rolePath } from '../../server/routes'
import { whenFeatures } from '../request'
import { roleInput } from '../role'

/** Deletes a role (idempotent: a missing role is `right(undefined)` too). */
export const deleteRole =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      () => roleInput('roles.delete', name, options),
      (input) =>
        whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'DELETE', path: rolePath(input.name), expect: [204, 404] } }), () =>
          E.right(undefined),
        ),
    )
