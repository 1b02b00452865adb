/**
 * Who may talk to an embedded server: a fresh random API key per start with anonymous access off
 * (the default, on every version with API keys), anonymous access on request (`auth: 'none'`), or
 * the caller's own `AUTHENTICATION_*` settings. Where the server has cluster basic auth, its
 * internal cluster API gets random credentials too. The secrets exist only in memory and in the
 * server process's environment; nothing here prints or writes them.
 *
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto'
import { EmbeddedError } from '../errors'
import { compareVersions, parseVersion } from '../../server/version'
import { hasFeature } from './server-features'

/**
 * How clients authenticate: `'apiKey'` (default) a random key per start, `'none'` anonymous access.
 *
 * @example
 * ```ts
 * const mode: AuthMode = 'none'
 * ```
 */
export type AuthMode = 'apiKey' | 'none'

const AUTH_MODES: readonly unknown[] = ['apiKey', 'none'] satisfies AuthMode[]

/**
 * Role-based access control for an embedded server (Weaviate 1.28.0 and later): `true` or an
 * object. The generated API key then authenticates the root user (`rootUser`, default
 * `'embedded-admin'`), who may do everything, and everyone else has only the roles they are
 * given; database users (`client.users.db`) are on from Weaviate 1.30.0.
 *
 * @example
 * ```ts
 * const rbac: RbacOption = { rootUser: 'admin' }
 * ```
 */
export type RbacOption = boolean | { readonly rootUser?: string }

/** The first versions of the settings `rbac` uses (usecases/config/environment.go at each tag). */
const RBAC_SINCE = '1.28.0'
/** `AUTHORIZATION_RBAC_ENABLED` (before it `AUTHORIZATION_ENABLE_RBAC`, still read by 1.39). */
const RBAC_ENABLED_SINCE = '1.28.3'
/** `AUTHORIZATION_RBAC_ROOT_USERS` (before it `AUTHORIZATION_ADMIN_USERS`, still read as a fallback). */
const RBAC_ROOT_USERS_SINCE = '1.28.5'
/** `AUTHENTICATION_DB_USERS_ENABLED`. */
const DB_USERS_SINCE = '1.30.0'

const atLeast = (version: string, since: string): boolean => {
  const v = parseVersion(version)
  const s = parseVersion(since)
  return v === undefined || s === undefined || compareVersions(v, s) >= 0
}

/** The user name of an `rbac` option: a non-empty name without `,` (the server's list separator). */
const rootUserOf = (rbac: RbacOption): string => {
  const user = typeof rbac === 'object' ? (rbac.rootUser ?? EMBEDDED_USER) : EMBEDDED_USER
  if (typeof user !== 'string' || user === '' || user.includes(',') || user.trim() !== user) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `rbac.rootUser must be a non-empty name without ',' or surrounding spaces, got ${JSON.stringify(user)}` })
  }
  return user
}

/**
 * The authentication of one start.
 */
export interface ServerAuth {
  /** What the server was set up with: the generated key, anonymous access, or the caller's env. */
  readonly scheme: 'generatedKey' | 'anonymous' | 'callerEnv'
  /** The key a client sends, if the server wants one. */
  readonly apiKey: string | undefined
  /** Environment for the server (defaults the caller's `options.env` may still override). */
  readonly env: Readonly<Record<string, string>>
}

/** The user name the generated key authenticates as. */
export const EMBEDDED_USER = 'embedded-admin'

/** Names that make up the server's authentication; the parent process's values are never inherited. */
const AUTH_PREFIXES = ['AUTHENTICATION_', 'AUTHORIZATION_', 'CLUSTER_BASIC_AUTH_'] as const

/**
 * True for an environment variable that configures authentication or authorization.
 */
export const isAuthSetting = (name: string): boolean => AUTH_PREFIXES.some((prefix) => name.startsWith(prefix))

/** 32 random bytes as base64url: 256 bits, no characters that need quoting in a header or a list. */
const secret = (): string => randomBytes(32).toString('base64url')

const callerKey = (extra: Readonly<Record<string, string>>): string | undefined => {
  if (extra['AUTHENTICATION_APIKEY_ENABLED']?.toLowerCase() !== 'true') return undefined
  const key = extra['AUTHENTICATION_APIKEY_ALLOWED_KEYS']?.split(',')[0]
  return key === undefined || key === '' ? undefined : key
}

/**
 * Random credentials for the internal cluster API, on versions that have them, unless the caller
 * set their own.
 */
