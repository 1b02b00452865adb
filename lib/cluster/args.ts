/**
 * The arguments and results of `client.cluster` and their checks. Names follow the official
 * clients (`sourceNode`, `targetNode`, `type: 'COPY' | 'MOVE'`, `includeHistory`, `dryRun`), with
 * this client's `className` for the server's `collection`.
 *
 * @packageDocumentation
 */
import { ReplicationState } from '../codecs/cluster'
import { CallOptions, callOptions } from '../context/context'
import { argsOf, argumentKeys, boolean, nonEmptyString, oneOf, optional, positiveInteger, stringArray, typeError, valueError } from '../input/check'
import { className } from '../input/names'
import { uuid } from '../input/uuid'
import { Feature } from '../server/version'

/**
 * How much `client.cluster.nodes` reports: `'minimal'` (the server's default: name, status,
 * version, counts) or `'verbose'` (also every shard of each node). Weaviate 1.23.0 and later.
 *
 * @example
 * ```ts
 * const output: NodesOutput = 'verbose'
 * ```
 */
export type NodesOutput = 'minimal' | 'verbose'
const OUTPUTS = ['minimal', 'verbose'] as const

/**
 * The arguments of `client.cluster.nodes`; all optional.
 *
 * @example
 * ```ts
 * client.cluster.nodes({ className: 'Article', output: 'verbose' })
 * ```
 */
export interface NodesArgs extends CallOptions {
  /** Only this class's shards and counts (`/v1/nodes/<Class>`). Weaviate 1.20.0 and later. */
  readonly className?: string
  /** Only this shard of `className` (the `shardName` query). Weaviate 1.31.0 and later. */
  readonly shard?: string
  /** `'minimal'` or `'verbose'` (the `output` query); left out, the server's default, minimal. Weaviate 1.23.0 and later. */
  readonly output?: NodesOutput
}

/**
 * One shard of a node, in a verbose node status. Fields newer than the server are absent.
 *
 * @example
 * ```ts
 * const line = (s: NodeShardStatus) => `${s.class}/${s.name}: ${s.objectCount ?? 0} objects, ${s.vectorIndexingStatus ?? '?'}`
 * ```
 */
export interface NodeShardStatus {
  readonly name?: string
  readonly class?: string
  readonly objectCount?: number
  /** `READY`, `READONLY`, `INDEXING` (1.22+). */
  readonly vectorIndexingStatus?: string
  readonly compressed?: boolean
  readonly vectorQueueLength?: number
  /** False for a lazily loaded shard not yet in memory (1.24.2+). */
  readonly loaded?: boolean
  readonly asyncReplicationStatus?: ReadonlyArray<Readonly<Record<string, unknown>>>
  /** 1.31+. */
  readonly numberOfReplicas?: number | null
  /** 1.31+. */
  readonly replicationFactor?: number | null
}

/**
 * One node of `client.cluster.nodes`.
 *
 * @example
 * ```ts
 * const unhealthy = (nodes: readonly NodeStatus[]) => nodes.filter((n) => n.status !== 'HEALTHY').map((n) => n.name)
 * ```
 */
export interface NodeStatus {
  readonly name: string
  /** `HEALTHY`, `UNHEALTHY`, `UNAVAILABLE` or `TIMEOUT`. */
  readonly status: string
  readonly version?: string
  readonly gitHash?: string
  readonly stats?: { readonly shardCount?: number; readonly objectCount?: number }
  /** The node's batch queue (1.21+). */
  readonly batchStats?: { readonly queueLength?: number | null; readonly ratePerSecond?: number }
  /** Every shard of the node: with `output: 'verbose'` only. */
  readonly shards?: readonly NodeShardStatus[] | null
  /** `ReadWrite`, `WriteOnly`, `ReadOnly` or `ScaleOut` (1.34.5+). */
  readonly operationalMode?: string
}

/**
 * The Raft state of one node in `client.cluster.statistics`.
 *
 * @example
 * ```ts
 * const leader = (s: ClusterStatistics) => s.statistics.find((n) => n.raft?.['state'] === 'Leader')?.name
 * ```
 */
