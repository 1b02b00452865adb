/**
 * The `where` filter of a batch delete, as the server takes it: a leaf compares the property at
 * `path` with one typed value, a branch combines operands with `And` / `Or`, or negates its one
 * operand with `Not` (Weaviate 1.33+). Beside them, the shapes of {@link WhereShape} name what a
 * user filters on (creation time, property length, ...) without the server's magic paths; the check
 * spells each out as a leaf. Checked (shapes, then an io-ts codec) before any request.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'
import { valueError } from './check'
import { propertyName } from './names'
import { uuid } from './uuid'

/**
 * Operators of a leaf filter.
 *
 * @example
 * ```ts
 * const op: WhereOperator = 'GreaterThanEqual'
 * ```
 */
export type WhereOperator = t.TypeOf<typeof WhereOperator>
const WhereOperator = t.keyof({
  Equal: null,
  NotEqual: null,
  GreaterThan: null,
  GreaterThanEqual: null,
  LessThan: null,
  LessThanEqual: null,
  Like: null,
  IsNull: null,
  ContainsAny: null,
  ContainsAll: null,
  ContainsNone: null,
  WithinGeoRange: null,
})

const values = {
  valueText: t.string,
  valueString: t.string,
  valueInt: t.number,
  valueNumber: t.number,
  valueBoolean: t.boolean,
  valueDate: t.string,
  valueTextArray: t.readonlyArray(t.string),
  valueStringArray: t.readonlyArray(t.string),
  valueIntArray: t.readonlyArray(t.number),
  valueNumberArray: t.readonlyArray(t.number),
  valueBooleanArray: t.readonlyArray(t.boolean),
  valueDateArray: t.readonlyArray(t.string),
  valueGeoRange: t.type({
    geoCoordinates: t.type({ latitude: t.number, longitude: t.number }),
    distance: t.type({ max: t.number }),
  }),
}
const VALUE_KEYS = Object.keys(values)

/**
 * A filter: a leaf `{ path, operator, value* }`, a branch `{ operator: 'And' | 'Or', operands }`, the
 * complement of one filter `{ operator: 'Not', operands: [filter] }` (Weaviate 1.33+: the objects
 * the operand does not match, objects without the property included), or one of the shapes of
 * {@link WhereShape} (creation or update time, property length, reference count, a list of ids).
 *
 * @example
 * ```ts
 * const where: Where = {
 *   operator: 'And',
 *   operands: [
 *     { path: ['year'], operator: 'LessThan', valueInt: 2000 },
 *     { operator: 'Not', operands: [{ path: ['title'], operator: 'Like', valueText: 'draft*' }] },
 *     { creationTime: { operator: 'GreaterThanEqual', value: new Date('2026-01-01T00:00:00Z') } },
 *   ],
 * }
 * ```
 */
export type Where =
  | { readonly operator: 'And' | 'Or'; readonly operands: readonly Where[] }
  | { readonly operator: 'Not'; readonly operands: readonly [Where] }
  | WhereLeaf
  | WhereShape

/**
 * A leaf filter: the property at `path` compared with one typed value.
 *
 * @example
 * ```ts
 * const leaf: WhereLeaf = { path: ['year'], operator: 'LessThan', valueInt: 2000 }
 * ```
 */
export type WhereLeaf = { readonly path: readonly string[]; readonly operator: WhereOperator } & WhereValue

/**
 * The operators that compare a time or a count.
 *
 * @example
 * ```ts
 * const op: WhereComparison = 'LessThanEqual'
 * ```
 */
export type WhereComparison = 'Equal' | 'NotEqual' | 'GreaterThan' | 'GreaterThanEqual' | 'LessThan' | 'LessThanEqual'

/**
 * A comparison with a point in time: a `Date`, or an RFC 3339 string with its offset
 * (`2026-01-31T12:00:00Z`, `2026-01-31T13:00:00.250+01:00`). The server keeps times in milliseconds.
 *
 * @example
 * ```ts
 * const after: WhereTime = { operator: 'GreaterThan', value: new Date('2026-01-01T00:00:00Z') }
 * ```
 */
