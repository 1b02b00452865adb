/**
 * `cluster.namespaces.list`: `GET /v1/namespaces`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { NamespaceListCodec } from '../../codecs/namespace'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { namespacePath } from '../../server/routes'
import { Namespace, toNamespace } from './args'
import { whenNamespaces } from './request'

/** The namespaces the caller may see (an empty list for a caller without namespace permissions). */
export const listNamespaces =
  (ctx: OperationContext) =>
  (options?: CallOptions): ObservableEither<WeaviateError, readonly Namespace[]> =>
    operation(
      () => callInput('namespaces.list', options),
      (call) =>
        whenNamespaces(ctx, ['namespaces'], call, { method: 'GET', path: namespacePath(), expect: [200] }, (res) =>
          E.map((list: typeof NamespaceListCodec._A) => list.map(toNamespace))(decode(NamespaceListCodec, res.body, res)),
        ),
    )