export interface NodeStatistics {
  readonly name: string
  readonly status?: string
  readonly bootstrapped?: boolean
  readonly dbLoaded?: boolean
  readonly initialLastAppliedIndex?: number
  readonly lastAppliedIndex?: number
  readonly isVoter?: boolean
  readonly leaderId?: unknown
  readonly leaderAddress?: unknown
  readonly open?: boolean
  readonly ready?: boolean
  readonly candidates?: unknown
  /** The Raft library's own statistics (`state`, `term`, `latestConfiguration`, ...), as sent. */
  readonly raft?: Readonly<Record<string, unknown>>
}

/**
 * The answer of `client.cluster.statistics` (Weaviate 1.25.0 and later).
 *
 * @example
 * ```ts
 * const ok = (s: ClusterStatistics) => s.synchronized === true && s.statistics.every((n) => n.ready === true)
 * ```
 */
export interface ClusterStatistics {
  /** True when every node has applied the same Raft log. */
  readonly synchronized?: boolean
  readonly statistics: readonly NodeStatistics[]
}

/**
 * The arguments of `client.cluster.shardingState`.
 *
 * @example
 * ```ts
 * client.cluster.shardingState({ className: 'Article' })
 * ```
 */
export interface ShardingStateArgs extends CallOptions {
  readonly className: string
  /** Only this shard. */
  readonly shard?: string
}

/**
 * Which nodes hold a replica of each shard of a class.
 *
 * @example
 * ```ts
 * const holders = (s: ShardingState, shard: string) => s.shards.find((x) => x.shard === shard)?.replicas ?? []
 * ```
 */
export interface ShardingState {
  readonly className: string
  readonly shards: ReadonlyArray<{ readonly shard: string; readonly replicas: readonly string[] }>
}

/**
 * A replication operation: `'COPY'` adds a replica on the target node, `'MOVE'` adds it there and
 * then removes the one on the source node.
 *
 * @example
 * ```ts
 * const type: ReplicationType = 'MOVE'
 * ```
 */
export type ReplicationType = 'COPY' | 'MOVE'
const TYPES = ['COPY', 'MOVE'] as const

/** Default of {@link ReplicationWatchOptions.pollIntervalMs}. */
export const DEFAULT_REPLICATION_POLL_MS = 1_000

/**
 * How a replication stream follows its operation.
 *
 * @example
 * ```ts
 * const watch: ReplicationWatchOptions = { pollIntervalMs: 250 }
 * ```
 */
export interface ReplicationWatchOptions {
  /** The pause between two reads of the operation, in ms. Default 1000. */
  readonly pollIntervalMs?: number
}

/**
 * The arguments of `client.cluster.replicate`.
 *
 * @example
 * ```ts
 * client.cluster.replicate({ className: 'Article', shard: 'xYz123', sourceNode: 'node-0', targetNode: 'node-2', type: 'MOVE' })
 * ```
 */
export interface ReplicateArgs extends CallOptions, ReplicationWatchOptions {
  readonly className: string
  readonly shard: string
  /** The node that holds a replica now. */
  readonly sourceNode: string
  /** The node that gets the replica. */
  readonly targetNode: string
  /** Default `'COPY'` (the server's default). */
  readonly type?: ReplicationType
}

/**
 * One state an operation was in, with the errors the server met there (it retries; errors do not
 * end an operation).
 *
 * @example
 * ```ts
 * const messages = (s: ReplicationStatus) => s.errors.map((e) => e.message)
 * ```
 */
export interface ReplicationStatus {
  readonly state: ReplicationState
  readonly whenStartedUnixMs?: number
  readonly errors: ReadonlyArray<{ readonly message: string; readonly whenErroredUnixMs?: number }>
}

/**
 * A replication operation as the server reports it.
 *
 * @example
 * ```ts
 * const show = (op: ReplicationOperation) => `${op.type} ${op.className}/${op.shard} ${op.sourceNode} -> ${op.targetNode}: ${op.status.state}`
 * ```
 */
