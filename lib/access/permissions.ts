/**
 * Typed permissions: one member of a discriminated union per resource kind the server names
 * (v1.39.0 `definitions.Permission`), each with the actions that kind has, its resource fields,
 * the check that refuses a malformed one before any request, the server version each needs, and
 * the translation to and from the wire (one `{ action, <resource>: {...} }` object per action).
 *
 * @packageDocumentation
 */
import { WirePermission } from '../codecs/access'
import { argsObject, argumentKeys, knownKeys, nonEmptyString, oneOf, optional, typeError, valueError } from '../input/check'
import { Feature } from '../server/version'

/**
 * The four actions most permission kinds have.
 *
 * @example
 * ```ts
 * const actions: readonly CrudAction[] = ['read', 'update']
 * ```
 */
export type CrudAction = 'create' | 'read' | 'update' | 'delete'

/**
 * Backups of the matching classes (`manage_backups`).
 *
 * @example
 * ```ts
 * const p: BackupsPermission = { kind: 'backups', collection: 'Article', actions: ['manage'] }
 * ```
 */
export interface BackupsPermission {
  readonly kind: 'backups'
  /** A class name or a pattern (`Article*`); default `'*'`, every class. */
  readonly collection?: string
  readonly actions: readonly 'manage'[]
}

/**
 * Reading the cluster's state (`read_cluster`); it has no resource.
 *
 * @example
 * ```ts
 * const p: ClusterPermission = { kind: 'cluster', actions: ['read'] }
 * ```
 */
export interface ClusterPermission {
  readonly kind: 'cluster'
  readonly actions: readonly 'read'[]
}

/**
 * Class definitions (`create_collections`, ...): the schema of the matching classes.
 *
 * @example
 * ```ts
 * const p: CollectionsPermission = { kind: 'collections', collection: 'Article', actions: ['read', 'update'] }
 * ```
 */
export interface CollectionsPermission {
  readonly kind: 'collections'
  /** A class name or a pattern; default `'*'`. */
  readonly collection?: string
  readonly actions: readonly CrudAction[]
}

/**
 * Objects (`create_data`, `read_data`, ...): of the matching classes, tenants and object ids.
 *
 * @example
 * ```ts
 * const p: DataPermission = { kind: 'data', collection: 'Article', actions: ['read'] }
 * ```
 */
export interface DataPermission {
  readonly kind: 'data'
  /** A class name or a pattern; default `'*'`. */
  readonly collection?: string
  /** A tenant name or a pattern; default `'*'`. */
  readonly tenant?: string
  /** An object id or a pattern; default `'*'`. */
  readonly object?: string
  readonly actions: readonly CrudAction[]
}

/**
 * Tenants of the matching classes (`create_tenants`, ...). Weaviate 1.28.3 and later.
 *
 * @example
 * ```ts
 * const p: TenantsPermission = { kind: 'tenants', collection: 'Article', tenant: 'customer-*', actions: ['read'] }
 * ```
 */
export interface TenantsPermission {
  readonly kind: 'tenants'
  readonly collection?: string
  readonly tenant?: string
  readonly actions: readonly CrudAction[]
}

/**
 * Node status (`read_nodes`): `'minimal'` (the default) or `'verbose'` (shards and statistics of
 * the matching classes).
 *
 * @example
 * ```ts
 * const p: NodesPermission = { kind: 'nodes', verbosity: 'verbose', collection: 'Article', actions: ['read'] }
 * ```
 */
export interface NodesPermission {
  readonly kind: 'nodes'
  readonly verbosity?: 'minimal' | 'verbose'
  readonly collection?: string
  readonly actions: readonly 'read'[]
}

/**
 * Roles (`create_roles`, ...). `scope` of a write: `'match'` (the default: only permissions the
 * user holds itself) or `'all'`. `create`, `update`, `delete` and `scope`: Weaviate 1.28.5 and
 * later (1.28.0 to 1.28.4 knew only `manage_roles`, which this client does not send).
 *
 * @example
 * ```ts
 * const p: RolesPermission = { kind: 'roles', role: 'reader-*', actions: ['read'] }
 * ```
 */
export interface RolesPermission {
  readonly kind: 'roles'
  readonly role?: string
  readonly scope?: 'all' | 'match'
  readonly actions: readonly CrudAction[]
}

/**
 * Users (`assign_and_revoke_users`, `read_users` from 1.28.5; `create_users`, `update_users`,
 * `delete_users` from 1.30.0).
 *
 * @example
 * ```ts
 * const p: UsersPermission = { kind: 'users', user: 'ci-*', actions: ['read', 'assign_and_revoke'] }
 * ```
 */
