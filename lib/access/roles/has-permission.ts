/**
 * `roles.hasPermission`: `POST /v1/authz/roles/<role>/has-permission`.
 *
 * @packageDocumentation
 */
import { HasPermissionCodec } from '../../codecs/access'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { valueError } from '../../input/check'
import { rolePath } from '../../server/routes'
import { Permission, checkPermission } from '../permissions'
import { whenFeatures } from '../request'
import { roleInput } from '../role'

/** Whether a role has a permission; the server answers for one action. */
export const hasPermission =
  (ctx: OperationContext) =>
  (name: string, permission: Permission, options?: CallOptions): ObservableEither<WeaviateError, boolean> =>
    operation(
      () => {
        const input = roleInput('roles.hasPermission', name, options)
        const checked = checkPermission('permission', permission)
        const [one, ...more] = checked.wire
        if (one === undefined || more.length > 0) return valueError('permission.actions', "'permission.actions' must name exactly one action for hasPermission")
        return { ...input, features: checked.features, wire: one }
      },
      (input) =>
        whenFeatures(
          ctx,
          input.call,
          ['rbac', ...input.features],
          () => ({ req: { method: 'POST', path: rolePath(input.name, 'has-permission'), body: input.wire, expect: [200], idempotent: true } }),
          (res) => decode(HasPermissionCodec, res.body, res),
        ),
    )