export interface ReplicationOperation {
  /** The operation's id (a UUID). */
  readonly id: string
  readonly className: string
  readonly shard: string
  readonly sourceNode: string
  readonly targetNode: string
  readonly type: ReplicationType
  /** The current state. */
  readonly status: ReplicationStatus
  /** The states before the current one, oldest first: with `includeHistory` only. */
  readonly statusHistory?: readonly ReplicationStatus[]
  /** True once the operation is too far along to be cancelled. */
  readonly uncancelable?: boolean
  readonly scheduledForCancel?: boolean
  readonly scheduledForDelete?: boolean
  readonly whenStartedUnixMs?: number
}

/**
 * The arguments of the replication operations that name one operation.
 *
 * @example
 * ```ts
 * client.cluster.replications.cancel({ id: '6f6c5c1e-0d3a-4b8e-9d2a-1f0e4c3b2a19' })
 * ```
 */
export interface ReplicationIdArgs extends CallOptions {
  readonly id: string
}

/**
 * The arguments of `client.cluster.replications.get`.
 *
 * @example
 * ```ts
 * client.cluster.replications.get({ id: '6f6c5c1e-0d3a-4b8e-9d2a-1f0e4c3b2a19', includeHistory: true })
 * ```
 */
export interface ReplicationGetArgs extends ReplicationIdArgs {
  /** Also the states before the current one (`statusHistory`). */
  readonly includeHistory?: boolean
}

/**
 * The arguments of `client.cluster.replications.follow`.
 *
 * @example
 * ```ts
 * client.cluster.replications.follow({ id: '6f6c5c1e-0d3a-4b8e-9d2a-1f0e4c3b2a19', pollIntervalMs: 500 })
 * ```
 */
export interface ReplicationFollowArgs extends ReplicationIdArgs, ReplicationWatchOptions {}

/**
 * The filters of `client.cluster.replications.list`: none (every operation), `className` (with
 * `shard` or not), or `targetNode`.
 *
 * @example
 * ```ts
 * client.cluster.replications.list({ className: 'Article', shard: 'xYz123' })
 * ```
 */
export interface ReplicationListArgs extends CallOptions {
  readonly className?: string
  /** Only with `className`. */
  readonly shard?: string
  /** The operations towards this node; not with `className`. */
  readonly targetNode?: string
  readonly includeHistory?: boolean
}

/**
 * The arguments of `client.cluster.replications.forceDelete`: which operations to remove from the
 * server's records at once, without cleaning up their replicas (a last resort for operations
 * stuck for good). None of `id`, `className`, `node`: every operation.
 *
 * @example
 * ```ts
 * client.cluster.replications.forceDelete({ className: 'Article', dryRun: true })
 * ```
 */
export interface ReplicationForceDeleteArgs extends CallOptions {
  readonly id?: string
  readonly className?: string
  /** Only with `className`. */
  readonly shard?: string
  /** The operations towards this node. */
  readonly node?: string
  /** Only report what would be deleted. */
  readonly dryRun?: boolean
}

/**
 * The answer of `client.cluster.replications.forceDelete`.
 *
 * @example
 * ```ts
 * const count = (r: ReplicationForceDeleteResult) => `${r.dryRun ? 'would delete' : 'deleted'} ${r.deleted.length}`
 * ```
 */
export interface ReplicationForceDeleteResult {
  /** The ids of the operations deleted (or, with `dryRun`, that would be). */
  readonly deleted: readonly string[]
  readonly dryRun: boolean
}

/**
 * The arguments of `client.cluster.scalePlan`: a class and the number of replicas each of its
 * shards should have.
 *
 * @example
 * ```ts
 * client.cluster.scalePlan({ className: 'Article', replicationFactor: 3 })
 * ```
 */
export interface ScalePlanArgs extends CallOptions {
  readonly className: string
  /** The replicas each shard should have: at least 1. */
  readonly replicationFactor: number
}

/**
 * What a scale plan does to one shard: the nodes that lose their replica and those that get one.
 *
 * @example
 * ```ts
 * const line = (a: ShardScaleAction) => `${a.shard}: +${a.addNodes.map((n) => n.node).join(',')} -${a.removeNodes.join(',')}`
 * ```
 */
