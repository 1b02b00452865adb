/**
 * `client.users`: role assignment to users and groups (`/v1/authz/users/...`,
 * `/v1/authz/groups/...`), database users (`/v1/users/db/...`, Weaviate 1.30+) and the caller's
 * own information (`/v1/users/own-info`).
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { Role } from '../role'
import { getAssignedRoles } from './assigned-roles'
import { assignRoles, revokeRoles } from './change-roles'
import { DbUsersApi, dbUsersApi } from './db'
import { GroupsApi, groupsApi } from './groups'
import { AssignedRolesOptions, UserRoleOptions } from './options'
import { OwnInfo, ownInfo } from './own-info'

export type { DbUser, DbUserReadOptions, DbUsersApi, DeactivateOptions } from './db'
export type { GroupsApi } from './groups'
export type { AssignedRolesOptions, UserRoleOptions, UserType } from './options'
export type { OwnInfo } from './own-info'

/**
 * `client.users`: role assignment (Weaviate 1.28.0 and later), the caller's own information
 * (1.28.5 / 1.29.0), database users (`db`, 1.30.0) and groups (`groups`). Every operation checks
 * its arguments first and refuses an older server with an `UnsupportedVersionError` before any
 * request; a refusal for want of a permission is a `ForbiddenError`, never retried.
 *
 * @example
 * ```ts
 * await firstRight(client.users.assignRoles('ci-bot', ['article-reader']))
 * const me = await firstRight(client.users.ownInfo())
 * console.log(me.username, me.roles.map((r) => r.name))
 * ```
 */
export interface UsersApi {
  /** Assigns roles to a user (`POST /authz/users/<user>/assign`). */
  readonly assignRoles: (userId: string, roles: readonly string[], options?: UserRoleOptions) => ObservableEither<WeaviateError, void>
  /** Revokes roles of a user (`POST /authz/users/<user>/revoke`). */
  readonly revokeRoles: (userId: string, roles: readonly string[], options?: UserRoleOptions) => ObservableEither<WeaviateError, void>
  /** The roles of a user, with their permissions. */
  readonly getAssignedRoles: (userId: string, options?: AssignedRolesOptions) => ObservableEither<WeaviateError, readonly Role[]>
  /** Who the caller is (`GET /users/own-info`, Weaviate 1.28.5 (1.28.x) / 1.29.0 and later). */
  readonly ownInfo: (options?: CallOptions) => ObservableEither<WeaviateError, OwnInfo>
  readonly db: DbUsersApi
  readonly groups: GroupsApi
}

/**
 * Binds the user operations to a client context.
 */
export const usersApi = (ctx: OperationContext): UsersApi => ({
  assignRoles: assignRoles(ctx),
  revokeRoles: revokeRoles(ctx),
  getAssignedRoles: getAssignedRoles(ctx),
  ownInfo: ownInfo(ctx),
  db: dbUsersApi(ctx),
  groups: groupsApi(ctx),
})
