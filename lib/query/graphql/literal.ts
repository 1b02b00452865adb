/**
 * GraphQL input literals, printed inline (variables cannot be used: the input type names differ
 * between server versions). Strings through `JSON.stringify` (a valid GraphQL string), finite
 * numbers, booleans, enum values bare, lists and input objects.
 *
 * @packageDocumentation
 */

/**
 * An enum value, printed without quotes.
 */
export interface EnumValue {
  readonly enumValue: string
}

/**
 * An enum value of a literal.
 */
export const enumValue = (name: string): EnumValue => ({ enumValue: name })

/**
 * A value a literal can hold; `undefined` fields of an object are left out.
 */
export type Literal = string | number | boolean | EnumValue | readonly Literal[] | { readonly [key: string]: Literal | undefined }

const isEnum = (v: Literal): v is EnumValue => typeof v === 'object' && !Array.isArray(v) && typeof (v as { enumValue?: unknown }).enumValue === 'string' && Object.keys(v).length === 1

/**
 * Prints a literal. Numbers were checked finite at the boundary.
 */
export const literal = (v: Literal): string => {
  if (typeof v === 'string') return JSON.stringify(v)
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (Array.isArray(v)) return `[${(v as readonly Literal[]).map(literal).join(', ')}]`
  if (isEnum(v)) return v.enumValue
  const fields = Object.entries(v as { readonly [key: string]: Literal | undefined })
    .filter((entry): entry is [string, Literal] => entry[1] !== undefined)
    .map(([key, value]) => `${key}: ${literal(value)}`)
  return `{ ${fields.join(', ')} }`
}
