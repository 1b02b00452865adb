/**
 * What both entries of the package share: the {@link Client} they return and its one builder.
 * `connect` of `weaviate-rx` (`client.ts`, Node: undici and grpc-js) and of its web entry
 * (`web.ts`, `fetch` only) check their own options and choose their connections and gRPC carrier;
 * {@link buildClient} does the rest once for both: the checks of `apiKey` and `auth`, the OIDC
 * session, the warning of a key sent in the clear, the server version, the transport choice, the
 * {@link OperationContext} and the API object. Nothing here imports a Node module, undici or
 * grpc-js (the web build's bundle spec holds it to that).
 *
 * @packageDocumentation
 */
import { firstValueFrom } from 'rxjs'
import { boolean, optional } from './input/check'
import { ObservabilityOptions, Runtime, createObservability } from './observe/observability'
import type { Ambient } from './observe/probe'
import { CLIENT_VERSION } from './transport/client-version'
import { Meta } from './codecs/meta'
import { OperationContext, ReadTextFile } from './context/context'
import { createDeprecations } from './server/deprecations'
import { ArgumentValueError, WeaviateError } from './core/errors'
import { createTransportChoice } from './context/transport-choice'
import { warnBatchObjectsFallback, warnRestFallback } from './context/fallback-warnings'
import { createStreamRefusal } from './context/stream-refusal'
import { plaintextOrigins, warnPlaintextKey } from './context/plaintext-key'
import type { TransportMode } from './input/transport-mode'
import type { GrpcEffect } from './transport/grpc/calls'
import { WebUnaryGrpc, isWebUnary } from './transport/grpc-web/web-unary'
import type { BearerSource, HttpOptions } from './transport/http/options'
import type { Node } from './transport/http/nodes'
import type { HttpEffect } from './transport/http/pipeline'
import { ObservableEither } from './core/observable-either'
import { BackupApi, backupApi } from './backup'
import { ExportApi, exportApi } from './backup/export'
import { ClassificationsApi, classificationsApi } from './classifications'
import { ClusterApi, clusterApi } from './cluster'
import { HealthApi, healthApi } from './cluster/health'
import { objectsApi, ObjectsApi } from './objects'
import { GraphqlApi, QueryApi, graphqlApi, queryApi } from './query'
import { referencesApi, ReferencesApi } from './references'
import { SchemaApi, TenantsApi, schemaApi, tenantsApi } from './schema'
import { AliasesApi, aliasesApi } from './aliases'
import { Collection, CollectionOptions, collection } from './collection'
import { RolesApi, UsersApi, rolesApi, usersApi } from './access'
import { createVersionSource, fetchMeta } from './context/server-version'
import { OidcAuth, checkAuth } from './context/oidc/options'
import { OpenIdClient, createOidcSession } from './context/oidc/session'

/**
 * The options every build's `connect` takes: where Weaviate is, the server version to assume,
 * the credentials, the headers, and the retry and timeout settings.
 *
 * @example
 * ```ts
 * const common: BaseConnectOptions = { url: 'https://my-cluster.weaviate.cloud', apiKey: 'a-read-only-key', timeout: { attemptMs: 5_000 } }
 * ```
 */
