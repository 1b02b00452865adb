/**
 * A failed gRPC call as a member of the client's {@link WeaviateError} union: the same errors the
 * REST path reports, so callers, the retry policy and the failover cursor need no second
 * vocabulary.
 *
 * | gRPC status | error |
 * |---|---|
 * | UNAVAILABLE | `ConnectionError` code `UNAVAILABLE` (transient: retried, moves to the next node) |
 * | UNAVAILABLE whose details carry a certificate failure of Node's | `TlsError` (not retried: `../tls.ts`) |
 * | CANCELLED (by the server or the network) | `ConnectionError` code `CANCELLED` (not retried) |
 * | DEADLINE_EXCEEDED | `TimeoutError` |
 * | INVALID_ARGUMENT, FAILED_PRECONDITION, OUT_OF_RANGE | `UnexpectedStatusError` 400 |
 * | UNAUTHENTICATED | `UnexpectedStatusError` 401 |
 * | PERMISSION_DENIED | `ForbiddenError` (never retried) |
 * | NOT_FOUND | `UnexpectedStatusError` 404 |
 * | ALREADY_EXISTS, ABORTED | `UnexpectedStatusError` 409 |
 * | RESOURCE_EXHAUSTED | `UnexpectedStatusError` 413: Weaviate uses it for a message over its size limit, which a batch splits |
 * | UNIMPLEMENTED | `UnexpectedStatusError` 501 |
 * | INTERNAL, DATA_LOSS | `UnexpectedStatusError` 500 (transient: retried) |
 * | UNKNOWN | `UnexpectedStatusError` 422 (not retried) |
 * | UNKNOWN whose message starts with `extract auth:` | `UnexpectedStatusError` 401 |
 *
 * The statuses are the HTTP equivalents of the gRPC statuses (as grpc-gateway maps them), except
 * RESOURCE_EXHAUSTED (429 there): Weaviate's meaning is "too large", which no retry cures. The
 * last two rows are Weaviate's. Its handlers return what they refuse as a plain Go error, which
 * gRPC sends as UNKNOWN: a search's unknown class or property, a vector of the wrong dimension, a
 * multi-vector on a plain named vector (`v1/service.go` `search` in 1.39.0: the parser's, the
 * class check's and the traverser's errors returned as they are). REST answers such a request 422,
 * GraphQL 200 with `errors`, and neither is retried; as a 500 each would be sent again with
 * backoff, a refused search waiting out the retries (docs/decisions/0013-grpc-unknown-as-422.md).
 * A rejected key is
 * such an error too, wrapped in `extract auth: ...` (`adapters/handlers/grpc/v1/batch/handler.go:57`,
 * `v1/service.go:290`); REST answers the same request 401.
 *
 * @packageDocumentation
 */
import type { Metadata } from '@grpc/grpc-js'
import { ConnectionError, ForbiddenError, TimeoutError, UnexpectedStatusError, WeaviateError } from '../../core/errors'
import type { AttemptLimit } from '../http/deadline'
import { tlsError, tlsFailureInMessage } from '../tls'
import { Status } from './codes'

/**
 * The `ConnectionError.code` of an UNAVAILABLE call; in the retry policy's transient codes.
 */
export const GRPC_UNAVAILABLE = 'UNAVAILABLE'

/** What a failed call reports: grpc-js's `ServiceError` fields the mapping reads. */
export interface CallFailure {
  /** A {@link Status} (grpc-js's own enum holds the same numbers). */
  readonly code: number
  readonly details: string
  readonly metadata?: Metadata
}

/** Where the call went, for the error. */
export interface CallSite {
  /** `http://host:port/weaviate.v1.Weaviate/BatchObjects`. */
  readonly url: string
  /** The limit of the attempt, reported by a DEADLINE_EXCEEDED. */
  readonly limit: AttemptLimit
  /** The proxy the call's channel goes through (without credentials), named in an UNAVAILABLE. */
  readonly via?: string | undefined
}

/** How Weaviate's gRPC handlers begin the message of a rejected credential. */
const AUTH_FAILURE = 'extract auth:'

/** A handler's refusal (UNKNOWN): REST's status for a request the server will not process. */
const REFUSED = 422

const HTTP_EQUIVALENT: Readonly<Partial<Record<number, number>>> = {
  [Status.INVALID_ARGUMENT]: 400,
  [Status.FAILED_PRECONDITION]: 400,
  [Status.OUT_OF_RANGE]: 400,
  [Status.UNAUTHENTICATED]: 401,
  [Status.NOT_FOUND]: 404,
  [Status.ALREADY_EXISTS]: 409,
  [Status.ABORTED]: 409,
  [Status.RESOURCE_EXHAUSTED]: 413,
  [Status.UNIMPLEMENTED]: 501,
}

/**
 * The error of a failed call.
 */
export const grpcError = (failure: CallFailure, site: CallSite): WeaviateError => {
  const { details } = failure
  const code: Status = failure.code
  switch (code) {
    case Status.UNAVAILABLE: {
      const tls = tlsFailureInMessage(details)
      if (tls !== undefined) return tlsError(tls, { method: 'POST', url: site.url }, failure)
      // grpc-js reports a refused tunnel with no word of the proxy or its answer: name the proxy.
      const detail = site.via === undefined ? details : `${details} (through the proxy ${site.via})`
      return new ConnectionError({ method: 'POST', url: site.url, code: GRPC_UNAVAILABLE, detail, cause: failure })
    }
    case Status.CANCELLED:
      return new ConnectionError({ method: 'POST', url: site.url, code: 'CANCELLED', detail: details, cause: failure })
    case Status.DEADLINE_EXCEEDED:
      return new TimeoutError({ method: 'POST', url: site.url, phase: site.limit.phase, timeoutMs: site.limit.timeoutMs })
    case Status.PERMISSION_DENIED:
      return new ForbiddenError({ method: 'POST', url: site.url, body: { grpcStatus: Status[code], details }, messages: details === '' ? [] : [details] })
    default:
      return new UnexpectedStatusError({
        method: 'POST',
        url: site.url,
        status: code === Status.UNKNOWN ? (details.startsWith(AUTH_FAILURE) ? 401 : REFUSED) : (HTTP_EQUIVALENT[code] ?? 500),
        body: { grpcStatus: Status[code] ?? String(code), details },
        messages: details === '' ? [] : [details],
      })
  }
}

/**
 * True for what grpc-js hands to a unary callback as its error.
 */
export const isCallFailure = (u: unknown): u is CallFailure =>
  typeof u === 'object' && u !== null && 'code' in u && typeof u.code === 'number' && u.code in Status && 'details' in u && typeof u.details === 'string'
