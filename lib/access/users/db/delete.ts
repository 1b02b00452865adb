/**
 * `users.db.delete`: `DELETE /v1/users/db/<user>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { dbUserPath } from '../../../server/routes'
import { whenFeatures } from '../../request'
import { dbUser } from './user'

/** Deletes a user; `false` when there was none. */
export const deleteDbUser =
  (ctx: OperationContext) =>
  (userId: string, options?: CallOptions): ObservableEither<WeaviateError, boolean> =>
    operation(
      () => dbUser('users.db.delete', userId, options),
      (input) =>
        whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'DELETE', path: dbUserPath(input.userId), expect: [204, 404] } }), (res) =>
          E.right(res.status === 204),
        ),
    )
