/**
 * `users.getAssignedRoles`: `GET /v1/authz/users/<user>/roles[/<type>]`.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { boolean, oneOf, optional } from '../../input/check'
import { userAuthzPath } from '../../server/routes'
import { supports } from '../../server/version'
import { accessOptions, principalName, whenFeatures } from '../request'
import { Role, rolesOfList } from '../role'
import { AssignedRolesOptions, USER_TYPES, userRoleKeys } from './options'

/** The roles of a user, with their permissions. */
export const getAssignedRoles =
  (ctx: OperationContext) =>
  (userId: string, options?: AssignedRolesOptions): ObservableEither<WeaviateError, readonly Role[]> =>
    operation(
      () => {
        const { o, call } = accessOptions<AssignedRolesOptions>('users.getAssignedRoles', { ...userRoleKeys, includePermissions: true }, options)
        return {
          userId: principalName('userId', userId),
          userType: optional(oneOf(USER_TYPES), 'userType', o['userType']),
          includePermissions: optional(boolean, 'includePermissions', o['includePermissions']) ?? true,
          call,
        }
      },
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          input.userType === undefined ? ['rbac'] : ['rbac', 'dbUsers'],
          (version) =>
            supports(version, 'dbUsers')
              ? {
                  req: {
                    method: 'GET',
                    path: userAuthzPath(input.userId, 'roles', input.userType ?? 'db'),
                    query: [['includeFullRoles', String(input.includePermissions)]],
                    expect: [200],
                  },
                }
              : { req: { method: 'GET', path: userAuthzPath(input.userId, 'roles'), expect: [200] } },
          rolesOfList,
        ),
    )
