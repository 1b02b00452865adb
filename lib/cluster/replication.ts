/**
 * Replication operations: reading one, and the stream that follows one to its end.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map } from 'rxjs'
import { ReplicationOperationCodec, isTerminalReplicationState } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { HttpMethod, WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { endedBadly, pollUntilDone } from '../core/poll'
import { replicationPath } from '../server/routes'
import { HttpResponse } from '../transport/http/types'
import { CheckedId, ReplicationOperation, ReplicationStatus } from './args'
import { whenSupported } from './request'

type OperationWire = typeof ReplicationOperationCodec._A
type StatusWire = OperationWire['status']

const toStatus = (s: StatusWire): ReplicationStatus => ({
  state: s.state,
  ...(s.whenStartedUnixMs === undefined ? {} : { whenStartedUnixMs: s.whenStartedUnixMs }),
  errors: (s.errors ?? []).map((e) => ({
    message: e.message ?? '',
    ...(e.whenErroredUnixMs === undefined ? {} : { whenErroredUnixMs: e.whenErroredUnixMs }),
  })),
})

/** The server's operation in our names (`className` for `collection`). */
export const toOperation = (o: OperationWire): ReplicationOperation => ({
  id: o.id,
  className: o.collection,
  shard: o.shard,
  sourceNode: o.sourceNode,
  targetNode: o.targetNode,
  type: o.type,
  status: toStatus(o.status),
  ...(o.statusHistory === undefined || o.statusHistory === null ? {} : { statusHistory: o.statusHistory.map(toStatus) }),
  ...(o.uncancelable === undefined ? {} : { uncancelable: o.uncancelable }),
  ...(o.scheduledForCancel === undefined ? {} : { scheduledForCancel: o.scheduledForCancel }),
  ...(o.scheduledForDelete === undefined ? {} : { scheduledForDelete: o.scheduledForDelete }),
  ...(o.whenStartedUnixMs === undefined ? {} : { whenStartedUnixMs: o.whenStartedUnixMs }),
})

/** An operation with the request it answered (for the error of a cancelled end). */
interface Answer {
  readonly method: HttpMethod
  readonly url: string
  readonly operation: ReplicationOperation
}

const decodeAnswer = (res: HttpResponse): E.Either<WeaviateError, Answer> =>
  E.map((o: OperationWire) => ({ method: res.method, url: res.url, operation: toOperation(o) }))(decode(ReplicationOperationCodec, res.body, res))

/** `GET /v1/replication/replicate/<id>`: one operation, `null` when the server has none of that id. */
export const getOperation = (ctx: OperationContext, input: CheckedId): ObservableEither<WeaviateError, ReplicationOperation | null> =>
  whenSupported(
    ctx,
    input.features,
    input.call,
    { method: 'GET', path: replicationPath(input.id), query: [['includeHistory', String(input.includeHistory)]], expect: [200, 404] },
    (res) => (res.status === 404 ? E.right(null) : E.map((a: Answer) => a.operation)(decodeAnswer(res))),
  )

/**
 * One read of a followed operation. A 404 is retried like a transient failure: right after the
 * operation is registered, a node other than the Raft leader may not have applied it yet; when it
 * stays, the operation was deleted, and the 404 is the stream's Left.
 */
const readFollowed = (ctx: OperationContext, input: CheckedId): ObservableEither<WeaviateError, Answer> =>
  whenSupported(
    ctx,
    input.features,
    input.call,
    { method: 'GET', path: replicationPath(input.id), expect: [200], retryOn: [404] },
    decodeAnswer,
  )

/** Same state and the same number of errors: no news for the stream. */
const sameNews = (a: Answer, b: Answer): boolean =>
  a.operation.status.state === b.operation.status.state && a.operation.status.errors.length === b.operation.status.errors.length

/**
 * The stream of an operation: a read now, then one every `pollIntervalMs` until a terminal state;
 * each read whose state (or count of errors) differs from the one before is emitted. `READY` is the
 * last Right; `CANCELLED` ends as one Left instead (an `UnexpectedStatusError` whose `body`
 * is the {@link ReplicationOperation} and whose message names the end). A failed read (the
 * operation deleted: 404; the server unreachable) is the stream's Left. Unsubscribing stops the
 * reads only: the server goes on with the operation.
 */
export const follow = (ctx: OperationContext, input: CheckedId): ObservableEither<WeaviateError, ReplicationOperation> =>
  pollUntilDone({
    first: readFollowed(ctx, input),
    read: () => readFollowed(ctx, input),
    done: (a) => isTerminalReplicationState(a.operation.status.state),
    same: sameNews,
    intervalMs: input.pollIntervalMs,
  }).pipe(map((e): E.Either<WeaviateError, ReplicationOperation> => (E.isLeft(e) ? e : ended(e.right))))

/** An operation as a Right, or the Left of a cancelled end. */
const ended = (answer: Answer): E.Either<WeaviateError, ReplicationOperation> => {
  const op = answer.operation
  if (op.status.state !== 'CANCELLED') return E.right(op)
  return E.left(endedBadly(answer, op, `replication ${op.id} (${op.type} of ${op.className}/${op.shard} from ${op.sourceNode} to ${op.targetNode}) ended CANCELLED`))
}