export interface UsersPermission {
  readonly kind: 'users'
  /** A user name or a pattern; default `'*'` (the wire field `users.users`). */
  readonly user?: string
  readonly actions: readonly (CrudAction | 'assign_and_revoke')[]
}

/**
 * Aliases (`create_aliases`, ...) of the matching classes. Weaviate 1.32.0 and later.
 *
 * @example
 * ```ts
 * const p: AliasesPermission = { kind: 'aliases', alias: 'Articles', actions: ['read'] }
 * ```
 */
export interface AliasesPermission {
  readonly kind: 'aliases'
  readonly collection?: string
  readonly alias?: string
  readonly actions: readonly CrudAction[]
}

/**
 * Replication operations (`create_replicate`, ...; the wire's `replicate`) on the matching
 * classes and shards. Weaviate 1.31.0 and later.
 *
 * @example
 * ```ts
 * const p: ReplicationPermission = { kind: 'replication', collection: 'Article', actions: ['create', 'read'] }
 * ```
 */
export interface ReplicationPermission {
  readonly kind: 'replication'
  readonly collection?: string
  readonly shard?: string
  readonly actions: readonly CrudAction[]
}

/**
 * OIDC groups (`assign_and_revoke_groups`, `read_groups`). Weaviate 1.32.5 (1.32.x) / 1.33.0 and later.
 *
 * @example
 * ```ts
 * const p: GroupsPermission = { kind: 'groups', group: 'ops', actions: ['read'] }
 * ```
 */
export interface GroupsPermission {
  readonly kind: 'groups'
  readonly group?: string
  /** `'oidc'`, the only type the server has (and the default). */
  readonly groupType?: 'oidc'
  readonly actions: readonly ('assign_and_revoke' | 'read')[]
}

/**
 * The server's MCP (Model Context Protocol) endpoint (`create_mcp`, `read_mcp`, `update_mcp`); it
 * has no resource. Weaviate 1.37.1 (1.37.x) / 1.38.0 and later.
 *
 * @example
 * ```ts
 * const p: McpPermission = { kind: 'mcp', actions: ['read'] }
 * ```
 */
export interface McpPermission {
  readonly kind: 'mcp'
  readonly actions: readonly ('create' | 'read' | 'update')[]
}

/**
 * Managing the matching namespaces (`manage_namespaces`), on a server with namespaces on.
 * Weaviate 1.38.0 and later.
 *
 * @example
 * ```ts
 * const p: NamespacesPermission = { kind: 'namespaces', namespace: 'team-*', actions: ['manage'] }
 * ```
 */
export interface NamespacesPermission {
  readonly kind: 'namespaces'
  /** A namespace name or a pattern; default `'*'`, every namespace. */
  readonly namespace?: string
  readonly actions: readonly 'manage'[]
}

/**
 * A permission of a role: a resource kind, which of its resources (names or patterns; an omitted
 * field is `'*'`, all), and the actions allowed on them. Checked before any request: an unknown
 * kind, field or action is an `ArgumentValueError` and nothing is sent.
 *
 * @example
 * ```ts
 * const readArticles: Permission[] = [
 *   { kind: 'collections', collection: 'Article', actions: ['read'] },
 *   { kind: 'data', collection: 'Article', actions: ['read'] },
 * ]
 * ```
 */
export type Permission =
  | BackupsPermission
  | ClusterPermission
  | CollectionsPermission
  | DataPermission
  | TenantsPermission
  | NodesPermission
  | RolesPermission
  | UsersPermission
  | AliasesPermission
  | ReplicationPermission
  | GroupsPermission
  | McpPermission
  | NamespacesPermission

/**
 * The kind of a {@link Permission}.
 *
 * @example
 * ```ts
 * const kind: PermissionKind = 'data'
 * ```
 */
export type PermissionKind = Permission['kind']

/** Each kind: its wire name (the action suffix and the resource key), actions, resource fields with defaults, and the feature it needs. */
interface KindSpec {
  readonly wire: string
  /** The resource object's key, or none (cluster). */
  readonly resource: string | undefined
  readonly actions: readonly string[]
  /** Our field -> [wire field, default]. */
  readonly fields: Readonly<Record<string, readonly [string, string]>>
  /** Fields whose value is one of a few names. */
  readonly choices?: Readonly<Record<string, readonly string[]>>
  readonly feature: Feature
}

const CRUD = ['create', 'read', 'update', 'delete'] as const

