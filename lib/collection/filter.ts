/**
 * The filter builder of a collection handle: `filter.byProperty('year').greaterThan(2000)` checks
 * the property name and the value's type against the handle's properties type `P` at compile time
 * and produces the existing {@link Where} (so every operation that takes a `where` takes it).
 * Names after the official TypeScript client (weaviate/typescript-client
 * `src/collections/filters/classes.ts`: `byProperty`, `byProperty(name, true)` for the length,
 * `byRefCount`, `byId`, `byCreationTime`, `byUpdateTime`, `equal`, `greaterOrEqual`, ...). The
 * length, reference count, time and id-list conditions are the shapes of {@link WhereShape}, so a
 * built filter is exactly the hand-written one and gets the same checks.
 *
 * @packageDocumentation
 */
import type { Where, WhereComparison, WhereOperator, WhereShape, WhereValue } from '../input/where'

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
 * The conditions on a count: a property's length (`byProperty(name, true)`, the shape
 * `propertyLength`) or how many references a reference property holds (`byRefCount`, the shape
 * `referenceCount`). The value is a non-negative integer (checked when the filter is used).
 *
 * @example
 * ```ts
 * declare const titleLength: CountFilter
 * const untitled: Where = titleLength.equal(0)
 * ```
 */
export interface CountFilter {
  readonly equal: (value: number) => Where
  readonly notEqual: (value: number) => Where
  readonly greaterThan: (value: number) => Where
  readonly greaterOrEqual: (value: number) => Where
  readonly lessThan: (value: number) => Where
  readonly lessOrEqual: (value: number) => Where
}

/**
 * The conditions on when an object was created (`byCreationTime`, the shape `creationTime`) or
 * last updated (`byUpdateTime`, the shape `updateTime`): a `Date`, or an RFC 3339 string with its
 * offset (checked when the filter is used). The class needs `invertedIndexConfig.indexTimestamps`.
 *
 * @example
 * ```ts
 * declare const created: TimeFilter
 * const thisYear: Where = created.greaterOrEqual(new Date('2026-01-01T00:00:00Z'))
 * const before: Where = created.lessThan('2026-01-01T00:00:00+01:00')
 * ```
 */
export interface TimeFilter {
  readonly equal: (value: Date | string) => Where
  readonly notEqual: (value: Date | string) => Where
  readonly greaterThan: (value: Date | string) => Where
  readonly greaterOrEqual: (value: Date | string) => Where
  readonly lessThan: (value: Date | string) => Where
  readonly lessOrEqual: (value: Date | string) => Where
}

/**
 * The names of `P`'s properties that have a length: text (characters) and arrays (items); any
 * name when `P` does not say (`Record<string, unknown>`).
 *
 * @example
 * ```ts
 * const name: LengthPropertyOf<{ title: string; tags: string[]; year: number }> = 'tags' // or 'title', never 'year'
 * ```
 */
export type LengthPropertyOf<P> = {
  [K in Extract<keyof P, string>]-?: unknown extends P[K] ? K : NonNullable<P[K]> extends string | ReadonlyArray<unknown> ? K : never
}[Extract<keyof P, string>]

/**
 * A reference property's name `K` for a handle whose properties are `P`: reference properties
 * are not part of `P`, so any name but a property of `P` (any name at all when `P` does not say).
 *
 * @example
 * ```ts
 * const name: ReferenceNameOf<{ title: string }, 'writtenBy'> = 'writtenBy' // ReferenceNameOf<{ title: string }, 'title'> is never
 * ```
 */
export type ReferenceNameOf<P, K extends string> = string extends keyof P ? K : K extends keyof P ? never : K

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
  readonly byProperty: {
    <K extends Extract<keyof P, string>>(name: K, length?: false): PropertyFilter<P[K]>
    /**
     * With `length: true`, the conditions on the property's length: characters of a text, items of
     * an array (the shape `propertyLength`; the class needs `invertedIndexConfig.indexPropertyLength`,
     * Weaviate 1.16+).
     */
    <K extends LengthPropertyOf<P>>(name: K, length: true): CountFilter
  }
  /**
   * The conditions on how many references the reference property `linkOn` holds (the shape
   * `referenceCount`). Reference properties are not part of `P`: a property of `P` does not compile.
   */
  readonly byRefCount: <K extends string>(linkOn: K & ReferenceNameOf<P, K>) => CountFilter
  /**
   * The conditions on the objects the reference property `linkOn` points to, in the class
   * `targetClassName` (the filter path `[linkOn, targetClassName, ...]`, as Weaviate's REST and
   * GraphQL filters name it): `byRef('writtenBy', 'Author').byProperty('name').equal('Le Guin')`.
   * `Q` types the target's properties. Reference properties are not part of `P`.
   */
  readonly byRef: <Q = Record<string, unknown>, K extends string = string>(linkOn: K & ReferenceNameOf<P, K>, targetClassName: string) => ReferenceFilter<Q>
  /**
   * The conditions on the object's UUID; `containsAny` is the shape `ids` (each a UUID, checked
   * when the filter is used; Weaviate 1.21+).
   */
  readonly byId: () => Pick<ValueFilter<string>, 'equal' | 'notEqual' | 'containsAny'>
  /** The conditions on when the object was created (the shape `creationTime`). */
  readonly byCreationTime: () => TimeFilter
  /** The conditions on when the object was last updated (the shape `updateTime`). */
  readonly byUpdateTime: () => TimeFilter
  /** Every condition (`And`); at least one. */
  readonly and: (first: Where, ...rest: readonly Where[]) => Where
  /** Any condition (`Or`); at least one. */
  readonly or: (first: Where, ...rest: readonly Where[]) => Where
  /** The opposite of a condition (`Not`, Weaviate 1.32+). */
  readonly not: (operand: Where) => Where
}

