/**
 * The one module that knows Weaviate's addresses: which object path, list query, reference path
 * and beacon a server version takes, which deprecation warning a call earns there, and the beacon
 * format both ways (built here, parsed here). From 1.14 an object is addressed by class and UUID
 * when the class is known; before 1.14, and without a class, by UUID alone. Every path segment is
 * percent-encoded, so no input can reach another endpoint.
 *
 * @packageDocumentation
 */
import { Deprecations } from './deprecations'
import { ServerVersion, supports } from './version'

const segment = encodeURIComponent

/** A beacon: `weaviate://<host>/[<Class>/]<uuid>` (the UUID still to be checked by the caller). */
const BEACON = /^weaviate:\/\/[^/]+\/(?:([A-Za-z][_0-9A-Za-z]*)\/)?([^/]+)$/

/**
 * The addresses of one server version; warnings go to the client's deprecation memory.
 */
export interface Routes {
  /** True from 1.14: class-namespaced paths and beacons. */
  readonly namespaced: boolean
  /**
   * `/objects/<Class>/<uuid>` (from 1.14, with a class) or `/objects/<uuid>`. With `warn`, a
   * missing class from 1.14 and a class before 1.14 earn their deprecation warning.
   */
  readonly object: (className: string | undefined, uuid: string, options?: { readonly warn: boolean }) => string
  /** The `class` query of a list: the class from 1.14; before 1.14 none (and a warning when given). */
  readonly listClass: (className: string | undefined) => string | undefined
  /** `/objects/[<Class>/]<uuid>/references/<property>`, warning about the classes as the interface says. */
  readonly references: (
    from: { readonly className: string | undefined; readonly uuid: string; readonly property: string },
    targetClasses: ReadonlyArray<string | undefined>,
  ) => string
  /** The beacon of a target: `weaviate://localhost/<Class>/<uuid>` from 1.14 with a class, else without. */
  readonly beacon: (className: string | undefined, uuid: string) => string
}

/**
 * The routes of `version`.
 */
export const routesFor = (version: ServerVersion, deprecations: Deprecations): Routes => {
  const namespaced = supports(version, 'classNamespaces')
  const object = (className: string | undefined, uuid: string): string =>
    namespaced && className !== undefined ? `/objects/${segment(className)}/${segment(uuid)}` : `/objects/${segment(uuid)}`
  return {
    namespaced,
    object: (className, uuid, options = { warn: false }) => {
      if (options.warn && namespaced && className === undefined) deprecations.warn('object-class-missing')
      if (options.warn && !namespaced && className !== undefined) deprecations.warn('object-class-unsupported')
      return object(className, uuid)
    },
    listClass: (className) => {
      if (!namespaced && className !== undefined) deprecations.warn('object-class-unsupported')
      return namespaced ? className : undefined
    },
    references: (from, targetClasses) => {
      const targetClassMissing = targetClasses.some((c) => c === undefined)
      const targetClassGiven = targetClasses.some((c) => c !== undefined)
      if (namespaced && (from.className === undefined || targetClassMissing)) deprecations.warn('reference-class-missing')
      if (!namespaced && from.className !== undefined) deprecations.warn('reference-from-class-unsupported')
      if (!namespaced && targetClassGiven) deprecations.warn('reference-to-class-unsupported')
      return `${object(from.className, from.uuid)}/references/${segment(from.property)}`
    },
    beacon: (className, uuid) => beacon(namespaced, className, uuid),
  }
}

/**
 * A beacon: with the class when `namespaced` and the class is known.
 */
export const beacon = (namespaced: boolean, className: string | undefined, uuid: string): string =>
  namespaced && className !== undefined ? `weaviate://localhost/${className}/${uuid}` : `weaviate://localhost/${uuid}`

/**
 * The source of a batch reference: `weaviate://localhost/<Class>/<uuid>/<property>` (the batch
 * endpoint always names the class).
 */
export const referenceSource = (className: string, uuid: string, property: string): string =>
  `${beacon(true, className, uuid)}/${property}`

/**
 * Splits a beacon into its class (when it names one) and its UUID text; `undefined` when it is not
 * an object beacon. The UUID is returned as written: the caller checks and normalises it.
 */