const KINDS: { readonly [K in PermissionKind]: KindSpec } = {
  backups: { wire: 'backups', resource: 'backups', actions: ['manage'], fields: { collection: ['collection', '*'] }, feature: 'rbac' },
  cluster: { wire: 'cluster', resource: undefined, actions: ['read'], fields: {}, feature: 'rbac' },
  collections: { wire: 'collections', resource: 'collections', actions: CRUD, fields: { collection: ['collection', '*'] }, feature: 'rbac' },
  data: {
    wire: 'data',
    resource: 'data',
    actions: CRUD,
    fields: { collection: ['collection', '*'], tenant: ['tenant', '*'], object: ['object', '*'] },
    feature: 'rbac',
  },
  tenants: { wire: 'tenants', resource: 'tenants', actions: CRUD, fields: { collection: ['collection', '*'], tenant: ['tenant', '*'] }, feature: 'rbacTenants' },
  nodes: {
    wire: 'nodes',
    resource: 'nodes',
    actions: ['read'],
    fields: { verbosity: ['verbosity', 'minimal'], collection: ['collection', '*'] },
    choices: { verbosity: ['minimal', 'verbose'] },
    feature: 'rbac',
  },
  roles: {
    wire: 'roles',
    resource: 'roles',
    actions: CRUD,
    fields: { role: ['role', '*'], scope: ['scope', 'match'] },
    choices: { scope: ['all', 'match'] },
    feature: 'rbac',
  },
  users: { wire: 'users', resource: 'users', actions: ['assign_and_revoke', ...CRUD], fields: { user: ['users', '*'] }, feature: 'rbacUsers' },
  aliases: { wire: 'aliases', resource: 'aliases', actions: CRUD, fields: { collection: ['collection', '*'], alias: ['alias', '*'] }, feature: 'rbacAliases' },
  replication: {
    wire: 'replicate',
    resource: 'replicate',
    actions: CRUD,
    fields: { collection: ['collection', '*'], shard: ['shard', '*'] },
    feature: 'rbacReplication',
  },
  groups: {
    wire: 'groups',
    resource: 'groups',
    actions: ['assign_and_revoke', 'read'],
    fields: { group: ['group', '*'], groupType: ['groupType', 'oidc'] },
    choices: { groupType: ['oidc'] },
    feature: 'rbacGroups',
  },
  mcp: { wire: 'mcp', resource: undefined, actions: ['create', 'read', 'update'], fields: {}, feature: 'rbacMcp' },
  namespaces: { wire: 'namespaces', resource: 'namespaces', actions: ['manage'], fields: { namespace: ['namespace', '*'] }, feature: 'rbacNamespaces' },
}

const KIND_NAMES = Object.keys(KINDS) as PermissionKind[]

/** The features an action needs beyond its kind's. */
const ACTION_FEATURES: Readonly<Record<string, Feature>> = {
  create_roles: 'rbacUsers',
  update_roles: 'rbacUsers',
  delete_roles: 'rbacUsers',
  create_users: 'dbUsers',
  update_users: 'dbUsers',
  delete_users: 'dbUsers',
}

/** A checked permission: its wire objects (one per action, every resource field explicit) and the features they need. */
export interface CheckedPermission {
  readonly wire: readonly WirePermission[]
  readonly features: readonly Feature[]
}

/**
 * Checks one permission and builds its wire objects; throws an `ArgumentError` for a malformed one.
 */
export const checkPermission = (argument: string, value: unknown): CheckedPermission => {
  const p = argsObject(argument, value)
  const kind = oneOf(KIND_NAMES)(`${argument}.kind`, p['kind'])
  const spec = KINDS[kind]
  knownKeys(argumentKeysOf(kind), p, argument)
  const actionsValue = p['actions']
  if (!Array.isArray(actionsValue)) return typeError(`${argument}.actions`, 'array', actionsValue)
  if (actionsValue.length === 0) valueError(`${argument}.actions`, `'${argument}.actions' must name at least one action`)
  const actions = actionsValue.map((a: unknown, i) => oneOf(spec.actions)(`${argument}.actions[${i}]`, a))
  const duplicate = actions.find((a, i) => actions.indexOf(a) !== i)
  if (duplicate !== undefined) valueError(`${argument}.actions`, `'${argument}.actions' names '${duplicate}' twice`)
  const resource: Record<string, string> = {}
  for (const [field, [wireField, fallback]] of Object.entries(spec.fields)) {
    const choices = spec.choices?.[field]
    const given = optional(choices === undefined ? nonEmptyString : oneOf(choices), `${argument}.${field}`, p[field])
    resource[wireField] = given ?? fallback
  }
  const wireActions = actions.map((a) => `${a}_${spec.wire}`)
  const features = [spec.feature, ...wireActions.flatMap((a) => (ACTION_FEATURES[a] === undefined ? [] : [ACTION_FEATURES[a]]))]
  if (kind === 'roles' && p['scope'] !== undefined) features.push('rbacUsers')
  const wire = wireActions.map((action): WirePermission => (spec.resource === undefined ? { action } : { action, [spec.resource]: { ...resource } }))
  return { wire, features }
}

