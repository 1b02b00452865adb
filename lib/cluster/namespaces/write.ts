/**
 * `cluster.namespaces.create` (`POST /v1/namespaces/<name>`) and `update` (`PUT`): one request
 * with the method and the body's optionality changed, each answered with the namespace.
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
import { NAMESPACE_KEYS, Namespace, NamespaceCreateArgs, NamespaceUpdateArgs, checkNamespace, toNamespace } from './args'
import { whenNamespaces } from './request'

const write =
  (ctx: OperationContext, method: 'POST' | 'PUT') =>
  (args: NamespaceCreateArgs | NamespaceUpdateArgs): ObservableEither<WeaviateError, Namespace> =>
    operation(
      () => (method === 'POST' ? checkNamespace(NAMESPACE_KEYS.create, args, 'optional') : checkNamespace(NAMESPACE_KEYS.update, args, 'required')),
      (input) =>
        whenNamespaces(
          ctx,
          ['namespaces'],
          input.call,
          {
            method,
            path: namespacePath(input.name),
            ...(input.homeNode === undefined ? {} : { body: { home_node: input.homeNode } }),
            expect: [method === 'POST' ? 201 : 200],
          },
          (res) => E.map(toNamespace)(decode(NamespaceCodec, res.body, res)),
        ),
    )

/** Creates a namespace (a 409 Left when it exists or is being deleted). */
export const createNamespace = (ctx: OperationContext): ((args: NamespaceCreateArgs) => ObservableEither<WeaviateError, Namespace>) => write(ctx, 'POST')

/** Moves a namespace's future placements to another node. */
export const updateNamespace = (ctx: OperationContext): ((args: NamespaceUpdateArgs) => ObservableEither<WeaviateError, Namespace>) => write(ctx, 'PUT')
