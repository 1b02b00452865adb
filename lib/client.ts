/**
 * `connect(options)` on Node: one client per Weaviate deployment, holding the HTTP pools (undici),
 * the gRPC channels (grpc-js) or the gRPC-Web carrier on the pools, the cached server version and
 * the deprecation memory. Every operation is a cold ObservableEither. The web entry (`web.ts`) has
 * its own `connect` over `fetch`; both build the client with `build-client.ts`.
 *
 * @packageDocumentation
 */
import { readFile } from 'node:fs/promises'
import { ArgumentValueError } from './core/errors'
import { BaseConnectOptions, Client, buildClient, checkCredentials } from './build-client'
import { grpcNodes, noGrpcAddressReason } from './transport/grpc/address'
import { resolveTls } from './context/tls'
import type { TlsOptions } from './transport/tls'
import { ProxyOption, resolveProxy } from './transport/proxy'
import { GrpcCarrier, TransportMode, grpcOption, transportMode } from './input/transport-mode'
import { GrpcEffect, createGrpc } from './transport/grpc/pipeline'
import { KeepaliveOptions, resolveKeepalive } from './transport/grpc/keepalive'
import { createGrpcWeb } from './transport/grpc-web/pipeline'
import { undiciExchange } from './transport/grpc-web/undici-exchange'
import { WEB_UNARY_BY_DEFAULT, webUnary } from './transport/grpc-web/web-unary'
import { HttpOptions, resolveOptions } from './transport/http/options'
import { createHttp } from './transport/http/pipeline'
import { undiciConnections } from './transport/http/undici-connections'
import { loadOpenIdClient } from './context/oidc/load'
import { nodeRuntime } from './observe/node'

export type { Client } from './build-client'

/**
 * How to reach and talk to Weaviate.
 *
 * @example
 * ```ts
 * const options: ConnectOptions = { url: 'http://127.0.0.1:8080', apiKey: process.env['WEAVIATE_KEY'], retry: { attempts: 5 } }
 * ```
 */
export interface ConnectOptions extends BaseConnectOptions, Pick<HttpOptions, 'connections' | 'dispatcher'> {
  /**
   * The gRPC address of each node: `http://host:port` (plaintext), `https://host:port` (TLS), or
   * `host:port` (TLS when its `url` is `https`); one, or one per entry of `url`. Default: only
   * when every `url` is on Weaviate's default REST port 8080, its host on port 50051; otherwise
   * none, and gRPC calls travel as gRPC-Web on `url` itself (`grpc: 'auto'`; REST with one
   * warning on a server without gRPC-Web: docs/connecting-grpc-address.md).
   */
  readonly grpcUrl?: string | readonly string[]
  /**
   * How operations with a gRPC path (`objects.batch`) talk to Weaviate: `'auto'` uses gRPC when
   * the server has it (1.24+, a gRPC address given or paired, or gRPC-Web on `url`, and a gRPC
   * health check answers), else REST with one warning naming why; `'grpc'` and `'rest'` force
   * one. A call's own `transport` overrides this. `'grpc'` with `grpc: 'native'` and no gRPC
   * address (no `grpcUrl`, and a `url` not on port 8080) throws an `ArgumentValueError` from
   * `connect`; a call's `'grpc'` on such a client is that call's `Left`, with nothing sent.
   *
   * @default 'auto'
   */
  readonly transport?: TransportMode
  /**
   * How gRPC calls travel: `'native'` over HTTP/2 to the gRPC address (`grpcUrl`, or the port
   * paired with a `url` on 8080); `'web'` as gRPC-Web on `url` itself, under `/v1/grpc-web/`
   * after the URL's own path (Weaviate 1.38.3+): no second port, plain HTTP/1.1 on the client's
   * REST connections, through proxies that do not pass gRPC; `'auto'`: without a gRPC address
   * (given or paired), `'web'`; with one, batches stream (`BatchStream`) over grpc-js there, and
   * the unary calls (searches, aggregates, tenant reads, `BatchObjects`) go as gRPC-Web on `url`
   * where the server serves it (checked with `transport: 'auto'`'s health check; they cost the
   * client less CPU than over grpc-js on Node), else over grpc-js. Over `'web'`,
   * `transport: 'auto'` asks the server's version and a health check, falls back to REST with
   * one warning on a server that does not serve gRPC-Web (older than 1.38.3, or `grpcWebEnabled`
   * off: it answers 404 there), and a batch writes with `BatchObjects` (`BatchStream` has no
   * gRPC-Web form). `'web'` with `grpcUrl` throws an `ArgumentValueError`
   * (docs/connecting-grpc-address.md).
   *
   * @example
   * ```ts
   * // one URL, any port: searches and batches as gRPC-Web on it, no grpcUrl needed
   * const client = connect({ url: 'https://weaviate.example.com' })
   * ```
   *
   * @default 'auto'
   */
  readonly grpc?: 'auto' | GrpcCarrier
  /**
   * TLS for `https` URLs, on REST and gRPC alike: the certificate authorities to trust (`ca`), a
   * client certificate and key for servers that ask for one (`cert`, `key`), and the name the
   * server's certificate carries when the URL's host is an IP address (`servername`). Checked at
   * `connect` (an unusable option throws an `ArgumentValueError`). A certificate the client does
   * not trust is a `TlsError`, never retried (docs/tls.md).
   *
   * @example
   * ```ts
   * import { readFileSync } from 'node:fs'
   * const client = connect({ url: 'https://127.0.0.1:8443', grpcUrl: 'https://127.0.0.1:50051', tls: { ca: readFileSync('ca.pem'), servername: 'localhost' } })
   * ```
   */
  readonly tls?: TlsOptions
  /**
   * HTTP/2 keepalive pings of the gRPC connections, or `false` for none. By default a ping every
   * 30 s while a call is open (and with the first call after an idle spell), 10 s for its answer:
   * a connection a load balancer dropped while idle is found dead within those 10 s rather than
   * at the call's deadline, and Weaviate's own keepalive policy never rejects the pings
   * (docs/connecting.md#grpc-keepalive).
   */
  readonly grpcKeepalive?: KeepaliveOptions | false
  /**
   * An HTTP forward proxy for REST and gRPC alike (a `CONNECT` tunnel per connection): a URL
   * `http://[user:password@]host[:port]` that every node is reached through, `{ url, noProxy }`
   * to exempt hosts, or `false` for direct connections whatever the environment says. When absent,
   * `HTTPS_PROXY` (for `https` nodes; `HTTP_PROXY` when unset), `HTTP_PROXY` (for `http` nodes)
   * and `NO_PROXY` are read once here, lower-case names first. Loopback is not exempt unless
   * `NO_PROXY` names it. An injected `dispatcher` wins for REST. A proxy that refuses the tunnel
   * is a `ConnectionError` with code `PROXY_REFUSED` on REST and `UNAVAILABLE` on gRPC, each
   * naming the proxy (docs/connecting.md#proxy).
   *
   * @example
   * ```ts
   * const client = connect({ url: 'https://weaviate.example.com', proxy: { url: 'http://proxy.internal:3128', noProxy: 'localhost,127.0.0.1' } })
   * ```
   */
  readonly proxy?: ProxyOption
}

