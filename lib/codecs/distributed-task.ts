/**
 * Distributed tasks: the answer of `GET /v1/tasks` (DistributedTasks, DistributedTask and
 * DistributedTaskUnit in Weaviate's OpenAPI document, v1.31.0 to v1.39.0; statuses from
 * cluster/distributedtask/types.go at v1.39.0), and the answer of a property index's `rebuild` and
 * `cancel` (IndexUpdateResponse, v1.39.0). The server writes an unset time as Go's zero time
 * (`0001-01-01T00:00:00.000Z`) and an empty list as `null`: the first reads as `undefined`, the
 * second as `[]`.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/**
 * The status of a distributed task: `STARTED`, `PREPARING`, `SWAPPING` while it runs, then
 * `FINISHED`, `CANCELLED` or `FAILED`.
 *
 * @example
 * ```ts
 * const ended = (s: DistributedTaskStatus) => s === 'FINISHED' || s === 'CANCELLED' || s === 'FAILED'
 * ```
 */
export type DistributedTaskStatus = 'STARTED' | 'PREPARING' | 'SWAPPING' | 'FINISHED' | 'CANCELLED' | 'FAILED'

const StatusCodec = t.keyof({ STARTED: null, PREPARING: null, SWAPPING: null, FINISHED: null, CANCELLED: null, FAILED: null }, 'DistributedTaskStatus')

/** True for the statuses a task ends in. */
export const isTaskEnded = (s: DistributedTaskStatus): boolean => s === 'FINISHED' || s === 'CANCELLED' || s === 'FAILED'

/**
 * One unit of a task: the share of the work one node does on one shard.
 *
 * @example
 * ```ts
 * const done = (u: DistributedTaskUnit) => u.status === 'COMPLETED'
 * ```
 */
export interface DistributedTaskUnit {
  readonly id: string
  readonly nodeId?: string
  /** `PENDING`, `IN_PROGRESS`, `COMPLETED` or `FAILED`. */
  readonly status?: string
  /** 0 to 1. */
  readonly progress?: number
  readonly error?: string
  readonly updatedAt?: string | undefined
  readonly finishedAt?: string | undefined
}

/**
 * A distributed task of the cluster (an index rebuild is one, in the namespace `reindex`).
 *
 * @example
 * ```ts
 * const describe = (task: DistributedTask) => `${task.id}: ${task.status} (${task.units.filter((u) => u.status === 'COMPLETED').length}/${task.units.length})`
 * ```
 */
export interface DistributedTask {
  readonly id: string
  readonly version: number
  readonly status: DistributedTaskStatus
  readonly startedAt?: string | undefined
  readonly finishedAt?: string | undefined
  /** The nodes that finished their part. */
  readonly finishedNodes: readonly string[]
  /** Why the task failed. */
  readonly error?: string
  /** What the task does, as the namespace's owner wrote it (for a reindex: `collection`, `migrationType`, `properties`, ...). */
  readonly payload?: Readonly<Record<string, unknown>>
  /** The units, for a task that tracks them. */
  readonly units: readonly DistributedTaskUnit[]
}

/**
 * The distributed tasks of the cluster by namespace, as `client.cluster.tasks` reads them.
 *
 * @example
 * ```ts
 * const running = (tasks: DistributedTasks) => Object.values(tasks).flat().filter((task) => task.status === 'STARTED')
 * ```
 */
export type DistributedTasks = Readonly<Record<string, readonly DistributedTask[]>>

/** Go's zero time, the server's "not set". */
const ZERO_TIME = /^0001-01-01T/

/** A time, or undefined for a missing or zero time. */
const time = new t.Type<string | undefined, unknown, unknown>(
  'date-time',
  (u): u is string | undefined => u === undefined || typeof u === 'string',
  (u, c) => (u === null || u === undefined ? t.success(undefined) : typeof u !== 'string' ? t.failure(u, c) : t.success(ZERO_TIME.test(u) ? undefined : u)),
  (a) => a,
)

/** A list that may come as `null` or not at all, read as `[]`. */
const list = <A>(item: t.Type<A, unknown, unknown>): t.Type<readonly A[], unknown, unknown> =>
  new t.Type<readonly A[], unknown, unknown>(
    `${item.name}[] | null`,
    (u): u is readonly A[] => Array.isArray(u) && u.every((x) => item.is(x)),
    (u, c) => (u === null || u === undefined ? t.success([]) : t.readonlyArray(item).validate(u, c)),
    (a) => a,
  )

const UnitCodec: t.Type<DistributedTaskUnit, unknown, unknown> = t.intersection([
  t.type({ id: t.string }),
  t.partial({ nodeId: t.string, status: t.string, progress: t.number, error: t.string, updatedAt: time, finishedAt: time }),
])

const TaskCodec: t.Type<DistributedTask, unknown, unknown> = t.intersection([
  t.type({ id: t.string, version: t.number, status: StatusCodec, finishedNodes: list(t.string), units: list(UnitCodec) }),
  t.partial({ startedAt: time, finishedAt: time, error: t.string, payload: t.UnknownRecord }),
])

/** The codec of {@link DistributedTasks}. */
export const DistributedTasksCodec: t.Type<DistributedTasks, unknown, unknown> = t.readonly(t.record(t.string, list(TaskCodec)), 'DistributedTasks')

/**
 * The answer of a property index's `rebuild` (`STARTED` with the task's id) and `cancel`
 * (`CANCELLED` with the id of the task it stopped, or `NO_OP` when none was running).
 *
 * @example
 * ```ts
 * const stopped = (answer: IndexTaskAnswer) => answer.status === 'CANCELLED'
 * ```
 */
export interface IndexTaskAnswer {
  readonly status: string
  readonly taskId?: string
}

/** The codec of {@link IndexTaskAnswer}. */
export const IndexTaskAnswerCodec: t.Type<IndexTaskAnswer, unknown, unknown> = t.intersection([t.type({ status: t.string }), t.partial({ taskId: t.string })], 'IndexTaskAnswer')