export interface WhereTime {
  readonly operator: WhereComparison
  readonly value: Date | string
}

/**
 * A comparison of a property's count (its length, or its number of references) with a
 * non-negative integer.
 *
 * @example
 * ```ts
 * const empty: WhereCount = { property: 'title', operator: 'Equal', value: 0 }
 * ```
 */
export interface WhereCount {
  readonly property: string
  readonly operator: WhereComparison
  readonly value: number
}

/**
 * The filters users ask for by name, each an object with exactly one key; they nest in `And`,
 * `Or` and `Not` like any filter, and every search, aggregate, filtered stream and
 * `objects.deleteMany` takes them.
 * - `creationTime` / `updateTime`: when the object was created / last updated; the class needs
 *   `invertedIndexConfig.indexTimestamps` (the path `_creationTimeUnix` / `_lastUpdateTimeUnix`).
 * - `propertyLength`: the length of a text (characters) or an array (items); the class needs
 *   `invertedIndexConfig.indexPropertyLength`, Weaviate 1.16+ (the path `len(property)`).
 * - `referenceCount`: how many references a reference property holds (no index setting needed).
 * - `ids`: the objects whose id is one of these (a `ContainsAny` on the id, Weaviate 1.21+).
 *
 * @example
 * ```ts
 * const recent: WhereShape = { creationTime: { operator: 'GreaterThan', value: '2026-01-01T00:00:00Z' } }
 * const untitled: WhereShape = { propertyLength: { property: 'title', operator: 'Equal', value: 0 } }
 * const cited: WhereShape = { referenceCount: { property: 'citedBy', operator: 'GreaterThanEqual', value: 2 } }
 * const picked: WhereShape = { ids: ['6e2d4bd1-37a6-4d5c-9c6e-1f0f5e3a3b11'] }
 * ```
 */
export type WhereShape =
  | { readonly creationTime: WhereTime }
  | { readonly updateTime: WhereTime }
  | { readonly propertyLength: WhereCount }
  | { readonly referenceCount: WhereCount }
  | { readonly ids: readonly string[] }

/**
 * A checked filter: a {@link Where} with every shape spelled out as the leaf the server takes.
 * The encoders (gRPC, GraphQL, REST) and the version requirements read only this.
 */
export type CheckedWhere =
  | { readonly operator: 'And' | 'Or'; readonly operands: readonly CheckedWhere[] }
  | { readonly operator: 'Not'; readonly operands: readonly [CheckedWhere] }
  | WhereLeaf

/**
 * The value of a leaf filter: exactly one of these fields (checked before any request is sent).
 *
 * @example
 * ```ts
 * const value: WhereValue = { valueInt: 2000 }
 * ```
 */
export interface WhereValue {
  readonly valueText?: string
  readonly valueString?: string
  readonly valueInt?: number
  readonly valueNumber?: number
  readonly valueBoolean?: boolean
  /** RFC 3339. */
  readonly valueDate?: string
  readonly valueTextArray?: readonly string[]
  readonly valueStringArray?: readonly string[]
  readonly valueIntArray?: readonly number[]
  readonly valueNumberArray?: readonly number[]
  readonly valueBooleanArray?: readonly boolean[]
  readonly valueDateArray?: readonly string[]
  readonly valueGeoRange?: {
    readonly geoCoordinates: { readonly latitude: number; readonly longitude: number }
    readonly distance: { readonly max: number }
  }
}

const Leaf = t.intersection([t.type({ path: t.readonlyArray(t.string), operator: WhereOperator }), t.partial(values)])

type NotWhere = Extract<CheckedWhere, { readonly operator: 'Not' }>

