/**
 * `cluster.replications.delete`: `DELETE /v1/replication/replicate/<id>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { replicationPath } from '../../server/routes'
import { CLUSTER_KEYS, ReplicationIdArgs, checkId } from '../args'
import { whenSupported } from '../request'

/** Cancels an operation if it runs and removes its record. */
export const deleteReplication =
  (ctx: OperationContext) =>
  (args: ReplicationIdArgs): ObservableEither<WeaviateError, void> =>
    operation(
      () => checkId(CLUSTER_KEYS.delete, args),
      (input) => whenSupported(ctx, input.features, input.call, { method: 'DELETE', path: replicationPath(input.id), expect: [204] }, () => E.right(undefined)),
    )
