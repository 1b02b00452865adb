/**
 * `connect(options)`: one client per Weaviate deployment, holding the HTTP pool, the cached server
 * version and the deprecation memory. Every operation is a cold ObservableEither.
 *
 * @packageDocumentation
 */
import { Meta } from './codecs/meta'
import { OperationContext } from './context/context'
import { createDeprecations } from './server/deprecations'
import { ArgumentValueError, WeaviateError } from './core/errors'
import { grpcNodes, noGrpcAddressReason } from './transport/grpc/address'
import { createTransportChoice } from './context/transport-choice'
import { warnBatchObjectsFallback, warnRestFallback } from './context/fallback-warnings'
import { createStreamRefusal } from './context/stream-refusal'
import { plaintextOrigins, resolveTls, warnPlaintextKey } from './context/tls'
import type { TlsOptions } from './transport/tls'
import { ProxyOption, resolveProxy } from './transport/proxy'
import { GrpcCarrier, TransportMode, grpcCarrier, transportMode } from './input/transport-mode'
import { createGrpc } from './transport/grpc/pipeline'
import { KeepaliveOptions, resolveKeepalive } from './transport/grpc/keepalive'
import { createGrpcWeb } from './transport/grpc-web/pipeline'
import { undiciExchange } from './transport/grpc-web/undici-exchange'
import { HttpOptions, resolveOptions } from './transport/http/options'
import { createHttp } from './transport/http/pipeline'
import { ObservableEither } from './core/observable-either'
import { BackupApi, backupApi } from './backup'
import { ClusterApi, clusterApi } from './cluster'
import { HealthApi, healthApi } from './cluster/health'
import { objectsApi, ObjectsApi } from './objects'
import { QueryApi, queryApi } from './query'
import { referencesApi, ReferencesApi } from './references'
import { SchemaApi, TenantsApi, schemaApi, tenantsApi } from './schema'
import { AliasesApi, aliasesApi } from './aliases'
import { Collection, CollectionOptions, collection } from './collection'
import { RolesApi, UsersApi, rolesApi, usersApi } from './access'
import { createVersionSource, fetchMeta } from './context/server-version'
import { OidcAuth, checkAuth } from './context/oidc/options'
import { createOidcSession } from './context/oidc/session'
import { firstValueFrom } from 'rxjs'
import { ObservabilityOptions, createObservability } from './observe/observability'
import { nodeRuntime } from './observe/node'
import { CLIENT_VERSION } from './transport/client-version'

/**
 * How to reach and talk to Weaviate.
 *
 * @example
 * ```ts
 * const options: ConnectOptions = { url: 'http://127.0.0.1:8080', apiKey: process.env['WEAVIATE_KEY'], retry: { attempts: 5 } }
 * ```
 */
