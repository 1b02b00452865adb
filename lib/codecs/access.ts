/**
 * The bodies of role-based access control (`/v1/authz/...`, Weaviate 1.28+) and of user
 * management (`/v1/users/...`): a role with its wire permissions (one action and one resource
 * object each), a database user, a new API key, the caller's own information, and the role
 * assignments of a role. Shapes from the server's OpenAPI document (v1.39.0
 * `definitions.Permission`, `Role`, `DBUserInfo`, `UserApiKey`, `UserOwnInfo`).
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

const optionalString = t.union([t.string, t.null, t.undefined])

/**
 * One permission as the server sends and takes it: an `action` (`read_data`, `manage_backups`,
 * ...) and the resource object of its kind (`data: { collection, tenant, object }`, ...). The
 * resource fields are read as strings; the client's typed form is built from it in `lib/access/`.
 */
export const WirePermissionCodec = t.intersection([
  t.type({ action: t.string }),
  t.partial({
    backups: t.partial({ collection: optionalString }),
    data: t.partial({ collection: optionalString, tenant: optionalString, object: optionalString }),
    nodes: t.partial({ verbosity: optionalString, collection: optionalString }),
    users: t.partial({ users: optionalString }),
    groups: t.partial({ group: optionalString, groupType: optionalString }),
    tenants: t.partial({ collection: optionalString, tenant: optionalString }),
    roles: t.partial({ role: optionalString, scope: optionalString }),
    collections: t.partial({ collection: optionalString }),
    replicate: t.partial({ collection: optionalString, shard: optionalString }),
    aliases: t.partial({ collection: optionalString, alias: optionalString }),
  }),
])
export type WirePermission = t.TypeOf<typeof WirePermissionCodec>

/** A role: its name and its wire permissions (`permissions` may be missing or `null`, read as `[]`). */
export const WireRoleCodec = t.intersection([
  t.type({ name: t.string }),
  t.partial({ permissions: t.union([t.readonlyArray(WirePermissionCodec), t.null]) }),
])
export type WireRole = t.TypeOf<typeof WireRoleCodec>

/** The list of roles (`GET /authz/roles`, the roles of a user or a group); `null` is `[]`. */
export const WireRoleListCodec = t.union([t.readonlyArray(WireRoleCodec), t.null])

/** A list of names (`GET /authz/roles/{id}/users`, `GET /authz/groups/{groupType}`); `null` is `[]`. */
export const NameListCodec = t.union([t.readonlyArray(t.string), t.null])

/** `GET /authz/roles/{id}/user-assignments` (1.30+): who has the role, and of which user type. */
export const UserAssignmentListCodec = t.union([t.readonlyArray(t.type({ userId: t.string, userType: t.string })), t.null])

/** `GET /authz/roles/{id}/group-assignments` (1.32.5 / 1.33+). */
export const GroupAssignmentListCodec = t.union([t.readonlyArray(t.type({ groupId: t.string, groupType: t.string })), t.null])

/** `POST /authz/roles/{id}/has-permission`: a bare boolean. */
export const HasPermissionCodec = t.boolean

/** A database user (`GET /users/db[/{id}]`, 1.30+). */
export const DbUserCodec = t.intersection([
  t.type({ userId: t.string, dbUserType: t.string, active: t.boolean }),
  t.partial({
    roles: t.union([t.readonlyArray(t.string), t.null]),
    createdAt: optionalString,
    lastUsedAt: optionalString,
    apiKeyFirstLetters: optionalString,
  }),
])
export type WireDbUser = t.TypeOf<typeof DbUserCodec>

/** The list of database users; `null` is `[]`. */
export const DbUserListCodec = t.union([t.readonlyArray(DbUserCodec), t.null])

/** A new API key (`POST /users/db/{id}`, `POST /users/db/{id}/rotate-key`). */
export const ApiKeyCodec = t.type({ apikey: t.string })

/** `GET /users/own-info` (1.28.5 / 1.29+). */
export const OwnInfoCodec = t.intersection([
  t.type({ username: t.string }),
  t.partial({ roles: t.union([t.readonlyArray(WireRoleCodec), t.null]), groups: t.union([t.readonlyArray(t.string), t.null]) }),
])
export type WireOwnInfo = t.TypeOf<typeof OwnInfoCodec>
