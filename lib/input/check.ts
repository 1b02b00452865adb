/**
 * The input-check module every operation uses: small checkers that throw an {@link ArgumentError};
 * `checkInput` (`lib/core/operation.ts`) turns the first such throw into a `Left`. Checks run
 * synchronously before any request is described, so bad input never reaches the wire.
 *
 * @packageDocumentation
 */
import { ArgumentTypeError, ArgumentValueError } from '../core/errors'

/** A readable name of a value's type for messages: `string`, `number`, `null`, `array`, ... */
export const typeName = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value

/** Throws an ArgumentTypeError for `argument`. */
export const typeError = (argument: string, expected: string, value: unknown): never => {
  throw new ArgumentTypeError({ argument, expected, received: typeName(value) })
}

/** Throws an ArgumentValueError for `argument`. */
export const valueError = (argument: string, message: string): never => {
  throw new ArgumentValueError({ argument, reason: message })
}

/** `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`. */
const choiceList = (choices: readonly string[]): string => {
  const quoted = choices.map((c) => `'${c}'`)
  const last = quoted.pop() ?? ''
  return quoted.length === 0 ? last : `${quoted.join(', ')} or ${last}`
}

/**
 * The check of an option that takes one of a few names: the value itself, or an
 * ArgumentValueError that lists the names and shows what was given.
 */
export const oneOf =
  <const C extends readonly string[]>(choices: C) =>
  (argument: string, value: unknown): C[number] => {
    const found = choices.find((c) => c === value)
    return found !== undefined ? found : valueError(argument, `'${argument}' must be ${choiceList(choices)}, got ${JSON.stringify(value)}`)
  }

/** The operation's argument object itself. */
export const argsObject = (operation: string, args: unknown): Record<string, unknown> => {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return typeError(`${operation} arguments`, 'object', args)
  }
  return args as Record<string, unknown>
}

export const string = (argument: string, value: unknown): string =>
  typeof value === 'string' ? value : typeError(argument, 'string', value)

export const optional = <A>(
  check: (argument: string, value: unknown) => A,
  argument: string,
  value: unknown,
): A | undefined => (value === undefined || value === null ? undefined : check(argument, value))

export const nonEmptyString = (argument: string, value: unknown): string => {
  const s = string(argument, value)
  return s.length > 0 ? s : valueError(argument, `'${argument}' must not be empty`)
}

export const boolean = (argument: string, value: unknown): boolean =>
  typeof value === 'boolean' ? value : typeError(argument, 'boolean', value)

/**
 * True for a finite number (not NaN, not an infinity). `x - x` is 0 for every finite number and
 * NaN for the others: the vector loops call this for each number they read, where Number.isFinite
 * would box every number (docs/decisions/0011-hot-loop-code-shapes.md).
 */
export const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && x - x === 0

/** A finite number. */
export const finiteNumber = (argument: string, value: unknown): number =>
  isFiniteNumber(value) ? value : typeof value === 'number' ? valueError(argument, `'${argument}' must be a finite number`) : typeError(argument, 'number', value)

const integer = (argument: string, value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value)
    ? value
    : typeError(argument, 'integer', value)

export const positiveInteger = (argument: string, value: unknown): number => {
  const n = integer(argument, value)
  return n > 0 ? n : valueError(argument, `'${argument}' must be positive, i.e. greater than zero (>0)`)
}

/**
 * The largest count Weaviate's gRPC API carries in a uint32 field: a search's `limit`, `offset`
 * and `autocut`, an aggregation's group count. (The server refuses far less anyway: `limit` plus
 * `offset` beyond `QUERY_MAXIMUM_RESULTS`, 10,000 by default.)
 */
export const MAX_UINT32 = 4_294_967_295

/** The largest count in an int32 field of Weaviate's gRPC API: a group-by's `numberOfGroups` and `objectsPerGroup`. */
export const MAX_INT32 = 2_147_483_647

/**
 * `check`, then a bound: a count the wire cannot carry is an ArgumentValueError here, the same
 * over REST and gRPC, instead of a request that cannot be encoded.
 */
export const atMost =
  (max: number, check: (argument: string, value: unknown) => number) =>
  (argument: string, value: unknown): number => {
    const n = check(argument, value)
    return n <= max ? n : valueError(argument, `'${argument}' must be at most ${max}, got ${n}`)
  }

export const nonNegativeInteger = (argument: string, value: unknown): number => {
  const n = integer(argument, value)
  return n >= 0
    ? n
    : valueError(argument, `'${argument}' must be positive, i.e. greater or equal to zero (>=0)`)
}

export const stringArray = (argument: string, value: unknown): readonly string[] => {
  if (!Array.isArray(value)) return typeError(argument, 'string[]', value)
  const items: readonly unknown[] = value
  const copy = new Array<string>(items.length)
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    // The item's name is built only for its error (a search checks its lists on every call).
    copy[i] = typeof item === 'string' ? item : string(`${argument}[${i}]`, item)
  }
  return copy
}

/**
 * Consistency levels the server accepts; exactly these upper-case strings.
 *
 * @example
 * ```ts
 * client.objects.getById({ className: 'Article', uuid, consistencyLevel: 'QUORUM' })
 * ```
 */
export type ConsistencyLevel = 'ALL' | 'ONE' | 'QUORUM'
const consistencyLevels: readonly string[] = ['ALL', 'ONE', 'QUORUM']

export const consistencyLevel = (argument: string, value: unknown): ConsistencyLevel => {
  const s = string(argument, value)
  return consistencyLevels.includes(s)
    ? (s as ConsistencyLevel)
    : valueError(argument, `'${s}' is not a valid consistency level, use one of ALL, ONE, QUORUM`)
}

/** Tenants and node names: every non-empty string; they travel percent-encoded in the query. */
export const name = nonEmptyString

/**
 * The keys an argument object takes, one entry per key of its public type `A`: a key added to the
 * type and not listed here (or listed and not in the type) fails to compile.
 */
export type KeyTable<A> = { readonly [K in keyof Required<A>]: true }

/** The keys an operation reads, as {@link argsOf} checks them. */
export interface ArgumentKeys {
  /** The operation's name in messages: `nearVector`, `objects.batch options`, `objects[3]`. */
  readonly operation: string
  readonly table: Readonly<Record<string, true>>
  /** The keys, for the message. */
  readonly list: string
}

/** The keys of `table` for `operation` (made once per operation, at module load). */
export const argumentKeys = <A>(operation: string, table: KeyTable<A>): ArgumentKeys => ({
  operation,
  table: Object.assign(Object.create(null) as Record<string, true>, table),
  list: Object.keys(table).join(', '),
})

/**
 * Throws the ArgumentValueError of the first key of `a` that `keys` does not list (a key whose
 * value is `undefined` counts as not given, as everywhere else).
 */
export const knownKeys = (keys: ArgumentKeys, a: Readonly<Record<string, unknown>>, at?: string): void => {
  for (const key in a) {
    if (keys.table[key] !== true && Object.prototype.hasOwnProperty.call(a, key) && a[key] !== undefined) {
      const argument = at === undefined ? key : `${at}.${key}`
      valueError(argument, `'${argument}' is not an argument of ${keys.operation}; it takes ${keys.list}`)
    }
  }
}

/**
 * The operation's argument object, with no key the operation does not read. `label` names the
 * object when it is none (default: the operation's name).
 */
export const argsOf = (keys: ArgumentKeys, args: unknown, label: string = keys.operation): Record<string, unknown> => {
  const a = argsObject(label, args)
  knownKeys(keys, a)
  return a
}
