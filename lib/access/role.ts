/**
 * A role as the client gives it back, and the checks and readers that roles and users share.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { WireRole, WireRoleListCodec } from '../codecs/access'
import { decode } from '../codecs/decode'
import { CallOptions, callInput } from '../context/context'
import { WeaviateError } from '../core/errors'
import { stringArray, valueError } from '../input/check'
import { HttpResponse } from '../transport/http/types'
import { OtherPermission, Permission, fromWire } from './permissions'
import { roleName } from './request'

/**
 * A role as the server holds it: its name and its permissions, one per kind and resource, every
 * resource field explicit (`'*'` where none was given).
 *
 * @example
 * ```ts
 * const canRead = (role: Role, className: string) =>
 *   role.permissions.some((p) => p.kind === 'data' && p.collection === className && p.actions.includes('read'))
 * ```
 */
export interface Role {
  readonly name: string
  readonly permissions: readonly Permission[]
  /** Permissions whose action this client does not know (a newer server's), as sent. */
  readonly otherPermissions: readonly OtherPermission[]
}

/** The typed form of a wire role. */
export const roleOf = (w: WireRole): Role => {
  const { permissions, others } = fromWire(w.permissions ?? [])
  return { name: w.name, permissions, otherPermissions: others }
}

/** The roles of an answer that lists them. */
export const rolesOfList = (res: HttpResponse): E.Either<WeaviateError, readonly Role[]> =>
  E.map((list: readonly WireRole[] | null): readonly Role[] => (list ?? []).map(roleOf))(decode(WireRoleListCodec, res.body, res))

/** The checked input of an operation on one role. */
export const roleInput = (operation: string, name: unknown, options: unknown): { readonly name: string; readonly call: CallOptions } => ({
  name: roleName('name', name),
  call: callInput(operation, options),
})

/** A non-empty list of role names (what is assigned or revoked). */
export const roleList = (argument: string, value: unknown): readonly string[] => {
  const list = stringArray(argument, value)
  if (list.length === 0) valueError(argument, `'${argument}' must name at least one role`)
  list.forEach((r, i) => roleName(`${argument}[${i}]`, r))
  return list
}
