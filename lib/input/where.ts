/**
 * The `where` filter of a batch delete, as the server takes it: a leaf compares the property at
 * `path` with one typed value, a branch combines operands with `And` / `Or`, or negates its one
 * operand with `Not` (Weaviate 1.33+). Checked by an io-ts codec before any request.
 *
 * @packageDocumentation
 */
import * as t from 'io-ts'
import { valueError } from './check'

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
 * A filter: a leaf `{ path, operator, value* }`, a branch `{ operator: 'And' | 'Or', operands }`, or
 * the complement of one filter `{ operator: 'Not', operands: [filter] }` (Weaviate 1.33+: the
 * objects the operand does not match, objects without the property included).
 *
 * @example
 * ```ts
 * const where: Where = {
 *   operator: 'And',
 *   operands: [
 *     { path: ['year'], operator: 'LessThan', valueInt: 2000 },
 *     { operator: 'Not', operands: [{ path: ['title'], operator: 'Like', valueText: 'draft*' }] },
 *   ],
 * }
 * ```
 */
export type Where =
  | { readonly operator: 'And' | 'Or'; readonly operands: readonly Where[] }
  | { readonly operator: 'Not'; readonly operands: readonly [Where] }
  | ({ readonly path: readonly string[]; readonly operator: WhereOperator } & WhereValue)

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

type NotWhere = Extract<Where, { readonly operator: 'Not' }>

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
 * The codec of {@link Where}: a leaf must have a non-empty path and exactly one value (none for
 * `IsNull`, which takes `valueBoolean`), an `And` / `Or` at least one operand, a `Not` exactly one.
 */
export const WhereCodec: t.Type<Where, Where> = t.recursion('Where', () =>
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

/**
 * The check of a `where` argument (a search's, an aggregate's, a stream's, `objects.deleteMany`'s):
 * the filter, or an ArgumentValueError that states the rule and, in a nested filter, names the
 * first operand that breaks it.
 */
export const whereFilter = (argument: string, value: unknown): Where => {
  const decoded = WhereCodec.decode(value)
  if (decoded._tag === 'Right') return decoded.right
  const at = firstInvalid(value, argument) ?? argument
  return valueError(
    argument,
    `'${argument}' is not a valid where filter (a leaf with a path and exactly one value, or And/Or with operands)${at === argument ? '' : `: '${at}' is neither`}`,
  )
}
