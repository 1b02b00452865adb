/**
 * The answers of `/v1/nodes`, `/v1/cluster/statistics`, `/v1/replication/...` and
 * `/v1/schema/<Class>/shards` (NodesStatusResponse, ClusterStatisticsResponse,
 * ReplicationShardingStateResponse, ReplicationReplicateDetailsReplicaResponse,
 * ReplicationReplicateForceDeleteResponse, ShardStatusList in Weaviate's OpenAPI document). Fields
 * that older servers leave out are optional.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

const nullable = <C extends t.Mixed>(codec: C): t.UnionC<[C, t.NullC]> => t.union([codec, t.null])

/** One shard of a node (`?output=verbose` only). */
const NodeShardCodec = t.partial({
  name: t.string,
  class: t.string,
  objectCount: t.number,
  vectorIndexingStatus: t.string,
  compressed: t.boolean,
  vectorQueueLength: t.number,
  loaded: t.boolean,
  asyncReplicationStatus: t.array(t.UnknownRecord),
  numberOfReplicas: nullable(t.number),
  replicationFactor: nullable(t.number),
})

/** One node of `GET /v1/nodes`. */
export const NodeStatusCodec = t.intersection([
  t.type({ name: t.string, status: t.string }),
  t.partial({
    version: t.string,
    gitHash: t.string,
    stats: t.partial({ shardCount: t.number, objectCount: t.number }),
    batchStats: t.partial({ queueLength: nullable(t.number), ratePerSecond: t.number }),
    shards: nullable(t.array(NodeShardCodec)),
    operationalMode: t.string,
  }),
])

/** `GET /v1/nodes[/<Class>]`. */
export const NodesStatusCodec = t.type({ nodes: t.array(NodeStatusCodec) })

/** `GET /v1/cluster/statistics`. */
export const ClusterStatisticsCodec = t.intersection([
  t.type({
    statistics: t.array(
      t.intersection([
        t.type({ name: t.string }),
        t.partial({
          status: t.string,
          bootstrapped: t.boolean,
          dbLoaded: t.boolean,
          initialLastAppliedIndex: t.number,
          lastAppliedIndex: t.number,
          isVoter: t.boolean,
          leaderId: t.unknown,
          leaderAddress: t.unknown,
          open: t.boolean,
          ready: t.boolean,
          candidates: t.unknown,
          raft: t.UnknownRecord,
        }),
      ]),
    ),
  }),
  t.partial({ synchronized: t.boolean }),
])

/** `GET /v1/replication/sharding-state`. */
export const ShardingStateCodec = t.type({
  shardingState: t.intersection([
    t.type({ collection: t.string }),
    t.partial({ shards: nullable(t.array(t.partial({ shard: t.string, replicas: nullable(t.array(t.string)) }))) }),
  ]),
})

/**
 * The states of a replication operation, as the server names them. `READY` and `CANCELLED` are
 * terminal.
 *
 * @example
 * ```ts
 * const done = (s: ReplicationState): boolean => s === 'READY' || s === 'CANCELLED'
 * ```
 */
export type ReplicationState = 'REGISTERED' | 'HYDRATING' | 'FINALIZING' | 'INTEGRATING' | 'DEHYDRATING' | 'READY' | 'CANCELLED'

const ReplicationStateCodec = t.keyof({
  REGISTERED: null,
  HYDRATING: null,
  FINALIZING: null,
  INTEGRATING: null,
  DEHYDRATING: null,
  READY: null,
  CANCELLED: null,
})

/** True for `READY` and `CANCELLED`: the server will not change the state again. */
export const isTerminalReplicationState = (s: ReplicationState): boolean => s === 'READY' || s === 'CANCELLED'

const ReplicationStatusCodec = t.intersection([
  t.type({ state: ReplicationStateCodec }),
  t.partial({
    whenStartedUnixMs: t.number,
    errors: nullable(t.array(t.partial({ whenErroredUnixMs: t.number, message: t.string }))),
  }),
])

/** `GET /v1/replication/replicate/<id>` and one entry of `.../list`. */
export const ReplicationOperationCodec = t.intersection([
  t.type({
    id: t.string,
    shard: t.string,
    collection: t.string,
    sourceNode: t.string,
    targetNode: t.string,
    type: t.keyof({ COPY: null, MOVE: null }),
    status: ReplicationStatusCodec,
  }),
  t.partial({
    uncancelable: t.boolean,
    scheduledForCancel: t.boolean,
    scheduledForDelete: t.boolean,
    statusHistory: nullable(t.array(ReplicationStatusCodec)),
    whenStartedUnixMs: t.number,
  }),
])

/** `GET /v1/replication/replicate/list`: an empty answer when there is none. */
export const ReplicationListCodec = t.union([t.array(ReplicationOperationCodec), t.undefined, t.null])

/** `POST /v1/replication/replicate`. */
export const ReplicateResponseCodec = t.type({ id: t.string })

/** `GET /v1/replication/scale` (and the body `POST` takes). */
export const ScalePlanCodec = t.type({
  planId: t.string,
  collection: t.string,
  shardScaleActions: nullable(t.record(t.string, t.partial({ removeNodes: nullable(t.array(t.string)), addNodes: nullable(t.record(t.string, nullable(t.string))) }))),
})

/** `POST /v1/replication/scale`. */
export const ScaleAppliedCodec = t.intersection([t.type({ planId: t.string, collection: t.string }), t.partial({ operationIds: nullable(t.array(t.string)) })])

/** `POST /v1/replication/replicate/force-delete`. */
export const ForceDeleteResponseCodec = t.partial({ deleted: nullable(t.array(t.string)), dryRun: t.boolean })

/** `GET /v1/schema/<Class>/shards`. */
export const ShardStatusListCodec = t.array(
  t.intersection([t.type({ name: t.string, status: t.string }), t.partial({ vectorQueueSize: t.number })]),
)

/** `PUT /v1/schema/<Class>/shards/<shard>`. */
export const ShardStatusCodec = t.type({ status: t.string })
