/**
 * `users.groups.list`: `GET /v1/authz/groups/oidc`.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { NameListCodec } from '../../../codecs/access'
import { decode } from '../../../codecs/decode'
import { CallOptions, OperationContext, callInput } from '../../../context/context'
import { WeaviateError } from '../../../core/errors'
import { ObservableEither } from '../../../core/observable-either'
import { operation } from '../../../core/operation'
import { groupAuthzPath } from '../../../server/routes'
import { whenFeatures } from '../../request'

/** The groups that have roles. */
export const listGroups =
  (ctx: OperationContext) =>
  (options?: CallOptions): ObservableEither<WeaviateError, readonly string[]> =>
    operation(
      () => ({ call: callInput('users.groups.list', options) }),
      (input) =>
        whenFeatures(ctx, input.call, ['rbacGroups'], () => ({ req: { method: 'GET', path: groupAuthzPath(undefined, undefined, 'oidc'), expect: [200] } }), (res) =>
          E.map((list: readonly string[] | null): readonly string[] => list ?? [])(decode(NameListCodec, res.body, res)),
        ),
    )
