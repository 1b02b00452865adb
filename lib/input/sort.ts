/**
 * The sort input `{ properties: string | string[], orderAsc?: boolean | boolean[] }`, checked and
 * encoded as the server wants it: `sort=a,b&order=asc,desc`.
 *
 * @packageDocumentation
 */
import { argsObject, typeError, valueError } from './check'
import { propertyName } from './names'

/**
 * Sort clause of a list.
 *
 * @example
 * ```ts
 * const byAuthorThenTitle: Sort = { properties: ['author', 'title'], orderAsc: [false, true] }
 * ```
 */
export interface Sort {
  /** Properties to sort by, in priority order. */
  readonly properties: string | readonly string[]
  /** One direction for all (default true), or one per property. */
  readonly orderAsc?: boolean | readonly boolean[]
}

/** The encoded query values of a sort clause. */
export interface EncodedSort {
  readonly sort: string
  readonly order: string
}

/**
 * One property of a checked sort clause.
 */
export interface SortClause {
  readonly property: string
  readonly ascending: boolean
}

export const sort = (argument: string, value: unknown): EncodedSort => {
  const clauses = sortClauses(argument, value)
  return { sort: clauses.map((c) => c.property).join(','), order: clauses.map((c) => (c.ascending ? 'asc' : 'desc')).join(',') }
}

/** Checks a sort clause: its properties with their directions, in priority order. */
export const sortClauses = (argument: string, value: unknown): readonly SortClause[] => {
  const clause = argsObject(argument, value)
  if (clause['properties'] === undefined) {
    return valueError(argument, `The sort clause is missing the required field: 'properties'`)
  }
  const raw = clause['properties']
  const properties =
    typeof raw === 'string'
      ? [propertyName(`${argument}.properties`, raw)]
      : Array.isArray(raw)
        ? raw.map((p: unknown, i) => propertyName(`${argument}.properties[${i}]`, p))
        : typeError(`${argument}.properties`, 'string | string[]', raw)
  if (properties.length === 0) return valueError(argument, `'${argument}.properties' cannot be an empty list`)
  const order = clause['orderAsc']
  const ascending =
    order === undefined
      ? properties.map(() => true)
      : typeof order === 'boolean'
        ? properties.map(() => order)
        : Array.isArray(order)
          ? order.map((o: unknown, i) =>
              typeof o === 'boolean' ? o : typeError(`${argument}.orderAsc[${i}]`, 'boolean', o),
            )
          : typeError(`${argument}.orderAsc`, 'boolean | boolean[]', order)
  if (ascending.length !== properties.length) {
    return valueError(
      argument,
      `'${argument}.orderAsc' must be the same length as '${argument}.properties' or a single boolean`,
    )
  }
  return properties.map((property, i) => ({ property, ascending: ascending[i] ?? true }))
}