export interface ShardScaleAction {
  readonly shard: string
  /** Nodes whose replica of the shard is removed. */
  readonly removeNodes: readonly string[]
  /**
   * Nodes that get a replica: copied from `sourceNode` (a move when `sourceNode` is also among
   * `removeNodes`), or empty when `sourceNode` is null.
   */
  readonly addNodes: ReadonlyArray<{ readonly node: string; readonly sourceNode: string | null }>
}

/**
 * A plan the server computed to bring a class's shards to a replication factor
 * (`GET /v1/replication/scale`): give it to `client.cluster.applyScalePlan` as it is, or changed.
 *
 * @example
 * ```ts
 * const additions = (p: ReplicationScalePlan) => p.shards.reduce((n, s) => n + s.addNodes.length, 0)
 * ```
 */
export interface ReplicationScalePlan {
  /** A UUID naming the plan. */
  readonly planId: string
  readonly className: string
  /** One entry per shard that changes. */
  readonly shards: readonly ShardScaleAction[]
}

/**
 * The arguments of `client.cluster.applyScalePlan`.
 *
 * @example
 * ```ts
 * const apply = (plan: ReplicationScalePlan) => client.cluster.applyScalePlan({ plan })
 * ```
 */
export interface ApplyScalePlanArgs extends CallOptions {
  readonly plan: ReplicationScalePlan
}

/**
 * The replication operations a scale plan started (`POST /v1/replication/scale`): follow each with
 * `client.cluster.replications.follow({ id })`.
 *
 * @example
 * ```ts
 * const count = (r: ScalePlanApplied) => `${r.operationIds.length} operations for ${r.className}`
 * ```
 */
export interface ScalePlanApplied {
  readonly planId: string
  readonly className: string
  readonly operationIds: readonly string[]
}

/** Default of {@link WaitForVectorIndexingArgs.pollIntervalMs}. */
export const DEFAULT_INDEXING_POLL_MS = 500

/** Default of {@link WaitForVectorIndexingArgs.timeoutMs}: five minutes. */
export const DEFAULT_INDEXING_TIMEOUT_MS = 300_000

/**
 * The arguments of `client.cluster.waitForVectorIndexing`; all optional.
 *
 * @example
 * ```ts
 * client.cluster.waitForVectorIndexing({ className: 'Article', timeoutMs: 60_000 })
 * ```
 */
export interface WaitForVectorIndexingArgs extends CallOptions {
  /** Only this class's shards; left out, every class's. */
  readonly className?: string
  /** The pause between two reads of the node status, in ms. Default 500. */
  readonly pollIntervalMs?: number
  /** How long to wait in all, in ms, before the stream ends with a `TimeoutError`. Default 300000. */
  readonly timeoutMs?: number
}

/**
 * One shard in a {@link VectorIndexingState}.
 *
 * @example
 * ```ts
 * const line = (s: ShardIndexingState) => `${s.node} ${s.className}/${s.shard}: ${s.vectorQueueLength} queued (${s.vectorIndexingStatus})`
 * ```
 */
export interface ShardIndexingState {
  readonly node: string
  readonly className: string
  readonly shard: string
  /** Vectors waiting to enter the shard's vector indexes (0 when the server reports none). */
  readonly vectorQueueLength: number
  /** `READY`, `INDEXING` or `READONLY`, as the server reports it. */
  readonly vectorIndexingStatus: string
}

/**
 * One read of `client.cluster.waitForVectorIndexing`: every shard and its queue.
 *
 * @example
 * ```ts
 * const line = (s: VectorIndexingState) => (s.done ? 'indexed' : `${s.queued} vectors queued`)
 * ```
 */
export interface VectorIndexingState {
  readonly shards: readonly ShardIndexingState[]
  /** The sum of the shards' queues. */
  readonly queued: number
  /** True when every queue is empty and no shard is `INDEXING`: the last state of the stream. */
  readonly done: boolean
}

// -------------------------------------------------------------------------------------
// checks
// -------------------------------------------------------------------------------------

const CALL = { retry: true, timeout: true, headers: true } as const

