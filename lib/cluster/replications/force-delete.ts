/**
 * `cluster.replications.forceDelete`: `POST /v1/replication/replicate/force-delete`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ForceDeleteResponseCodec } from '../../codecs/cluster'
import { decode } from '../../codecs/decode'
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { CLUSTER_PATHS } from '../../server/routes'
import { ReplicationForceDeleteArgs, ReplicationForceDeleteResult, checkForceDelete } from '../args'
import { whenSupported } from '../request'

/** Removes operations from the server's records at once, with no cleanup. */
export const forceDeleteReplications =
  (ctx: OperationContext) =>
  (args?: ReplicationForceDeleteArgs): ObservableEither<WeaviateError, ReplicationForceDeleteResult> =>
    operation(
      () => checkForceDelete(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'POST', path: CLUSTER_PATHS.forceDelete, body: input.body, expect: [200] }, (res) =>
          E.map(
            (r: typeof ForceDeleteResponseCodec._A): ReplicationForceDeleteResult => ({
              deleted: r.deleted ?? [],
              dryRun: r.dryRun ?? false,
            }),
          )(decode(ForceDeleteResponseCodec, res.body, res)),
        ),
    )
