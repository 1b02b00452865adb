/**
 * `client.aliases`: second names of classes (Weaviate 1.32+). The server resolves an alias
 * wherever a class name goes (writes, batch, search, aggregate, reads), so the rest of the client
 * takes an alias name as it takes a class name; these operations manage the aliases themselves.
 *
 * @packageDocumentation
 */
import { Alias } from '../codecs/alias'
import { CallOptions, OperationContext } from '../context/context'
import { WeaviateError } from '../core/errors'
import { ObservableEither } from '../core/observable-either'
import { createAlias } from './create'
import { deleteAlias } from './delete'
import { getAlias } from './get'
import { listAliases } from './list'
import { updateAlias } from './update'

/**
 * `client.aliases` (Weaviate 1.32+; on an older server each operation is an
 * `UnsupportedVersionError` and no alias request is sent). Each operation takes per-call
 * `retry`/`timeout` options as its last argument.
 *
 * @example
 * ```ts
 * await firstRight(client.aliases.create('Articles', 'Articles_v1'))
 * // later, once Articles_v2 is filled: the next request through 'Articles' reads Articles_v2
 * await firstRight(client.aliases.update('Articles', 'Articles_v2'))
 * ```
 */
export interface AliasesApi {
  /** Creates an alias of an existing class. */
  readonly create: (alias: string, className: string, options?: CallOptions) => ObservableEither<WeaviateError, Alias>
  /** Every alias, or only those of `className`. */
  readonly list: (className?: string, options?: CallOptions) => ObservableEither<WeaviateError, readonly Alias[]>
  /** One alias, or `null` when there is no such alias. */
  readonly get: (alias: string, options?: CallOptions) => ObservableEither<WeaviateError, Alias | null>
  /** Points an alias to another class (one step on the server). */
  readonly update: (alias: string, className: string, options?: CallOptions) => ObservableEither<WeaviateError, Alias>
  /** Deletes an alias (idempotent); the class stays. */
  readonly delete: (alias: string, options?: CallOptions) => ObservableEither<WeaviateError, void>
}

/**
 * Binds the alias operations to a client context.
 */
export const aliasesApi = (ctx: OperationContext): AliasesApi => ({
  create: createAlias(ctx),
  list: listAliases(ctx),
  get: getAlias(ctx),
  update: updateAlias(ctx),
  delete: deleteAlias(ctx),
})
