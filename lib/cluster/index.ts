/**
 * `client.cluster`: node status, cluster statistics, distributed tasks, the sharding state, and the
 * replication operations (`/v1/nodes`, `/v1/cluster/statistics`, `/v1/tasks`, `/v1/replication/...`). Starting a replication
 * is a stream of its states that ends at the terminal state.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import type { DistributedTasks } from '../codecs/distributed-task'
import { ObservableEither } from '../core/observable-either'
import { applyScalePlan } from './apply-scale-plan'
import {
  ApplyScalePlanArgs,
  ClusterStatistics,
  NodeStatus,
  NodesArgs,
  ReplicateArgs,
  ReplicationOperation,
  ReplicationScalePlan,
  ScalePlanApplied,
  ScalePlanArgs,
  ShardingState,
  ShardingStateArgs,
  VectorIndexingState,
  WaitForVectorIndexingArgs,
} from './args'
import { NamespacesApi, namespacesApi } from './namespaces'
import { nodes } from './nodes'
import { replicate } from './replicate'
import { ReplicationsApi, replicationsApi } from './replications'
import { scalePlan } from './scale-plan'
import { shardingState } from './sharding-state'
import { statistics } from './statistics'
import { tasks } from './tasks'
import { waitForVectorIndexing } from './wait-for-indexing'

export type { ReplicationsApi } from './replications'
export type { NamespacesApi } from './namespaces'

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
  /**
   * The namespaces of the cluster (Weaviate 1.38+, on a server run with `NAMESPACES_ENABLED=true`):
   * list, get, create, update, delete, suspend, resume.
   */
  readonly namespaces: NamespacesApi
  /**
   * Waits until the vector indexes have taken in every queued vector (`GET /v1/nodes[/<Class>]?output=verbose`
   * read every `pollIntervalMs`, Weaviate 1.23+): what the Python client's
   * `batch.wait_for_vector_indexing` does, for a server with `ASYNC_INDEXING=true` after an
   * import. Emits the first read and each that differs from the one before, and completes after
   * the one where every shard of `className` (or of every class) has an empty queue and none is
   * `INDEXING`; past `timeoutMs` (default five minutes) it ends with a `TimeoutError` instead.
   * Unsubscribing stops the reads.
   */
  readonly waitForVectorIndexing: (args?: WaitForVectorIndexingArgs) => ObservableEither<WeaviateError, VectorIndexingState>
}

/**
 * Binds the cluster operations to a client context.
 */
export const clusterApi = (ctx: OperationContext): ClusterApi => ({
  nodes: nodes(ctx),
  statistics: statistics(ctx),
  tasks: tasks(ctx),
  shardingState: shardingState(ctx),
  replicate: replicate(ctx),
  scalePlan: scalePlan(ctx),
  applyScalePlan: applyScalePlan(ctx),
  replications: replicationsApi(ctx),
  namespaces: namespacesApi(ctx),
  waitForVectorIndexing: waitForVectorIndexing(ctx),
})
