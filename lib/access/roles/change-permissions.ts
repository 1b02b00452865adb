/**
 * `roles.addPermissions` and `roles.removePermissions`: one request, `POST
 * /v1/authz/roles/<role>/add-permissions` or `.../remove-permissions`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { rolePath } from '../../server/routes'
import { Permission, checkPermissions } from '../permissions'
import { whenFeatures } from '../request'
import { roleInput } from '../role'

/** Adds permissions to a role, or removes them from it (`sub`); `op` names the operation in errors. */
export const changePermissions =
  (sub: 'add-permissions' | 'remove-permissions', op: string) =>
  (ctx: OperationContext) =>
  (name: string, permissions: readonly Permission[], options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      () => ({ ...roleInput(op, name, options), permissions: checkPermissions('permissions', permissions) }),
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          ['rbac', ...input.permissions.features],
          () => ({ req: { method: 'POST', path: rolePath(input.name, sub), body: { permissions: input.permissions.wire }, expect: [200] } }),
          () => E.right(undefined),
        ),
    )

/** `roles.addPermissions`. */
export const addPermissions = changePermissions('add-permissions', 'roles.addPermissions')

/** `roles.removePermissions`. */
export const removePermissions = changePermissions('remove-permissions', 'roles.removePermissions')
