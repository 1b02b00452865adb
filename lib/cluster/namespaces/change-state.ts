/**
 * `cluster.namespaces.delete` (`DELETE /v1/namespaces/<name>`), `suspend` and `resume`
 * (`POST /v1/namespaces/<name>/suspend|resume`): one request that changes a namespace's state,
 * answered 202 with no body, each idempotent on the server.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { namespacePath } from '../../server/routes'
import { NAMESPACE_KEYS, NamespaceArgs, checkNamespace } from './args'
import { whenNamespaces } from './request'

/** Which state change. */
export type NamespaceChange = 'delete' | 'suspend' | 'resume'

/** Sends one state change of a namespace; a missing namespace is a 404 Left. */
export const changeNamespaceState =
  (ctx: OperationContext, change: NamespaceChange) =>
  (args: NamespaceArgs): ObservableEither<WeaviateError, void> =>
    operation(
      () => checkNamespace(NAMESPACE_KEYS[change], args),
      (input) =>
        whenNamespaces(
          ctx,
          change === 'delete' ? ['namespaces'] : ['namespaces', 'namespaceSuspend'],
          input.call,
          change === 'delete'
            ? { method: 'DELETE', path: namespacePath(input.name), expect: [202] }
            : { method: 'POST', path: namespacePath(input.name, change), expect: [202], idempotent: true },
          () => E.right(undefined),
        ),
    )
