/**
 * `users.db.get`: `GET /v1/users/db/<user>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { DbUserCodec } from '../../../codecs/access'
import { decode } from '../../../codecs/decode'
import { OperationContext } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { dbUserPath } from '../../../server/routes'
import { accessOptions, principalName, whenFeatures } from '../../request'
import { DbUser, DbUserReadOptions, dbUserOf, readKeys, readQuery } from './user'

/** One user, or `null` when there is none. */
export const getDbUser =
  (ctx: OperationContext) =>
  (userId: string, options?: DbUserReadOptions): ObservableEither<WeaviateError, DbUser | null> =>
    operation(
      () => {
        const { o, call } = accessOptions<DbUserReadOptions>('users.db.get', readKeys, options)
        return { userId: principalName('userId', userId), query: readQuery(o), call }
      },
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          ['dbUsers'],
          () => ({ req: { method: 'GET', path: dbUserPath(input.userId), query: input.query, expect: [200, 404] } }),
          (res) => (res.status === 404 ? E.right(null) : E.map(dbUserOf)(decode(DbUserCodec, res.body, res))),
        ),
    )
