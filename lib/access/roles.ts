/**
 * `client.roles`: roles and their permissions (`/v1/authz/roles/...`, Weaviate 1.28+).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { decode } from '../codecs/decode'
import {
  GroupAssignmentListCodec,
  HasPermissionCodec,
  UserAssignmentListCodec,
  WireRole,
  WireRoleCodec,
  WireRoleListCodec,
} from '../codecs/access'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { valueError } from '../input/check'
import { rolePath } from '../server/routes'
import { OtherPermission, Permission, checkPermission, checkPermissions, fromWire } from './permissions'
import { roleName, whenFeatures } from './request'

/**
 * A role as the server holds it: its name and its permissions, one per kind and resource, every
 * resource field explicit (`'*'` where none was given).
 *
 * @example
 * ```ts
 * const canRead = (role: Role, className: string) =>
 *   role.permissions.some((p) => p.kind === 'data' && p.collection === className && p.actions.includes('read'))
 * ```
 */
export interface Role {
  readonly name: string
  readonly permissions: readonly Permission[]
  /** Permissions whose action this client does not know (a newer server's), as sent. */
  readonly otherPermissions: readonly OtherPermission[]
}

/**
 * A user a role is assigned to (`roles.assignedUsers`): its id and its type (`'db_user'`,
 * `'db_env_user'` for an API-key user of the server's environment, or `'oidc'`).
 *
 * @example
 * ```ts
 * const ids = (users: readonly UserAssignment[]) => users.map((u) => u.userId)
 * ```
 */
export interface UserAssignment {
  readonly userId: string
  readonly userType: string
}

/**
 * A group a role is assigned to (`roles.assignedGroups`).
 *
 * @example
 * ```ts
 * const ids = (groups: readonly GroupAssignment[]) => groups.map((g) => g.groupId)
 * ```
 */
export interface GroupAssignment {
  readonly groupId: string
  readonly groupType: string
}

/** The typed form of a wire role. */
export const roleOf = (w: WireRole): Role => {
  const { permissions, others } = fromWire(w.permissions ?? [])
  return { name: w.name, permissions, otherPermissions: others }
}

const roleInput = (operation: string, name: unknown, options: unknown): { readonly name: string; readonly call: CallOptions } => ({
  name: roleName('name', name),
  call: callInput(operation, options),
})

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
export const rolesApi = (ctx: OperationContext): RolesApi => {
  const get = (name: string, options?: CallOptions): ObservableEither<WeaviateError, Role | null> =>
    operation(
      () => roleInput('roles.get', name, options),
      (input) =>
        whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'GET', path: rolePath(input.name), expect: [200, 404] } }), (res) =>
          res.status === 404 ? E.right(null) : E.map(roleOf)(decode(WireRoleCodec, res.body, res)),
        ),
    )
  const changePermissions =
    (sub: 'add-permissions' | 'remove-permissions', op: string) =>
    (name: string, permissions: readonly Permission[], options?: CallOptions): ObservableEither<WeaviateError, void> =>
      operation(
        () => ({ ...roleInput(op, name, options), permissions: checkPermissions('permissions', permissions) }),
        (input) =>
          whenFeatures(
            ctx,
            input.call,
            ['rbac', ...input.permissions.features],
            () => ({ req: { method: 'POST', path: rolePath(input.name, sub), body: { permissions: input.permissions.wire }, expect: [200] } }),
            () => E.right(undefined),
          ),
      )
  return {
    create: (name, permissions, options) =>
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
      ),
    get,
    list: (options) =>
      operation(
        () => ({ call: callInput('roles.list', options) }),
        (input) =>
          whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'GET', path: rolePath(), expect: [200] } }), (res) =>
            E.map((list: readonly WireRole[] | null): readonly Role[] => (list ?? []).map(roleOf))(decode(WireRoleListCodec, res.body, res)),
          ),
      ),
    delete: (name, options) =>
      operation(
        () => roleInput('roles.delete', name, options),
        (input) =>
          whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'DELETE', path: rolePath(input.name), expect: [204, 404] } }), () =>
            E.right(undefined),
          ),
      ),
    exists: (name, options) =>
      operation(
        () => roleInput('roles.exists', name, options),
        (input) =>
          whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'GET', path: rolePath(input.name), expect: [200, 404] } }), (res) =>
            E.right(res.status === 200),
          ),
      ),
    addPermissions: changePermissions('add-permissions', 'roles.addPermissions'),
    removePermissions: changePermissions('remove-permissions', 'roles.removePermissions'),
    hasPermission: (name, permission, options) =>
      operation(
        () => {
          const input = roleInput('roles.hasPermission', name, options)
          const checked = checkPermission('permission', permission)
          const [one, ...more] = checked.wire
          if (one === undefined || more.length > 0) return valueError('permission.actions', "'permission.actions' must name exactly one action for hasPermission")
          return { ...input, features: checked.features, wire: one }
        },
        (input) =>
          whenFeatures(
            ctx,
            input.call,
            ['rbac', ...input.features],
            () => ({ req: { method: 'POST', path: rolePath(input.name, 'has-permission'), body: input.wire, expect: [200], idempotent: true } }),
            (res) => decode(HasPermissionCodec, res.body, res),
          ),
      ),
    assignedUsers: (name, options) =>
      operation(
        () => roleInput('roles.assignedUsers', name, options),
        (input) =>
          whenFeatures(ctx, input.call, ['rbac', 'dbUsers'], () => ({ req: { method: 'GET', path: rolePath(input.name, 'user-assignments'), expect: [200] } }), (res) =>
            E.map((list: readonly UserAssignment[] | null): readonly UserAssignment[] => (list ?? []).map((u) => ({ userId: u.userId, userType: u.userType })))(
              decode(UserAssignmentListCodec, res.body, res),
            ),
          ),
      ),
    assignedGroups: (name, options) =>
      operation(
        () => roleInput('roles.assignedGroups', name, options),
        (input) =>
          whenFeatures(ctx, input.call, ['rbac', 'rbacGroups'], () => ({ req: { method: 'GET', path: rolePath(input.name, 'group-assignments'), expect: [200] } }), (res) =>
            E.map((list: readonly GroupAssignment[] | null): readonly GroupAssignment[] => (list ?? []).map((g) => ({ groupId: g.groupId, groupType: g.groupType })))(
              decode(GroupAssignmentListCodec, res.body, res),
            ),
          ),
      ),
  }
}
