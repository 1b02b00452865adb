/**
 * One attempt of a unary call over gRPC-Web, the counterpart of grpc-js's (`../grpc/unary.ts`):
 * the request framed (`framing.ts`) and POSTed, the answer read by `reply.ts`, its failure mapped
 * by the same `grpcError` as grpc-js's. The attempt's time limit is its one timer and goes to the
 * server as `grpc-timeout`, so the server stops too; when it runs out the exchange is aborted and
 * the attempt ends with DEADLINE_EXCEEDED, as grpc-js's deadline does.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ConnectionError } from '../../core/errors'
import { type AttemptLimit, MAX_TIMER_MS } from '../http/deadline'
import { Status } from '../grpc/codes'
import type { UnaryMethod } from '../grpc/methods'
import { grpcError } from '../grpc/status'
import type { UnaryCall, UnaryDone } from '../grpc/unary'
import type { WebExchange } from './exchange'
import { FrameReader, encodeFrame } from './framing'
import { HeaderLookup, readReply } from './reply'

/**
 * One attempt, fully resolved.
 */
export interface WebAttempt<I, O> {
  readonly exchange: WebExchange
  readonly method: UnaryMethod<I, O>
  readonly request: I
  /** `http://host:port`. */
  readonly origin: string
  /** The method's path on the node, its URL's own path and `/v1/grpc-web` before it. */
  readonly path: string
  /** The whole URL, for errors. */
  readonly url: string
  /** The client's headers with the gRPC-Web ones ({@link webHeaders}). */
  readonly headers: Readonly<Record<string, string>>
  readonly limit: AttemptLimit
}

/** The headers every gRPC-Web request carries besides the client's. */
export const WEB_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/grpc-web+proto',
  'x-grpc-web': '1',
})

/**
 * `grpc-timeout` of a limit: milliseconds while they fit the header's 8 digits, else seconds,
 * rounded up; undefined for a limit without a timer.
 */
export const grpcTimeout = (limit: AttemptLimit): string | undefined => {
  if (limit.afterMs > MAX_TIMER_MS) return undefined
  const ms = Math.max(0, Math.ceil(limit.afterMs))
  return ms <= 99_999_999 ? `${ms}m` : `${Math.ceil(ms / 1000)}S`
}

/**
 * Sends the attempt now. A request the codec cannot encode ends here, unsent; a reply it cannot
 * decode ends the attempt as grpc-js would (INTERNAL, "Response message parsing error").
 */
export const startWebUnary = <I, O>(attempt: WebAttempt<I, O>, done: UnaryDone<O>): UnaryCall => {
  const { method, url, limit } = attempt
  let body: Uint8Array
  try {
    body = encodeFrame(method.serialize(attempt.request))
  } catch (e) {
    done(E.left(unknownFailure(url, `the request could not be encoded: ${e instanceof Error ? e.message : String(e)}`, e)))
    return { cancel: () => undefined }
  }
  const timeout = grpcTimeout(limit)
  const headers = timeout === undefined ? attempt.headers : { ...attempt.headers, 'grpc-timeout': timeout }
  const reader = new FrameReader()
  let status = 0
  let header: HeaderLookup = () => undefined
  let ended = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const finish = (result: E.Either<ConnectionError | ReturnType<typeof grpcError>, O>): void => {
    if (ended) return
    ended = true
    if (timer !== undefined) clearTimeout(timer)
    // Out of the HTTP client's callback: the caller may start the next request at once.
    queueMicrotask(() => done(result))
  }

  const abort = attempt.exchange(
    { origin: attempt.origin, path: attempt.path, url, headers, body },
    {
      start: (code, lookup) => {
        status = code
        header = lookup
      },
      data: (chunk) => {
        // An answer that is not gRPC-Web (a proxy's error page) is not framed: its body is left unread.
        if (status === 200) reader.push(chunk)
      },
      end: () => {
        const reply = readReply({ status, header, frames: reader.end() })
        if (E.isLeft(reply)) return finish(E.left(grpcError(reply.left, { url, limit })))
        if (reply.right === undefined) return finish(E.left(unknownFailure(url, 'the call ended without a reply', undefined)))
        finish(decode(method, reply.right, url, limit))
      },
      fail: (error) => finish(E.left(error)),
    },
  )
  if (!ended && limit.afterMs <= MAX_TIMER_MS) {
    timer = setTimeout(() => {
      timer = undefined
      abort()
      finish(E.left(grpcError({ code: Status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' }, { url, limit })))
    }, Math.max(0, limit.afterMs))
  }
  return {
    cancel: () => {
      if (ended) return
      ended = true
      if (timer !== undefined) clearTimeout(timer)
      abort()
    },
  }
}

const decode = <I, O>(method: UnaryMethod<I, O>, bytes: Uint8Array, url: string, limit: AttemptLimit): E.Either<ReturnType<typeof grpcError>, O> => {
  try {
    return E.right(method.deserialize(bytes))
  } catch (e) {
    return E.left(grpcError({ code: Status.INTERNAL, details: `Response message parsing error: ${e instanceof Error ? e.message : String(e)}` }, { url, limit }))
  }
}

const unknownFailure = (url: string, detail: string, cause: unknown): ConnectionError =>
  new ConnectionError({ method: 'POST', url, code: 'UNKNOWN', detail, cause })
