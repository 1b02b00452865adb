/**
 * Rebuilding a property's inverted index from the stored objects (1.39+): `schema.rebuildIndex`
 * (`POST /v1/schema/<Class>/properties/<property>/index/<index>/rebuild`) starts a reindex task
 * and follows it to its end through `GET /v1/tasks` (`core/poll.ts`), the way backups follow their
 * status. On an older server it is an `UnsupportedVersionError` with nothing sent.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { map, of, switchMap } from 'rxjs'
import { decode } from '../codecs/decode'
import { DistributedTask, DistributedTasks, DistributedTasksCodec, IndexTaskAnswer, IndexTaskAnswerCodec, isTaskEnded } from '../codecs/distributed-task'
import { PropertyIndexType } from '../codecs/index-status'
import { CALL_KEYS, CallOptions, OperationContext, callOptions } from '../context/context'
import { whenSupported } from '../context/when-supported'
import { UnexpectedStatusError, WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { endedBadly, pollUntilDone } from '../core/poll'
import { argsOf, argumentKeys, optional, positiveInteger, stringArray } from '../input/check'
import { CLUSTER_PATHS, propertyIndexTaskPath } from '../server/routes'
import { HttpResponse } from '../transport/http/types'
import { IndexTaskInput, indexTaskInput } from './index-task'

/** Default of {@link RebuildIndexOptions.pollIntervalMs}. */
export const DEFAULT_POLL_INTERVAL_MS = 500

/** The distributed-task namespace of reindex tasks. */
const REINDEX_NAMESPACE = 'reindex'

/**
 * The options of `schema.rebuildIndex`.
 *
 * @example
 * ```ts
 * const options: RebuildIndexOptions = { tenants: ['tenantA'], pollIntervalMs: 1_000 }
 * ```
 */
export interface RebuildIndexOptions extends CallOptions {
  /** The tenants to rebuild on, for a multi-tenant class (default: all). */
  readonly tenants?: readonly string[]
  /** The time between two reads of the task (default 500 ms). */
  readonly pollIntervalMs?: number
}

/** The checked input of `rebuildIndex`. */
interface RebuildInput extends IndexTaskInput {
  readonly tenants: readonly string[] | undefined
  readonly pollIntervalMs: number
}

const REBUILD_KEYS = argumentKeys<RebuildIndexOptions>('schema.rebuildIndex options', { tenants: true, pollIntervalMs: true, ...CALL_KEYS })

const checkRebuild = (name: string, property: string, index: PropertyIndexType, options: unknown): RebuildInput => {
  const o = options === undefined ? {} : argsOf(REBUILD_KEYS, options)
  return {
    ...indexTaskInput(name, property, index),
    tenants: optional(stringArray, 'tenants', o['tenants']),
    pollIntervalMs: optional(positiveInteger, 'pollIntervalMs', o['pollIntervalMs']) ?? DEFAULT_POLL_INTERVAL_MS,
    call: callOptions(o),
  }
}

/** The task `taskId` from a read of `GET /v1/tasks`, or a Left when the server does not list it. */
const taskOf =
  (taskId: string) =>
  (res: HttpResponse): E.Either<WeaviateError, DistributedTask> =>
    E.chain((tasks: DistributedTasks): E.Either<WeaviateError, DistributedTask> => {
      const task = (tasks[REINDEX_NAMESPACE] ?? []).find((t) => t.id === taskId)
      return task === undefined
        ? E.left(new UnexpectedStatusError({ method: res.method, url: res.url, status: res.status, body: res.body, messages: [`reindex task ${taskId} is not listed`] }))
        : E.right(task)
    })(decode(DistributedTasksCodec, res.body, res))

/** The id of the task a rebuild (or an index upsert) started; a Left when the answer names none. */
export const startedTask =
  (res: HttpResponse) =>
  (answer: IndexTaskAnswer): E.Either<WeaviateError, string> =>
    answer.taskId === undefined
      ? E.left(new UnexpectedStatusError({ method: res.method, url: res.url, status: res.status, body: res.body, messages: ['the rebuild started no task'] }))
      : E.right(answer.taskId)

/** One read of the task. */
const readTask = (ctx: OperationContext, call: CallOptions, taskId: string): ObservableEither<WeaviateError, DistributedTask> =>
  whenSupported(ctx, ['indexRebuild'], call, { method: 'GET', path: CLUSTER_PATHS.tasks, expect: [200] }, taskOf(taskId))

/** The sum of the units' progress: a read that moved on differs in its status or here. */
const progressOf = (task: DistributedTask): number => task.units.reduce((sum, u) => sum + (u.progress ?? 0), 0)

/** A task as a Right, or the Left of a failed or cancelled end. */
const ended = (task: DistributedTask): E.Either<WeaviateError, DistributedTask> =>
  task.status === 'FAILED' || task.status === 'CANCELLED'
    ? E.left(endedBadly({ method: 'GET', url: CLUSTER_PATHS.tasks }, task, `reindex task ${task.id} ended ${task.status}${task.error === undefined ? '' : `: ${task.error}`}`))
    : E.right(task)

/**
 * A reindex task followed to its end through `GET /v1/tasks`: the first read, then each read whose
 * status or progress differs from the one before, one each `pollIntervalMs`, completing after
 * `FINISHED`; `FAILED` and `CANCELLED` end as one Left.
 */
export const followReindexTask = (ctx: OperationContext, call: CallOptions, taskId: string, pollIntervalMs: number): ObservableEither<WeaviateError, DistributedTask> => {
  const read = (): ObservableEither<WeaviateError, DistributedTask> => readTask(ctx, call, taskId)
  return pollUntilDone({
    first: read(),
    read,
    done: (task) => isTaskEnded(task.status),
    same: (a, b) => a.status === b.status && progressOf(a) === progressOf(b),
    intervalMs: pollIntervalMs,
  }).pipe(map((e) => (E.isLeft(e) ? e : ended(e.right))))
}

/**
 * Rebuilds one inverted index of a property from the stored objects, with its configuration
 * unchanged (a repair), and follows the reindex task to its end: it emits the task as first read,
 * then each read whose status or progress differs from the one before, one read each
 * `pollIntervalMs`, and completes after `FINISHED`; `FAILED` and `CANCELLED` end as one Left (an
 * `UnexpectedStatusError` whose `body` is the task). The server refuses an index the property does
 * not have (400), an index that another task is working on (409) and an unknown class or property
 * (404), each as one Left. Unsubscribing stops the reads only: the server goes on with the task.
 */
export const rebuildIndex =
  (ctx: OperationContext) =>
  (name: string, property: string, index: PropertyIndexType, options?: RebuildIndexOptions): ObservableEither<WeaviateError, DistributedTask> =>
    operation(
      () => checkRebuild(name, property, index, options),
      (input) =>
        whenSupported(
          ctx,
          ['indexRebuild'],
          input.call,
          {
            method: 'POST',
            path: propertyIndexTaskPath(input.className, input.property, input.index, 'rebuild'),
            ...(input.tenants === undefined ? {} : { query: [['tenants', input.tenants.join(',')]] }),
            expect: [202],
          },
          (res) => E.chain(startedTask(res))(decode(IndexTaskAnswerCodec, res.body, res)),
        ).pipe(switchMap((started) => (E.isLeft(started) ? of(started) : followReindexTask(ctx, input.call, started.right, input.pollIntervalMs)))),
    )