/** The keys each cluster operation takes (a key the operation does not read is refused). */
export const CLUSTER_KEYS = {
  nodes: argumentKeys<NodesArgs>('cluster.nodes', { ...CALL, className: true, shard: true, output: true }),
  statistics: argumentKeys<CallOptions>('cluster.statistics', CALL),
  tasks: argumentKeys<CallOptions>('cluster.tasks', CALL),
  shardingState: argumentKeys<ShardingStateArgs>('cluster.shardingState', { ...CALL, className: true, shard: true }),
  replicate: argumentKeys<ReplicateArgs>('cluster.replicate', {
    ...CALL,
    className: true,
    shard: true,
    sourceNode: true,
    targetNode: true,
    type: true,
    pollIntervalMs: true,
  }),
  get: argumentKeys<ReplicationGetArgs>('cluster.replications.get', { ...CALL, id: true, includeHistory: true }),
  follow: argumentKeys<ReplicationFollowArgs>('cluster.replications.follow', { ...CALL, id: true, pollIntervalMs: true }),
  cancel: argumentKeys<ReplicationIdArgs>('cluster.replications.cancel', { ...CALL, id: true }),
  delete: argumentKeys<ReplicationIdArgs>('cluster.replications.delete', { ...CALL, id: true }),
  deleteAll: argumentKeys<CallOptions>('cluster.replications.deleteAll', CALL),
  list: argumentKeys<ReplicationListArgs>('cluster.replications.list', { ...CALL, className: true, shard: true, targetNode: true, includeHistory: true }),
  forceDelete: argumentKeys<ReplicationForceDeleteArgs>('cluster.replications.forceDelete', {
    ...CALL,
    id: true,
    className: true,
    shard: true,
    node: true,
    dryRun: true,
  }),
  scalePlan: argumentKeys<ScalePlanArgs>('cluster.scalePlan', { ...CALL, className: true, replicationFactor: true }),
  applyScalePlan: argumentKeys<ApplyScalePlanArgs>('cluster.applyScalePlan', { ...CALL, plan: true }),
  waitForVectorIndexing: argumentKeys<WaitForVectorIndexingArgs>('cluster.waitForVectorIndexing', {
    ...CALL,
    className: true,
    pollIntervalMs: true,
    timeoutMs: true,
  }),
} as const

const PLAN_KEYS = argumentKeys<ReplicationScalePlan>('a scale plan', { planId: true, className: true, shards: true })
const SHARD_ACTION_KEYS = argumentKeys<ShardScaleAction>('a shard scale action', { shard: true, removeNodes: true, addNodes: true })
const ADDITION_KEYS = argumentKeys<ShardScaleAction['addNodes'][number]>('a node addition', { node: true, sourceNode: true })

/** A checked request: its per-call options and the features the server must have. */
export interface Checked {
  readonly call: CallOptions
  readonly features: readonly Feature[]
}

/** A checked `nodes`. */
export interface CheckedNodes extends Checked {
  readonly className: string | undefined
  readonly query: ReadonlyArray<readonly [string, string | undefined]>
}

export const checkNodes = (args: unknown): CheckedNodes => {
  const a = argsOf(CLUSTER_KEYS.nodes, args ?? {})
  const cls = optional(className, 'className', a['className'])
  const shard = optional(nonEmptyString, 'shard', a['shard'])
  const output = optional(oneOf(OUTPUTS), 'output', a['output'])
  if (shard !== undefined && cls === undefined) valueError('shard', "'shard' needs 'className'")
  const features: Feature[] = ['nodes']
  if (cls !== undefined) features.push('nodesByClass')
  if (shard !== undefined) features.push('nodesShard')
  if (output !== undefined) features.push('nodesOutput')
  return {
    call: callOptions(a),
    features,
    className: cls,
    query: [
      ['shardName', shard],
      ['output', output],
    ],
  }
}

export const checkCall = (keys: (typeof CLUSTER_KEYS)['statistics' | 'tasks' | 'deleteAll'], features: readonly Feature[], args: unknown): Checked => ({
  call: callOptions(argsOf(keys, args ?? {})),
  features,
})

/** A checked `shardingState`. */
export interface CheckedShardingState extends Checked {
  readonly className: string
  readonly query: ReadonlyArray<readonly [string, string | undefined]>
}

export const checkShardingState = (args: unknown): CheckedShardingState => {
  const a = argsOf(CLUSTER_KEYS.shardingState, args)
  const cls = className('className', a['className'])
  return {
    call: callOptions(a),
    features: ['replication'],
    className: cls,
    query: [
      ['collection', cls],
      ['shard', optional(nonEmptyString, 'shard', a['shard'])],
    ],
  }
}

