/**
 * Options of the embedded server and their defaults.
 *
 * @packageDocumentation
 */
import type { AuthMode, RbacOption } from './auth/server-auth'
import type { EmbeddedTlsOptions } from './tls/server-tls'

/**
 * Where progress lines go: anything with a `write(text)` method, like `process.stderr`.
 *
 * @example
 * ```ts
 * const lines: string[] = []
 * await startEmbedded({ log: { write: (text) => lines.push(text) } })
 * ```
 */
export interface LogSink {
  write(text: string): unknown
}

/**
 * How to find, build or download the `weaviate-server` binary.
 *
 * @example
 * ```ts
 * await resolveBinary({ version: '1.39.0', cacheDir: '/tmp/wv-cache', build: false })
 * ```
 */
export interface BinaryOptions {
  /** Weaviate version to run (no leading `v`). Default `'1.39.0'`. */
  readonly version?: string
  /**
   * Path of a `weaviate-server` binary to use as is. Falls back to env `WEAVIATE_BIN`. A binary
   * given this way that is missing or not executable is an error, never skipped.
   */
  readonly binary?: string
  /**
   * Cache root; binaries live in `<cacheDir>/bin/<version>/weaviate-server`. Falls back to env
   * `WEAVIATE_RX_CACHE`, then `~/.cache/weaviate-rx`.
   */
  readonly cacheDir?: string
  /**
   * Release archive URL template with `{version}`, `{os}` and `{arch}` placeholders, used when no
   * binary is found and none can be built. Default: the official GitHub release asset.
   */
  readonly downloadUrl?: string
  /** Build with `go install` when Go is on the search path. Default true. */
  readonly build?: boolean
  /**
   * The PATH searched for `weaviate-server` and `go`. Default `process.env.PATH`. Pass `''` to
   * search nowhere.
   */
  readonly searchPath?: string
  /** Where progress goes (building, downloading, started). Default `process.stderr`. */
  readonly log?: LogSink
}

/**
 * Settings shared by a single server and a cluster.
 *
 * @example
 * ```ts
 * const settings: ServerOptions = { env: { AUTOSCHEMA_ENABLED: 'false' }, readyTimeoutMs: 60_000 }
 * ```
 */
export interface ServerOptions extends BinaryOptions {
  /**
   * Who may use the server. `'apiKey'` (default): on versions with API keys (1.18.0 and later) a
   * random key is made for this start, anonymous access is off, and the handle's `connection`
   * carries the key. `'none'`: anonymous access, for pointing other tools at the server; the gRPC
   * port (1.19.0 and later) then takes anonymous requests on every interface (docs/embedded.md, "What
   * listens where"). Versions before 1.18.0 have no API keys and always take anonymous requests.
   * An `options.env` that sets `AUTHENTICATION_*` variables configures authentication itself and
   * nothing is generated (the handle carries its first `AUTHENTICATION_APIKEY_ALLOWED_KEYS` key).
   * Authentication settings in the parent's environment are never inherited. Which versions have
   * keys is decided by `version`, so with `binary` / `WEAVIATE_BIN` give the binary's `version`.
   */
  readonly auth?: AuthMode
  /**
   * Role-based access control (Weaviate 1.28.0 and later): `true`, or `{ rootUser }` to name the
   * root user (default `'embedded-admin'`). The server then takes the generated key as its root
   * user's (`AUTHORIZATION_RBAC_ENABLED`, `AUTHORIZATION_RBAC_ROOT_USERS`; 1.28.0 to 1.28.4 get
   * their older names), the handle's `connection` carries it, and database users are on from
   * 1.30.0 (`AUTHENTICATION_DB_USERS_ENABLED`), so `client.users.db.create` makes the other users.
   * Contradicts `auth: 'none'` and `options.env` setting `AUTHENTICATION_*` or `AUTHORIZATION_*`
   * (an `InvalidOptions` error). See docs/access-control.md.
   */
  readonly rbac?: RbacOption
  /**
   * OIDC sign-in with this provider instead of a generated API key: sets
   * `AUTHENTICATION_OIDC_ENABLED=true`, its `AUTHENTICATION_OIDC_*` variables and
   * `AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED=false` (each overridable through `env`). The provider
   * must answer before the start: the server reads its keys at startup. Clients then connect with
   * `connect({ ...server.connection, auth: {...} })` (docs/oidc.md).
   */
  readonly oidc?: EmbeddedOidc
  /**
   * Modules to enable (`ENABLE_MODULES`), e.g. the ones that need no outside service:
   * `['text2vec-bigram', 'generative-dummy', 'reranker-dummy', 'backup-filesystem']`. Each name is
   * checked to look like a module name; the server refuses one it does not know at start. Not
   * together with `env.ENABLE_MODULES`.
   */
  readonly modules?: readonly string[]
  /**
   * An absolute folder for filesystem backups (`BACKUP_FILESYSTEM_PATH`); turns on the
   * `backup-filesystem` module as well, so `client.backup.create({ backend: 'filesystem', ... })`
   * works. A cluster's nodes share it. The folder is the caller's: `stop()` leaves it in place.
   */
  readonly backupPath?: string
  /**
   * Extra environment for the server (e.g. `LOG_LEVEL`), merged over the inherited environment
   * and the defaults. Settings that keep the server offline and on loopback
   * (telemetry, bind addresses, ports, data path, cluster identity) cannot be overridden: trying
   * rejects with an `InvalidOptions` error.
   */
  readonly env?: Readonly<Record<string, string>>
  /**
   * TLS on REST and gRPC: `true` for a certificate made for this start by a private CA (with the
   * `openssl` command), or a certificate of your own; `clientCertificates: true` makes REST
   * require client certificates (mutual TLS). The handle's `tls.ca` is the CA to trust, and
   * `connection` carries everything `connect` needs (docs/tls.md). A cluster's nodes (all on
   * 127.0.0.1) share one certificate, made by one CA for the run.
   *
   * @default false
   */
  readonly tls?: boolean | EmbeddedTlsOptions
  /** How long to wait for `/v1/.well-known/ready`. Default 120 s. */
  readonly readyTimeoutMs?: number
  /** How long `stop()` waits after SIGTERM before SIGKILL. Default 10 s. */
  readonly stopGraceMs?: number
}

