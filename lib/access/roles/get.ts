/**
 * `roles.get`: `GET /v1/authz/roles/<role>`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { WireRoleCodec } from '../../codecs/access'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { rolePath } from '../../server/routes'
import { whenFeatures } from '../request'
import { Role, roleInput, roleOf } from '../role'

/** One role, or `null` when there is none of that name. */
export const getRole =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, Role | null> =>
    operation(
      () => roleInput('roles.get', name, options),
      (input) =>
        whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'GET', path: rolePath(input.name), expect: [200, 404] } }), (res) =>
          res.status === 404 ? E.right(null) : E.map(roleOf)(decode(WireRoleCodec, res.body, res)),
        ),
    )