export interface BaseConnectOptions extends Omit<HttpOptions, 'urls' | 'tls' | 'proxy' | 'connections' | 'dispatcher'>, ObservabilityOptions {
  /**
   * Base URL (`/v1` is appended), or several nodes of one cluster: requests go to one node, and a
   * connection error or attempt timeout moves an idempotent request's retry to the next node.
   */
  readonly url: string | readonly string[]
  /** Skip `GET /v1/meta` and assume this server version (e.g. `'1.13.0'`). */
  readonly serverVersion?: string
  /**
   * OIDC sign-in (client credentials, resource-owner password, or a bearer token with a refresh
   * token): the provider is discovered through the server's `/v1/.well-known/openid-configuration`,
   * and the token, refreshed before it expires, goes with every REST and gRPC call (docs/oidc.md).
   * Not together with `apiKey`.
   */
  readonly auth?: OidcAuth
  /**
   * Searches that run over REST (`transport: 'rest'`, or `'auto'` without a reachable gRPC port)
   * use the server's REST Search API instead of GraphQL where it has the search: today
   * `query.nearText` (`POST /v1/search/<Class>/near-text`, Weaviate 1.38.6+, on a server run with
   * `EXPERIMENTAL_REST_SEARCH_ENABLED=true`; elsewhere a 422 `Left` that says so). For servers
   * with GraphQL disabled and no gRPC port the client can reach. The API is experimental and
   * carries a subset of a search: an argument it lacks (moves, `groupBy`, `generate`, vectors,
   * references, ...) is an `ArgumentValueError` with nothing sent. On a server before 1.38.6, and
   * for the other searches, GraphQL as without it (docs/no-graphql.md).
   *
   * @default false
   */
  readonly restSearch?: boolean
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
  /** GraphQL as written: one query (`raw`) or several in one request (`batch`). */
  readonly graphql: GraphqlApi
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
   * Exports of collections as Parquet files to a backup backend (Weaviate 1.37+, on a server run
   * with `EXPORT_ENABLED=true`): create (a stream of status updates to the end), status, cancel.
   * Unsubscribing from a create does not cancel it.
   */
  readonly export: ExportApi
  /**
   * Classifications: the server sets reference properties by `'knn'` over the objects' vectors (or
   * a module's algorithm); `schedule` is a stream of its status to the end, `get` reads one.
   */
  readonly classifications: ClassificationsApi
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
 * What an entry decides for its client: the checked settings, and how its parts are made.
 */
export interface ClientBuild {
  /** The REST URLs as given. */
  readonly urls: readonly string[]
  /** The REST nodes, resolved (the OIDC configuration is read from the first). */
  readonly nodes: readonly Node[]
  readonly serverVersion: string | undefined
  readonly apiKey: string | undefined
  /** The OIDC sign-in, checked ({@link checkCredentials}). */
  readonly oidc: OidcAuth | undefined
  /** The client's transport mode, checked. */
  readonly mode: TransportMode
  /** Why the client has no gRPC address, and how to give one; undefined when it has one. */
  readonly noAddress: string | undefined
  /** Why gRPC travels as gRPC-Web (`grpc: 'auto'` without an address) and how to give an address, for a fallback warning. */
  readonly webHint?: string | undefined
  /** Origins besides `urls` that the API key travels to (native gRPC nodes), for the plaintext warning. */
  readonly keyOrigins: readonly string[]
  /** The HTTP pipeline over the entry's connections, with the changing Authorization header when there is one. */
  readonly http: (bearer: BearerSource | undefined, ambient: Ambient | undefined) => HttpEffect
  /** The gRPC side on the entry's carrier; `http` is the client's pipeline. */
  readonly grpc: (bearer: BearerSource | undefined, http: HttpEffect, ambient: Ambient | undefined) => GrpcEffect | WebUnaryGrpc
  /** Loads openid-client at the first sign-in. */
  readonly loadOidc: () => Promise<OpenIdClient>
  /** Reads a `dataObject` given as a file path; undefined in a build without a file system. */
  readonly readTextFile: ReadTextFile | undefined
  /** The `restSearch` option as given (checked here). */
  readonly restSearch: unknown
  /** The observability options as given (checked here) and what the entry's runtime offers them. */
  readonly observability: ObservabilityOptions
  readonly runtime: Runtime
}

/**
 * The checked `auth` option. Throws an `ArgumentValueError` for `apiKey` together with `auth`, an
 * `authorization` header beside `auth`, or an unusable `auth`.
 */
export const checkCredentials = (options: {
  readonly apiKey?: string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
  readonly auth?: OidcAuth | undefined
}): OidcAuth | undefined => {
  const { auth, apiKey, headers } = options
  if (auth !== undefined && apiKey !== undefined && apiKey !== '') {
    throw new ArgumentValueError({ argument: 'auth', reason: "give either 'apiKey' or 'auth' (OIDC), not both" })
  }
  if (auth !== undefined && headers !== undefined && Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
    throw new ArgumentValueError({ argument: 'headers', reason: "give either 'auth' (OIDC) or an 'authorization' header, not both" })
  }
  return auth === undefined ? undefined : checkAuth(auth)
}

/**
 * The client of an entry's build.
 */
export const buildClient = (build: ClientBuild): Client => {
  const { oidc } = build
  const restSearch = optional(boolean, 'restSearch', build.restSearch) ?? false
  const withKey = build.apiKey !== undefined && build.apiKey !== ''
  // Traces, metrics and events (lib/observe/): undefined when nothing can listen, and then nothing is watched.
  const watch = createObservability(build.observability, build.runtime, CLIENT_VERSION)
  const ambient = watch?.ambient
  // The session reads the server's OIDC configuration with a plain GET on the client's
  // connections (fetchUrl: no Authorization header), first asked for when the first call needs a token.
  const first = build.nodes[0]
  const session =
    oidc === undefined || first === undefined
      ? undefined
      : createOidcSession(oidc, {
          wellKnown: () =>
            firstValueFrom(pipeline.fetchUrl({ url: `${first.origin}${first.basePath}/.well-known/openid-configuration`, expect: [200] })).then((response) => response.body),
          load: build.loadOidc,
        })
  const bearer = session === undefined ? undefined : { authorization: session.authorization, forStream: session.forStream }
  const pipeline = build.http(bearer, ambient)
  const grpc = build.grpc(bearer, pipeline, ambient)
  if (withKey) {
    const exposed = plaintextOrigins([...build.urls, ...build.keyOrigins])
    if (exposed.length > 0) warnPlaintextKey(exposed)
  }
  const versions = createVersionSource(pipeline, build.serverVersion)
  const ctx: OperationContext = {
    http: pipeline,
    versions,
    deprecations: createDeprecations(),
    grpc,
    transports: createTransportChoice({
      mode: build.mode,
      versions,
      grpc,
      noAddress: build.noAddress,
      webHint: build.webHint,
      webUnary: isWebUnary(grpc) ? grpc : undefined,
      warn: (reason) => {
        warnRestFallback(reason)
        watch?.fallback('rest', reason)
      },
    }),
    streamRefusal: createStreamRefusal((reason) => {
      warnBatchObjectsFallback(reason)
      watch?.fallback('batch-objects', reason)
    }),
    readTextFile: build.readTextFile,
    restSearch,
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
    graphql: watched(graphqlApi(ctx), 'graphql'),
    backup: watched(backupApi(ctx), 'backup'),
    export: watched(exportApi(ctx), 'export'),
    classifications: watched(classificationsApi(ctx), 'classifications'),
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
