/**
 * `client.cluster`: node status, cluster statistics, distributed tasks, the sharding state, and the
 * replication operations (`/v1/nodes`, `/v1/cluster/statistics`, `/v1/tasks`, `/v1/replication/...`). Starting a replication
 * is a stream of its states that ends at the terminal state.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { switchMap } from 'rxjs'
import {
  ClusterStatisticsCodec,
  ForceDeleteResponseCodec,
  NodesStatusCodec,
  ReplicateResponseCodec,
  ReplicationListCodec,
  ScaleAppliedCodec,
  ScalePlanCodec,
  ShardingStateCodec,
} from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { DistributedTasks, DistributedTasksCodec } from '../codecs/distributed-task'
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { CLUSTER_PATHS, nodesPath, replicationPath } from '../server/routes'
import {
  ApplyScalePlanArgs,
  CLUSTER_KEYS,
  ClusterStatistics,
  NodeStatus,
  NodesArgs,
  ReplicateArgs,
  ReplicationFollowArgs,
  ReplicationForceDeleteArgs,
  ReplicationForceDeleteResult,
  ReplicationGetArgs,
  ReplicationIdArgs,
  ReplicationListArgs,
  ReplicationOperation,
  ReplicationScalePlan,
  ScalePlanApplied,
  ScalePlanArgs,
  ShardingState,
  ShardingStateArgs,
  checkApplyScalePlan,
  checkCall,
  checkForceDelete,
  checkId,
  checkList,
  checkNodes,
  checkReplicate,
  checkScalePlan,
  checkShardingState,
} from './args'
import { follow, getOperation, toOperation } from './replication'
import { whenSupported } from './request'

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
 * `client.cluster`. Every method checks its arguments first (bad input is one `Left`, nothing
 * sent) and gives an `UnsupportedVersionError` before any request on a server without the feature:
 * node status 1.16.0 (by class 1.20.0, `output` 1.23.0, by shard 1.31.0), statistics 1.25.0, tasks 1.31.0, the
 * sharding state and replication 1.31.0, scale plans 1.34.1 (1.32.17 and 1.33.5 on those lines). The sharding state and replication also need the server
 * started with `REPLICA_MOVEMENT_ENABLED=true` (a 501 otherwise: `isReplicationDisabledError`).
 *
 * `replicate` is cold: each subscription starts one operation and follows it. It emits the
 * operation as read right after the start (`REGISTERED`, with its `id`), then every read whose
 * state differs from the one before (one read each `pollIntervalMs`), and completes after `READY`;
 * a `CANCELLED` end is one `Left`, an `UnexpectedStatusError` whose `body` is the
 * {@link ReplicationOperation} and whose message names the end. The server retries what fails
 * along the way (each error is in `status.errors`, and a new one is emitted); a read that fails
 * (the operation deleted, the server gone) is the stream's `Left`. So
 * `lastValueFrom(client.cluster.replicate(...))` waits for the end. **Unsubscribing stops the
 * reads only: the operation goes on on the server.** To stop it, call `replications.cancel`.
 *
 * @example
 * ```ts
 * const nodes = await firstRight(client.cluster.nodes({ output: 'verbose' }))
 * const moved = await lastValueFrom(client.cluster.replicate({ className: 'Article', shard: 'xYz123', sourceNode: 'node-0', targetNode: 'node-2', type: 'MOVE' }))
 * if (E.isLeft(moved)) console.error(moved.left.message)
 * ```
 */
export interface ClusterApi {
  /** The nodes and their status (`GET /v1/nodes[/<Class>]`). */
  readonly nodes: (args?: NodesArgs) => ObservableEither<WeaviateError, readonly NodeStatus[]>
  /** The Raft state of every node (`GET /v1/cluster/statistics`). */
  readonly statistics: (args?: CallOptions) => ObservableEither<WeaviateError, ClusterStatistics>
  /**
   * The distributed tasks of the cluster by namespace (`GET /v1/tasks`, Weaviate 1.31+): running
   * ones and recently ended ones, such as the `reindex` tasks of `schema.rebuildIndex`.
   */
  readonly tasks: (args?: CallOptions) => ObservableEither<WeaviateError, DistributedTasks>
  /** Which nodes hold each shard of a class (`GET /v1/replication/sharding-state`). */
  readonly shardingState: (args: ShardingStateArgs) => ObservableEither<WeaviateError, ShardingState>
  /** Starts copying or moving a shard replica (`POST /v1/replication/replicate`) and follows it to its end. */
  readonly replicate: (args: ReplicateArgs) => ObservableEither<WeaviateError, ReplicationOperation>
  /**
   * The server's plan to give every shard of a class `replicationFactor` replicas
   * (`GET /v1/replication/scale`): for each shard that changes, the nodes that get a replica (and
   * where it is copied from) and those that lose one. Nothing changes until it is applied.
   * Weaviate 1.32.17 (1.32.x), 1.33.5 (1.33.x), 1.34.1 and later.
   */
  readonly scalePlan: (args: ScalePlanArgs) => ObservableEither<WeaviateError, ReplicationScalePlan>
  /**
   * Applies a scale plan (`POST /v1/replication/scale`): the server starts one replication
   * operation per change and answers with their ids; follow each with `replications.follow`.
   */
  readonly applyScalePlan: (args: ApplyScalePlanArgs) => ObservableEither<WeaviateError, ScalePlanApplied>
  readonly replications: ReplicationsApi
}

/**
 * Binds the cluster operations to a client context.
 */
