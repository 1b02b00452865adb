/**
 * `users.db.deactivate`: `POST /v1/users/db/<user>/deactivate`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { boolean, optional } from '../../../input/check'
import { dbUserPath } from '../../../server/routes'
import { accessOptions, principalName, whenFeatures } from '../../request'

/**
 * The options of `users.db.deactivate`.
 *
 * @example
 * ```ts
 * const options: DeactivateOptions = { revokeKey: true }
 * ```
 */
export interface DeactivateOptions extends CallOptions {
  /** Also revoke the user's API key, so activating it again needs `rotateKey`. */
  readonly revokeKey?: boolean
}

/** Deactivates a user; `false` when it was inactive already. */
export const deactivate =
  (ctx: OperationContext) =>
  (userId: string, options?: DeactivateOptions): ObservableEither<WeaviateError, boolean> =>
    operation(
      () => {
        const { o, call } = accessOptions<DeactivateOptions>('users.db.deactivate', { revokeKey: true }, options)
        const revokeKey = optional(boolean, 'revokeKey', o['revokeKey'])
        return { userId: principalName('userId', userId), revokeKey, call }
      },
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          ['dbUsers'],
          () => ({
            req: {
              method: 'POST',
              path: dbUserPath(input.userId, 'deactivate'),
              ...(input.revokeKey === undefined ? {} : { body: { revoke_key: input.revokeKey } }),
              expect: [200, 409],
              idempotent: true,
            },
          }),
          (res) => E.right(res.status === 200),
        ),
    )
