/**
 * `roles.exists`: `GET /v1/authz/roles/<role>`, answered by its status.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { rolePath } from '../../server/routes'
import { whenFeatures } from '../request'
import { roleInput } from '../role'

/** Whether a role of that name exists. */
export const roleExists =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, boolean> =>
    operation(
      () => roleInput('roles.exists', name, options),
      (input) =>
        whenFeatures(ctx, input.call, ['rbac'], () => ({ req: { method: 'GET', path: rolePath(input.name), expect: [200, 404] } }), (res) =>
          E.right(res.status === 200),
        ),
    )
