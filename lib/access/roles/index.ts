/**
 * `client.roles`: roles and their permissions (`/v1/authz/roles/...`, Weaviate 1.28+), one file
 * per operation.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { Permission } from '../permissions'
import { Role } from '../role'
import { GroupAssignment, assignedGroups } from './assigned-groups'
import { UserAssignment, assignedUsers } from './assigned-users'
import { addPermissions, removePermissions } from './change-permissions'
import { createRole } from './create'
import { deleteRole } from './delete'
import { roleExists } from './exists'
import { getRole } from './get'
import { hasPermission } from './has-permission'
import { listRoles } from './list'

export type { Role } from '../role'
export type { GroupAssignment } from './assigned-groups'
export type { UserAssignment } from './assigned-users'

/**
 * `client.roles` (Weaviate 1.28.0 and later; some permission kinds and operations later, see each).
 * Every operation checks its arguments first (a malformed permission is one `ArgumentValueError`,
 * nothing sent) and refuses an older server with an `UnsupportedVersionError` before any request.
 * A refusal for want of a permission is a `ForbiddenError`, never retried.
 *
 * @example
 * ```ts
 * await firstRight(
 *   client.roles.create('article-reader', [
 *     { kind: 'collections', collection: 'Article', actions: ['read'] },
 *     { kind: 'data', collection: 'Article', actions: ['read'] },
 *   ]),
 * )
 * await firstRight(client.users.assignRoles('ci-bot', ['article-reader']))
 * ```
 */
export interface RolesApi {
  /** Creates a role with its permissions (`POST /authz/roles`; an existing name is a 409 `UnexpectedStatusError`); emits it as sent, every resource field explicit. */
  readonly create: (name: string, permissions: readonly Permission[], options?: CallOptions) => ObservableEither<WeaviateError, Role>
  /** One role, or `null` when there is none of that name. */
  readonly get: (name: string, options?: CallOptions) => ObservableEither<WeaviateError, Role | null>
  /** Every role (the built-in `viewer`, `admin`, `root`, `read-only` among them). */
  readonly list: (options?: CallOptions) => ObservableEither<WeaviateError, readonly Role[]>
  /** Deletes a role (idempotent: a missing role is `right(undefined)` too). */
  readonly delete: (name: string, options?: CallOptions) => ObservableEither<WeaviateError, void>
  /** Whether a role of that name exists. */
  readonly exists: (name: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /** Adds permissions to a role (those it has already stay once). */
  readonly addPermissions: (name: string, permissions: readonly Permission[], options?: CallOptions) => ObservableEither<WeaviateError, void>
  /** Removes permissions from a role; the server deletes a role left without any. */
  readonly removePermissions: (name: string, permissions: readonly Permission[], options?: CallOptions) => ObservableEither<WeaviateError, void>
  /**
   * Whether a role has a permission (`POST /authz/roles/<role>/has-permission`): the server answers
   * for one action, so `permission.actions` must name exactly one.
   */
  readonly hasPermission: (name: string, permission: Permission, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /**
   * The users a role is assigned to, with their types (`/authz/roles/<role>/user-assignments`,
   * Weaviate 1.30.0 and later).
   */
  readonly assignedUsers: (name: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly UserAssignment[]>
  /**
   * The groups a role is assigned to (`/authz/roles/<role>/group-assignments`, Weaviate 1.32.5
   * (1.32.x) / 1.33.0 and later).
   */
  readonly assignedGroups: (name: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly GroupAssignment[]>
}

/**
 * Binds the role operations to a client context.
 */
export const rolesApi = (ctx: OperationContext): RolesApi => ({
  create: createRole(ctx),
  get: getRole(ctx),
  list: listRoles(ctx),
  delete: deleteRole(ctx),
  exists: roleExists(ctx),
  addPermissions: addPermissions(ctx),
  removePermissions: removePermissions(ctx),
  hasPermission: hasPermission(ctx),
  assignedUsers: assignedUsers(ctx),
  assignedGroups: assignedGroups(ctx),
})
