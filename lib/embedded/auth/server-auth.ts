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
}): ServerAuth => {
  if (!AUTH_MODES.includes(request.mode)) {
    throw new EmbeddedError({ reason: 'InvalidOptions', detail: `auth must be 'apiKey' or 'none', got ${String(request.mode)}` })
  }
  const extra = request.extraEnv ?? {}
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
