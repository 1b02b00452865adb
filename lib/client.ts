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
import { TransportMode, transportMode } from './input/transport-mode'
import { createGrpc } from './transport/grpc/pipeline'
import { HttpOptions, resolveOptions } from './transport/http/options'
import { createHttp } from './transport/http/pipeline'
import { ObservableEither } from './core/observable-either'
import { BackupApi, backupApi } from './backup'
import { objectsApi, ObjectsApi } from './objects'
import { QueryApi, queryApi } from './query'
import { referencesApi, ReferencesApi } from './references'
import { SchemaApi, TenantsApi, schemaApi, tenantsApi } from './schema'
import { AliasesApi, aliasesApi } from './aliases'
import { createVersionSource, fetchMeta } from './context/server-version'
import { OidcAuth, checkAuth } from './context/oidc/options'
import { createOidcSession } from './context/oidc/session'
import { firstValueFrom } from 'rxjs'

/**
 * How to reach and talk to Weaviate.
 *
 * @example
 * ```ts
 * const options: ConnectOptions = { url: 'http://127.0.0.1:8080', apiKey: process.env['WEAVIATE_KEY'], retry: { attempts: 5 } }
 * ```
 */
export interface ConnectOptions extends Omit<HttpOptions, 'urls'> {
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
   * OIDC sign-in (client credentials, resource-owner password, or a bearer token with a refresh
   * token): the provider is discovered through the server's `/v1/.well-known/openid-configuration`,
   * and the token, refreshed before it expires, goes with every REST and gRPC call (docs/oidc.md).
   * Not together with `apiKey`.
   */
  readonly auth?: OidcAuth
}

/**
 * A connected client.
 *
 * @example
 * ```ts
 * const client = connect({ url: 'http://127.0.0.1:8080' })
 * client.objects.create({ className: 'Article', dataObject: { title: 'x' } }).subscribe(console.log)
 * await client.close()
 * ```
 */
export interface Client {
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
  readonly meta: {
    /** `GET /v1/meta`. */
    readonly get: () => ObservableEither<WeaviateError, Meta>
  }
  /** Closes the client's connection pools and gRPC channels. */
  readonly close: () => Promise<void>
}

/**
 * Creates a client. Nothing is sent until an operation is subscribed to. Throws an
 * `ArgumentValueError` for an option it cannot use (a URL that is not http(s), an unknown
 * `transport`, `transport: 'grpc'` without a gRPC address).
 *
 * @example
 * ```ts
 * import { connect } from 'weaviate-rx'
 * const client = connect({ url: 'http://127.0.0.1:8080' })
 * ```
 */
export const connect = (options: ConnectOptions): Client => {
  const { url, serverVersion, grpcUrl, transport, auth, ...http } = options
  const urls = typeof url === 'string' ? [url] : url
  // The gRPC address and the mode are checked before any pool is made.
  const nodes = grpcNodes(urls, grpcUrl)
  const noAddress = nodes.length === 0 ? noGrpcAddressReason(urls) : undefined
  const mode = transportMode('transport', transport) ?? 'auto'
  if (mode === 'grpc' && noAddress !== undefined) throw new ArgumentValueError({ argument: 'grpcUrl', reason: `transport 'grpc' needs a gRPC address: ${noAddress}` })
  if (auth !== undefined && http.apiKey !== undefined && http.apiKey !== '') {
    throw new ArgumentValueError({ argument: 'auth', reason: "give either 'apiKey' or 'auth' (OIDC), not both" })
  }
  const oidc = auth === undefined ? undefined : checkAuth(auth)
  const resolved = resolveOptions({ ...http, urls })
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
  const bearer = session === undefined ? undefined : { authorization: session.authorization, current: session.current }
  const pipeline = createHttp({ ...http, urls, bearer })
  const grpc = createGrpc({ nodes, headers: resolved.headers, retry: resolved.retry, timeout: resolved.timeout, bearer })
  const versions = createVersionSource(pipeline, serverVersion)
  const ctx: OperationContext = {
    http: pipeline,
    versions,
    deprecations: createDeprecations(),
    grpc,
    transports: createTransportChoice({ mode, versions, grpc, noAddress, warn: warnRestFallback }),
    streamRefusal: createStreamRefusal(warnBatchObjectsFallback),
  }
  return {
    objects: objectsApi(ctx),
    references: referencesApi(ctx),
    query: queryApi(ctx),
    schema: schemaApi(ctx),
    tenants: tenantsApi(ctx),
    aliases: aliasesApi(ctx),
    backup: backupApi(ctx),
    meta: { get: () => fetchMeta(pipeline) },
    close: () => {
      session?.close()
      grpc.close()
      return pipeline.close()
    },
  }
}
