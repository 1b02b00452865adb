/**
 * `cluster.shardingState`: `GET /v1/replication/sharding-state`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ShardingStateCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { CLUSTER_PATHS } from '../server/routes'
import { ShardingState, ShardingStateArgs, checkShardingState } from './args'
import { whenSupported } from './request'

/** Which nodes hold each shard of a class. */
export const shardingState =
  (ctx: OperationContext) =>
  (args: ShardingStateArgs): ObservableEither<WeaviateError, ShardingState> =>
    operation(
      () => checkShardingState(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.shardingState, query: input.query, expect: [200] }, (res) =>
          E.map(
            (r: typeof ShardingStateCodec._A): ShardingState => ({
              className: r.shardingState.collection,
              shards: (r.shardingState.shards ?? []).map((s) => ({ shard: s.shard ?? '', replicas: s.replicas ?? [] })),
            }),
          )(decode(ShardingStateCodec, res.body, res)),
        ),
    )