/**
 * The conditions on the objects a reference property points to, in the class `targetClassName`:
 * a filter on their properties (the path `[linkOn, targetClassName, property]`), or on a
 * reference of theirs, hop after hop. An object matches when any object it references does. `Q`
 * types the target's properties (any name when not given).
 *
 * @example
 * ```ts
 * declare const writtenBy: ReferenceFilter<{ name: string; born: number }>
 * const leGuin: Where = writtenBy.byProperty('name').equal('Ursula K. Le Guin')
 * const viaPublisher: Where = writtenBy.byRef('publishedBy', 'Publisher').byProperty('city').equal('Berkeley')
 * ```
 */
export interface ReferenceFilter<Q> {
  /**
   * The conditions on one property of the referenced objects: those of its type when `Q` says,
   * every value condition when it does not (`unknown`).
   */
  readonly byProperty: <K extends Extract<keyof Q, string>>(name: K) => unknown extends Q[K] ? ValueFilter<string | number | boolean | Date> & GeoFilter : PropertyFilter<Q[K]>
  /** The objects a reference property of the referenced objects points to, in the class `targetClassName`. */
  readonly byRef: <R = Record<string, unknown>>(linkOn: string, targetClassName: string) => ReferenceFilter<R>
}

const referenceFilter = <Q>(prefix: readonly string[]): ReferenceFilter<Q> => ({
  byProperty: (name: string) => valueFilter([...prefix, name], undefined),
  byRef: <R>(linkOn: string, targetClassName: string) => referenceFilter<R>([...prefix, linkOn, targetClassName]),
})

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

/** One leaf: a property (or a reference path to one), an operator and one value. */
const leaf = (path: readonly string[], operator: WhereOperator, value: WhereValue): Where => ({ path, operator, ...value })

const valueFilter = (path: readonly string[], kind: 'int' | 'number' | undefined): ValueFilter<Scalar> & GeoFilter => {
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

/** The six comparisons, each making the shape `shape` gives for its operator and value. */
const comparisons = <V>(shape: (operator: WhereComparison, value: V) => WhereShape) => ({
  equal: (value: V): Where => shape('Equal', value),
  notEqual: (value: V): Where => shape('NotEqual', value),
  greaterThan: (value: V): Where => shape('GreaterThan', value),
  greaterOrEqual: (value: V): Where => shape('GreaterThanEqual', value),
  lessThan: (value: V): Where => shape('LessThan', value),
  lessOrEqual: (value: V): Where => shape('LessThanEqual', value),
})

const lengthFilter = (property: string): CountFilter => comparisons<number>((operator, value) => ({ propertyLength: { property, operator, value } }))

/**
 * The filter builder of a handle. `numberKind` tells integer from float properties where the
 * handle knows (its `numberKinds` option, a `t.Int` codec).
 */
export const collectionFilter = <P>(numberKind: NumberKindOf): CollectionFilter<P> => ({
  // One runtime function serves both signatures (the length one and every property type's); the type narrows it.
  byProperty: ((name: string, length?: boolean) => (length === true ? lengthFilter(name) : valueFilter([name], numberKind(name)))) as CollectionFilter<P>['byProperty'],
  byRef: (linkOn, targetClassName) => referenceFilter([linkOn, targetClassName]),
  byRefCount: (linkOn) => comparisons<number>((operator, value) => ({ referenceCount: { property: linkOn, operator, value } })),
  byId: () => ({ ...valueFilter(['_id'], undefined), containsAny: (ids: readonly string[]) => ({ ids }) }),
  byCreationTime: () => comparisons<Date | string>((operator, value) => ({ creationTime: { operator, value } })),
  byUpdateTime: () => comparisons<Date | string>((operator, value) => ({ updateTime: { operator, value } })),
  and: (first, ...rest) => ({ operator: 'And', operands: [first, ...rest] }),
  or: (first, ...rest) => ({ operator: 'Or', operands: [first, ...rest] }),
  not: (operand) => ({ operator: 'Not', operands: [operand] }),
})
