/**
 * One HTTP exchange, whatever sends it: what the pipeline (`pipeline.ts`) hands down
 * ({@link Target}), what comes back ({@link RawResponse}), and the {@link Connections} a client sends
 * on. Two implementations sit below the pipeline: undici's pools on Node (`transport.ts`,
 * `undici-connections.ts`) and the global `fetch` everywhere else (`fetch-connections.ts`). Either
 * one reads every body to its end (an unexpected status's up to {@link ERROR_BODY_CAP} bytes kept),
 * and fails with a `ConnectionError` (a `TlsError` on Node); it judges nothing: which status is a
 * success is `classify`'s business, how long is too long the deadline's, and unsubscribing aborts.
 *
 * @packageDocumentation
 */
import type { Observable } from 'rxjs'
import { ConnectionError, HttpMethod } from '../../core/errors'
import type { BodyAs, ResponseHeaders } from './types'

/**
 * Bytes of an unexpected-status body that are kept.
 */
export const ERROR_BODY_CAP = 64 * 1024

/**
 * Bytes read past {@link ERROR_BODY_CAP} to keep the connection reusable; beyond, it is dropped.
 */
export const ERROR_BODY_DRAIN = 1024 * 1024

/**
 * Everything one exchange needs, fully resolved (no defaults left).
 */
export interface Target {
  /** The proxy the exchange goes through (without credentials), named in its connection errors. */
  readonly via?: string | undefined
  /** `http://host:port`. */
  readonly origin: string
  /** Path and query string, e.g. `/v1/objects?limit=100`. */
  readonly path: string
  /** The full URL without credentials, for responses and errors. */
  readonly url: string
  readonly method: HttpMethod
  readonly headers: Readonly<Record<string, string>>
  /** The serialised JSON body, or `null`. */
  readonly body: string | null
  /** Statuses whose body is read whole; any other body is capped at {@link ERROR_BODY_CAP}. */
  readonly expect: readonly number[]
  /** How classification hands over a successful body (the request's `bodyAs`); the exchange does not read it. */
  readonly bodyAs?: BodyAs | undefined
}

/**
 * An answer as it came: status, headers and the body as text (capped for a status the request
 * does not expect).
 */
export interface RawResponse {
  readonly status: number
  readonly headers: ResponseHeaders
  readonly text: string
}

/**
 * Sends one exchange; replaced in specs by a fake to drive the pipeline in virtual time.
 */
export type Transport = (target: Target) => Observable<RawResponse>

/**
 * The connections of one client: one implementation of the exchange, and its life.
 */
export interface Connections {
  /** Sends one exchange. */
  readonly transport: Transport
  /** The proxy `origin`'s requests go through (without credentials), for errors; undefined when direct. */
  via(origin: string): string | undefined
  /** True once `close()` was called: a request then fails before anything is sent. */
  readonly closed: boolean
  /** Closes what the client owns; idempotent. */
  close(): Promise<void>
}

/**
 * The error of a request on a closed client.
 */
export const closedError = (method: HttpMethod, url: string): ConnectionError =>
  new ConnectionError({ method, url, code: 'UND_ERR_CLOSED', detail: 'the client is closed' })
