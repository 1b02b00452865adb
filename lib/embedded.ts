/**
 * Embedded Weaviate: run a real `weaviate-server` (a single node or a small cluster) on 127.0.0.1
 * from Node.js, for tests and local development. The binary is taken from `options.binary` /
 * `WEAVIATE_BIN`, the cache, or the PATH, else built with Go or downloaded into the cache. Every
 * server runs offline (telemetry off) with free ports and a temp data dir, and leaves nothing
 * behind after `stop()`.
 *
 * @packageDocumentation
 */
export { startEmbedded, type EmbeddedWeaviate } from './embedded/single'
export { startEmbeddedCluster, type EmbeddedCluster, type EmbeddedNode } from './embedded/cluster'
export { resolveBinary } from './embedded/binary/resolve-binary'
export { EmbeddedError, formatEmbeddedError, isEmbeddedError, type EmbeddedErrorProps, type EmbeddedErrorReason } from './embedded/errors'
export {
  DEFAULT_VERSION,
  type BinaryOptions,
  type EmbeddedClusterOptions,
  type EmbeddedOidc,
  type EmbeddedOptions,
  type LogSink,
  type ServerOptions,
} from './embedded/options'
export type { ServerPorts } from './embedded/process/ports'
export type { AuthMode, RbacOption } from './embedded/auth/server-auth'
export type { EmbeddedClusterConnection, EmbeddedConnection } from './embedded/auth/connection'
export type { EmbeddedTls, EmbeddedTlsOptions } from './embedded/tls/server-tls'
