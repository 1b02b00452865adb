/**
 * A codec of a union of string literals, shared by the collection configuration and the provider
 * modules' settings.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'

/** A codec of a union of string literals, named by them (`"a" | "b"`). */
export const literals = <const L extends readonly [string, ...string[]]>(values: L): t.Type<L[number], L[number], unknown> =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<L[number], null>, values.map((v) => JSON.stringify(v)).join(' | '))