/** A checked `waitForVectorIndexing`. */
export interface CheckedWaitForIndexing extends Checked {
  readonly className: string | undefined
  readonly pollIntervalMs: number
  readonly timeoutMs: number
}

export const checkWaitForIndexing = (args: unknown): CheckedWaitForIndexing => {
  const a = argsOf(CLUSTER_KEYS.waitForVectorIndexing, args ?? {})
  const cls = optional(className, 'className', a['className'])
  return {
    call: callOptions(a),
    features: cls === undefined ? ['nodesOutput'] : ['nodesByClass', 'nodesOutput'],
    className: cls,
    pollIntervalMs: optional(positiveInteger, 'pollIntervalMs', a['pollIntervalMs']) ?? DEFAULT_INDEXING_POLL_MS,
    timeoutMs: optional(positiveInteger, 'timeoutMs', a['timeoutMs']) ?? DEFAULT_INDEXING_TIMEOUT_MS,
  }
}

const pollInterval = (a: Record<string, unknown>): number =>
  optional(positiveInteger, 'pollIntervalMs', a['pollIntervalMs']) ?? DEFAULT_REPLICATION_POLL_MS

/** A checked `replicate`: the request body and how to follow the operation. */
export interface CheckedReplicate extends Checked {
  readonly body: Readonly<Record<string, string>>
  readonly pollIntervalMs: number
}

export const checkReplicate = (args: unknown): CheckedReplicate => {
  const a = argsOf(CLUSTER_KEYS.replicate, args)
  const collection = className('className', a['className'])
  const shard = nonEmptyString('shard', a['shard'])
  const sourceNode = nonEmptyString('sourceNode', a['sourceNode'])
  const targetNode = nonEmptyString('targetNode', a['targetNode'])
  if (sourceNode === targetNode) valueError('targetNode', `'targetNode' must differ from 'sourceNode', both are ${JSON.stringify(sourceNode)}`)
  const type = optional(oneOf(TYPES), 'type', a['type']) ?? 'COPY'
  return {
    call: callOptions(a),
    features: ['replication'],
    pollIntervalMs: pollInterval(a),
    body: { collection, shard, sourceNode, targetNode, type },
  }
}

/** A checked operation id, with `includeHistory` and the poll interval where they apply. */
export interface CheckedId extends Checked {
  readonly id: string
  readonly includeHistory: boolean
  readonly pollIntervalMs: number
}

export const checkId = (keys: (typeof CLUSTER_KEYS)['get' | 'follow' | 'cancel' | 'delete'], args: unknown): CheckedId => {
  const a = argsOf(keys, args)
  return {
    call: callOptions(a),
    features: ['replication'],
    id: uuid('id', a['id']),
    includeHistory: optional(boolean, 'includeHistory', a['includeHistory']) ?? false,
    pollIntervalMs: pollInterval(a),
  }
}

/** A checked `list`. */
export interface CheckedList extends Checked {
  readonly query: ReadonlyArray<readonly [string, string | undefined]>
}

export const checkList = (args: unknown): CheckedList => {
  const a = argsOf(CLUSTER_KEYS.list, args ?? {})
  const cls = optional(className, 'className', a['className'])
  const shard = optional(nonEmptyString, 'shard', a['shard'])
  const targetNode = optional(nonEmptyString, 'targetNode', a['targetNode'])
  const includeHistory = optional(boolean, 'includeHistory', a['includeHistory'])
  if (shard !== undefined && cls === undefined) valueError('shard', "'shard' needs 'className'")
  // The server reads one filter: with both, it would drop targetNode without a word.
  if (targetNode !== undefined && cls !== undefined) valueError('targetNode', "'targetNode' and 'className' cannot be used together")
  return {
    call: callOptions(a),
    features: ['replication'],
    query: [
      ['collection', cls],
      ['shard', shard],
      ['targetNode', targetNode],
      ['includeHistory', includeHistory === undefined ? undefined : String(includeHistory)],
    ],
  }
}

