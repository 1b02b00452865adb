/**
 * The shapes that flow through the HttpEffect pipeline. Operations only *describe* requests with
 * {@link HttpRequest}; the pipeline sends them, classifies the answer and retries.
 *
 * @packageDocumentation
 */
import type { HttpMethod } from '../../core/errors'

/**
 * Retry settings. Retried are transient statuses (408, 429, 500, 502, 503, 504) and connection or
 * attempt-timeout failures, for idempotent requests only (GET, HEAD, PUT, DELETE unless the request
 * says otherwise).
 *
 * @example
 * ```ts
 * connect({ url, retry: { attempts: 5, baseDelayMs: 200, maxDelayMs: 5_000 } })
 * ```
 */
export interface RetryOptions {
  /** Attempts in total, the first included. 1 turns retry off. Default 3. */
  readonly attempts: number
  /** Backoff before retry n is `random() * min(maxDelayMs, baseDelayMs * 2^(n-1))`. Default 250. */
  readonly baseDelayMs: number
  /** Cap of one computed backoff. Default 10_000. */
  readonly maxDelayMs: number
  /** A server `Retry-After` above this gives up instead of waiting. Default 60_000. */
  readonly maxRetryAfterMs: number
  /** Source of jitter in [0, 1). Default `Math.random`; inject for deterministic tests. */
  readonly random: () => number
}

/**
 * Timeout settings; both produce a `TimeoutError` (`phase: 'attempt' | 'total'`).
 *
 * @example
 * ```ts
 * connect({ url, timeout: { attemptMs: 5_000, totalMs: 30_000 } })
 * ```
 */
export interface TimeoutOptions {
  /** One attempt, from sending to the last body byte. Default 30_000. */
  readonly attemptMs: number
  /** The whole operation including retries and backoff. Default 120_000. */
  readonly totalMs: number
}

/**
 * Per-call settings every operation accepts next to its own inputs.
 *
 * @example
 * ```ts
 * client.objects.getById({ className: 'A', uuid, retry: false, timeout: { attemptMs: 2_000 } })
 * ```
 */
export interface CallOptions {
  /** Retry settings for this call, or `false` for none. */
  readonly retry?: Partial<RetryOptions> | false
  /** Timeouts for this call. */
  readonly timeout?: Partial<TimeoutOptions>
  /**
   * Headers for this call's requests, REST and gRPC, over the client's `headers` (e.g. a module's
   * API key for one search). The same rules as the client's: no `content-type`,
   * `x-weaviate-client` or framing headers; `authorization` only on a client without `apiKey` or
   * `auth`, else the call is an `ArgumentValueError` `Left` with nothing sent.
   */
  readonly headers?: Readonly<Record<string, string>>
}

/** Query parameters in the order they are sent; `undefined` values are left out. */
export type Query = ReadonlyArray<readonly [string, string | undefined]>

/**
 * A request as an operation describes it.
 */
export interface HttpRequest {
  readonly method: HttpMethod
  /** Path below `/v1`, starting with `/`, segments already percent-encoded. */
  readonly path: string
  readonly query?: Query
  /** Serialised as JSON with `content-type: application/json` when present. */
  readonly body?: unknown
  /**
   * The body as JSON text, already serialised (the batch sink builds it from per-object parts it
   * has measured); takes the place of `body`.
   */
  readonly bodyText?: string
  /** Statuses that count as success; any other is an `UnexpectedStatusError`. */
  readonly expect: readonly number[]
  /** Overrides the method default (GET/HEAD/PUT/DELETE idempotent; POST/PATCH not). */
  readonly idempotent?: boolean
  /**
   * Statuses this request also treats as transient, beyond 408/429/500/502/503/504; e.g. a cursor
   * page retries 404, which a restarting server answers until it has loaded its classes.
   */
  readonly retryOn?: readonly number[]
  /** Per-call retry settings, or `false` to turn retry off for this call. */
  readonly retry?: Partial<RetryOptions> | false
  /** Per-call timeout settings. */
  readonly timeout?: Partial<TimeoutOptions>
  /** Per-call headers (checked), over the client's. */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * How a successful answer's body is handed over: parsed JSON (`'json'`, the default), or its
   * text as it came (`'text'`), for a caller that reads something from the text before it parses
   * it (a cursor page's last id).
   */
  readonly bodyAs?: BodyAs
}

/** The form of a successful answer's body: parsed JSON, or the text as it came. */
export type BodyAs = 'json' | 'text'

/**
 * Response headers as undici reports them (lower-case names).
 */
export type ResponseHeaders = Readonly<Record<string, string | string[] | undefined>>

/**
 * A classified, successful answer: the status was in `expect`. `body` is the parsed JSON body, or
 * `undefined` when the response had none (HEAD, 204, empty 200); with `bodyAs: 'text'` it is the
 * body's text (`''` when empty).
 */
export interface HttpResponse {
  /** The request's method. */
  readonly method: HttpMethod
  /** The full request URL, without credentials (safe to put into an error). */
  readonly url: string
  readonly status: number
  readonly headers: ResponseHeaders
  readonly body: unknown
}
