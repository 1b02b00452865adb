/**
 * `client.users`: role assignment to users and groups (`/v1/authz/users/...`,
 * `/v1/authz/groups/...`), database users (`/v1/users/db/...`, Weaviate 1.30+) and the caller's
 * own information (`/v1/users/own-info`).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ApiKeyCodec, DbUserCodec, DbUserListCodec, NameListCodec, OwnInfoCodec, WireDbUser, WireOwnInfo, WireRole, WireRoleListCodec } from '../codecs/access'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { boolean, oneOf, optional, stringArray, valueError } from '../input/check'
import { supports } from '../server/version'
import { dbUserPath, groupAuthzPath, ownInfoPath, userAuthzPath } from '../server/routes'
import { HttpResponse } from '../transport/http/types'
import { accessOptions, principalName, roleName, whenFeatures } from './request'
import { Role, roleOf } from './roles'

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
const USER_TYPES = ['db', 'oidc'] as const

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

/**
 * A database user (Weaviate 1.30+): created through `users.db.create`, or an API-key user of the
 * server's environment (`userType: 'db_env_user'`).
 *
 * @example
 * ```ts
 * const activeIds = (users: readonly DbUser[]) => users.filter((u) => u.active).map((u) => u.userId)
 * ```
 */
export interface DbUser {
  readonly userId: string
  /** `'db_user'` or `'db_env_user'`. */
  readonly userType: string
  readonly active: boolean
  /** The names of its roles. */
  readonly roles: readonly string[]
  /** ISO date-time. */
  readonly createdAt?: string
  /** ISO date-time, with `includeLastUsedTime`. */
  readonly lastUsedAt?: string
  /** The first letters of its API key. */
  readonly apiKeyFirstLetters?: string
}

/**
 * The options of `users.db.list` and `users.db.get`.
 *
 * @example
 * ```ts
 * const options: DbUserReadOptions = { includeLastUsedTime: true }
 * ```
 */
export interface DbUserReadOptions extends CallOptions {
  /** Ask the server for each user's last use (`lastUsedAt`). */
  readonly includeLastUsedTime?: boolean
}

/**
 * The options of `users.db.deactivate`.
 *
 * @example
 * ```ts
 * const options: DeactivateOptions = { revokeKey: true }
 * ```
 */
export interface DeactivateOptions extends CallOptions {
  /** Also revoke the user's API key, so activating it again needs `rotateKey`. */
  readonly revokeKey?: boolean
}

/**
 * Who the caller is (`users.ownInfo`): its name, its roles with their permissions, its groups.
 *
 * @example
 * ```ts
 * const roleNames = (me: OwnInfo) => me.roles.map((r) => r.name)
 * ```
 */
export interface OwnInfo {
  readonly username: string
  readonly roles: readonly Role[]
  readonly groups: readonly string[]
}

/**
 * `client.users.db`: database users (Weaviate 1.30.0 and later, with
 * `AUTHENTICATION_DB_USERS_ENABLED=true` on the server).
 *
 * @example
 * ```ts
 * const key = await firstRight(client.users.db.create('ci-bot'))
 * const ciClient = connect({ url: 'http://localhost:8080', apiKey: key })
 * ```
 */
export interface DbUsersApi {
  /** Creates a user; emits its API key, which the server shows only this once. */
  readonly create: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, string>
  /** Replaces a user's API key; emits the new key (the old one stops working). */
  readonly rotateKey: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, string>
  /** Activates a user; `false` when it was active already. */
  readonly activate: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /** Deactivates a user (its key stops working until it is activated); `false` when it was inactive already. */
  readonly deactivate: (userId: string, options?: DeactivateOptions) => ObservableEither<WeaviateError, boolean>
  /** Deletes a user; `false` when there was none. */
  readonly delete: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /** Every database user (and the environment's API-key users). */
  readonly list: (options?: DbUserReadOptions) => ObservableEither<WeaviateError, readonly DbUser[]>
  /** One user, or `null` when there is none. */
  readonly get: (userId: string, options?: DbUserReadOptions) => ObservableEither<WeaviateError, DbUser | null>
}

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

const roleList = (argument: string, value: unknown): readonly string[] => {
  const list = stringArray(argument, value)
  if (list.length === 0) valueError(argument, `'${argument}' must name at least one role`)
  list.forEach((r, i) => roleName(`${argument}[${i}]`, r))
  return list
}

const rolesOfList = (res: HttpResponse): E.Either<WeaviateError, readonly Role[]> =>
  E.map((list: readonly WireRole[] | null): readonly Role[] => (list ?? []).map(roleOf))(decode(WireRoleListCodec, res.body, res))

const dbUserOf = (u: WireDbUser): DbUser => ({
  userId: u.userId,
  userType: u.dbUserType,
  active: u.active,
  roles: u.roles ?? [],
  ...(typeof u.createdAt === 'string' ? { createdAt: u.createdAt } : {}),
  ...(typeof u.lastUsedAt === 'string' ? { lastUsedAt: u.lastUsedAt } : {}),
  ...(typeof u.apiKeyFirstLetters === 'string' ? { apiKeyFirstLetters: u.apiKeyFirstLetters } : {}),
})

const ownInfoOf = (o: WireOwnInfo): OwnInfo => ({ username: o.username, roles: (o.roles ?? []).map(roleOf), groups: o.groups ?? [] })

