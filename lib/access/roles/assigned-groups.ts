/**
 * `roles.assignedGroups`: `GET /v1/authz/roles/<role>/group-assignments` (Weaviate 1.32.5 (1.32.x)
 * / 1.33.0+).
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { GroupAssignmentListCodec } from '../../codecs/access'
import { decode } from '../../codecs/decode'
import { CallOptions, OperationContext } from '../../context/context'
import { WeaviateError } from '../../core/errors'
import { ObservableEither } from '../../core/observable-either'
import { operation } from '../../core/operation'
import { rolePath } from '../../server/routes'
import { whenFeatures } from '../request'
import { roleInput } from '../role'

/**
 * A group a role is assigned to (`roles.assignedGroups`).
 *
 * @example
 * ```ts
 * const ids = (groups: readonly GroupAssignment[]) => groups.map((g) => g.groupId)
 * ```
 */
export interface GroupAssignment {
  readonly groupId: string
  readonly groupType: string
}

/** The groups a role is assigned to. */
export const assignedGroups =
  (ctx: OperationContext) =>
  (name: string, options?: CallOptions): ObservableEither<WeaviateError, readonly GroupAssignment[]> =>
    operation(
      () => roleInput('roles.assignedGroups', name, options),
      (input) =>
        whenFeatures(ctx, input.call, ['rbac', 'rbacGroups'], () => ({ req: { method: 'GET', path: rolePath(input.name, 'group-assignments'), expect: [200] } }), (res) =>
          E.map((list: readonly GroupAssignment[] | null): readonly GroupAssignment[] => (list ?? []).map((g) => ({ groupId: g.groupId, groupType: g.groupType })))(
            decode(GroupAssignmentListCodec, res.body, res),
          ),
        ),
    )
