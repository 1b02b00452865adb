/**
 * `cluster.applyScalePlan`: `POST /v1/replication/scale`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ScaleAppliedCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { CLUSTER_PATHS } from '../server/routes'
import { ApplyScalePlanArgs, ScalePlanApplied, checkApplyScalePlan } from './args'
import { whenSupported } from './request'

/** Applies a scale plan: the server starts one replication operation per change. */
export const applyScalePlan =
  (ctx: OperationContext) =>
  (args: ApplyScalePlanArgs): ObservableEither<WeaviateError, ScalePlanApplied> =>
    operation(
      () => checkApplyScalePlan(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'POST', path: CLUSTER_PATHS.scale, body: input.body, expect: [200] }, (res) =>
          E.map(
            (r: typeof ScaleAppliedCodec._A): ScalePlanApplied => ({ planId: r.planId, className: r.collection, operationIds: r.operationIds ?? [] }),
          )(decode(ScaleAppliedCodec, res.body, res)),
        ),
    )