/** Checks a non-empty list of permissions. */
export const checkPermissions = (argument: string, value: unknown): CheckedPermission => {
  if (!Array.isArray(value)) return typeError(argument, 'array', value)
  if (value.length === 0) valueError(argument, `'${argument}' must hold at least one permission`)
  const checked = value.map((p: unknown, i) => checkPermission(`${argument}[${i}]`, p))
  return { wire: checked.flatMap((c) => c.wire), features: [...new Set(checked.flatMap((c) => c.features))] }
}

const KEYS_BY_KIND = new Map<PermissionKind, ReturnType<typeof argumentKeys>>(
  KIND_NAMES.map((kind) => [
    kind,
    argumentKeys<Record<string, unknown>>(
      `a '${kind}' permission`,
      Object.fromEntries(['kind', 'actions', ...Object.keys(KINDS[kind].fields)].map((k) => [k, true as const])),
    ),
  ]),
)

const argumentKeysOf = (kind: PermissionKind): ReturnType<typeof argumentKeys> => {
  const keys = KEYS_BY_KIND.get(kind)
  if (keys === undefined) throw new Error(`no keys for permission kind ${kind}`)
  return keys
}

/**
 * A permission whose action this client does not know (a newer server's, or `manage_roles` of
 * 1.28.0 to 1.28.4), as the server sent it.
 *
 * @example
 * ```ts
 * const show = (p: OtherPermission) => `${p.action} ${JSON.stringify(p.resource)}`
 * ```
 */
export interface OtherPermission {
  readonly action: string
  /** The resource objects the server sent with it, by key. */
  readonly resource: Readonly<Record<string, unknown>>
}

/** Wire suffix -> kind, longest suffixes first (`assign_and_revoke_users` before `_users`). */
const BY_WIRE = new Map<string, PermissionKind>(KIND_NAMES.map((k) => [KINDS[k].wire, k]))

/**
 * The typed permissions of a role's wire permissions: one per kind and resource, with the actions
 * in the order of the kind's list; actions this client does not know are `others`.
 */
export const fromWire = (list: readonly WirePermission[]): { readonly permissions: readonly Permission[]; readonly others: readonly OtherPermission[] } => {
  const groups = new Map<string, { kind: PermissionKind; fields: Record<string, string>; actions: Set<string> }>()
  const others: OtherPermission[] = []
  for (const w of list) {
    const parsed = parseAction(w.action)
    if (parsed === undefined) {
      const { action, ...resource } = w
      others.push({ action, resource })
      continue
    }
    const spec = KINDS[parsed.kind]
    const raw = spec.resource === undefined ? undefined : (w as Readonly<Record<string, unknown>>)[spec.resource]
    const fields: Record<string, string> = {}
    for (const [field, [wireField, fallback]] of Object.entries(spec.fields)) {
      const v = typeof raw === 'object' && raw !== null ? (raw as Readonly<Record<string, unknown>>)[wireField] : undefined
      fields[field] = typeof v === 'string' && v !== '' ? v : fallback
    }
    const key = JSON.stringify([parsed.kind, fields])
    const group = groups.get(key) ?? { kind: parsed.kind, fields, actions: new Set<string>() }
    group.actions.add(parsed.action)
    groups.set(key, group)
  }
  const permissions = [...groups.values()].map(
    (g) => ({ kind: g.kind, ...g.fields, actions: KINDS[g.kind].actions.filter((a) => g.actions.has(a)) }) as unknown as Permission,
  )
  return { permissions, others }
}

const parseAction = (action: string): { readonly kind: PermissionKind; readonly action: string } | undefined => {
  for (const [wire, kind] of BY_WIRE) {
    const suffix = `_${wire}`
    if (action.endsWith(suffix)) {
      const verb = action.slice(0, -suffix.length)
      if (KINDS[kind].actions.includes(verb)) return { kind, action: verb }
    }
  }
  return undefined
}
