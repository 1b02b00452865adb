/**
 * A gRPC-Web answer read as grpc-js reads a gRPC one, so both carriers end in the same
 * {@link CallFailure} and so in the same error (`../grpc/status.ts`):
 *
 * | the answer | its status |
 * |---|---|
 * | `grpc-status` in the trailer frame, else in the response headers (a trailers-only reply) | that status, `grpc-message` percent-decoded as its details |
 * | no `grpc-status`, HTTP status other than 200 | grpc-js's mapping: 400 INTERNAL, 401 UNAUTHENTICATED, 403 PERMISSION_DENIED, 404 UNIMPLEMENTED, 429/502/503/504 UNAVAILABLE, others UNKNOWN ("Received HTTP status code N") |
 * | HTTP 200 but not `application/grpc-web` | UNKNOWN, naming the content type (a proxy's page, not the server's reply) |
 * | HTTP 200, the body cut inside a frame or before a status | INTERNAL, as grpc-js reports a stream that ended without a status |
 * | a malformed body, or a second message | INTERNAL |
 * | OK with one message | the message; with none, no reply (the caller's error, as on grpc-js) |
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { Status } from '../grpc/codes'
import type { CallFailure } from '../grpc/status'
import type { FramesRead, Trailers } from './framing'

/** A response header by lower-cased name, whichever HTTP client read it. */
export type HeaderLookup = (name: string) => string | undefined

/** What the HTTP exchange gave: the status, the headers and the body's frames. */
export interface WebAnswer {
  readonly status: number
  readonly header: HeaderLookup
  readonly frames: FramesRead
}

/**
 * The call's outcome: its failure, or the reply message's bytes (undefined when an OK status came
 * without one).
 */
export const readReply = (answer: WebAnswer): E.Either<CallFailure, Uint8Array | undefined> => {
  const { frames } = answer
  const trailers: Trailers | undefined = frames._tag === 'Frames' ? frames.trailers : undefined
  const code = trailers?.['grpc-status'] ?? answer.header('grpc-status')
  if (code === undefined || code === '') return E.left(withoutStatus(answer))
  const message = trailers === undefined || trailers['grpc-status'] === undefined ? answer.header('grpc-message') : trailers['grpc-message']
  const status: Status = Number(code)
  if (!Number.isInteger(status)) return E.left({ code: Status.UNKNOWN, details: `grpc-status is not a number: ${code}` })
  if (status !== Status.OK) return E.left({ code: status, details: percentDecoded(message ?? '') })
  if (frames._tag !== 'Frames') return E.left(withoutStatus(answer))
  const [reply, second] = frames.messages
  if (second !== undefined) return E.left({ code: Status.INTERNAL, details: 'Response message parsing error: a second reply to a unary call' })
  return E.right(reply)
}

/** The status of an answer that brought none of its own (grpc-js's words where it has them). */
const withoutStatus = (answer: WebAnswer): CallFailure => {
  if (answer.status !== 200) return { code: httpStatusCode(answer.status), details: `Received HTTP status code ${answer.status}` }
  const type = answer.header('content-type') ?? ''
  if (!type.startsWith('application/grpc-web')) return { code: Status.UNKNOWN, details: `Invalid content-type: ${type === '' ? 'none' : type}` }
  const { frames } = answer
  switch (frames._tag) {
    case 'Malformed':
      return { code: Status.INTERNAL, details: `Malformed gRPC-Web body: ${frames.reason}` }
    case 'Truncated':
      return { code: Status.INTERNAL, details: `Call ended without gRPC status: the body ended inside a frame (${frames.received} of ${frames.expected} bytes)` }
    case 'Frames':
      return frames.trailers === undefined
        ? { code: Status.INTERNAL, details: 'Call ended without gRPC status' }
        : { code: httpStatusCode(answer.status), details: `Received HTTP status code ${answer.status}` }
  }
}

/** grpc-js's gRPC status of an HTTP status that came without one. */
const httpStatusCode = (http: number): Status => {
  switch (http) {
    case 400:
      return Status.INTERNAL
    case 401:
      return Status.UNAUTHENTICATED
    case 403:
      return Status.PERMISSION_DENIED
    case 404:
      return Status.UNIMPLEMENTED
    case 429:
    case 502:
    case 503:
    case 504:
      return Status.UNAVAILABLE
    default:
      return Status.UNKNOWN
  }
}

/** `grpc-message` is percent-encoded; grpc-js decodes it with `decodeURI` and keeps it as sent when it cannot. */
const percentDecoded = (message: string): string => {
  try {
    return decodeURI(message)
  } catch {
    return message
  }
}
