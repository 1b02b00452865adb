/**
 * A database user who may read one class and nothing else, as an operator makes one for a
 * browser: a role with `read` on the class's definition and data, a user holding it, and the
 * user's key. Made and removed with the server's root key.
 */
import { firstValueFrom } from 'rxjs'
import * as E from 'fp-ts/Either'
import { connect } from '../../lib'
import type { ObservableEither, WeaviateError } from '../../lib'
import { uniqueClassName } from './server'

/**
 * A read-only user: its key and how to remove it and its role.
 *
 * @example
 * ```ts
 * const reader: ReadOnlyUser = await readOnlyUser(url, rootKey, 'Article')
 * await reader.remove()
 * ```
 */
export interface ReadOnlyUser {
  readonly userId: string
  readonly key: string
  readonly remove: () => Promise<void>
}

const right = async <A>(op: ObservableEither<WeaviateError, A>): Promise<A> => {
  const value = await firstValueFrom(op)
  if (E.isLeft(value)) throw new Error(`${value.left._tag}: ${value.left.message}`)
  return value.right
}

/**
 * Makes a user whose one role reads `className` (which need not exist yet) on the server at `url`.
 *
 * @example
 * ```ts
 * const { key } = await readOnlyUser(configuredServer('RBAC').url, rootKey, className)
 * ```
 */
export const readOnlyUser = async (url: string, rootKey: string, className: string): Promise<ReadOnlyUser> => {
  const root = connect({ url, apiKey: rootKey })
  const role = `reader-${uniqueClassName('R').toLowerCase()}`
  const userId = `reader-${uniqueClassName('U').toLowerCase()}`
  try {
    await right(
      root.roles.create(role, [
        { kind: 'collections', collection: className, actions: ['read'] },
        { kind: 'data', collection: className, actions: ['read'] },
      ]),
    )
    const key = await right(root.users.db.create(userId))
    await right(root.users.assignRoles(userId, [role], { userType: 'db' }))
    return {
      userId,
      key,
      remove: async () => {
        const admin = connect({ url, apiKey: rootKey })
        try {
          await right(admin.users.db.delete(userId))
          await right(admin.roles.delete(role))
        } finally {
          await admin.close()
        }
      },
    }
  } finally {
    await root.close()
  }
}
