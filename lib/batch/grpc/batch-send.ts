/**
 * One attempt of writing prepared objects with `BatchObjects`, reported as each item's outcome
 * exactly like the REST path: the reply names failed objects by their index in the request, the
 * others are written. A call the server refuses as too large (RESOURCE_EXHAUSTED, its
 * `grpcMaxMessageSize`) is split in halves and each half sent, down to single objects; any other
 * failure of the call (after the pipeline's retries) fails every item with it, as a failed REST
 * request does. The call is idempotent: every object carries its UUID and the server upserts.
 *
 * @packageDocumentation
 */
import { Observable, concat, mergeMap, of } from 'rxjs'
import type { CallOptions } from '../../transport/http/types'
import { itemFailure } from '../item-failure'
import { ItemOutcome, allFailed } from '../item-retry'
import type { Prepared } from '../sink'
import type { ConsistencyLevel } from '../../input/check'
import type { GrpcObjectPayload } from './batch-object'
import { batchObjectsRequestBytes } from './encoded-messages'
import type { BatchObjectsReply } from '../../proto/static/replies/weaviate/v1/batch'
import { WIRE_CONSISTENCY } from '../../codecs/consistency'
import { METHODS } from '../../transport/grpc/methods'
import type { GrpcEffect } from '../../transport/grpc/calls'

/** The HTTP-equivalent status of RESOURCE_EXHAUSTED (lib/transport/grpc/status.ts). */
const TOO_LARGE = 413

/**
 * The sender of `objects.batch` over gRPC.
 */
export const sendBatchObjects =
  (grpc: GrpcEffect, call: CallOptions, consistencyLevel: ConsistencyLevel | undefined) =>
  (items: ReadonlyArray<Prepared<GrpcObjectPayload>>): Observable<ReadonlyArray<ItemOutcome<GrpcObjectPayload>>> => {
    // The URL an item's failure names (the first node's; the reply does not say which node answered).
    const url = `${grpc.nodes[0]?.origin ?? ''}${METHODS.batchObjects.path}`
    const send = (part: ReadonlyArray<Prepared<GrpcObjectPayload>>): Observable<ReadonlyArray<ItemOutcome<GrpcObjectPayload>>> => {
      const request = batchObjectsRequestBytes(
        part.map((item) => item.payload.encoded),
        consistencyLevel === undefined ? undefined : WIRE_CONSISTENCY[consistencyLevel],
      )
      return grpc.run(METHODS.batchObjectsEncoded, request, { ...call, idempotent: true }).pipe(
        mergeMap((answer) => {
          if (answer._tag === 'Right') return of(outcomesOf(part, answer.right, url))
          const error = answer.left
          if (error._tag === 'UnexpectedStatusError' && error.status === TOO_LARGE && part.length > 1) {
            const half = Math.ceil(part.length / 2)
            return concat(send(part.slice(0, half)), send(part.slice(half)))
          }
          return allFailed(part, error)
        }),
      )
    }
    return send(items)
  }

/**
 * Each item's outcome: the reply lists the failed ones by index, the rest are written; a failed
 * item's messages become the tagged error REST's would (`itemFailure`), so the item retries judge
 * both transports alike.
 */
const outcomesOf = (
  items: ReadonlyArray<Prepared<GrpcObjectPayload>>,
  reply: BatchObjectsReply,
  url: string,
): ReadonlyArray<ItemOutcome<GrpcObjectPayload>> => {
  if (reply.errors.length === 0) return items.map((item) => ({ item, ok: true }))
  const failures = new Map<number, string[]>()
  for (const e of reply.errors) {
    const messages = failures.get(e.index)
    if (messages === undefined) failures.set(e.index, [e.error])
    else messages.push(e.error)
  }
  return items.map((item, i): ItemOutcome<GrpcObjectPayload> => {
    const messages = failures.get(i)
    return messages === undefined ? { item, ok: true } : { item, ok: false, failure: { kind: 'item', error: itemFailure({ method: 'POST', url }, messages) } }
  })
}
