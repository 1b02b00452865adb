/**
 * How every `client.cluster` request is sent: the version gate first (an older server is one
 * `UnsupportedVersionError`, nothing sent), then the request; a `501` of a replication endpoint
 * (a server started without `REPLICA_MOVEMENT_ENABLED=true`) becomes an `UnexpectedStatusError`
 * that says so, recognised by {@link isReplicationDisabledError}.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../context/context'
import { whenSupported as sendWhenSupported } from '../context/when-supported'
import { UnexpectedStatusError, WeaviateError, isUnexpectedStatusError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { Feature } from '../server/version'
import { errorMessages } from '../transport/http/classify'
import { HttpRequest, HttpResponse } from '../transport/http/types'

/** The status of every replication endpoint on a server where replica movement is off. */
const NOT_IMPLEMENTED = 501

/** Our message on a 501 of a replication endpoint; {@link isReplicationDisabledError} looks for it. */
export const REPLICATION_DISABLED =
  'replica movement is turned off on this server: start every node with REPLICA_MOVEMENT_ENABLED=true (Weaviate 1.31+)'

/**
 * True for the error of a server that has the replication API but runs with replica movement off
 * (`REPLICA_MOVEMENT_ENABLED` unset or false; Weaviate 1.32.0 and 1.33.0 had it on by default):
 * an `UnexpectedStatusError` with status 501 from a `client.cluster` replication operation (the
 * operations and `shardingState`), whose messages say how to turn it on. Not retried.
 *
 * @example
 * ```ts
 * import * as E from 'fp-ts/Either'
 * import { firstValueFrom } from 'rxjs'
 * import { connect, isReplicationDisabledError } from 'weaviate-rx'
 *
 * const client = connect({ url: 'http://localhost:8080' })
 * const state = await firstValueFrom(client.cluster.shardingState({ className: 'Article' }))
 * if (E.isLeft(state) && isReplicationDisabledError(state.left)) console.error(state.left.message)
 * ```
 */
export const isReplicationDisabledError = (u: unknown): u is UnexpectedStatusError =>
  isUnexpectedStatusError(u) && u.status === NOT_IMPLEMENTED && u.messages.includes(REPLICATION_DISABLED)

/** The error of a 501 answer: the server's messages (usually none) and ours. */
const disabled = (res: HttpResponse): UnexpectedStatusError =>
  new UnexpectedStatusError({
    method: res.method,
    url: res.url,
    status: res.status,
    body: res.body,
    messages: [...errorMessages(res.body), REPLICATION_DISABLED],
  })

/**
 * Sends `req` once the server has every one of `features`; an older server is one Left, nothing
 * sent. For a replication request (`replication` among the features) a 501 is the Left of
 * {@link isReplicationDisabledError}.
 */
export const whenSupported = <A>(
  ctx: OperationContext,
  features: readonly Feature[],
  call: CallOptions,
  req: HttpRequest,
  interpret: (res: HttpResponse) => E.Either<WeaviateError, A>,
): ObservableEither<WeaviateError, A> =>
  features.includes('replication')
    ? sendWhenSupported(ctx, features, call, { ...req, expect: [...req.expect, NOT_IMPLEMENTED] }, (res) =>
        res.status === NOT_IMPLEMENTED ? E.left(disabled(res)) : interpret(res),
      )
    : sendWhenSupported(ctx, features, call, req, interpret)
