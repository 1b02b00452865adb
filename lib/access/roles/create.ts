/**
 * `roles.create`: `POST /v1/authz/roles`.
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
import { Role, roleInput, roleOf } from '../role'

/** Creates a role with its permissions; emits it as sent, every resource field explicit. */
export const createRole =
  (ctx: OperationContext) =>
  (name: string, permissions: readonly Permission[], options?: CallOptions): ObservableEither<WeaviateError, Role> =>
    operation(
      () => ({ ...roleInput('roles.create', name, options), permissions: checkPermissions('permissions', permissions) }),
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          ['rbac', ...input.permissions.features],
          () => ({ req: { method: 'POST', path: rolePath(), body: { name: input.name, permissions: input.permissions.wire }, expect: [201] } }),
          () => E.right(roleOf({ name: input.name, permissions: input.permissions.wire })),
        ),
    )