export const splitBeacon = (value: string): { readonly className: string | undefined; readonly uuid: string } | undefined => {
  const m = BEACON.exec(value)
  return m?.[2] === undefined ? undefined : { className: m[1], uuid: m[2] }
}

/**
 * The schema paths: `/schema`, `/schema/<Class>`, `/schema/<Class>/properties`,
 * `/schema/<Class>/tenants`, `/schema/<Class>/shards` (the same on every server version).
 */
export const schemaPath = (className?: string, sub?: 'properties' | 'tenants' | 'shards'): string =>
  className === undefined ? '/schema' : `/schema/${segment(className)}${sub === undefined ? '' : `/${sub}`}`

/**
 * The alias paths: `/aliases` and `/aliases/<Alias>` (from 1.32).
 */
export const aliasPath = (alias?: string): string => (alias === undefined ? '/aliases' : `/aliases/${segment(alias)}`)

/**
 * The backup paths: `/backups/<backend>` (create, list), `/backups/<backend>/<id>` (status,
 * cancel), `/backups/<backend>/<id>/restore` (restore, its status, its cancel).
 */
export const backupPath = (backend: string, backupId?: string, sub?: 'restore'): string =>
  `/backups/${segment(backend)}` +
  (backupId === undefined ? '' : `/${segment(backupId)}`) +
  (backupId === undefined || sub === undefined ? '' : `/${sub}`)

/** The export paths (1.37+): `/export/<backend>` (create) and `/export/<backend>/<id>` (status, cancel). */
export const exportPath = (backend: string, exportId?: string): string =>
  `/export/${segment(backend)}${exportId === undefined ? '' : `/${segment(exportId)}`}`

/** The namespace paths (1.38+): `/namespaces`, `/namespaces/<name>`, `/namespaces/<name>/suspend|resume`. */
export const namespacePath = (name?: string, sub?: 'suspend' | 'resume'): string =>
  name === undefined ? '/namespaces' : `/namespaces/${segment(name)}${sub === undefined ? '' : `/${sub}`}`

/** A search of the REST Search API: `/search/<Class>/near-text` (POST from 1.38.6). */
export const searchPath = (className: string, kind: 'near-text'): string => `/search/${segment(className)}/${kind}`

/** The classification paths, the same on every server version: `/classifications/` (POST, with its slash) and `/classifications/<id>`. */
export const classificationPath = (id?: string): string => (id === undefined ? '/classifications/' : `/classifications/${segment(id)}`)

/** One shard: `/schema/<Class>/shards/<shard>` (PUT its status). */
export const shardPath = (className: string, shard: string): string => `${schemaPath(className, 'shards')}/${segment(shard)}`

/** One inverted index of a property: `/schema/<Class>/properties/<property>/index/<index>` (DELETE from 1.36). */
export const propertyIndexPath = (className: string, property: string, index: string): string =>
  `${schemaPath(className, 'properties')}/${segment(property)}/index/${segment(index)}`

/** A task on one inverted index of a property: `.../properties/<property>/index/<index>/rebuild|cancel` (POST from 1.39). */
export const propertyIndexTaskPath = (className: string, property: string, index: string, task: 'rebuild' | 'cancel'): string =>
  `${propertyIndexPath(className, property, index)}/${task}`

/** A property's tokenization applied to a text: `/schema/<Class>/properties/<property>/tokenize` (POST from 1.37). */
export const propertyTokenizePath = (className: string, property: string): string =>
  `${schemaPath(className, 'properties')}/${segment(property)}/tokenize`

/** Any tokenization applied to a text: `/tokenize` (POST from 1.37). */
export const TOKENIZE_PATH = '/tokenize'

/** The index of a named vector: `/schema/<Class>/vectors/<vector>/index` (DELETE from 1.37). */
export const vectorIndexPath = (className: string, vector: string): string => `${schemaPath(className)}/vectors/${segment(vector)}/index`

/** The inverted indexes of a class and their state: `/schema/<Class>/indexes` (GET from 1.38). */
export const indexesPath = (className: string): string => `${schemaPath(className)}/indexes`