/** `Not` with exactly one operand (io-ts's `tuple` would drop a second one silently). */
const NotCodec: t.Type<NotWhere, NotWhere> = t.recursion('Not', () => {
  const Shape = t.type({ operator: t.literal('Not'), operands: t.readonlyArray(WhereCodec) })
  return new t.Type<NotWhere, NotWhere>(
    "a 'Not' with exactly one operand",
    (u): u is NotWhere => Shape.is(u) && u.operands.length === 1,
    (u, c) => {
      const shaped = Shape.validate(u, c)
      if (shaped._tag === 'Left') return shaped
      const [only] = shaped.right.operands
      return only !== undefined && shaped.right.operands.length === 1 ? t.success({ operator: 'Not', operands: [only] }) : t.failure(u, c, "a 'Not' takes exactly one operand")
    },
    t.identity,
  )
})

/**
 * The codec of {@link CheckedWhere}: a leaf must have a non-empty path and exactly one value (none for
 * `IsNull`, which takes `valueBoolean`), an `And` / `Or` at least one operand, a `Not` exactly one.
 */
export const WhereCodec: t.Type<CheckedWhere, CheckedWhere> = t.recursion('Where', () =>
  t.union([
    t.refinement(
      t.type({ operator: t.keyof({ And: null, Or: null }), operands: t.readonlyArray(WhereCodec) }),
      (branch) => branch.operands.length > 0,
      'a branch with at least one operand',
    ),
    NotCodec,
    t.refinement(
      Leaf,
      (leaf) =>
        leaf.path.length > 0 &&
        VALUE_KEYS.filter((key) => key in leaf).length === 1 &&
        (leaf.valueInt === undefined || Number.isInteger(leaf.valueInt)) &&
        (leaf.valueIntArray ?? []).every(Number.isInteger),
      'a leaf with a path and exactly one value (integers for valueInt)',
    ),
  ]),
)

/** The path of the first node of `value` that is neither a leaf nor a branch, from `at`; `undefined` when `value` is a filter. */
const firstInvalid = (value: unknown, at: string): string | undefined => {
  if (WhereCodec.is(value)) return undefined
  const operands: unknown = typeof value === 'object' && value !== null ? (value as { readonly operands?: unknown }).operands : undefined
  if (Array.isArray(operands) && operands.length > 0) {
    for (let i = 0; i < operands.length; i++) {
      const inner = firstInvalid(operands[i], `${at}.operands[${i}]`)
      if (inner !== undefined) return inner
    }
  }
  return at
}

const COMPARISONS: Readonly<Record<WhereComparison, true>> = {
  Equal: true,
  NotEqual: true,
  GreaterThan: true,
  GreaterThanEqual: true,
  LessThan: true,
  LessThanEqual: true,
}

const SHAPE_KEYS = ['creationTime', 'updateTime', 'propertyLength', 'referenceCount', 'ids'] as const
type ShapeKey = (typeof SHAPE_KEYS)[number]

/** RFC 3339 with a time and an offset, as Go's `time.RFC3339` parses it (fractions allowed). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

const record = (argument: string, value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Readonly<Record<string, unknown>>)
    : valueError(argument, `'${argument}' must be an object, got ${JSON.stringify(value)}`)

const comparison = (argument: string, value: unknown): WhereComparison =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(COMPARISONS, value)
    ? (value as WhereComparison)
    : valueError(argument, `'${argument}' must be one of ${Object.keys(COMPARISONS).join(', ')}, got ${JSON.stringify(value)}`)

/** A point in time as the RFC 3339 string the server parses. */
const instant = (argument: string, value: unknown): string => {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? valueError(argument, `'${argument}' is an invalid Date`) : value.toISOString()
  }
  if (typeof value === 'string' && RFC3339.test(value) && !Number.isNaN(Date.parse(value))) return value
  return valueError(argument, `'${argument}' must be a Date or an RFC 3339 string with an offset (2026-01-31T12:00:00Z), got ${JSON.stringify(value)}`)
}

