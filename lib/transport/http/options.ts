/**
 * The client's HTTP options, checked and completed with their defaults once per client; a call's
 * own `retry` / `timeout` are merged over them once per call, and only when the call gives them.
 *
 * @packageDocumentation
 */
import type { Dispatcher } from 'undici'
import { ArgumentValueError } from '../../core/errors'
import { checkHeaders } from '../../input/headers'
import { CLIENT_VERSION } from '../client-version'
import { NO_PROXY, ProxySettings } from '../proxy'
import { DEFAULT_TLS, TlsSettings } from '../tls'
import { Node, parseNodes } from './nodes'
import { DEFAULT_RETRY } from './retry'
import type { CallOptions, RetryOptions, TimeoutOptions } from './types'

/**
 * Client-wide HTTP settings.
 */
export interface HttpOptions {
  /**
   * Base URLs of the Weaviate nodes, like `http://127.0.0.1:8080`; `/v1` is appended (a trailing
   * `/` or `/v1` is tolerated). Requests go to the current node, starting with the first. When an
   * attempt fails on the network level (a connection error or an attempt timeout), the client moves
   * on to the next URL (round-robin), so a retry goes there; it stays with the node that last
   * answered. Requests that are not idempotent (POST, PATCH without `idempotent: true`) are not
   * retried, so never sent to a second node.
   */
  readonly urls: readonly string[]
  /** Sent as `Authorization: Bearer <key>`; no Authorization header at all when unset or empty. */
  readonly apiKey?: string | undefined
  /**
   * Added to every request to Weaviate, REST and gRPC (not to a data object fetched from a URL),
   * e.g. a module's API key (`X-OpenAI-Api-Key`). Names are case-insensitive and sent in lower
   * case; a call's own `headers` go over them. The client's own headers cannot be given here
   * (`content-type`, `x-weaviate-client` and the framing headers: an `ArgumentValueError` from
   * `connect`), nor `authorization` together with `apiKey` or `auth`.
   */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * Keep-alive connections per origin.
   *
   * @default 16
   */
  readonly connections?: number
  /** An undici Dispatcher to send with (tests, proxies). The client then owns no pool and closes nothing. */
  readonly dispatcher?: Dispatcher
  /** Client-wide retry settings, or `false` for none. */
  readonly retry?: Partial<RetryOptions> | false
  /** Client-wide timeouts. */
  readonly timeout?: Partial<TimeoutOptions>
  /**
   * The checked TLS settings of `https` URLs (`lib/context/tls.ts` makes them from the user's
   * `TlsOptions`); Node's defaults when absent.
   */
  readonly tls?: TlsSettings
  /**
   * The checked proxy settings (`lib/transport/proxy.ts` makes them from the `proxy` option or the
   * environment); no proxy when absent. An injected `dispatcher` wins over them.
   */
  readonly proxy?: ProxySettings
}

/**
 * Where a client's `Authorization` header comes from when it changes over the client's life (an
 * OIDC access token, refreshed before it expires): asked before every attempt, REST and gRPC alike.
 */
export interface BearerSource {
  /**
   * The header's value (`Bearer <token>`): at once while the token is fresh, else a promise of the
   * next one. The promise rejects with a WeaviateError (a failed sign-in), which ends the request
   * without a retry.
   */
  readonly authorization: () => string | Promise<string>
  /**
   * The header for a call that keeps it for its whole life (a `BatchStream`): at once while the
   * token is in the first half of its life, else a promise of the next one (rejecting as
   * `authorization` does). Its `renewInMs` says when that call should be opened again with the
   * next token (docs/oidc.md).
   */
  readonly forStream: () => StreamBearer | Promise<StreamBearer>
}

/**
 * The Authorization header a long call opens with, and how long it stays good for that call.
 */
export interface StreamBearer {
  /** `Bearer <token>`. */
  readonly authorization: string
  /**
   * Milliseconds until the session has the next token (the token's half-life, at most 30 s before
   * it expires): a call opened with this header is reopened by then, while the header still has at
   * least as long again to live. Undefined when the token is never renewed (a bearer token without
   * a refresh token): the server judges it.
   */
  readonly renewInMs: number | undefined
}

/**
 * The timeout defaults: 30 s per attempt, 120 s for the whole operation.
 */
export const DEFAULT_TIMEOUT: TimeoutOptions = Object.freeze({ attemptMs: 30_000, totalMs: 120_000 })

/** Default keep-alive connections per origin. */
const DEFAULT_CONNECTIONS = 16

const NO_RETRY: RetryOptions = Object.freeze({ ...DEFAULT_RETRY, attempts: 1 })

/** How this client names itself to Weaviate, which counts its clients by it. */
export const CLIENT_HEADER = `weaviate-rx/${CLIENT_VERSION}`

