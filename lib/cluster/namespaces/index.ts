/**
 * `client.cluster.namespaces`: the namespaces of a cluster (list, get, create, update, delete,
 * suspend, resume).
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { Namespace, NamespaceArgs, NamespaceCreateArgs, NamespaceUpdateArgs } from './args'
import { changeNamespaceState } from './change-state'
import { getNamespace } from './get'
import { listNamespaces } from './list'
import { createNamespace, updateNamespace } from './write'

/**
 * `client.cluster.namespaces` (Weaviate 1.38.0 and later; `suspend` and `resume` 1.38.7 / 1.39.0).
 * A namespace groups classes, aliases, database users and roles under one administrative unit.
 * The server has them only when it runs with `NAMESPACES_ENABLED=true` (which needs RBAC,
 * `DISABLE_GRAPHQL=true` and `REPLICATION_MAXIMUM_FACTOR=1`); elsewhere every call is a 404 Left
 * whose messages say so.
 *
 * @example
 * ```ts
 * await firstRight(client.cluster.namespaces.create({ name: 'customer-42' }))
 * await firstRight(client.cluster.namespaces.suspend({ name: 'customer-42' }))
 * const ns = await firstRight(client.cluster.namespaces.get({ name: 'customer-42' }))
 * console.log(ns?.state) // 'suspended'
 * ```
 */
export interface NamespacesApi {
  /** The namespaces the caller may see (`GET /v1/namespaces`). */
  readonly list: (options?: CallOptions) => ObservableEither<WeaviateError, readonly Namespace[]>
  /** One namespace (`GET /v1/namespaces/<name>`), `null` when there is none of that name. */
  readonly get: (args: NamespaceArgs) => ObservableEither<WeaviateError, Namespace | null>
  /** Creates a namespace (`POST /v1/namespaces/<name>`); a 409 Left when it exists. */
  readonly create: (args: NamespaceCreateArgs) => ObservableEither<WeaviateError, Namespace>
  /** Sets the node of a namespace's future placements (`PUT /v1/namespaces/<name>`); placed shards stay. */
  readonly update: (args: NamespaceUpdateArgs) => ObservableEither<WeaviateError, Namespace>
  /**
   * Marks a namespace for deletion (`DELETE /v1/namespaces/<name>`): it turns `'deleting'` at
   * once, its users can no longer sign in, and the server removes it and what it owns later.
   */
  readonly delete: (args: NamespaceArgs) => ObservableEither<WeaviateError, void>
  /** Suspends a namespace (`POST .../suspend`): its users cannot sign in, nothing new is created in it; all is kept. */
  readonly suspend: (args: NamespaceArgs) => ObservableEither<WeaviateError, void>
  /** Returns a suspended namespace to `'active'` (`POST .../resume`). */
  readonly resume: (args: NamespaceArgs) => ObservableEither<WeaviateError, void>
}

/**
 * Binds the namespace operations to a client context.
 */
export const namespacesApi = (ctx: OperationContext): NamespacesApi => ({
  list: listNamespaces(ctx),
  get: getNamespace(ctx),
  create: createNamespace(ctx),
  update: updateNamespace(ctx),
  delete: changeNamespaceState(ctx, 'delete'),
  suspend: changeNamespaceState(ctx, 'suspend'),
  resume: changeNamespaceState(ctx, 'resume'),
})
