/**
 * One attempt of a unary gRPC call, started at once: its reply, or a {@link WeaviateError} (see
 * `status.ts`), goes to a callback. The attempt's time limit is grpc-js's own call deadline, the
 * one timer of the attempt: grpc-js ends the call locally with DEADLINE_EXCEEDED when it runs out
 * (connecting included) and sends it to the server as `grpc-timeout`, so the server stops too.
 * No RxJS here: the retry loop (`attempts.ts`) and the Observable (`pipeline.ts`) sit above.
 *
 * @packageDocumentation
 */
import type { DescMessage, MessageShape } from '@bufbuild/protobuf'
import type { Client, ClientUnaryCall, Metadata } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { ConnectionError, WeaviateError } from '../errors'
import { type AttemptLimit, MAX_TIMER_MS } from '../http/deadline'
import type { UnaryMethod } from './methods'
import { grpcError, isCallFailure } from './status'

/**
 * One attempt of a call, fully resolved.
 *
 * @example
 * ```ts
 * const attempt: UnaryAttempt<typeof In, typeof Out> = { client, method: METHODS.batchObjects, request, metadata, url, limit }
 * ```
 */
export interface UnaryAttempt<I extends DescMessage, O extends DescMessage> {
  readonly client: Client
  readonly method: UnaryMethod<I, O>
  readonly request: MessageShape<I>
  /** The client's call metadata, built once: grpc-js copies it for each call. */
  readonly metadata: Metadata
  /** The method's URL on the node, for errors. */
  readonly url: string
  /** The attempt's time limit, from now; the call's deadline. */
  readonly limit: AttemptLimit
}

/**
 * How an attempt ends: its reply, or its error as a `Left`.
 *
 * @example
 * ```ts
 * const done: UnaryDone<SearchReply> = E.match(report, use)
 * ```
 */
export type UnaryDone<R> = (result: E.Either<WeaviateError, R>) => void

/**
 * The call's deadline for grpc-js: an epoch time in milliseconds, or `Infinity` (no deadline) for
 * a limit beyond what one timer holds (grpc-js sets no timer beyond it either).
 *
 * @example
 * ```ts
 * callDeadline({ afterMs: 30_000, phase: 'attempt', timeoutMs: 30_000 }, Date.now()) // now + 30 s
 * ```
 */
export const callDeadline = (limit: AttemptLimit, now: number): number =>
  limit.afterMs <= MAX_TIMER_MS ? now + Math.max(0, limit.afterMs) : Infinity

/**
 * Sends the attempt now and returns the grpc-js call: `call.cancel()` ends it (the server sees a
 * cancelled context), after which grpc-js still calls back with CANCELLED; the caller that
 * cancelled ignores that.
 *
 * @example
 * ```ts
 * const call = startUnary(attempt, (result) => console.log(result))
 * call.cancel()
 * ```
 */
export const startUnary = <I extends DescMessage, O extends DescMessage>(attempt: UnaryAttempt<I, O>, done: UnaryDone<MessageShape<O>>): ClientUnaryCall => {
  const { method, url, limit } = attempt
  // grpc-js takes a stack trace (`new Error()`) at every call, only to append it to the stack of
  // the call's error; ours starts deep in RxJS, so that capture was a tenth of a search's own CPU
  // (profile, 2026-11-24). Our errors carry their own stack; the cause's stack loses "for call at".
  const stackTraceLimit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return send(attempt, method, url, limit, done)
  } finally {
    Error.stackTraceLimit = stackTraceLimit
  }
}

const send = <I extends DescMessage, O extends DescMessage>(
  attempt: UnaryAttempt<I, O>,
  method: UnaryMethod<I, O>,
  url: string,
  limit: AttemptLimit,
  done: UnaryDone<MessageShape<O>>,
): ClientUnaryCall =>
  attempt.client.makeUnaryRequest(
    method.path,
    method.serialize,
    method.deserialize,
    attempt.request,
    attempt.metadata,
    { deadline: callDeadline(limit, Date.now()) },
    (err, reply) => {
      if (err !== null) done(E.left(isCallFailure(err) ? grpcError(err, { url, limit }) : unknownFailure(url, String(err), err)))
      else if (reply === undefined) done(E.left(unknownFailure(url, 'the call ended without a reply', undefined)))
      else done(E.right(reply))
    },
  )

const unknownFailure = (url: string, detail: string, cause: unknown): ConnectionError =>
  new ConnectionError({ method: 'POST', url, code: 'UNKNOWN', detail, cause })
