/**
 * The options of the role assignments of a user: its type, and whether to read each role's
 * permissions.
 *
 * @packageDocumentation
 */
import { CallOptions } from '../../context/context'

/**
 * Which kind of user a role assignment is for: `'db'` (a database user, or an API-key user of the
 * server's environment) or `'oidc'` (a user of the OIDC provider). The distinction exists from
 * Weaviate 1.30.0; older servers take neither.
 *
 * @example
 * ```ts
 * const type: UserType = 'oidc'
 * ```
 */
export type UserType = 'db' | 'oidc'
export const USER_TYPES = ['db', 'oidc'] as const

/**
 * The options of `users.assignRoles` and `users.revokeRoles`.
 *
 * @example
 * ```ts
 * const options: UserRoleOptions = { userType: 'oidc' }
 * ```
 */
export interface UserRoleOptions extends CallOptions {
  /** The user's type (Weaviate 1.30.0 and later; there the default is `'db'`). */
  readonly userType?: UserType
}

/**
 * The options of `users.getAssignedRoles`.
 *
 * @example
 * ```ts
 * const options: AssignedRolesOptions = { userType: 'db', includePermissions: false }
 * ```
 */
export interface AssignedRolesOptions extends UserRoleOptions {
  /** Read each role's permissions too (the server's `includeFullRoles`, 1.30+); default true. */
  readonly includePermissions?: boolean
}

/** The keys of {@link UserRoleOptions} besides the per-call ones. */
export const userRoleKeys = { userType: true } as const
