/**
 * What a client needs to reach an embedded server, shaped to be spread into `connect()`. Printing
 * it (`console.log`, `util.inspect`, `JSON.stringify`) shows `apiKey` as `'<redacted>'`; spreading
 * it copies the real key, because the redacting methods are not enumerable.
 *
 * @packageDocumentation
 */
import { inspect } from 'node:util'

/**
 * How to connect to one embedded server.
 *
 * @example
 * ```ts
 * const server = await startEmbedded()
 * const client = connect({ ...server.connection })
 * ```
 */
export interface EmbeddedConnection {
  /** REST base URL without `/v1`. */
  readonly url: string
  /** `http://127.0.0.1:<grpc port>`; absent on versions without gRPC (before 1.19.0). */
  readonly grpcUrl?: string
  /** The key the server wants; absent when it takes anonymous requests. */
  readonly apiKey?: string
  /** With TLS: the CA to trust, the name on the server's certificate, a client certificate and key. */
  readonly tls?: {
    readonly ca?: string
    readonly cert?: string
    readonly key?: string
    readonly servername?: string
  }
}

/**
 * How to connect to an embedded cluster: every node's URLs, one key.
 *
 * @example
 * ```ts
 * const cluster = await startEmbeddedCluster()
 * const client = connect({ ...cluster.connection })
 * ```
 */
export interface EmbeddedClusterConnection {
  readonly url: readonly string[]
  readonly grpcUrl?: readonly string[]
  readonly apiKey?: string
  /** With TLS: the run's CA, the name on the nodes' certificate, a client certificate and key. */
  readonly tls?: NonNullable<EmbeddedConnection['tls']>
}

const REDACTED = '<redacted>'

/**
 * `fields` without undefined values, with non-enumerable `toJSON` and `util.inspect` methods
 * that show the key (and a client certificate's private key) as `'<redacted>'`.
 */
export const redactedConnection = <C extends { readonly apiKey?: string; readonly tls?: { readonly key?: string } }>(fields: { [K in keyof C]: C[K] | undefined }): C => {
  const connection = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as C
  const shown = (): Record<string, unknown> => ({
    ...connection,
    ...(connection.apiKey === undefined ? {} : { apiKey: REDACTED }),
    ...(connection.tls?.key === undefined ? {} : { tls: { ...connection.tls, key: REDACTED } }),
  })
  Object.defineProperty(connection, 'toJSON', { value: shown, enumerable: false })
  Object.defineProperty(connection, inspect.custom, {
    value: (_depth: number, options: object) => inspect(shown(), options),
    enumerable: false,
  })
  return Object.freeze(connection)
}
