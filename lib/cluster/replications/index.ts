/**
 * `client.cluster.replications`: the replication operations after their start, one file each.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import {
  ReplicationFollowArgs,
  ReplicationForceDeleteArgs,
  ReplicationForceDeleteResult,
  ReplicationGetArgs,
  ReplicationIdArgs,
  ReplicationListArgs,
  ReplicationOperation,
} from '../args'
import { cancelReplication } from './cancel'
import { deleteReplication } from './delete'
import { deleteAllReplications } from './delete-all'
import { followReplication } from './follow'
import { forceDeleteReplications } from './force-delete'
import { getReplication } from './get'
import { listReplications } from './list'

/**
 * `client.cluster.replications`: the replication operations after their start (Weaviate 1.31.0
 * and later, on servers started with `REPLICA_MOVEMENT_ENABLED=true`; without it each answers 501,
 * the Left of `isReplicationDisabledError`).
 *
 * @example
 * ```ts
 * const ops = await firstRight(client.cluster.replications.list({ className: 'Article' }))
 * for (const op of ops) if (op.status.state !== 'READY') await firstRight(client.cluster.replications.cancel({ id: op.id }))
 * ```
 */
export interface ReplicationsApi {
  /** One operation (`GET /v1/replication/replicate/<id>`), `null` when there is none of that id. */
  readonly get: (args: ReplicationGetArgs) => ObservableEither<WeaviateError, ReplicationOperation | null>
  /**
   * Follows an operation already started (for example by a `replicate` unsubscribed from after its
   * first value) to its end, as `replicate` does.
   */
  readonly follow: (args: ReplicationFollowArgs) => ObservableEither<WeaviateError, ReplicationOperation>
  /**
   * Asks the server to cancel an operation (`POST /v1/replication/replicate/<id>/cancel`): it stops
   * and cleans up, and the operation ends `CANCELLED`. A 409 when it is too far along
   * (`uncancelable`).
   */
  readonly cancel: (args: ReplicationIdArgs) => ObservableEither<WeaviateError, void>
  /** The operations, all or filtered (`GET /v1/replication/replicate/list`). */
  readonly list: (args?: ReplicationListArgs) => ObservableEither<WeaviateError, readonly ReplicationOperation[]>
  /** Cancels an operation if it runs and removes its record (`DELETE /v1/replication/replicate/<id>`). */
  readonly delete: (args: ReplicationIdArgs) => ObservableEither<WeaviateError, void>
  /** Does `delete` for every operation (`DELETE /v1/replication/replicate`). */
  readonly deleteAll: (args?: CallOptions) => ObservableEither<WeaviateError, void>
  /**
   * Removes operations from the server's records at once, with no cleanup
   * (`POST /v1/replication/replicate/force-delete`): for operations that are stuck for good.
   */
  readonly forceDelete: (args?: ReplicationForceDeleteArgs) => ObservableEither<WeaviateError, ReplicationForceDeleteResult>
}

/**
 * Binds the replication operations to a client context.
 */
export const replicationsApi = (ctx: OperationContext): ReplicationsApi => ({
  get: getReplication(ctx),
  follow: followReplication(ctx),
  cancel: cancelReplication(ctx),
  list: listReplications(ctx),
  delete: deleteReplication(ctx),
  deleteAll: deleteAllReplications(ctx),
  forceDelete: forceDeleteReplications(ctx),
})
