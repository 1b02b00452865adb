/**
 * `users.groups.getAssignedRoles`: `GET /v1/authz/groups/<group>/roles/oidc`.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext, callInput } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { groupAuthzPath } from '../../../server/routes'
import { principalName, whenFeatures } from '../../request'
import { Role, rolesOfList } from '../../role'

/** The roles of a group, with their permissions. */
export const getGroupRoles =
  (ctx: OperationContext) =>
  (group: string, options?: CallOptions): ObservableEither<WeaviateError, readonly Role[]> =>
    operation(
      () => ({ group: principalName('group', group), call: callInput('users.groups.getAssignedRoles', options) }),
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          ['rbacGroups'],
          () => ({ req: { method: 'GET', path: groupAuthzPath(input.group, 'roles', 'oidc'), query: [['includeFullRoles', 'true']], expect: [200] } }),
          rolesOfList,
        ),
    )
