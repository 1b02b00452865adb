/**
 * weaviate-rx for browsers, edge runtimes (Cloudflare Workers, Vercel Edge), Deno and Bun: the
 * same client as `weaviate-rx` on Node, on the platform's `fetch` alone.
 *
 * The contract of this entry: package `exports` select it for the `browser`, `workerd`,
 * `edge-light` and `worker` conditions (and `weaviate-rx/web` names it anywhere); nothing it
 * loads imports `node:*`, undici or grpc-js, or reads `Buffer` or `process` at import (a spec
 * bundles it with esbuild for the browser and fails on any such import). Its `connect` takes the
 * options of Node's minus what only Node has (`tls`, `proxy`, `grpcKeepalive`, `grpcUrl`,
 * `connections`, `dispatcher`: each an `ArgumentValueError` when given anyway) and carries gRPC as
 * gRPC-Web on the REST URL by default (`grpc: 'web'`; `'native'` is an `ArgumentValueError`).
 * REST goes through the same pipeline as on Node (retry, timeouts through `AbortSignal`, status
 * classification, `Retry-After`, failover), over `fetch`; a batch writes with `BatchObjects`
 * (`BatchStream` is bidirectional, which gRPC-Web is not). A `dataObject` given as a file path is
 * an `ArgumentValueError` (no file system). OIDC (`auth`) loads openid-client, itself fetch-based,
 * at the first sign-in. Every other export is the Node entry's (`public-api.ts`).
 *
 * @packageDocumentation
 */
import { ArgumentValueError } from './core/errors'
import { BaseConnectOptions, Client, buildClient, checkCredentials } from './build-client'
import { GrpcCarrier, TransportMode, grpcOption, transportMode } from './input/transport-mode'
import { createGrpcWeb } from './transport/grpc-web/pipeline'
import { plainRuntime } from './observe/plain'
import { fetchExchange } from './transport/grpc-web/fetch-exchange'
import { FetchFunction, fetchConnections } from './transport/http/fetch-connections'
import { resolveOptions } from './transport/http/options'
import { createHttp } from './transport/http/pipeline'
import { loadOpenIdClientWeb } from './context/oidc/load-web'

export type { Client } from './build-client'
export type { BaseConnectOptions } from './build-client'
export type { FetchFunction } from './transport/http/fetch-connections'
export * from './public-api'

/**
 * How to reach and talk to Weaviate from a browser or an edge runtime.
 *
 * @example
 * ```ts
 * const options: WebConnectOptions = { url: 'https://my-cluster.weaviate.cloud', apiKey: readOnlyKey }
 * ```
 */
export interface WebConnectOptions extends BaseConnectOptions {
  /**
   * Which operations use gRPC (carried as gRPC-Web on `url`): `'auto'` uses it when the server
   * serves gRPC-Web (1.38.3+) and a health check answers, else REST with one warning naming why;
   * `'grpc'` and `'rest'` force one. A call's own `transport` overrides this.
   *
   * @default 'auto'
   */
  readonly transport?: TransportMode
  /**
   * How gRPC calls travel: only `'web'` here (`'auto'` means the same), as gRPC-Web on `url` under
   * `/v1/grpc-web/` after the URL's own path (Weaviate 1.38.3+). `'native'` (HTTP/2 to a gRPC
   * port) needs Node and is an `ArgumentValueError`.
   *
   * @default 'web'
   */
  readonly grpc?: 'auto' | GrpcCarrier
  /**
   * The `fetch` every request goes through (REST and gRPC-Web): the global `fetch` when absent,
   * looked up at each request. Give one to add what the platform's lacks (a service binding, a
   * test double).
   */
  readonly fetch?: FetchFunction
}

/** The options of Node's `connect` that this build has no use for, and why. */
const NODE_ONLY: Readonly<Record<string, string>> = {
  tls: 'TLS files and settings are the platform\'s here (the browser\'s or runtime\'s certificate store)',
  proxy: 'the platform routes requests (a browser\'s or runtime\'s proxy settings)',
  grpcKeepalive: 'gRPC-Web runs on the platform\'s HTTP connections, which have no gRPC keepalive',
  grpcUrl: "this build carries gRPC as gRPC-Web on the url itself; a native gRPC address needs Node",
  connections: 'the platform owns the connections of fetch',
  dispatcher: 'an undici dispatcher needs Node; give fetch instead',
}

/**
 * Creates a client that talks to Weaviate over `fetch`. Nothing is sent until an operation is
 * subscribed to. Throws an `ArgumentValueError` for an option it cannot use (a URL that is not
 * http(s), an unknown `transport`, `grpc: 'native'`, an option only Node's `connect` has, a
 * header the client sets itself, or an `authorization` header beside `apiKey` or `auth`). An
 * `apiKey` that would go over plain `http` to a host beyond loopback gives one warning
 * (`WEAVIATE_RX_TLS001`); in a browser, give a read-only database user's key
 * (docs/web.md).
 *
 * @example
 * ```ts
 * import { connect } from 'weaviate-rx'
 * const client = connect({ url: 'https://my-cluster.weaviate.cloud', apiKey: readOnlyKey })
 * ```
 */
export const connect = (options: WebConnectOptions): Client => {
  const { url, serverVersion, transport, grpc: carrierOption, auth, fetch: fetchOption, restSearch, openTelemetry, logger, onEvent, ...http } = options
  for (const [name, reason] of Object.entries(NODE_ONLY)) {
    if ((options as unknown as Record<string, unknown>)[name] !== undefined) {
      throw new ArgumentValueError({ argument: name, reason: `'${name}' is an option of Node's connect: ${reason}` })
    }
  }
  if (fetchOption !== undefined && typeof fetchOption !== 'function') {
    throw new ArgumentValueError({ argument: 'fetch', reason: "'fetch' must be a function like the global fetch" })
  }
  const urls = typeof url === 'string' ? [url] : url
  const carrier = grpcOption('grpc', carrierOption) ?? 'web'
  if (carrier === 'native') {
    throw new ArgumentValueError({ argument: 'grpc', reason: "grpc: 'native' (HTTP/2 to a gRPC port) needs Node; this build carries gRPC as gRPC-Web on the url ('web')" })
  }
  const mode = transportMode('transport', transport) ?? 'auto'
  const oidc = checkCredentials({ ...http, auth })
  const resolved = resolveOptions({ ...http, urls })
  const connections = fetchConnections(fetchOption)
  return buildClient({
    urls,
    nodes: resolved.nodes,
    serverVersion,
    restSearch,
    observability: { openTelemetry, logger, onEvent },
    runtime: plainRuntime,
    apiKey: http.apiKey,
    oidc,
    mode,
    noAddress: undefined,
    keyOrigins: [],
    http: (bearer, ambient) => createHttp({ ...http, urls, bearer, ambient }, connections),
    grpc: (bearer, _http, ambient) => createGrpcWeb({ ...resolved, bearer, ambient, exchange: fetchExchange(fetchOption), closed: () => connections.closed }),
    loadOidc: loadOpenIdClientWeb,
    readTextFile: undefined,
  })
}