export interface ConnectOptions extends Omit<HttpOptions, 'urls' | 'tls' | 'proxy'>, ObservabilityOptions {
  /**
   * Base URL (`/v1` is appended), or several nodes of one cluster: requests go to one node, and a
   * connection error or attempt timeout moves an idempotent request's retry to the next node.
   */
  readonly url: string | readonly string[]
  /** Skip `GET /v1/meta` and assume this server version (e.g. `'1.13.0'`). */
  readonly serverVersion?: string
  /**
   * The gRPC address of each node: `http://host:port` (plaintext), `https://host:port` (TLS), or
   * `host:port` (TLS when its `url` is `https`); one, or one per entry of `url`. Default: only
   * when every `url` is on Weaviate's default REST port 8080, its host on port 50051; otherwise
   * none, and `transport: 'auto'` runs over REST with one warning (docs/connecting-grpc-address.md).
   */
  readonly grpcUrl?: string | readonly string[]
  /**
   * How operations with a gRPC path (`objects.batch`) talk to Weaviate: `'auto'` uses gRPC when
   * the server has it (1.24+, a gRPC address given or paired, and a gRPC health check answers),
   * else REST with one warning naming why; `'grpc'` and `'rest'` force one. A call's own
   * `transport` overrides this. `'grpc'` without a gRPC address (no `grpcUrl`, and a `url` not on
   * port 8080) throws an `ArgumentValueError` from `connect`; a call's `'grpc'` on such a client is
   * that call's `Left`, with nothing sent.
   *
   * @default 'auto'
   */
  readonly transport?: TransportMode
  /**
   * How gRPC calls travel: `'native'` over HTTP/2 to the gRPC address (`grpcUrl`, or the port
   * paired with a `url` on 8080); `'web'` as gRPC-Web on `url` itself, under
   * `/v1/grpc-web/` after the URL's own path (Weaviate 1.38.3+): no second port, plain HTTP/1.1
   * on the client's REST connections, through proxies that do not pass gRPC. Over `'web'`,
   * `transport: 'auto'` asks the server's version and a health check, and a batch writes with
   * `BatchObjects` (`BatchStream` has no gRPC-Web form). `'web'` with `grpcUrl` throws an
   * `ArgumentValueError` (docs/connecting-grpc-address.md).
   *
   * @default 'native'
   */
  readonly grpc?: GrpcCarrier
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
   * OIDC sign-in (client credentials, resource-owner password, or a bearer token with a refresh
   * token): the provider is discovered through the server's `/v1/.well-known/openid-configuration`,
   * and the token, refreshed before it expires, goes with every REST and gRPC call (docs/oidc.md).
   * Not together with `apiKey`.
   */
  readonly auth?: OidcAuth
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
 * A connected client. Besides the APIs below it has the health checks of {@link HealthApi}:
 * `isReady()` and `isLive()`.
 *
 * @example
 * ```ts
 * const client = connect({ url: 'http://127.0.0.1:8080' })
 * client.objects.create({ className: 'Article', dataObject: { title: 'x' } }).subscribe(console.log)
 * await client.close()
 * ```
 */
export interface Client extends HealthApi {
  readonly objects: ObjectsApi
  readonly references: ReferencesApi
  /** Search: nearVector, nearObject, bm25, hybrid, fetchObjects (gRPC from Weaviate 1.25, GraphQL before). */
  readonly query: QueryApi
  /** Classes: read, create, update, delete, add a property. */
  readonly schema: SchemaApi
  /** Tenants of multi-tenant classes (Weaviate 1.20+). */
  readonly tenants: TenantsApi
  /** Aliases of classes (Weaviate 1.32+): create, list, get, update (point to another class), delete. */
  readonly aliases: AliasesApi
  /**
   * Backups: create and restore (streams of status updates to the end), status, cancel, list
   * (Weaviate 1.15+; cancel and list later). Unsubscribing from a create or restore does not cancel it.
   */
  readonly backup: BackupApi
  /**
   * Node status, cluster statistics, the sharding state, and replication operations (copy or move
   * a shard replica: a stream of its states to the end). Unsubscribing from a replication does not
   * cancel it.
   */
  readonly cluster: ClusterApi
  /**
   * Roles and their typed permissions (role-based access control, Weaviate 1.28+). A refusal for
   * want of a permission, here or anywhere, is a `ForbiddenError`, never retried.
   */
  readonly roles: RolesApi
  /** Role assignment to users and groups, database users (1.30+), and the caller's own information. */
  readonly users: UsersApi
  readonly meta: {
    /** `GET /v1/meta`. */
    readonly get: () => ObservableEither<WeaviateError, Meta>
  }
  /**
   * A typed handle on one class: every operation of `objects`, `references`, `query`, `tenants`
   * and `schema` with the class name (and a tenant and a consistency level, when given) bound,
   * the properties typed by the `codec`'s type or the type parameter `P` (docs/collection-handle.md).
   * Sends nothing; throws an `ArgumentValueError` for a name that is not a class name.
   *
   * @example
   * ```ts
   * const books = client.collection('Book', { codec: t.type({ title: t.string, year: t.number }) })
   * books.query.bm25({ query: 'dune', returnProperties: ['title'] })
   * ```
   */
  readonly collection: <P = Record<string, unknown>>(name: string, options?: CollectionOptions<P>) => Collection<P>
  /** Closes the client's connection pools and gRPC channels. */
  readonly close: () => Promise<void>
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
  const { url, serverVersion, grpcUrl, transport, grpc: carrierOption, tls: tlsOptions, auth, grpcKeepalive, proxy: proxyOption, openTelemetry, logger, onEvent, ...http } = options
  const urls = typeof url === 'string' ? [url] : url
  // The gRPC address and the mode are checked before any pool is made.
  const carrier = grpcCarrier('grpc', carrierOption) ?? 'native'
  if (carrier === 'web' && grpcUrl !== undefined) {
    throw new ArgumentValueError({ argument: 'grpcUrl', reason: "grpc: 'web' carries gRPC on the url itself; grpcUrl names a native gRPC address: give one or the other" })
  }
  const nodes = carrier === 'web' ? [] : grpcNodes(urls, grpcUrl)
  const noAddress = carrier === 'native' && nodes.length === 0 ? noGrpcAddressReason(urls) : undefined
  const mode = transportMode('transport', transport) ?? 'auto'
  if (mode === 'grpc' && noAddress !== undefined) throw new ArgumentValueError({ argument: 'grpcUrl', reason: `transport 'grpc' needs a gRPC address: ${noAddress}` })
  if (auth !== undefined && http.apiKey !== undefined && http.apiKey !== '') {
    throw new ArgumentValueError({ argument: 'auth', reason: "give either 'apiKey' or 'auth' (OIDC), not both" })
  }
  if (auth !== undefined && http.headers !== undefined && Object.keys(http.headers).some((name) => name.toLowerCase() === 'authorization')) {
    throw new ArgumentValueError({ argument: 'headers', reason: "give either 'auth' (OIDC) or an 'authorization' header, not both" })
  }
  const oidc = auth === undefined ? undefined : checkAuth(auth)
  const tls = resolveTls(tlsOptions)
  const keepalive = resolveKeepalive(grpcKeepalive)
  const proxy = resolveProxy(proxyOption)
  const resolved = resolveOptions({ ...http, urls, tls, proxy })
  // Traces, metrics and events (lib/observe/): undefined when nothing can listen, and then nothing is watched.
  const watch = createObservability({ openTelemetry, logger, onEvent }, nodeRuntime, CLIENT_VERSION)
  const ambient = watch?.ambient
  // The session reads the server's OIDC configuration with a plain GET on the client's pools
  // (fetchUrl: no Authorization header), first asked for when the first call needs a token.
  const first = resolved.nodes[0]
  const session =
    oidc === undefined || first === undefined
      ? undefined
      : createOidcSession(oidc, {
          wellKnown: () =>
            firstValueFrom(pipeline.fetchUrl({ url: `${first.origin}${first.basePath}/.well-known/openid-configuration`, expect: [200] })).then((response) => response.body),
        })
  const bearer = session === undefined ? undefined : { authorization: session.authorization, forStream: session.forStream }
  const pipeline = createHttp({ ...http, urls, tls, proxy, bearer, ambient })
  const grpc =
    carrier === 'web'
      ? createGrpcWeb({
          nodes: resolved.nodes,
          headers: resolved.headers,
          retry: resolved.retry,
          timeout: resolved.timeout,
          bearer,
          exchange: undiciExchange((origin) => pipeline.pools.for(origin)),
          closed: () => pipeline.pools.closed,
          ambient,
        })
      : createGrpc({ nodes, headers: resolved.headers, retry: resolved.retry, timeout: resolved.timeout, tls, bearer, keepalive, proxy, ambient })
  if (http.apiKey !== undefined && http.apiKey !== '') {
    const exposed = plaintextOrigins([...urls, ...(mode === 'rest' ? [] : nodes.map((node) => node.origin))])
    if (exposed.length > 0) warnPlaintextKey(exposed)
  }
  const versions = createVersionSource(pipeline, serverVersion)
  const ctx: OperationContext = {
    http: pipeline,
    versions,
    deprecations: createDeprecations(),
    grpc,
    transports: createTransportChoice({
      mode,
      versions,
      grpc,
      noAddress,
      warn: (reason) => {
        warnRestFallback(reason)
        watch?.fallback('rest', reason)
      },
    }),
    streamRefusal: createStreamRefusal((reason) => {
      warnBatchObjectsFallback(reason)
      watch?.fallback('batch-objects', reason)
    }),
  }
  // The one operation-level seam: every operation of the API objects watched, named by its path.
  const watched = <T extends object>(api: T, prefix: string): T => (watch === undefined ? api : watch.instrument(api, prefix))
  const flat = {
    objects: watched(objectsApi(ctx), 'objects'),
    references: watched(referencesApi(ctx), 'references'),
    query: watched(queryApi(ctx), 'query'),
    schema: watched(schemaApi(ctx), 'schema'),
    tenants: watched(tenantsApi(ctx), 'tenants'),
  }
  return {
    ...flat,
    ...watched(healthApi(ctx), ''),
    aliases: watched(aliasesApi(ctx), 'aliases'),
    backup: watched(backupApi(ctx), 'backup'),
    cluster: watched(clusterApi(ctx), 'cluster'),
    roles: watched(rolesApi(ctx), 'roles'),
    users: watched(usersApi(ctx), 'users'),
    meta: watched({ get: () => fetchMeta(pipeline) }, 'meta'),
    collection: (name, options) => collection(flat, name, options),
    close: () => {
      session?.close()
      grpc.close()
      return pipeline.close()
    },
  }
}