export const clusterApi = (ctx: OperationContext): ClusterApi => ({
  nodes: (args) =>
    operation(
      () => checkNodes(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: nodesPath(input.className), query: input.query, expect: [200] }, (res) =>
          E.map((r: typeof NodesStatusCodec._A): readonly NodeStatus[] => r.nodes)(decode(NodesStatusCodec, res.body, res)),
        ),
    ),
  statistics: (args) =>
    operation(
      () => checkCall(CLUSTER_KEYS.statistics, ['clusterStatistics'], args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.statistics, expect: [200] }, (res) =>
          E.map((r: typeof ClusterStatisticsCodec._A): ClusterStatistics => r)(decode(ClusterStatisticsCodec, res.body, res)),
        ),
    ),
  tasks: (args) =>
    operation(
      () => checkCall(CLUSTER_KEYS.tasks, ['distributedTasks'], args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.tasks, expect: [200] }, (res) =>
          decode(DistributedTasksCodec, res.body, res),
        ),
    ),
  shardingState: (args) =>
    operation(
      () => checkShardingState(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.shardingState, query: input.query, expect: [200] }, (res) =>
          E.map(
            (r: typeof ShardingStateCodec._A): ShardingState => ({
              className: r.shardingState.collection,
              shards: (r.shardingState.shards ?? []).map((s) => ({ shard: s.shard ?? '', replicas: s.replicas ?? [] })),
            }),
          )(decode(ShardingStateCodec, res.body, res)),
        ),
    ),
  replicate: (args) =>
    operation(
      () => checkReplicate(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'POST', path: replicationPath(), body: input.body, expect: [200] }, (res) =>
          E.map((r: typeof ReplicateResponseCodec._A) => r.id)(decode(ReplicateResponseCodec, res.body, res)),
        ).pipe(
          switchMap((id) =>
            E.isLeft(id)
              ? [id]
              : follow(ctx, { call: input.call, features: input.features, id: id.right, includeHistory: false, pollIntervalMs: input.pollIntervalMs }),
          ),
        ),
    ),
  scalePlan: (args) =>
    operation(
      () => checkScalePlan(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.scale, query: input.query, expect: [200] }, (res) =>
          E.map(
            (r: typeof ScalePlanCodec._A): ReplicationScalePlan => ({
              planId: r.planId,
              className: r.collection,
              shards: Object.entries(r.shardScaleActions ?? {}).map(([shard, a]) => ({
                shard,
                removeNodes: a.removeNodes ?? [],
                // The server sends "" for an empty replica (its map holds strings): null, as the plan's type says.
                addNodes: Object.entries(a.addNodes ?? {}).map(([node, source]) => ({ node, sourceNode: source === null || source === '' ? null : source })),
              })),
            }),
          )(decode(ScalePlanCodec, res.body, res)),
        ),
    ),
  applyScalePlan: (args) =>
    operation(
      () => checkApplyScalePlan(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'POST', path: CLUSTER_PATHS.scale, body: input.body, expect: [200] }, (res) =>
          E.map(
            (r: typeof ScaleAppliedCodec._A): ScalePlanApplied => ({ planId: r.planId, className: r.collection, operationIds: r.operationIds ?? [] }),
          )(decode(ScaleAppliedCodec, res.body, res)),
        ),
    ),
  replications: {
    get: (args) =>
      operation(
        () => checkId(CLUSTER_KEYS.get, args),
        (input) => getOperation(ctx, input),
      ),
    follow: (args) =>
      operation(
        () => checkId(CLUSTER_KEYS.follow, args),
        (input) => follow(ctx, input),
      ),
    cancel: (args) =>
      operation(
        () => checkId(CLUSTER_KEYS.cancel, args),
        (input) =>
          whenSupported(ctx, input.features, input.call, { method: 'POST', path: replicationPath(input.id, 'cancel'), expect: [204], idempotent: true }, () =>
            E.right(undefined),
          ),
      ),
    list: (args) =>
      operation(
        () => checkList(args),
        (input) =>
          whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.replicationList, query: input.query, expect: [200] }, (res) =>
            E.map((r: typeof ReplicationListCodec._A): readonly ReplicationOperation[] => (r ?? []).map(toOperation))(
              decode(ReplicationListCodec, res.body, res),
            ),
          ),
      ),
    delete: (args) =>
      operation(
        () => checkId(CLUSTER_KEYS.delete, args),
        (input) =>
          whenSupported(ctx, input.features, input.call, { method: 'DELETE', path: replicationPath(input.id), expect: [204] }, () => E.right(undefined)),
      ),
    deleteAll: (args) =>
      operation(
        () => checkCall(CLUSTER_KEYS.deleteAll, ['replication'], args),
        (input) =>
          whenSupported(ctx, input.features, input.call, { method: 'DELETE', path: replicationPath(), expect: [204] }, () => E.right(undefined)),
      ),
    forceDelete: (args) =>
      operation(
        () => checkForceDelete(args),
        (input) =>
          whenSupported(ctx, input.features, input.call, { method: 'POST', path: CLUSTER_PATHS.forceDelete, body: input.body, expect: [200] }, (res) =>
            E.map(
              (r: typeof ForceDeleteResponseCodec._A): ReplicationForceDeleteResult => ({
                deleted: r.deleted ?? [],
                dryRun: r.dryRun ?? false,
              }),
            )(decode(ForceDeleteResponseCodec, res.body, res)),
          ),
      ),
  },
})
