/**
 * `cluster.tasks`: `GET /v1/tasks`.
 *
 * @packageDocumentation
 */
import { decode } from '../codecs/decode'
import { DistributedTasks, DistributedTasksCodec } from '../codecs/distributed-task'
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { CLUSTER_PATHS } from '../server/routes'
import { CLUSTER_KEYS, checkCall } from './args'
import { whenSupported } from './request'

/** The distributed tasks of the cluster, by namespace. */
export const tasks =
  (ctx: OperationContext) =>
  (args?: CallOptions): ObservableEither<WeaviateError, DistributedTasks> =>
    operation(
      () => checkCall(CLUSTER_KEYS.tasks, ['distributedTasks'], args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.tasks, expect: [200] }, (res) =>
          decode(DistributedTasksCodec, res.body, res),
        ),
    )
