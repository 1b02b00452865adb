/**
 * `connect(options)`: one client per Weaviate deployment, holding the HTTP pool, the cached server
 * version and the deprecation memory. Every operation is a cold ObservableEither.
 *
 * @packageDocumentation
 */
import { Dispatcher } from 'undici'
import { Meta } from './codecs/meta'
import { OperationContext } from './context'
import { createDeprecations } from './deprecations'
import { WeaviateError } from './errors'
import { createHttp } from './http/pipeline'
import { RetryOptions, TimeoutOptions } from './http/types'
import { ObservableEither } from './observable-either'
import { objectsApi, ObjectsApi } from './objects'
import { referencesApi, ReferencesApi } from './references'
import { createVersionSource, fetchMeta } from './server-version'

/**
 * How to reach and talk to Weaviate.
 *
 * @example
 * ```ts
 * const options: ConnectOptions = { url: 'http://127.0.0.1:8080', apiKey: process.env['WEAVIATE_KEY'], retry: { attempts: 5 } }
 * ```
 */
export interface ConnectOptions {
  /**
   * Base URL (`/v1` is appended), or several nodes of one cluster: requests go to one node, and a
   * connection error or attempt timeout moves an idempotent request's retry to the next node.
   */
  readonly url: string | readonly string[]
  /** Sent as `Authorization: Bearer <key>`; never appears in errors. */
  readonly apiKey?: string | undefined
  /** Extra headers for every request (e.g. module API keys). */
  readonly headers?: Readonly<Record<string, string>>
  /** Keep-alive connections per node; default 16. */
  readonly connections?: number
  /** An undici Dispatcher to send through instead of the client's own pool. */
  readonly dispatcher?: Dispatcher
  /** Retry settings, or `false` for none. */
  readonly retry?: Partial<RetryOptions> | false
  /** Timeouts per attempt and in total. */
  readonly timeout?: Partial<TimeoutOptions>
  /** Skip `GET /v1/meta` and assume this server version (e.g. `'1.13.0'`). */
  readonly serverVersion?: string
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
  readonly meta: {
    /** `GET /v1/meta`. */
    readonly get: () => ObservableEither<WeaviateError, Meta>
  }
  /** Closes the client's connection pools. */
  readonly close: () => Promise<void>
}

/**
 * Creates a client. Nothing is sent until an operation is subscribed to.
 *
 * @example
 * ```ts
 * import { connect } from 'weaviate-rx'
 * const client = connect({ url: 'http://127.0.0.1:8080' })
 * ```
 */
export const connect = (options: ConnectOptions): Client => {
  const http = createHttp({
    urls: typeof options.url === 'string' ? [options.url] : options.url,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  })
  const ctx: OperationContext = {
    http,
    versions: createVersionSource(http, options.serverVersion),
    deprecations: createDeprecations(),
  }
  return {
    objects: objectsApi(ctx),
    references: referencesApi(ctx),
    meta: { get: () => fetchMeta(http) },
    close: () => http.close(),
  }
}
