/**
 * `client.users.groups`: roles of OIDC groups (`/v1/authz/groups/...`), one file per operation.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { Role } from '../../role'
import { getGroupRoles } from './assigned-roles'
import { assignGroupRoles, revokeGroupRoles } from './change-roles'
import { listGroups } from './list'

/**
 * `client.users.groups`: roles of OIDC groups (assign and revoke: Weaviate 1.28.5 (1.28.x) /
 * 1.29.0 and later; the roles of a group and the list of groups: 1.32.5 (1.32.x) / 1.33.0 and
 * later). The server needs no OIDC provider for this.
 *
 * @example
 * ```ts
 * await firstRight(client.users.groups.assignRoles('ops', ['viewer']))
 * ```
 */
export interface GroupsApi {
  readonly assignRoles: (group: string, roles: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, void>
  readonly revokeRoles: (group: string, roles: readonly string[], options?: CallOptions) => ObservableEither<WeaviateError, void>
  /** The roles of a group, with their permissions. */
  readonly getAssignedRoles: (group: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly Role[]>
  /** The groups that have roles. */
  readonly list: (options?: CallOptions) => ObservableEither<WeaviateError, readonly string[]>
}

/**
 * Binds the group operations to a client context.
 */
export const groupsApi = (ctx: OperationContext): GroupsApi => ({
  assignRoles: assignGroupRoles(ctx),
  revokeRoles: revokeGroupRoles(ctx),
  getAssignedRoles: getGroupRoles(ctx),
  list: listGroups(ctx),
})