/**
 * Creates a client. Nothing is sent until an operation is subscribed to. Throws an
 * `ArgumentValueError` for an option it cannot use (a URL that is not http(s), an unknown
 * `transport`, `transport: 'grpc'` without a gRPC address, a `tls` option Node cannot use, a
 * header the client sets itself or an `authorization` header beside `apiKey` or `auth`). Every
 * request, REST and gRPC, names the client (`x-weaviate-client: weaviate-rx/<version>`), and
 * names the cluster (`x-weaviate-cluster-url`) when `url` is on a Weaviate Cloud domain. An
 * `apiKey` that would go over plain `http` to a host beyond loopback gives one warning
 * (`WEAVIATE_RX_TLS001`).
 *
 * @example
 * ```ts
 * import { connect } from 'weaviate-rx'
 * const client = connect({ url: 'http://127.0.0.1:8080' })
 * ```
 */
export const connect = (options: ConnectOptions): Client => {
  const { url, serverVersion, grpcUrl, transport, grpc: carrierOption, tls: tlsOptions, auth, grpcKeepalive, proxy: proxyOption, restSearch, openTelemetry, logger, onEvent, ...http } = options
  const urls = typeof url === 'string' ? [url] : url
  // The gRPC address and the mode are checked before any pool is made.
  const wanted = grpcOption('grpc', carrierOption) ?? 'auto'
  if (wanted === 'web' && grpcUrl !== undefined) {
    throw new ArgumentValueError({ argument: 'grpcUrl', reason: "grpc: 'web' carries gRPC on the url itself; grpcUrl names a native gRPC address: give one or the other" })
  }
  const addresses = wanted === 'web' ? [] : grpcNodes(urls, grpcUrl)
  // 'auto' without a gRPC address: gRPC-Web on the url (the same server by construction).
  const carrier: GrpcCarrier = wanted === 'auto' ? (addresses.length > 0 ? 'native' : 'web') : wanted
  const nodes = carrier === 'web' ? [] : addresses
  const noAddress = carrier === 'native' && nodes.length === 0 ? noGrpcAddressReason(urls) : undefined
  const mode = transportMode('transport', transport) ?? 'auto'
  if (mode === 'grpc' && noAddress !== undefined) throw new ArgumentValueError({ argument: 'grpcUrl', reason: `transport 'grpc' needs a gRPC address: ${noAddress}` })
  const oidc = checkCredentials({ ...http, auth })
  const tls = resolveTls(tlsOptions)
  const keepalive = resolveKeepalive(grpcKeepalive)
  const proxy = resolveProxy(proxyOption)
  const resolved = resolveOptions({ ...http, urls, tls, proxy })
  const connections = undiciConnections(resolved)
  return buildClient({
    urls,
    nodes: resolved.nodes,
    serverVersion,
    restSearch,
    observability: { openTelemetry, logger, onEvent },
    runtime: nodeRuntime,
    apiKey: http.apiKey,
    oidc,
    mode,
    noAddress,
    webHint: wanted === 'auto' && carrier === 'web' ? noGrpcAddressReason(urls) : undefined,
    keyOrigins: mode === 'rest' ? [] : nodes.map((node) => node.origin),
    http: (bearer, ambient) => createHttp({ ...http, urls, tls, proxy, bearer, ambient }, connections),
    grpc: (bearer, _http, ambient) => {
      const overWeb = (): GrpcEffect =>
        createGrpcWeb({ ...resolved, bearer, ambient, exchange: undiciExchange((origin) => connections.pools.for(origin)), closed: () => connections.closed })
      const overGrpcJs = (): GrpcEffect => createGrpc({ nodes, headers: resolved.headers, retry: resolved.retry, timeout: resolved.timeout, tls, bearer, keepalive, proxy, ambient })
      // 'auto' with a gRPC address: BatchStream over grpc-js, unary calls as gRPC-Web where the server serves it.
      if (carrier === 'native' && wanted === 'auto' && WEB_UNARY_BY_DEFAULT) return webUnary(overGrpcJs(), overWeb())
      return carrier === 'web' ? overWeb() : overGrpcJs()
    },
    loadOidc: loadOpenIdClient,
    readTextFile: (path) => readFile(path, 'utf8'),
  })
}
