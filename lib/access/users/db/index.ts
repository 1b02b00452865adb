/**
 * `client.users.db`: database users (`/v1/users/db/...`, Weaviate 1.30+), one file per operation.
 *
 * @packageDocumentation
 */
import { CallOptions, OperationContext } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { activate } from './activate'
import { DeactivateOptions, deactivate } from './deactivate'
import { deleteDbUser } from './delete'
import { getDbUser } from './get'
import { listDbUsers } from './list'
import { createDbUser, rotateKey } from './new-key'
import { DbUser, DbUserReadOptions } from './user'

export type { DeactivateOptions } from './deactivate'
export type { DbUser, DbUserReadOptions } from './user'

/**
 * `client.users.db`: database users (Weaviate 1.30.0 and later, with
 * `AUTHENTICATION_DB_USERS_ENABLED=true` on the server).
 *
 * @example
 * ```ts
 * const key = await firstRight(client.users.db.create('ci-bot'))
 * const ciClient = connect({ url: 'http://localhost:8080', apiKey: key })
 * ```
 */
export interface DbUsersApi {
  /** Creates a user; emits its API key, which the server shows only this once. */
  readonly create: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, string>
  /** Replaces a user's API key; emits the new key (the old one stops working). */
  readonly rotateKey: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, string>
  /** Activates a user; `false` when it was active already. */
  readonly activate: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /** Deactivates a user (its key stops working until it is activated); `false` when it was inactive already. */
  readonly deactivate: (userId: string, options?: DeactivateOptions) => ObservableEither<WeaviateError, boolean>
  /** Deletes a user; `false` when there was none. */
  readonly delete: (userId: string, options?: CallOptions) => ObservableEither<WeaviateError, boolean>
  /** Every database user (and the environment's API-key users). */
  readonly list: (options?: DbUserReadOptions) => ObservableEither<WeaviateError, readonly DbUser[]>
  /** One user, or `null` when there is none. */
  readonly get: (userId: string, options?: DbUserReadOptions) => ObservableEither<WeaviateError, DbUser | null>
}

/**
 * Binds the database-user operations to a client context.
 */
export const dbUsersApi = (ctx: OperationContext): DbUsersApi => ({
  create: createDbUser(ctx),
  rotateKey: rotateKey(ctx),
  activate: activate(ctx),
  deactivate: deactivate(ctx),
  delete: deleteDbUser(ctx),
  list: listDbUsers(ctx),
  get: getDbUser(ctx),
})
