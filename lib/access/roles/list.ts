/**
 * `roles.list`: `GET /v1/authz/roles`.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { rolePath } from '../../server/routes'
import { whenFeatures } from '../request'
import { Role, rolesOfList } from '../role'

/** Every role. */
export const listRoles =
  (ctx: OperationContext) =>
  (options?: CallOptions): ObservableEither<WeaviateError, readonly Role[]> =>
    operation(
      () => ({ call: callInput('roles.list', options) }),
      (input) => whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'GET', path: rolePath(), expect: [200] } }), rolesOfList),
    )