const clusterCredentials = (version: string, extra: Readonly<Record<string, string>>): Record<string, string> =>
  hasFeature(version, 'clusterBasicAuth') && !Object.keys(extra).some((name) => name.startsWith('CLUSTER_BASIC_AUTH_'))
    ? { CLUSTER_BASIC_AUTH_USERNAME: `cluster-${secret().slice(0, 12)}`, CLUSTER_BASIC_AUTH_PASSWORD: secret() }
    : {}

/**
 * Decides the authentication of one start (one single server, or every node of one cluster).
 * `extraEnv` setting any `AUTHENTICATION_*` variable means the caller configures it and nothing is
 * generated; with `mode: 'none'` that is a contradiction and rejects.
 */
export const planAuth = (request: {
  readonly mode: AuthMode
  readonly version: string
  readonly extraEnv: Readonly<Record<string, string>> | undefined
  readonly rbac?: RbacOption | undefined
}): ServerAuth => {
  if (!AUTH_MODES.includes(request.mode)) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `auth must be 'apiKey' or 'none', got ${String(request.mode)}` })
  }
  const extra = request.extraEnv ?? {}
  if (request.rbac !== undefined && request.rbac !== false) return planRbac(request.rbac, request.mode, request.version, extra)
  const cluster = clusterCredentials(request.version, extra)
  const own = Object.keys(extra).filter((name) => name.startsWith('AUTHENTICATION_'))
  if (own.length > 0) {
    if (request.mode === 'none') {
      throw new EmbeddedError({
        reason: 'InvalidOptions',
        detail: `auth: 'none' contradicts options.env setting ${own.join(', ')}: leave out one or the other`,
      })
    }
    return { scheme: 'callerEnv', apiKey: callerKey(extra), env: cluster }
  }
  if (request.mode === 'none' || !hasFeature(request.version, 'apiKeys')) {
    return { scheme: 'anonymous', apiKey: undefined, env: { ...cluster, AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'true' } }
  }
  const apiKey = secret()
  return {
    scheme: 'generatedKey',
    apiKey,
    env: {
      ...cluster,
      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      AUTHENTICATION_APIKEY_ENABLED: 'true',
      AUTHENTICATION_APIKEY_ALLOWED_KEYS: apiKey,
      AUTHENTICATION_APIKEY_USERS: EMBEDDED_USER,
      // Without an authorization module every authenticated user may do everything; should the
      // caller turn one on, the key's user is its administrator.
      AUTHORIZATION_ADMINLIST_USERS: EMBEDDED_USER,
      AUTHORIZATION_RBAC_ROOT_USERS: EMBEDDED_USER,
    },
  }
}

/**
 * The authentication of a start with role-based access control: a generated key for the root
 * user, RBAC on (with the setting names of the version), database users on from 1.30.0. The
 * caller's own authentication settings and `auth: 'none'` contradict it.
 */
const planRbac = (rbac: RbacOption, mode: AuthMode, version: string, extra: Readonly<Record<string, string>>): ServerAuth => {
  if (rbac !== true && (typeof rbac !== 'object' || rbac === null)) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `rbac must be true, false or { rootUser }, got ${String(rbac)}` })
  }
  const rootUser = rootUserOf(rbac)
  if (mode === 'none') throw new EmbeddedError({ reason: 'InvalidOptions', detail: "rbac contradicts auth: 'none': role-based access needs authenticated users" })
  const own = Object.keys(extra).filter((name) => name.startsWith('AUTHENTICATION_') || name.startsWith('AUTHORIZATION_'))
  if (own.length > 0) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `rbac contradicts options.env setting ${own.join(', ')}: leave out one or the other` })
  }
  if (!atLeast(version, RBAC_SINCE)) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `rbac needs Weaviate ${RBAC_SINCE} or newer, got ${version}` })
  }
  const apiKey = secret()
  return {
    scheme: 'generatedKey',
    apiKey,
    env: {
      ...clusterCredentials(version, extra),
      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      AUTHENTICATION_APIKEY_ENABLED: 'true',
      AUTHENTICATION_APIKEY_ALLOWED_KEYS: apiKey,
      AUTHENTICATION_APIKEY_USERS: rootUser,
      ...(atLeast(version, RBAC_ENABLED_SINCE) ? { AUTHORIZATION_RBAC_ENABLED: 'true' } : { AUTHORIZATION_ENABLE_RBAC: 'true' }),
      ...(atLeast(version, RBAC_ROOT_USERS_SINCE) ? { AUTHORIZATION_RBAC_ROOT_USERS: rootUser } : { AUTHORIZATION_ADMIN_USERS: rootUser }),
      ...(atLeast(version, DB_USERS_SINCE) ? { AUTHENTICATION_DB_USERS_ENABLED: 'true' } : {}),
    },
  }
}
