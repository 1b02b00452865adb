/**
 * `cluster.statistics`: `GET /v1/cluster/statistics`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ClusterStatisticsCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { CLUSTER_PATHS } from '../server/routes'
import { CLUSTER_KEYS, ClusterStatistics, checkCall } from './args'
import { whenSupported } from './request'

/** The Raft state of every node. */
export const statistics =
  (ctx: OperationContext) =>
  (args?: CallOptions): ObservableEither<WeaviateError, ClusterStatistics> =>
    operation(
      () => checkCall(CLUSTER_KEYS.statistics, ['clusterStatistics'], args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.statistics, expect: [200] }, (res) =>
          E.map((r: typeof ClusterStatisticsCodec._A): ClusterStatistics => r)(decode(ClusterStatisticsCodec, res.body, res)),
        ),
    )
