/**
 * `cluster.replications.get`: `GET /v1/replication/replicate/<id>`.
 *
 * @packageDocumentation
 */
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { CLUSTER_KEYS, ReplicationGetArgs, ReplicationOperation, checkId } from '../args'
import { getOperation } from '../replication'

/** One operation, `null` when there is none of that id. */
export const getReplication =
  (ctx: OperationContext) =>
  (args: ReplicationGetArgs): ObservableEither<WeaviateError, ReplicationOperation | null> =>
    operation(
      () => checkId(CLUSTER_KEYS.get, args),
      (input) => getOperation(ctx, input),
    )
