/**
 * `cluster.namespaces.get`: `GET /v1/namespaces/<name>`; a missing namespace is `null`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { NamespaceCodec } from '../../codecs/namespace'
import { decode } from '../../codecs/decode'
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { namespacePath } from '../../server/routes'
import { NAMESPACE_KEYS, Namespace, NamespaceArgs, checkNamespace, toNamespace } from './args'
import { whenNamespaces } from './request'

/** One namespace, or `null` when there is none of that name. */
export const getNamespace =
  (ctx: OperationContext) =>
  (args: NamespaceArgs): ObservableEither<WeaviateError, Namespace | null> =>
    operation(
      () => checkNamespace(NAMESPACE_KEYS.get, args),
      (input) =>
        whenNamespaces<Namespace | null>(
          ctx,
          ['namespaces'],
          input.call,
          { method: 'GET', path: namespacePath(input.name), expect: [200] },
          (res) => E.map(toNamespace)(decode(NamespaceCodec, res.body, res)),
          () => null,
        ),
    )