/** A checked `forceDelete`. */
export interface CheckedForceDelete extends Checked {
  readonly body: Readonly<Record<string, string | boolean>>
}

export const checkForceDelete = (args: unknown): CheckedForceDelete => {
  const a = argsOf(CLUSTER_KEYS.forceDelete, args ?? {})
  const id = optional(uuid, 'id', a['id'])
  const cls = optional(className, 'className', a['className'])
  const shard = optional(nonEmptyString, 'shard', a['shard'])
  const node = optional(nonEmptyString, 'node', a['node'])
  const dryRun = optional(boolean, 'dryRun', a['dryRun']) ?? false
  if (shard !== undefined && cls === undefined) valueError('shard', "'shard' needs 'className'")
  // The server reads one filter (className, then id, then node): refuse a mix it would half ignore.
  const filters = [id, cls, node].filter((f) => f !== undefined).length
  if (filters > 1) valueError('id', "give at most one of 'id', 'className' and 'node'")
  return {
    call: callOptions(a),
    features: ['replication'],
    body: {
      ...(id === undefined ? {} : { id }),
      ...(cls === undefined ? {} : { collection: cls }),
      ...(shard === undefined ? {} : { shard }),
      ...(node === undefined ? {} : { node }),
      dryRun,
    },
  }
}

/** A checked `scalePlan`. */
export interface CheckedScalePlan extends Checked {
  readonly query: ReadonlyArray<readonly [string, string | undefined]>
}

export const checkScalePlan = (args: unknown): CheckedScalePlan => {
  const a = argsOf(CLUSTER_KEYS.scalePlan, args)
  const cls = className('className', a['className'])
  const factor = positiveInteger('replicationFactor', a['replicationFactor'])
  return {
    call: callOptions(a),
    features: ['replication', 'replicationScale'],
    query: [
      ['collection', cls],
      ['replicationFactor', String(factor)],
    ],
  }
}

/** The wire form of a plan: `shardScaleActions` keyed by shard, `addNodes` keyed by node. */
export interface WireScalePlan {
  readonly planId: string
  readonly collection: string
  readonly shardScaleActions: Readonly<Record<string, { readonly removeNodes: readonly string[]; readonly addNodes: Readonly<Record<string, string | null>> }>>
}

/** A checked `applyScalePlan`: the plan as the server takes it. */
export interface CheckedApplyScalePlan extends Checked {
  readonly body: WireScalePlan
}

const arrayAt = (argument: string, value: unknown): readonly unknown[] => (Array.isArray(value) ? value : typeError(argument, 'array', value))

export const checkApplyScalePlan = (args: unknown): CheckedApplyScalePlan => {
  const a = argsOf(CLUSTER_KEYS.applyScalePlan, args)
  const plan = argsOf(PLAN_KEYS, a['plan'], 'plan')
  const shardScaleActions: Record<string, { removeNodes: readonly string[]; addNodes: Record<string, string | null> }> = {}
  arrayAt('plan.shards', plan['shards']).forEach((value, i) => {
    const at = `plan.shards[${i}]`
    const action = argsOf(SHARD_ACTION_KEYS, value, at)
    const shard = nonEmptyString(`${at}.shard`, action['shard'])
    if (shardScaleActions[shard] !== undefined) valueError(`${at}.shard`, `'${at}.shard' names ${JSON.stringify(shard)} a second time`)
    const addNodes: Record<string, string | null> = {}
    arrayAt(`${at}.addNodes`, action['addNodes']).forEach((added, j) => {
      const where = `${at}.addNodes[${j}]`
      const addition = argsOf(ADDITION_KEYS, added, where)
      const node = nonEmptyString(`${where}.node`, addition['node'])
      const source = addition['sourceNode']
      addNodes[node] = source === null ? null : nonEmptyString(`${where}.sourceNode`, source)
    })
    shardScaleActions[shard] = { removeNodes: stringArray(`${at}.removeNodes`, action['removeNodes']), addNodes }
  })
  return {
    call: callOptions(a),
    features: ['replication', 'replicationScale'],
    body: { planId: uuid('plan.planId', plan['planId']), collection: className('plan.className', plan['className']), shardScaleActions },
  }
}
