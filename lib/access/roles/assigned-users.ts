/**
 * `roles.assignedUsers`: `GET /v1/authz/roles/<role>/user-assignments` (Weaviate 1.30+).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { UserAssignmentListCodec } from '../../codecs/access'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { rolePath } from '../../server/routes'
import { whenFeatures } from '../request'
import { roleInput } from '../role'

/**
 * A user a role is assigned to (`roles.assignedUsers`): its id and its type (`'db_user'`,
 * `'db_env_user'` for an API-key user of the server's environment, or `'oidc'`).
 *
 * @example
 * ```ts
 * const ids = (users: readonly UserAssignment[]) => users.map((u) => u.userId)
 * ```
 */
export interface UserAssignment {
  readonly userId: string
  readonly userType: string
}

/** The users a role is assigned to, with their types. */
export const assignedUsers =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, readonly UserAssignment[]> =>
    operation(
      () => roleInput('roles.assignedUsers', name, options),
      (input) =>
        whenFeatures(ctx, input.call, ['rbac', 'dbUsers'], () => ({ req: { method: 'GET', path: rolePath(input.name, 'user-assignments'), expect: [200] } }), (res) =>
          E.map((list: readonly UserAssignment[] | null): readonly UserAssignment[] => (list ?? []).map((u) => ({ userId: u.userId, userType: u.userType })))(
            decode(UserAssignmentListCodec, res.body, res),
          ),
        ),
    )
