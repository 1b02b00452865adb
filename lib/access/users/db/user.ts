/**
 * A database user as the client gives it back, and what the database-user operations share: the
 * checked user id and the read options.
 *
 * @packageDocumentation
 */
import { WireDbUser } from '../../../codecs/access'
import { CallOptions, callInput } from '../../../context/context'
import { boolean, optional } from '../../../input/check'
import { principalName } from '../../request'

/**
 * A database user (Weaviate 1.30+): created through `users.db.create`, or an API-key user of the
 * server's environment (`userType: 'db_env_user'`).
 *
 * @example
 * ```ts
 * const activeIds = (users: readonly DbUser[]) => users.filter((u) => u.active).map((u) => u.userId)
 * ```
 */
export interface DbUser {
  readonly userId: string
  /** `'db_user'` or `'db_env_user'`. */
  readonly userType: string
  readonly active: boolean
  /** The names of its roles. */
  readonly roles: readonly string[]
  /** ISO date-time. */
  readonly createdAt?: string
  /** ISO date-time, with `includeLastUsedTime`. */
  readonly lastUsedAt?: string
  /** The first letters of its API key. */
  readonly apiKeyFirstLetters?: string
}

/**
 * The options of `users.db.list` and `users.db.get`.
 *
 * @example
 * ```ts
 * const options: DbUserReadOptions = { includeLastUsedTime: true }
 * ```
 */
export interface DbUserReadOptions extends CallOptions {
  /** Ask the server for each user's last use (`lastUsedAt`). */
  readonly includeLastUsedTime?: boolean
}

/** The typed form of a wire database user. */
export const dbUserOf = (u: WireDbUser): DbUser => ({
  userId: u.userId,
  userType: u.dbUserType,
  active: u.active,
  roles: u.roles ?? [],
  ...(typeof u.createdAt === 'string' ? { createdAt: u.createdAt } : {}),
  ...(typeof u.lastUsedAt === 'string' ? { lastUsedAt: u.lastUsedAt } : {}),
  ...(typeof u.apiKeyFirstLetters === 'string' ? { apiKeyFirstLetters: u.apiKeyFirstLetters } : {}),
})

/** The checked input of an operation on one database user. */
export const dbUser = (op: string, userId: unknown, options: unknown): { readonly userId: string; readonly call: CallOptions } => ({
  userId: principalName('userId', userId),
  call: callInput(op, options),
})

/** The keys of {@link DbUserReadOptions} besides the per-call ones. */
export const readKeys = { includeLastUsedTime: true } as const

/** The query of a read: `includeLastUsedTime` when the options give it. */
export const readQuery = (o: Readonly<Record<string, unknown>>): ReadonlyArray<readonly [string, string | undefined]> => {
  const include = optional(boolean, 'includeLastUsedTime', o['includeLastUsedTime'])
  return [['includeLastUsedTime', include === undefined ? undefined : String(include)]]
}
