/**
 * The library's one filter model ({@link Where}) as a GraphQL `where` literal. The keys are the
 * REST filter's, but GraphQL takes a list value under the single-value key (`valueText: [...]` for
 * `valueTextArray`), operators as enum values.
 *
 * @packageDocumentation
 */
import { CheckedWhere, WhereValue } from '../../input/where'
import { Literal, enumValue } from './literal'

const LIST_KEYS: Readonly<Record<string, string>> = {
  valueTextArray: 'valueText',
  valueStringArray: 'valueString',
  valueIntArray: 'valueInt',
  valueNumberArray: 'valueNumber',
  valueBooleanArray: 'valueBoolean',
  valueDateArray: 'valueDate',
}

/**
 * A where filter as a GraphQL literal.
 */
export const whereLiteral = (where: CheckedWhere): Literal => {
  if ('operands' in where) return { operator: enumValue(where.operator), operands: where.operands.map(whereLiteral) }
  const out: Record<string, Literal> = { path: [...where.path], operator: enumValue(where.operator) }
  for (const [key, value] of Object.entries(where)) {
    if (key === 'path' || key === 'operator' || value === undefined) continue
    out[LIST_KEYS[key] ?? key] = value as NonNullable<WhereValue[keyof WhereValue]>
  }
  return out
}
