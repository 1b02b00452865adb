/**
 * The environment and command line of one `weaviate-server` process. One function builds both for
 * a single server and for every member of a cluster, so the two never drift apart.
 *
 * The environment starts from the parent's, minus `HOST` and `PORT` (go-flags reads them and they
 * would move the REST listener) and minus every authentication setting (an `AUTHENTICATION_*` in
 * the shell must not open a server), then adds overridable defaults and the start's authentication
 * (lib/embedded/auth/server-auth.ts), then the caller's `env`, then the settings that keep the
 * server offline and on loopback, which nothing overrides.
 *
 * @packageDocumentation
 */
import type { ServerPorts } from './ports'
import { EmbeddedError } from '../errors'
import { isAuthSetting } from '../auth/server-auth'

/**
 * Everything that distinguishes one server process from another.
 */
export interface ServerIdentity {
  /** `CLUSTER_HOSTNAME`, the raft identity; keep it across restarts. */
  readonly hostname: string
  /** `PERSISTENCE_DATA_PATH`. */
  readonly dataDir: string
  readonly ports: ServerPorts
  /** `RAFT_BOOTSTRAP_EXPECT`: 1 for a single node, the node count for a cluster. */
  readonly bootstrapExpect: number
  /** `RAFT_JOIN`: `name:raftPort` of every voter. */
  readonly raftJoin: string
  /** `CLUSTER_JOIN`: gossip addresses to join; undefined for the first node of a cluster. */
  readonly clusterJoin?: string
}

/** Defaults a caller may change through `options.env`. */
const DEFAULTS: Readonly<Record<string, string>> = {
  DEFAULT_VECTORIZER_MODULE: 'none',
  QUERY_DEFAULTS_LIMIT: '25',
  QUERY_MAXIMUM_RESULTS: '10000',
  AUTOSCHEMA_ENABLED: 'true',
  LOG_LEVEL: 'info',
  RAFT_TIMEOUTS_MULTIPLIER: '1',
  MEMBERLIST_FAST_FAILURE_DETECTION: 'true',
}

/** Settings independent of the node that no caller may change. */
const FIXED: Readonly<Record<string, string>> = {
  DISABLE_TELEMETRY: 'true',
  GO_PROFILING_DISABLE: 'true',
  CLUSTER_IN_LOCALHOST: 'true',
  CLUSTER_BIND_ADDR: '127.0.0.1',
  PROMETHEUS_MONITORING_ENABLED: 'false',
  API_BASED_MODULES_DISABLED: 'true',
}

/** Per-node settings that no caller may change (they come from {@link ServerIdentity}). */
const NODE_KEYS = [
  'PERSISTENCE_DATA_PATH',
  'CLUSTER_HOSTNAME',
  'GRPC_PORT',
  'CLUSTER_GOSSIP_BIND_PORT',
  'CLUSTER_DATA_BIND_PORT',
  'RAFT_PORT',
  'RAFT_INTERNAL_RPC_PORT',
  'RAFT_BOOTSTRAP_EXPECT',
  'RAFT_JOIN',
  'CLUSTER_JOIN',
] as const

/**
 * Variables removed from the inherited environment: `HOST` / `PORT` would move the REST listener,
 * the TLS ones would turn TLS on or off behind `options.tls`.
 */
const DROPPED = [
  'HOST',
  'PORT',
  'TLS_HOST',
  'TLS_PORT',
  'TLS_CERTIFICATE',
  'TLS_PRIVATE_KEY',
  'TLS_CA_CERTIFICATE',
  'GRPC_CERT_FILE',
  'GRPC_KEY_FILE',
] as const

/**
 * The names `options.env` may not set: the loopback/offline settings, the node identity and ports,
 * `HOST`/`PORT`, and the TLS settings (`options.tls` sets them).
 */
export const PROTECTED_ENV: readonly string[] = [...Object.keys(FIXED), ...NODE_KEYS, ...DROPPED]

/**
 * Rejects an `options.env` that tries to set a protected variable.
 */
export const checkExtraEnv = (extra: Readonly<Record<string, string>> | undefined): void => {
  const forbidden = Object.keys(extra ?? {}).filter((key) => PROTECTED_ENV.includes(key))
  if (forbidden.length > 0) {
    throw new EmbeddedError({
      reason: 'InvalidOptions',
      detail:
        `options.env may not set ${forbidden.join(', ')}: the embedded server always runs offline, on ` +
        '127.0.0.1, with its own data dir, ports and cluster identity (TLS: options.tls)',
    })
  }
}

/**
 * The complete environment of a server process.
 */
export const serverEnv = (
  parent: NodeJS.ProcessEnv,
  extra: Readonly<Record<string, string>> | undefined,
  node: ServerIdentity,
  auth: Readonly<Record<string, string>>,
  tls?: ServerTlsFiles,
): Record<string, string> => {
  checkExtraEnv(extra)
  const env: Record<string, string> = {}
  for (const [key, value] of Object.entries(parent)) {
    if (value !== undefined && !PROTECTED_ENV.includes(key) && !isAuthSetting(key)) env[key] = value
  }
  Object.assign(env, DEFAULTS, auth, extra, FIXED, {
    PERSISTENCE_DATA_PATH: node.dataDir,
    CLUSTER_HOSTNAME: node.hostname,
    GRPC_PORT: String(node.ports.grpc),
    CLUSTER_GOSSIP_BIND_PORT: String(node.ports.gossip),
    CLUSTER_DATA_BIND_PORT: String(node.ports.data),
    RAFT_PORT: String(node.ports.raft),
    RAFT_INTERNAL_RPC_PORT: String(node.ports.raftInternalRpc),
    RAFT_BOOTSTRAP_EXPECT: String(node.bootstrapExpect),
    RAFT_JOIN: node.raftJoin,
  })
  if (node.clusterJoin !== undefined) env['CLUSTER_JOIN'] = node.clusterJoin
  if (tls !== undefined) Object.assign(env, { GRPC_CERT_FILE: tls.certFile, GRPC_KEY_FILE: tls.keyFile })
  return env
}

/**
 * The files of a server's TLS (`../tls/server-tls.ts`).
 */
export interface ServerTlsFiles {
  readonly certFile: string
  readonly keyFile: string
  /** REST requires client certificates signed by this CA. */
  readonly clientCaFile: string | undefined
}

/**
 * The command line of a server process: plain HTTP on 127.0.0.1 at the REST port, or with `tls`
 * HTTPS there (and nothing plain), requiring client certificates when it has a client CA.
 */
export const serverArgs = (ports: ServerPorts, tls?: ServerTlsFiles): string[] =>
  tls === undefined
    ? ['--scheme', 'http', '--host', '127.0.0.1', '--port', String(ports.rest)]
    : [
        '--scheme',
        'https',
        '--host',
        '127.0.0.1',
        '--tls-host',
        '127.0.0.1',
        '--tls-port',
        String(ports.rest),
        '--tls-certificate',
        tls.certFile,
        '--tls-key',
        tls.keyFile,
        ...(tls.clientCaFile === undefined ? [] : ['--tls-ca', tls.clientCaFile]),
      ]
