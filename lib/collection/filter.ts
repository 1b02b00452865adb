/**
 * The filter builder of a collection handle: `filter.byProperty('year').greaterThan(2000)` checks
 * the property name and the value's type against the handle's properties type `P` at compile time
 * and produces the existing {@link Where} (so every operation that takes a `where` takes it).
 * Names after the official TypeScript client (weaviate/typescript-client
 * `src/collections/filters/classes.ts`: `byProperty`, `byId`, `equal`, `greaterOrEqual`, ...).
 *
 * @packageDocumentation
 */
import type { Where, WhereOperator, WhereValue } from '../input/where'

/**
 * The value a filter on a property of type `V` compares with: a string property (text, date or
 * uuid) takes a string or a `Date` (sent as `valueDate`), a number property a number, a boolean
 * property a boolean; an array property takes one element. Anything else (a nested object, a
 * geo coordinate) takes none.
 *
 * @example
 * ```ts
 * const year: FilterValueOf<number> = 2001
 * const tag: FilterValueOf<readonly string[]> = 'news'
 * ```
 */
export type FilterValueOf<V> =
  // The element of an array property, the type itself otherwise.
  (NonNullable<V> extends ReadonlyArray<infer A> ? A : NonNullable<V>) extends infer E ? (E extends string ? E | Date : E extends number ? number : E extends boolean ? boolean : never) : never

/**
 * A geo coordinate, as a `geoCoordinates` property holds it.
 *
 * @example
 * ```ts
 * const berlin: GeoCoordinates = { latitude: 52.52, longitude: 13.4 }
 * ```
 */
export interface GeoCoordinates {
  readonly latitude: number
  readonly longitude: number
}

/**
 * The conditions on one property whose filter value is `V` (see {@link FilterValueOf}).
 *
 * @example
 * ```ts
 * declare const year: ValueFilter<number>
 * const recent: Where = year.greaterOrEqual(2000)
 * ```
 */
export interface ValueFilter<V> {
  readonly equal: (value: V) => Where
  readonly notEqual: (value: V) => Where
  readonly greaterThan: (value: V) => Where
  readonly greaterOrEqual: (value: V) => Where
  readonly lessThan: (value: V) => Where
  readonly lessOrEqual: (value: V) => Where
  /** A wildcard pattern (`*` any characters, `?` one); text properties only. */
  readonly like: (pattern: V extends string | Date ? string : never) => Where
  /** Any of the values (on an array property: any element equals one of them). */
  readonly containsAny: (values: readonly V[]) => Where
  /** All of the values (array properties). */
  readonly containsAll: (values: readonly V[]) => Where
  /** None of the values (Weaviate 1.34+). */
  readonly containsNone: (values: readonly V[]) => Where
  /** Whether the property is null (needs `indexNullState` on the class). */
  readonly isNull: (isNull: boolean) => Where
}

/**
 * The conditions on a `geoCoordinates` property.
 *
 * @example
 * ```ts
 * declare const place: GeoFilter
 * const near: Where = place.withinGeoRange({ latitude: 52.52, longitude: 13.4, distance: 2000 })
 * ```
 */
export interface GeoFilter {
  /** Within `distance` metres of a point. */
  readonly withinGeoRange: (range: GeoCoordinates & { readonly distance: number }) => Where
  readonly isNull: (isNull: boolean) => Where
}

/**
 * The filter of a property of type `T`: value conditions for text, number, boolean and date
 * properties (and their arrays), `withinGeoRange` for a geo coordinate, `isNull` only otherwise.
 *
 * @example
 * ```ts
 * declare const title: PropertyFilter<string>
 * const hello: Where = title.like('Hello*')
 * ```
 */
export type PropertyFilter<T> = [FilterValueOf<T>] extends [never]
  ? NonNullable<T> extends GeoCoordinates
    ? GeoFilter
    : Pick<GeoFilter, 'isNull'>
  : ValueFilter<FilterValueOf<T>>

/**
 * The filter builder of a collection handle whose properties are `P`.
 *
 * @example
 * ```ts
 * const books = client.collection('Book', { codec: t.type({ title: t.string, year: t.number }) })
 * const where: Where = books.filter.and(books.filter.byProperty('year').greaterThan(2000), books.filter.byProperty('title').like('The*'))
 * ```
 */