const userRoleKeys = { userType: true } as const
const readKeys = { includeLastUsedTime: true } as const

/**
 * Binds the user operations to a client context.
 */
export const usersApi = (ctx: OperationContext): UsersApi => {
  const changeRoles =
    (sub: 'assign' | 'revoke', op: string) =>
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
  const dbUser = (op: string, userId: unknown, options: unknown): { readonly userId: string; readonly call: CallOptions } => ({
    userId: principalName('userId', userId),
    call: callInput(op, options),
  })
  const newKey =
    (op: string, sub: 'rotate-key' | undefined, expect: number) =>
    (userId: string, options?: CallOptions): ObservableEither<WeaviateError, string> =>
      operation(
        () => dbUser(op, userId, options),
        (input) =>
          whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'POST', path: dbUserPath(input.userId, sub), expect: [expect] } }), (res) =>
            E.map((k: { readonly apikey: string }) => k.apikey)(decode(ApiKeyCodec, res.body, res)),
          ),
      )
  const groupChange =
    (sub: 'assign' | 'revoke', op: string) =>
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
  const readQuery = (o: Readonly<Record<string, unknown>>): ReadonlyArray<readonly [string, string | undefined]> => {
    const include = optional(boolean, 'includeLastUsedTime', o['includeLastUsedTime'])
    return [['includeLastUsedTime', include === undefined ? undefined : String(include)]]
  }
  return {
    assignRoles: changeRoles('assign', 'users.assignRoles'),
    revokeRoles: changeRoles('revoke', 'users.revokeRoles'),
    getAssignedRoles: (userId, options) =>
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
      ),
    ownInfo: (options) =>
      operation(
        () => ({ call: callInput('users.ownInfo', options) }),
        (input) =>
          whenFeatures(ctx, input.call, ['rbacOwnInfo'], () => ({ req: { method: 'GET', path: ownInfoPath(), expect: [200] } }), (res) =>
            E.map(ownInfoOf)(decode(OwnInfoCodec, res.body, res)),
          ),
      ),
    db: {
      create: newKey('users.db.create', undefined, 201),
      rotateKey: newKey('users.db.rotateKey', 'rotate-key', 200),
      activate: (userId, options) =>
        operation(
          () => dbUser('users.db.activate', userId, options),
          (input) =>
            whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'POST', path: dbUserPath(input.userId, 'activate'), expect: [200, 409], idempotent: true } }), (res) =>
              E.right(res.status === 200),
            ),
        ),
      deactivate: (userId, options) =>
        operation(
          () => {
            const { o, call } = accessOptions<DeactivateOptions>('users.db.deactivate', { revokeKey: true }, options)
            const revokeKey = optional(boolean, 'revokeKey', o['revokeKey'])
            return { userId: principalName('userId', userId), revokeKey, call }
          },
          (input) =>
            whenFeatures(
              ctx,
              input.call,
              ['dbUsers'],
              () => ({
                req: {
                  method: 'POST',
                  path: dbUserPath(input.userId, 'deactivate'),
                  ...(input.revokeKey === undefined ? {} : { body: { revoke_key: input.revokeKey } }),
                  expect: [200, 409],
                  idempotent: true,
                },
              }),
              (res) => E.right(res.status === 200),
            ),
        ),
      delete: (userId, options) =>
        operation(
          () => dbUser('users.db.delete', userId, options),
          (input) =>
            whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'DELETE', path: dbUserPath(input.userId), expect: [204, 404] } }), (res) =>
              E.right(res.status === 204),
            ),
        ),
      list: (options) =>
        operation(
          () => {
            const { o, call } = accessOptions<DbUserReadOptions>('users.db.list', readKeys, options)
            return { query: readQuery(o), call }
          },
          (input) =>
            whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'GET', path: dbUserPath(), query: input.query, expect: [200] } }), (res) =>
              E.map((list: readonly WireDbUser[] | null): readonly DbUser[] => (list ?? []).map(dbUserOf))(decode(DbUserListCodec, res.body, res)),
            ),
        ),
      get: (userId, options) =>
        operation(
          () => {
            const { o, call } = accessOptions<DbUserReadOptions>('users.db.get', readKeys, options)
            return { userId: principalName('userId', userId), query: readQuery(o), call }
          },
          (input) =>
            whenFeatures(
              ctx,
              input.call,
              ['dbUsers'],
              () => ({ req: { method: 'GET', path: dbUserPath(input.userId), query: input.query, expect: [200, 404] } }),
              (res) => (res.status === 404 ? E.right(null) : E.map(dbUserOf)(decode(DbUserCodec, res.body, res))),
            ),
        ),
    },
    groups: {
      assignRoles: groupChange('assign', 'users.groups.assignRoles'),
      revokeRoles: groupChange('revoke', 'users.groups.revokeRoles'),
      getAssignedRoles: (group, options) =>
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
        ),
      list: (options) =>
        operation(
          () => ({ call: callInput('users.groups.list', options) }),
          (input) =>
            whenFeatures(ctx, input.call, ['rbacGroups'], () => ({ req: { method: 'GET', path: groupAuthzPath(undefined, undefined, 'oidc'), expect: [200] } }), (res) =>
              E.map((list: readonly string[] | null): readonly string[] => list ?? [])(decode(NameListCodec, res.body, res)),
            ),
        ),
    },
  }
}
