/**
 * `users.db.list`: `GET /v1/users/db`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { DbUserListCodec, WireDbUser } from '../../../codecs/access'
import { decode } from '../../../codecs/decode'
import { OperationContext } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { dbUserPath } from '../../../server/routes'
import { accessOptions, whenFeatures } from '../../request'
import { DbUser, DbUserReadOptions, dbUserOf, readKeys, readQuery } from './user'

/** Every database user (and the environment's API-key users). */
export const listDbUsers =
  (ctx: OperationContext) =>
  (options?: DbUserReadOptions): ObservableEither<WeaviateError, readonly DbUser[]> =>
    operation(
      () => {
        const { o, call } = accessOptions<DbUserReadOptions>('users.db.list', readKeys, options)
        return { query: readQuery(o), call }
      },
      (input) =>
        whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'GET', path: dbUserPath(), query: input.query, expect: [200] } }), (res) =>
          E.map((list: readonly WireDbUser[] | null): readonly DbUser[] => (list ?? []).map(dbUserOf))(decode(DbUserListCodec, res.body, res)),
        ),
    )