const count = (argument: string, value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? value
    : valueError(argument, `'${argument}' must be a non-negative integer, got ${JSON.stringify(value)}`)

/** The keys of a shape's inner object: exactly these. */
const exactly = (argument: string, o: Readonly<Record<string, unknown>>, keys: readonly string[]): void => {
  for (const key of Object.keys(o)) {
    if (!keys.includes(key) && o[key] !== undefined) valueError(`${argument}.${key}`, `'${argument}.${key}' is not a key of this filter; it takes ${keys.join(', ')}`)
  }
}

const timeLeaf = (argument: string, value: unknown, path: '_creationTimeUnix' | '_lastUpdateTimeUnix'): WhereLeaf => {
  const o = record(argument, value)
  exactly(argument, o, ['operator', 'value'])
  return { path: [path], operator: comparison(`${argument}.operator`, o['operator']), valueDate: instant(`${argument}.value`, o['value']) }
}

const countLeaf = (argument: string, value: unknown, path: (property: string) => string): WhereLeaf => {
  const o = record(argument, value)
  exactly(argument, o, ['property', 'operator', 'value'])
  return {
    path: [path(propertyName(`${argument}.property`, o['property']))],
    operator: comparison(`${argument}.operator`, o['operator']),
    valueInt: count(`${argument}.value`, o['value']),
  }
}

const idsLeaf = (argument: string, value: unknown): WhereLeaf => {
  if (!Array.isArray(value) || value.length === 0) return valueError(argument, `'${argument}' must be a non-empty array of UUIDs`)
  const items: readonly unknown[] = value
  return { path: ['id'], operator: 'ContainsAny', valueTextArray: items.map((id, i) => uuid(`${argument}[${i}]`, id)) }
}

const shapeLeaf = (argument: string, key: ShapeKey, value: unknown): WhereLeaf => {
  switch (key) {
    case 'creationTime':
      return timeLeaf(argument, value, '_creationTimeUnix')
    case 'updateTime':
      return timeLeaf(argument, value, '_lastUpdateTimeUnix')
    case 'propertyLength':
      return countLeaf(argument, value, (property) => `len(${property})`)
    case 'referenceCount':
      return countLeaf(argument, value, (property) => property)
    case 'ids':
      return idsLeaf(argument, value)
  }
}

/**
 * `value` with every shape replaced by its leaf (the rest unchanged, for the codec to judge); a
 * shape with a bad value, or with a second key, is an ArgumentValueError naming it.
 */
const spellOut = (value: unknown, at: string): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const o = value as Readonly<Record<string, unknown>>
  const shapes = SHAPE_KEYS.filter((key) => o[key] !== undefined)
  const [shape] = shapes
  if (shape !== undefined) {
    const others = Object.keys(o).filter((key) => key !== shape && o[key] !== undefined)
    if (others.length > 0) return valueError(at, `'${at}' is a '${shape}' filter and takes no other key, got ${others.map((k) => `'${k}'`).join(', ')}`)
    return shapeLeaf(`${at}.${shape}`, shape, o[shape])
  }
  const operands = o['operands']
  if (!Array.isArray(operands)) return value
  const items: readonly unknown[] = operands
  return { ...o, operands: items.map((operand, i) => spellOut(operand, `${at}.operands[${i}]`)) }
}

/**
 * The check of a `where` argument (a search's, an aggregate's, a stream's, `objects.deleteMany`'s):
 * the filter with its shapes spelled out, or an ArgumentValueError that states the rule and, in a
 * nested filter, names the first operand that breaks it.
 */
export const whereFilter = (argument: string, value: unknown): CheckedWhere => {
  const spelled = spellOut(value, argument)
  const decoded = WhereCodec.decode(spelled)
  if (decoded._tag === 'Right') return decoded.right
  const at = firstInvalid(spelled, argument) ?? argument
  return valueError(
    argument,
    `'${argument}' is not a valid where filter (a leaf with a path and exactly one value, And/Or with operands, Not with one, or a shape: creationTime, updateTime, propertyLength, referenceCount, ids)${at === argument ? '' : `: '${at}' is neither`}`,
  )
}
