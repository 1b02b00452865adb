/**
 * `users.assignRoles` and `users.revokeRoles`: one request, `POST /v1/authz/users/<user>/assign`
 * or `.../revoke`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { oneOf, optional } from '../../input/check'
import { userAuthzPath } from '../../server/routes'
import { supports } from '../../server/version'
import { accessOptions, principalName, whenFeatures } from '../request'
import { roleList } from '../role'
import { USER_TYPES, UserRoleOptions, userRoleKeys } from './options'

/** Assigns roles to a user, or revokes them (`sub`); `op` names the operation in errors. */
const changeRoles =
  (sub: 'assign' | 'revoke', op: string) =>
  (ctx: OperationContext) =>
  (userId: string, roles: readonly string[], options?: UserRoleOptions): ObservableEither<WeaviateError, void> =>
    operation(
      () => {
        const { o, call } = accessOptions<UserRoleOptions>(op, userRoleKeys, options)
        return { userId: principalName('userId', userId), roles: roleList('roles', roles), userType: optional(oneOf(USER_TYPES), 'userType', o['userType']), call }
      },
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          input.userType === undefined ? ['rbac'] : ['rbac', 'dbUsers'],
          (version) => ({
            req: {
              method: 'POST',
              path: userAuthzPath(input.userId, sub),
              body: { roles: input.roles, ...(supports(version, 'dbUsers') ? { userType: input.userType ?? 'db' } : {}) },
              expect: [200],
              idempotent: true,
            },
          }),
          () => E.right(undefined),
        ),
    )

/** `users.assignRoles`. */
export const assignRoles = changeRoles('assign', 'users.assignRoles')

/** `users.revokeRoles`. */
export const revokeRoles = changeRoles('revoke', 'users.revokeRoles')