/** One tenant: `/schema/<Class>/tenants/<tenant>` (HEAD from 1.25, GET from 1.28). */
export const tenantPath = (className: string, tenant: string): string => `${schemaPath(className, 'tenants')}/${segment(tenant)}`

/** `/nodes` or `/nodes/<Class>` (node status; by class from 1.20). */
export const nodesPath = (className?: string): string => (className === undefined ? '/nodes' : `/nodes/${segment(className)}`)

/**
 * The replication paths (1.31): `/replication/replicate` (start, delete all),
 * `/replication/replicate/<id>` (details, delete), `/replication/replicate/<id>/cancel`,
 * `/replication/replicate/list`, `/replication/replicate/force-delete`.
 */
export const replicationPath = (id?: string, sub?: 'cancel'): string =>
  '/replication/replicate' + (id === undefined ? '' : `/${segment(id)}`) + (id === undefined || sub === undefined ? '' : `/${sub}`)

/**
 * The health paths, the same on every server version: `/.well-known/live` (200 while the process
 * serves HTTP) and `/.well-known/ready` (200 once the node takes traffic, 503 while it starts, in
 * maintenance, or while its cluster or modules are unhealthy). Neither needs credentials.
 */
export const HEALTH_PATHS = {
  live: '/.well-known/live',
  ready: '/.well-known/ready',
} as const

/** The fixed replication and cluster paths. */
export const CLUSTER_PATHS = {
  statistics: '/cluster/statistics',
  shardingState: '/replication/sharding-state',
  replicationList: '/replication/replicate/list',
  forceDelete: '/replication/replicate/force-delete',
  /** A scale plan: computed (GET) and applied (POST). */
  scale: '/replication/scale',
  /** The distributed tasks of the cluster, by namespace (GET from 1.31). */
  tasks: '/tasks',
} as const

/** `/schema/<Class>/shards` and `/schema/<Class>/shards/<shard>` (shard status, 1.12). */
export const shardsPath = (className: string, shard?: string): string =>
  `${schemaPath(className)}/shards${shard === undefined ? '' : `/${segment(shard)}`}`

/**
 * The role paths (1.28+): `/authz/roles`, `/authz/roles/<role>`, `/authz/roles/<role>/<sub>`.
 */
export const rolePath = (
  role?: string,
  sub?: 'add-permissions' | 'remove-permissions' | 'has-permission' | 'users' | 'user-assignments' | 'group-assignments',
): string => (role === undefined ? '/authz/roles' : `/authz/roles/${segment(role)}${sub === undefined ? '' : `/${sub}`}`)

/**
 * The role-assignment paths of a user: `/authz/users/<user>/assign|revoke`, its roles
 * `/authz/users/<user>/roles` (before 1.30) or `/authz/users/<user>/roles/<userType>` (1.30+).
 */
export const userAuthzPath = (user: string, sub: 'assign' | 'revoke' | 'roles', userType?: string): string =>
  `/authz/users/${segment(user)}/${sub}${userType === undefined ? '' : `/${segment(userType)}`}`

/**
 * The group paths: `/authz/groups/<group>/assign|revoke` (1.28.5 / 1.29+), its roles
 * `/authz/groups/<group>/roles/<groupType>` and the groups `/authz/groups/<groupType>` (1.32.5 / 1.33+).
 */
export const groupAuthzPath = (group: string | undefined, sub: 'assign' | 'revoke' | 'roles' | undefined, groupType: string): string =>
  group === undefined
    ? `/authz/groups/${segment(groupType)}`
    : `/authz/groups/${segment(group)}/${sub ?? 'roles'}${sub === 'roles' || sub === undefined ? `/${segment(groupType)}` : ''}`

/**
 * The database user paths (1.30+): `/users/db`, `/users/db/<user>`, `/users/db/<user>/<sub>`.
 */
export const dbUserPath = (user?: string, sub?: 'rotate-key' | 'activate' | 'deactivate'): string =>
  user === undefined ? '/users/db' : `/users/db/${segment(user)}${sub === undefined ? '' : `/${sub}`}`

/** The caller's own information: `/users/own-info` (1.28.5 / 1.29+). */
export const ownInfoPath = (): string => '/users/own-info'
