/**
 * `cluster.scalePlan`: `GET /v1/replication/scale`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ScalePlanCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { CLUSTER_PATHS } from '../server/routes'
import { ReplicationScalePlan, ScalePlanArgs, checkScalePlan } from './args'
import { whenSupported } from './request'

/** The server's plan to give every shard of a class a number of replicas. */
export const scalePlan =
  (ctx: OperationContext) =>
  (args: ScalePlanArgs): ObservableEither<WeaviateError, ReplicationScalePlan> =>
    operation(
      () => checkScalePlan(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: CLUSTER_PATHS.scale, query: input.query, expect: [200] }, (res) =>
          E.map(
            (r: typeof ScalePlanCodec._A): ReplicationScalePlan => ({
              planId: r.planId,
              className: r.collection,
              shards: Object.entries(r.shardScaleActions ?? {}).map(([shard, a]) => ({
                shard,
                removeNodes: a.removeNodes ?? [],
                // The server sends "" for an empty replica (its map holds strings): null, as the plan's type says.
                addNodes: Object.entries(a.addNodes ?? {}).map(([node, source]) => ({ node, sourceNode: source === null || source === '' ? null : source })),
              })),
            }),
          )(decode(ScalePlanCodec, res.body, res)),
        ),
    )