/**
 * The domains of Weaviate Cloud clusters. A cluster there runs Weaviate Embeddings only for
 * requests that name the cluster (`x-weaviate-cluster-url`); the match is on the host's end, so
 * `weaviate.cloud.example.com` is no cluster.
 */
const CLOUD_DOMAINS: readonly string[] = ['weaviate.cloud', 'weaviate.network', 'weaviate.io', 'semi.technology']

/**
 * `x-weaviate-cluster-url: https://<host>` when the first node is on a Weaviate Cloud domain (a
 * cloud cluster has one URL), else nothing.
 */
export const clusterUrlHeader = (nodes: readonly Node[]): Readonly<Record<string, string>> => {
  const first = nodes[0]
  if (first === undefined) return {}
  const host = new URL(first.origin).hostname.toLowerCase()
  return CLOUD_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`)) ? { 'x-weaviate-cluster-url': `https://${host}` } : {}
}
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' })

/**
 * {@link HttpOptions} checked, with every default filled in.
 */
export interface ResolvedOptions {
  readonly nodes: readonly Node[]
  readonly connections: number
  readonly dispatcher: Dispatcher | undefined
  readonly tls: TlsSettings
  readonly proxy: ProxySettings
  /** Headers of a request to Weaviate without a body: custom headers and the Authorization header. */
  readonly headers: Readonly<Record<string, string>>
  /** {@link ResolvedOptions.headers} plus `content-type: application/json`. */
  readonly jsonHeaders: Readonly<Record<string, string>>
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
}

/**
 * Checks and completes the client options. Throws an {@link ArgumentValueError} for an empty or
 * malformed URL list or a `connections` that is not a positive integer.
 */
export const resolveOptions = (options: HttpOptions): ResolvedOptions => {
  const nodes = parseNodes(options.urls)
  const connections = options.connections ?? DEFAULT_CONNECTIONS
  if (!Number.isInteger(connections) || connections < 1) {
    throw new ArgumentValueError({ argument: 'connections', reason: `'connections' must be a positive integer, got ${connections}` })
  }
  const custom = options.headers === undefined ? {} : checkHeaders('headers', options.headers)
  const withKey = options.apiKey !== undefined && options.apiKey !== ''
  if (withKey && custom['authorization'] !== undefined) {
    throw new ArgumentValueError({ argument: 'headers', reason: "give either 'apiKey' or an 'authorization' header, not both" })
  }
  // The user's headers go over ours (a cluster URL of their own), never over the client's name or key.
  const headers: Readonly<Record<string, string>> = Object.freeze({
    ...clusterUrlHeader(nodes),
    ...custom,
    'x-weaviate-client': CLIENT_HEADER,
    ...(withKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  })
  return {
    nodes,
    connections,
    dispatcher: options.dispatcher,
    tls: options.tls ?? DEFAULT_TLS,
    proxy: options.proxy ?? NO_PROXY,
    headers,
    jsonHeaders: Object.freeze({ ...headers, ...JSON_HEADERS }),
    retry: mergeRetry(DEFAULT_RETRY, options.retry),
    timeout: Object.freeze({ ...DEFAULT_TIMEOUT, ...options.timeout }),
  }
}

/**
 * The headers of one call: the client's `base` headers with the call's own over them, or an
 * ArgumentValueError when the call sends `authorization` on a client that holds credentials (an
 * API key or OIDC) of its own. The call's headers are checked already (`lib/input/headers.ts`).
 */
export const withCallHeaders = (
  base: Readonly<Record<string, string>>,
  call: Readonly<Record<string, string>>,
  clientCredentials: boolean,
): Readonly<Record<string, string>> | ArgumentValueError =>
  clientCredentials && call['authorization'] !== undefined
    ? new ArgumentValueError({ argument: 'headers', reason: "a call's 'authorization' header cannot replace the client's 'apiKey' or 'auth'" })
    : { ...base, ...call }

/**
 * The settings a call's request may override.
 */
export interface CallSettings {
  readonly retry: RetryOptions
  readonly timeout: TimeoutOptions
}

/**
 * The client's settings with a call's `retry` / `timeout` over them; the client's own objects
 * when the call gives neither.
 */
export const forCall = (
  client: CallSettings,
  call: CallOptions,
): CallSettings =>
  call.retry === undefined && call.timeout === undefined
    ? client
    : {
        retry: mergeRetry(client.retry, call.retry),
        timeout: call.timeout === undefined ? client.timeout : { ...client.timeout, ...call.timeout },
      }

/** Settings overridden by others; `false` means a single attempt. */
const mergeRetry = (base: RetryOptions, override: Partial<RetryOptions> | false | undefined): RetryOptions =>
  override === false ? NO_RETRY : override === undefined ? base : { ...base, ...override }
