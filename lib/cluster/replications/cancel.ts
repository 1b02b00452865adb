/**
 * `cluster.replications.cancel`: `POST /v1/replication/replicate/<id>/cancel`.
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

/** Asks the server to cancel an operation. */
export const cancelReplication =
  (ctx: OperationContext) =>
  (args: ReplicationIdArgs): ObservableEither<WeaviateError, void> =>
    operation(
      () => checkId(CLUSTER_KEYS.cancel, args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'POST', path: replicationPath(input.id, 'cancel'), expect: [204], idempotent: true }, () =>
          E.right(undefined),
        ),
    )