/**
 * The OIDC provider of an embedded server ({@link ServerOptions.oidc}).
 *
 * @example
 * ```ts
 * const oidc: EmbeddedOidc = { issuer: 'http://127.0.0.1:4000', clientId: 'weaviate', usernameClaim: 'email' }
 * ```
 */
export interface EmbeddedOidc {
  /** The provider's issuer URL (`AUTHENTICATION_OIDC_ISSUER`); `http` is accepted by the server. */
  readonly issuer: string
  /** The client id the server expects in a token's `aud` claim (`AUTHENTICATION_OIDC_CLIENT_ID`). */
  readonly clientId: string
  /** The claim that names the user (`AUTHENTICATION_OIDC_USERNAME_CLAIM`). @default 'sub' */
  readonly usernameClaim?: string
  /** The claim that lists the user's groups (`AUTHENTICATION_OIDC_GROUPS_CLAIM`). */
  readonly groupsClaim?: string
  /** Default scopes the server tells clients to ask for (`AUTHENTICATION_OIDC_SCOPES`). */
  readonly scopes?: readonly string[]
  /** Accept tokens whatever their audience (`AUTHENTICATION_OIDC_SKIP_CLIENT_ID_CHECK`). @default false */
  readonly skipClientIdCheck?: boolean
}

/**
 * Options of {@link startEmbedded}.
 *
 * @example
 * ```ts
 * await startEmbedded({ port: 8080, dataDir: './wv-data', hostname: 'node0' })
 * ```
 */
export interface EmbeddedOptions extends ServerOptions {
  /** REST port on 127.0.0.1. Default: a free one. Taken → rejects with a `PortInUse` error. */
  readonly port?: number
  /**
   * gRPC port (1.19.0 and later; Weaviate binds it on every interface). Default: a free one. Taken
   * → rejects with a `PortInUse` error.
   */
  readonly grpcPort?: number
  /**
   * Data directory. Default: a fresh temp dir, removed by `stop()`. A given dir is created when
   * missing and never removed, so a later server can restart on the same data (keep `hostname`).
   */
  readonly dataDir?: string
  /** `CLUSTER_HOSTNAME`, the node's raft identity. Default `'node0'`. */
  readonly hostname?: string
}

/**
 * Options of {@link startEmbeddedCluster}.
 *
 * @example
 * ```ts
 * await startEmbeddedCluster({ nodes: 3, env: { LOG_LEVEL: 'debug' } })
 * ```
 */
export interface EmbeddedClusterOptions extends ServerOptions {
  /** Number of nodes, 1 to 26. Default 3. */
  readonly nodes?: number
}

/**
 * The Weaviate version started when none is asked for.
 *
 * @example
 * ```ts
 * (await startEmbedded()).version === DEFAULT_VERSION // true with the default binary
 * ```
 */
export const DEFAULT_VERSION = '1.39.0'
/**
 * Default of {@link ServerOptions.readyTimeoutMs}.
 */
export const DEFAULT_READY_TIMEOUT_MS = 120_000
/**
 * Default of {@link ServerOptions.stopGraceMs}.
 */
export const DEFAULT_STOP_GRACE_MS = 10_000

/**
 * A progress logger writing `weaviate-rx: <line>` to the sink.
 */
export const progress =
  (sink: LogSink | undefined) =>
  (line: string): void => {
    ;(sink ?? process.stderr).write(`weaviate-rx: ${line}\n`)
  }

/**
 * `undefined` for undefined or empty strings.
 */
export const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : value
