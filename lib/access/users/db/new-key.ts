/**
 * `users.db.create` and `users.db.rotateKey`: one request, `POST /v1/users/db/<user>` or
 * `.../rotate-key`, answered by a new API key.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { ApiKeyCodec } from '../../../codecs/access'
import { decode } from '../../../codecs/decode'
import { CallOptions, OperationContext } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { dbUserPath } from '../../../server/routes'
import { whenFeatures } from '../../request'
import { dbUser } from './user'

/** Creates a user or replaces its key (`sub`); emits the new key. */
const newKey =
  (op: string, sub: 'rotate-key' | undefined, expect: number) =>
  (ctx: OperationContext) =>
  (userId: string, options?: CallOptions): ObservableEither<WeaviateError, string> =>
    operation(
      () => dbUser(op, userId, options),
      (input) =>
        whenFeatures(ctx, input.call, ['dbUsers'], () => ({ req: { method: 'POST', path: dbUserPath(input.userId, sub), expect: [expect] } }), (res) =>
          E.map((k: { readonly apikey: string }) => k.apikey)(decode(ApiKeyCodec, res.body, res)),
        ),
    )

/** `users.db.create`. */
export const createDbUser = newKey('users.db.create', undefined, 201)

/** `users.db.rotateKey`. */
export const rotateKey = newKey('users.db.rotateKey', 'rotate-key', 200)
