/**
 * The retry policy as data and pure functions: which failures are transient, which requests may be
 * sent twice, how long to wait (exponential backoff with full jitter, or the server's
 * `Retry-After`), and when to give up. No timers here; the loop lives in `attempts.ts`.
 *
 * Decision order (after ky's `#calculateRetryDelay` and got's `calculate-retry-delay.ts`):
 * attempts used up → request not idempotent → failure not transient → server-given delay (429/503
 * `Retry-After`, no jitter, give up when above `maxRetryAfterMs` or the remaining total budget) →
 * computed backoff (give up when it does not fit the remaining budget).
 *
 * @packageDocumentation
 */
import type { HttpMethod, WeaviateError } from '../../core/errors'
import type { RetryOptions } from './types'

/**
 * The defaults: 3 attempts in total, backoff `random() * min(10 s, 250 ms * 2^(n-1))`, a server
 * `Retry-After` above 60 s gives up.
 */
export const DEFAULT_RETRY: RetryOptions = Object.freeze({
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
})

/**
 * Statuses worth another attempt (Effect's `isTransientResponse`).
 */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504])

/**
 * Network error codes worth another attempt: the union of got's and undici's RetryHandler lists,
 * plus undici's connect/headers/body timeouts. Other codes (a closed client, an invalid argument)
 * are not transient.
 */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ENOTFOUND',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'EADDRINUSE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  // A gRPC call's UNAVAILABLE (lib/transport/grpc/status.ts): no connection, or the connection broke.
  'UNAVAILABLE',
  // A `fetch` that failed on the network without a code (a browser's TypeError: fetch-connections.ts).
  'FETCH_FAILED',
])

/**
 * The part of a request the policy looks at.
 */
export interface RetryRequest {
  readonly method: HttpMethod
  /** Overrides the method default (GET, HEAD, PUT, DELETE idempotent; POST, PATCH not). */
  readonly idempotent?: boolean
  /** Statuses this request also retries, beyond {@link TRANSIENT_STATUSES}. */
  readonly retryOn?: readonly number[]
}

/**
 * Whether sending the request twice is safe: GET, HEAD, PUT and DELETE by default; POST and
 * PATCH only when the request says `idempotent: true`.
 */
export const isIdempotent = (request: RetryRequest): boolean =>
  request.idempotent ?? (request.method !== 'POST' && request.method !== 'PATCH')

/**
 * Whether a failure is transient on the network level: a {@link TRANSIENT_CODES} connection
 * error or an attempt timeout. These also move a multi-node client to its next node.
 */
export const isNetworkFailure = (error: WeaviateError): boolean =>
  (error._tag === 'ConnectionError' && TRANSIENT_CODES.has(error.code)) ||
  (error._tag === 'TimeoutError' && error.phase === 'attempt')

/**
 * Whether a failure may go away on its own: a network failure or a transient status.
 */
export const isTransient = (error: WeaviateError): boolean =>
  isNetworkFailure(error) || (error._tag === 'UnexpectedStatusError' && TRANSIENT_STATUSES.has(error.status))

/**
 * What {@link retryDelay} decides on, as one named-argument object (got's
 * `calculateRetryDelay` style).
 */
export interface RetryDelayInput {
  /** The failure of the attempt that just ended. */
  readonly error: WeaviateError
  /** That attempt's number, 1-based. */
  readonly attempt: number
  /** Method, `idempotent` flag and extra transient statuses of the request. */
  readonly request: RetryRequest
  /** The effective retry options (`attempts: 1` means no retry). */
  readonly options: RetryOptions
  /** What is left of the total deadline; a wait that does not fit gives up. */
  readonly remainingMs: number
}

/**
 * The delay before the next attempt, or `undefined` to give up and report the error. The decision
 * order is fixed: attempts left -> idempotent method -> transient failure (or a status the request
 * lists in `retryOn`) -> a 429/503 `Retry-After` (waited exactly, unless above `maxRetryAfterMs`) ->
 * exponential backoff with full jitter; any wait that does not fit in `remainingMs` gives up.
 */
export const retryDelay = ({ error, attempt, request, options, remainingMs }: RetryDelayInput): number | undefined => {
  const retriable =
    isTransient(error) || (error._tag === 'UnexpectedStatusError' && request.retryOn?.includes(error.status) === true)
  if (attempt >= options.attempts || !isIdempotent(request) || !retriable) return undefined
  if (
    error._tag === 'UnexpectedStatusError' &&
    (error.status === 429 || error.status === 503) &&
    error.retryAfterMs !== undefined
  ) {
    const wait = error.retryAfterMs
    return wait > options.maxRetryAfterMs || wait >= remainingMs ? undefined : wait
  }
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1))
  const wait = Math.floor(options.random() * ceiling)
  return wait >= remainingMs ? undefined : wait
}

/** Re-exported for the retry loop's callers; the grammar lives in retry-after.ts. */
export { parseRetryAfter } from './retry-after'
