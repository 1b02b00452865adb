/**
 * `cluster.replications.deleteAll`: `DELETE /v1/replication/replicate`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { replicationPath } from '../../server/routes'
import { CLUSTER_KEYS, checkCall } from '../args'
import { whenSupported } from '../request'

/** Does `delete` for every operation. */
export const deleteAllReplications =
  (ctx: OperationContext) =>
  (args?: CallOptions): ObservableEither<WeaviateError, void> =>
    operation(
      () => checkCall(CLUSTER_KEYS.deleteAll, ['replication'], args),
      (input) => whenSupported(ctx, input.features, input.call, { method: 'DELETE', path: replicationPath(), expect: [204] }, () => E.right(undefined)),
    )
