/**
 * The library's one filter model ({@link Where}) as gRPC `Filters`. The server types a value by
 * the property's schema, so each `value*` field goes to the oneof case of its kind (text for
 * text, string, date and uuid values). A path `['id']` is the object's id, `_id` over gRPC; a path
 * `[reference, Class, ...rest]` follows a reference into `Class`.
 *
 * @packageDocumentation
 */
import { CheckedWhere, WhereLeaf, WhereOperator } from '../../input/where'
import { FilterTarget, Filters, Filters_Operator } from '../../proto/static/requests/weaviate/v1/common'

const OPERATORS: Readonly<Record<WhereOperator, Filters_Operator>> = {
  Equal: Filters_Operator.EQUAL,
  NotEqual: Filters_Operator.NOT_EQUAL,
  GreaterThan: Filters_Operator.GREATER_THAN,
  GreaterThanEqual: Filters_Operator.GREATER_THAN_EQUAL,
  LessThan: Filters_Operator.LESS_THAN,
  LessThanEqual: Filters_Operator.LESS_THAN_EQUAL,
  Like: Filters_Operator.LIKE,
  IsNull: Filters_Operator.IS_NULL,
  ContainsAny: Filters_Operator.CONTAINS_ANY,
  ContainsAll: Filters_Operator.CONTAINS_ALL,
  ContainsNone: Filters_Operator.CONTAINS_NONE,
  WithinGeoRange: Filters_Operator.WITHIN_GEO_RANGE,
}

type TestValue = Filters['testValue']

const testValue = (leaf: WhereLeaf): TestValue => {
  const text = leaf.valueText ?? leaf.valueString ?? leaf.valueDate
  if (text !== undefined) return { $case: 'valueText', value: text }
  if (leaf.valueInt !== undefined) return { $case: 'valueInt', value: BigInt(leaf.valueInt) }
  if (leaf.valueNumber !== undefined) return { $case: 'valueNumber', value: leaf.valueNumber }
  if (leaf.valueBoolean !== undefined) return { $case: 'valueBoolean', value: leaf.valueBoolean }
  const texts = leaf.valueTextArray ?? leaf.valueStringArray ?? leaf.valueDateArray
  if (texts !== undefined) return { $case: 'valueTextArray', value: { values: [...texts] } }
  if (leaf.valueIntArray !== undefined) return { $case: 'valueIntArray', value: { values: leaf.valueIntArray.map((n) => BigInt(n)) } }
  if (leaf.valueNumberArray !== undefined) return { $case: 'valueNumberArray', value: { values: [...leaf.valueNumberArray] } }
  if (leaf.valueBooleanArray !== undefined) return { $case: 'valueBooleanArray', value: { values: [...leaf.valueBooleanArray] } }
  const geo = leaf.valueGeoRange
  if (geo !== undefined) return { $case: 'valueGeo', value: { latitude: geo.geoCoordinates.latitude, longitude: geo.geoCoordinates.longitude, distance: geo.distance.max } }
  return undefined
}

/** A filter path as a gRPC target. */
const target = (path: readonly string[]): FilterTarget => {
  const [head = '', targetClass, ...rest] = path
  if (targetClass !== undefined && rest.length > 0) {
    return { target: { $case: 'multiTarget', value: { on: head, targetCollection: targetClass, target: target(rest) } } }
  }
  return { target: { $case: 'property', value: head === 'id' ? '_id' : head } }
}

/**
 * A where filter as gRPC `Filters`.
 */
export const whereToFilters = (where: CheckedWhere): Filters => {
  if ('operands' in where) {
    return {
      operator: where.operator === 'And' ? Filters_Operator.AND : where.operator === 'Or' ? Filters_Operator.OR : Filters_Operator.NOT,
      filters: where.operands.map(whereToFilters),
    }
  }
  const value = testValue(where)
  const filters: Filters = { operator: OPERATORS[where.operator], target: target(where.path) }
  if (value !== undefined) filters.testValue = value
  return filters
}
