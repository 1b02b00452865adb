/**
 * `users.ownInfo`: `GET /v1/users/own-info`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { OwnInfoCodec, WireOwnInfo } from '../../codecs/access'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { ownInfoPath } from '../../server/routes'
import { whenFeatures } from '../request'
import { Role, roleOf } from '../role'

/**
 * Who the caller is (`users.ownInfo`): its name, its roles with their permissions, its groups.
 *
 * @example
 * ```ts
 * const roleNames = (me: OwnInfo) => me.roles.map((r) => r.name)
 * ```
 */
export interface OwnInfo {
  readonly username: string
  readonly roles: readonly Role[]
  readonly groups: readonly string[]
}

const ownInfoOf = (o: WireOwnInfo): OwnInfo => ({ username: o.username, roles: (o.roles ?? []).map(roleOf), groups: o.groups ?? [] })

/** Who the caller is. */
export const ownInfo =
  (ctx: OperationContext) =>
  (options?: CallOptions): ObservableEither<WeaviateError, OwnInfo> =>
    operation(
      () => ({ call: callInput('users.ownInfo', options) }),
      (input) =>
        whenFeatures(ctx, input.call, ['rbacOwnInfo'], () => ({ req: { method: 'GET', path: ownInfoPath(), expect: [200] } }), (res) =>
          E.map(ownInfoOf)(decode(OwnInfoCodec, res.body, res)),
        ),
    )
