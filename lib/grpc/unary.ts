/**
 * One unary gRPC call as a cold Observable: the call starts on subscription, emits the reply and
 * completes, or fails with a {@link WeaviateError} (see `status.ts`); unsubscribing cancels the
 * call, which the server sees as a cancelled context.
 *
 * @packageDocumentation
 */
import type { DescMessage, MessageShape } from '@bufbuild/protobuf'
import { Client, Metadata } from '@grpc/grpc-js'
import { Observable } from 'rxjs'
import { ConnectionError } from '../errors'
import type { AttemptLimit } from '../http/deadline'
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
  readonly metadata: Metadata
  /** The method's URL on the node, for errors. */
  readonly url: string
  /** The attempt's time limit; also sent to the server as the call's deadline. */
  readonly limit: AttemptLimit
}

/**
 * Sends the call on subscription.
 *
 * @example
 * ```ts
 * unaryCall(attempt).subscribe((reply) => console.log(reply.took))
 * ```
 */
export const unaryCall = <I extends DescMessage, O extends DescMessage>(attempt: UnaryAttempt<I, O>): Observable<MessageShape<O>> =>
  new Observable<MessageShape<O>>((subscriber) => {
    const { client, method, request, metadata, url, limit } = attempt
    const deadline = Number.isFinite(limit.afterMs) ? Date.now() + Math.max(0, limit.afterMs) : Infinity
    let settled = false
    const call = client.makeUnaryRequest(method.path, method.serialize, method.deserialize, request, metadata, { deadline }, (err, reply) => {
      settled = true
      if (err !== null) {
        subscriber.error(isCallFailure(err) ? grpcError(err, { url, limit }) : new ConnectionError({ method: 'POST', url, code: 'UNKNOWN', detail: String(err), cause: err }))
      } else if (reply === undefined) {
        subscriber.error(new ConnectionError({ method: 'POST', url, code: 'UNKNOWN', detail: 'the call ended without a reply', cause: undefined }))
      } else {
        subscriber.next(reply)
        subscriber.complete()
      }
    })
    return () => {
      if (!settled) call.cancel()
    }
  })
