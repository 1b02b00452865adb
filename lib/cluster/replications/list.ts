/**
 * `cluster.replications.list`: `GET /v1/replication/replicate/list`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ReplicationListCodec } from '../../codecs/cluster'
import { decode } from '../../codecs/decode'
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { CLUSTER_PATHS } from '../../server/routes'
import { ReplicationListArgs, ReplicationOperation, checkList } from '../args'
import { toOperation } from '../replication'
import { whenSupported } from '../request'

/** The operations, all or filtered. */
export const listReplications =
  (ctx: OperationContext) =>
  (args?: ReplicationListArgs): ObservableEither<WeaviateError, readonly ReplicationOperation[]> =>
    operation(
      () => checkList(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.replicationList, query: input.query, expect: [200] }, (res) =>
          E.map((r: typeof ReplicationListCodec._A): readonly ReplicationOperation[] => (r ?? []).map(toOperation))(decode(ReplicationListCodec, res.body, res)),
        ),
    )
