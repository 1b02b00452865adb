/**
 * One attempt of a unary gRPC call, started at once: its reply, or a {@link WeaviateError} (see
 * `status.ts`), goes to a callback. The attempt's time limit is grpc-js's own call deadline, the
 * one timer of the attempt: grpc-js ends the call locally with DEADLINE_EXCEEDED when it runs out
 * (connecting included) and sends it to the server as `grpc-timeout`, so the server stops too.
 * No RxJS here: the retry loop (`attempts.ts`) and the Observable (`pipeline.ts`) sit above.
 *
 * @packageDocumentation
 */
import { type Client, Metadata, type StatusObject, status as Status } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { ConnectionError, WeaviateError } from '../../core/errors'
import { type AttemptLimit, MAX_TIMER_MS } from '../http/deadline'
import type { UnaryMethod } from './methods'
import { grpcError } from './status'

/**
 * One attempt of a call, fully resolved.
 */
export interface UnaryAttempt<I, O> {
  readonly client: Client
  readonly method: UnaryMethod<I, O>
  readonly request: I
  /** The client's call metadata, built once: grpc-js copies it for each call. */
  readonly metadata: Metadata
  /** The method's URL on the node, for errors. */
  readonly url: string
  /** The attempt's time limit, from now; the call's deadline. */
  readonly limit: AttemptLimit
  /** The proxy the channel goes through (without credentials), for errors. */
  readonly via?: string | undefined
}

/**
 * How an attempt ends: its reply, or its error as a `Left`.
 */
export type UnaryDone<R> = (result: E.Either<WeaviateError, R>) => void

/**
 * The call's deadline for grpc-js: an epoch time in milliseconds, or `Infinity` (no deadline) for
 * a limit beyond what one timer holds (grpc-js sets no timer beyond it either).
 */
export const callDeadline = (limit: AttemptLimit, now: number): number =>
  limit.afterMs <= MAX_TIMER_MS ? now + Math.max(0, limit.afterMs) : Infinity

/**
 * A started attempt.
 */
export interface UnaryCall {
  /** Ends the call (the server sees a cancelled context); `done` still gets its CANCELLED, which the canceller ignores. */
  cancel(): void
}

/**
 * Sends the attempt now, on the channel's own call (`Channel.createCall`, grpc-js's public call
 * interface under its `Client`): the request's bytes in, the reply's bytes out, decoded here.
 * `Client.makeUnaryRequest` would add an EventEmitter, an interceptor chain and a stack trace
 * (`new Error()`) to every call, for features the client does not use
 * (docs/decisions/0002-grpc-js-for-unary-calls.md). A request the codec cannot encode ends here, unsent and not retried; a reply
 * it cannot decode ends the call as grpc-js would (INTERNAL, "Response message parsing error").
 */
export const startUnary = <I, O>(attempt: UnaryAttempt<I, O>, done: UnaryDone<O>): UnaryCall => {
  const { client, method, url, limit } = attempt
  const request = encode(method, attempt.request)
  if (E.isLeft(request)) {
    done(E.left(unknownFailure(url, `the request could not be encoded: ${request.left.message}`, request.left)))
    return { cancel: () => undefined }
  }
  const call = client.getChannel().createCall(method.path, callDeadline(limit, Date.now()), null, null, null)
  let reply: O | undefined
  let unreadable: StatusObject | undefined
  let ended = false
  call.start(attempt.metadata, {
    onReceiveMetadata: () => undefined,
    onReceiveMessage: (bytes: Buffer) => {
      const read = reply === undefined ? decode(method, bytes) : E.left('a second reply to a unary call')
      if (E.isRight(read)) reply = read.right
      else {
        unreadable = { code: Status.INTERNAL, details: `Response message parsing error: ${read.left}`, metadata: new Metadata() }
        call.cancelWithStatus(unreadable.code, unreadable.details)
      }
    },
    onReceiveStatus: (status: StatusObject) => {
      if (ended) return
      ended = true
      const failure = unreadable ?? status
      if (failure.code !== Status.OK) done(E.left(grpcError(failure, { url, limit, via: attempt.via })))
      else if (reply === undefined) done(E.left(unknownFailure(url, 'the call ended without a reply', status)))
      else done(E.right(reply))
    },
  })
  call.sendMessageWithContext({}, request.right)
  call.halfClose()
  call.startRead()
  return { cancel: () => call.cancelWithStatus(Status.CANCELLED, 'Cancelled on client') }
}

/** The bytes as a Buffer over the same memory (no copy): what grpc-js sends. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

const encode = <I, O>(method: UnaryMethod<I, O>, request: I): E.Either<Error, Buffer> => {
  try {
    return E.right(asBuffer(method.serialize(request)))
  } catch (e) {
    return E.left(e instanceof Error ? e : new Error(String(e)))
  }
}

const decode = <I, O>(method: UnaryMethod<I, O>, bytes: Buffer): E.Either<string, O> => {
  try {
    return E.right(method.deserialize(bytes))
  } catch (e) {
    return E.left(e instanceof Error ? e.message : String(e))
  }
}

const unknownFailure = (url: string, detail: string, cause: unknown): ConnectionError =>
  new ConnectionError({ method: 'POST', url, code: 'UNKNOWN', detail, cause })
