/**
 * An object's properties as `BatchObject.Properties`, with the meaning they have over REST. The
 * server turns the message back into the map its REST handler decodes from JSON, and validates it
 * against the class the same way (a number is accepted for an `int` property when it is whole), so:
 * - non-empty arrays of finite numbers travel packed (`number_array_properties`, little-endian
 *   float64), which the server accepts for `number[]` and, whole, for `int[]`;
 * - arrays of strings and of booleans travel as typed arrays;
 * - an empty array is named in `empty_list_props`;
 * - everything else (text, numbers, booleans, dates, UUIDs, blobs, geo coordinates, phone numbers,
 *   nested objects, reference lists `[{ beacon }]`, mixed arrays) travels in the Struct as the
 *   same JSON value REST would send: a value JSON cannot spell as is (a `Date`, `NaN`, `undefined`
 *   or `-0`) is passed through `JSON.stringify`'s rules first.
 *
 * @packageDocumentation
 */
import type { JsonObject, JsonValue } from '@bufbuild/protobuf'
import type {
  BatchObject_Properties,
  BooleanArrayProperties,
  NumberArrayProperties,
  TextArrayProperties,
} from '../../proto/static/requests/weaviate/v1/batch'

/**
 * The message of an object's properties, and its approximate size in bytes (for batching by bytes).
 */
export const batchProperties = (data: Readonly<Record<string, unknown>>): { readonly properties: BatchObject_Properties; readonly bytes: number } => {
  const properties: BatchObject_Properties = {}
  const emptyListProps: string[] = []
  const numberArrayProperties: NumberArrayProperties[] = []
  const textArrayProperties: TextArrayProperties[] = []
  const booleanArrayProperties: BooleanArrayProperties[] = []
  const struct: JsonObject = {}
  let bytes = 0
  let structUsed = false
  for (const key of Object.keys(data)) {
    const raw = data[key]
    if (Array.isArray(raw)) {
      if (raw.length === 0) {
        emptyListProps.push(key)
        bytes += key.length + 2
        continue
      }
      if (raw.every(isFiniteNumber)) {
        numberArrayProperties.push({ propName: key, valuesBytes: float64Bytes(raw) })
        bytes += key.length + raw.length * 8 + 4
        continue
      }
      if (raw.every(isString)) {
        textArrayProperties.push({ propName: key, values: [...raw] })
        bytes += key.length + raw.reduce((n, s) => n + s.length + 2, 4)
        continue
      }
      if (raw.every(isBoolean)) {
        booleanArrayProperties.push({ propName: key, values: [...raw] })
        bytes += key.length + raw.length * 2 + 4
        continue
      }
    }
    const value = jsonValue(raw)
    if (value === undefined) continue
    struct[key] = value
    structUsed = true
    bytes += key.length + approximateSize(value)
  }
  if (structUsed) properties.nonRefProperties = struct
  if (emptyListProps.length > 0) properties.emptyListProps = emptyListProps
  if (numberArrayProperties.length > 0) properties.numberArrayProperties = numberArrayProperties
  if (textArrayProperties.length > 0) properties.textArrayProperties = textArrayProperties
  if (booleanArrayProperties.length > 0) properties.booleanArrayProperties = booleanArrayProperties
  return { properties, bytes }
}

const isFiniteNumber = (u: unknown): u is number => typeof u === 'number' && Number.isFinite(u)
const isString = (u: unknown): u is string => typeof u === 'string'
const isBoolean = (u: unknown): u is boolean => typeof u === 'boolean'

/** Little-endian float64 bytes of `values`. */
const float64Bytes = (values: readonly number[]): Uint8Array => {
  const bytes = new Uint8Array(values.length * 8)
  const view = new DataView(bytes.buffer)
  // `|| 0` turns -0 into 0, as JSON does.
  for (let i = 0; i < values.length; i++) view.setFloat64(i * 8, values[i] || 0, true)
  return bytes
}

/**
 * The JSON value REST would send for `u` (`undefined` when JSON leaves the property out): the
 * value itself when it is plain JSON already, else `JSON.stringify`'s reading of it. Throws what
 * `JSON.stringify` throws (a BigInt, a cycle), as the REST path does.
 */
const jsonValue = (u: unknown): JsonValue | undefined => {
  if (isPlainJson(u)) return u
  const text = JSON.stringify(u)
  return text === undefined ? undefined : (JSON.parse(text) as JsonValue)
}

const isPlainJson = (u: unknown): u is JsonValue => {
  switch (typeof u) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      // -0 is not JSON: JSON.stringify writes it as 0.
      return Number.isFinite(u) && !Object.is(u, -0)
    case 'object': {
      if (u === null) return true
      if (Array.isArray(u)) return u.every(isPlainJson)
      const proto: unknown = Object.getPrototypeOf(u)
      if (proto !== Object.prototype && proto !== null) return false
      const record = u as Record<string, unknown>
      if (typeof record['toJSON'] === 'function') return false
      for (const key of Object.keys(record)) if (!isPlainJson(record[key])) return false
      return true
    }
    default:
      return false
  }
}

/** About the encoded size of a JSON value in a Struct (for batching by bytes, not exact). */
const approximateSize = (value: JsonValue): number => {
  if (typeof value === 'string') return value.length + 4
  if (typeof value !== 'object' || value === null) return 10
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + approximateSize(v), 4)
  let n = 4
  for (const key of Object.keys(value)) {
    const v = value[key]
    if (v !== undefined) n += key.length + 4 + approximateSize(v)
  }
  return n
}
