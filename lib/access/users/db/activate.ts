/**
 * `users.db.activate`: `POST /v1/users/db/<user>/activate`.
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

/** Activates a user; `false` when it was active already. */
export const activate =
  (ctx: OperationContext) =>
  (userId: string, options?: CallOptions): ObservableEither<WeaviateError, boolean> =>
    operation(
      () => dbUser('users.db.activate', userId, options),
      (input) =>
        whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'POST', path: dbUserPath(input.userId, 'activate'), expect: [200, 409], idempotent: true } }), (res) =>
          E.right(res.status === 200),
        ),
    )
