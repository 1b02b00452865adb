/**
 * `users.groups.assignRoles` and `users.groups.revokeRoles`: one request, `POST
 * /v1/authz/groups/<group>/assign` or `.../revoke`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext, callInput } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { groupAuthzPath } from '../../../server/routes'
import { principalName, whenFeatures } from '../../request'
import { roleList } from '../../role'

/** Assigns roles to an OIDC group, or revokes them (`sub`); `op` names the operation in errors. */
const groupChange =
  (sub: 'assign' | 'revoke', op: string) =>
  (ctx: OperationContext) =>
  (group: string, roles: readonly string[], options?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      () => ({ group: principalName('group', group), roles: roleList('roles', roles), call: callInput(op, options) }),
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          ['rbacGroupAssign'],
          () => ({ req: { method: 'POST', path: groupAuthzPath(input.group, sub, 'oidc'), body: { roles: input.roles, groupType: 'oidc' }, expect: [200], idempotent: true } }),
          () => E.right(undefined),
        ),
    )

/** `users.groups.assignRoles`. */
export const assignGroupRoles = groupChange('assign', 'users.groups.assignRoles')

/** `users.groups.revokeRoles`. */
export const revokeGroupRoles = groupChange('revoke', 'users.groups.revokeRoles')
