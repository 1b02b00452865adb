/**
 * `cluster.nodes`: `GET /v1/nodes[/<Class>]`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { NodesStatusCodec } from '../codecs/cluster'
import { decode } from '../codecs/decode'
import { OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { operation } from '../core/operation'
import { nodesPath } from '../server/routes'
import { NodeStatus, NodesArgs, checkNodes } from './args'
import { whenSupported } from './request'

/** The nodes and their status. */
export const nodes =
  (ctx: OperationContext) =>
  (args?: NodesArgs): ObservableEither<WeaviateError, readonly NodeStatus[]> =>
    operation(
      () => checkNodes(args),
      (input) =>
        whenSupported(ctx, input.features, input.call, { method: 'GET', path: nodesPath(input.className), query: input.query, expect: [200] }, (res) =>
          E.map((r: typeof NodesStatusCodec._A): readonly NodeStatus[] => r.nodes)(decode(NodesStatusCodec, res.body, res)),
        ),
    )