export interface CollectionFilter<P> {
  /** The conditions on one property of `P`: a misspelt name, or a value of another type, does not compile. */
  readonly byProperty: <K extends Extract<keyof P, string>>(name: K) => PropertyFilter<P[K]>
  /** The conditions on the object's UUID. */
  readonly byId: () => Pick<ValueFilter<string>, 'equal' | 'notEqual' | 'containsAny'>
  /** Every condition (`And`); at least one. */
  readonly and: (first: Where, ...rest: readonly Where[]) => Where
  /** Any condition (`Or`); at least one. */
  readonly or: (first: Where, ...rest: readonly Where[]) => Where
  /** The opposite of a condition (`Not`, Weaviate 1.32+). */
  readonly not: (operand: Where) => Where
}

/** Whether a number property holds integers (`valueInt`) or floats (`valueNumber`), when known. */
export type NumberKindOf = (property: string) => 'int' | 'number' | undefined

type Scalar = string | number | boolean | Date

const isoOf = (value: string | Date): string => (value instanceof Date ? value.toISOString() : value)

/**
 * The `value*` key and value of one scalar. A number is `valueInt` when the property is known to
 * hold integers (`numberKinds`, or a `t.Int` codec), `valueNumber` when known to hold floats, and
 * by whether it is an integer otherwise: over gRPC the server corrects either to the property's
 * type (weaviate/weaviate `adapters/handlers/grpc/v1/filters.go`).
 */
const scalarValue = (value: Scalar, kind: 'int' | 'number' | undefined): WhereValue => {
  if (typeof value === 'string') return { valueText: value }
  if (typeof value === 'boolean') return { valueBoolean: value }
  if (typeof value === 'number') return (kind ?? (Number.isInteger(value) ? 'int' : 'number')) === 'int' ? { valueInt: value } : { valueNumber: value }
  return { valueDate: value.toISOString() }
}

const textOf = (value: Scalar): string => (typeof value === 'string' || value instanceof Date ? isoOf(value) : String(value))

/** The `value*Array` of a list: dates if any is a `Date`, else by the first element's type. */
const arrayValue = (values: readonly Scalar[], kind: 'int' | 'number' | undefined): WhereValue => {
  const first = values[0]
  if (values.some((v) => v instanceof Date)) return { valueDateArray: values.map(textOf) }
  if (typeof first === 'boolean') return { valueBooleanArray: values.filter((v): v is boolean => typeof v === 'boolean') }
  if (typeof first === 'number') {
    const numbers = values.filter((v): v is number => typeof v === 'number')
    return (kind ?? (numbers.every(Number.isInteger) ? 'int' : 'number')) === 'int' ? { valueIntArray: numbers } : { valueNumberArray: numbers }
  }
  return { valueTextArray: values.map(textOf) }
}

/** One leaf: a property, an operator and one value. */
const leaf = (path: string, operator: WhereOperator, value: WhereValue): Where => ({ path: [path], operator, ...value })

const valueFilter = (path: string, kind: 'int' | 'number' | undefined): ValueFilter<Scalar> & GeoFilter => {
  const one = (operator: WhereOperator) => (value: Scalar) => leaf(path, operator, scalarValue(value, kind))
  const many = (operator: WhereOperator) => (values: readonly Scalar[]) => leaf(path, operator, arrayValue(values, kind))
  return {
    equal: one('Equal'),
    notEqual: one('NotEqual'),
    greaterThan: one('GreaterThan'),
    greaterOrEqual: one('GreaterThanEqual'),
    lessThan: one('LessThan'),
    lessOrEqual: one('LessThanEqual'),
    like: (pattern: string) => leaf(path, 'Like', { valueText: pattern }),
    containsAny: many('ContainsAny'),
    containsAll: many('ContainsAll'),
    containsNone: many('ContainsNone'),
    isNull: (isNull: boolean) => leaf(path, 'IsNull', { valueBoolean: isNull }),
    withinGeoRange: ({ latitude, longitude, distance }) =>
      leaf(path, 'WithinGeoRange', { valueGeoRange: { geoCoordinates: { latitude, longitude }, distance: { max: distance } } }),
  }
}

/**
 * The filter builder of a handle. `numberKind` tells integer from float properties where the
 * handle knows (its `numberKinds` option, a `t.Int` codec).
 */
export const collectionFilter = <P>(numberKind: NumberKindOf): CollectionFilter<P> => ({
  // The runtime builder serves every property; its type narrows it to the property's.
  byProperty: <K extends Extract<keyof P, string>>(name: K) => valueFilter(name, numberKind(name)),
  byId: () => valueFilter('_id', undefined),
  and: (first, ...rest) => ({ operator: 'And', operands: [first, ...rest] }),
  or: (first, ...rest) => ({ operator: 'Or', operands: [first, ...rest] }),
  not: (operand) => ({ operator: 'Not', operands: [operand] }),
})
