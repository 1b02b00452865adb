/**
 * `cluster.replications.follow`: an operation already started, read to its end.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { CLUSTER_KEYS, ReplicationFollowArgs, ReplicationOperation, checkId } from '../args'
import { follow } from '../replication'

/** Follows an operation to its end, as `replicate` does. */
export const followReplication =
  (ctx: OperationContext) =>
  (args: ReplicationFollowArgs): ObservableEither<WeaviateError, ReplicationOperation> =>
    operation(
      () => checkId(CLUSTER_KEYS.follow, args),
      (input) => follow(ctx, input),
    )
