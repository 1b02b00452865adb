/**
 * Weaviate's typed gRPC result values (`weaviate.v1.Value`) as the JSON REST returns for the same
 * property: ints as numbers, dates and uuids and blobs as their strings, geo coordinates and phone
 * numbers as REST's objects, packed int64/float64 lists as number arrays, nested objects as plain
 * objects. A null value is no property at all, as REST leaves an unset property out.
 *
 * Used by every gRPC read: the object stream and the searches.
 *
 * @packageDocumentation
 */
import type { GeoCoordinate, ListValue, PhoneNumber, Properties, Value } from '../proto/static/replies/weaviate/v1/values'
import { jsonFloat32 } from './float32-shortest'

/** What a property holds in REST's JSON. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue }

/**
 * The properties of a result as REST's JSON object (a null value leaves its property out).
 */
export const propertiesToJson = (properties: Properties | undefined): Record<string, JsonValue> => {
  const out: Record<string, JsonValue> = {}
  if (properties === undefined) return out
  const fields = properties.fields
  for (const name in fields) {
    const value = fields[name]
    if (value === undefined) continue
    const json = valueToJson(value)
    if (json !== undefined) out[name] = json
  }
  return out
}

/**
 * One value as REST's JSON; `undefined` for a null value (REST omits the property).
 */
export const valueToJson = (value: Value): JsonValue | undefined => {
  const kind = value.kind
  if (kind === undefined) return undefined
  switch (kind.$case) {
    case 'textValue':
    case 'dateValue':
    case 'uuidValue':
    case 'blobValue':
    case 'numberValue':
    case 'boolValue':
      return kind.value
    case 'intValue':
      return Number(kind.value)
    case 'listValue':
      return listToJson(kind.value)
    case 'objectValue':
      return propertiesToJson(kind.value)
    case 'geoValue':
      return geoToJson(kind.value)
    case 'phoneValue':
      return phoneToJson(kind.value)
    case 'nullValue':
      return undefined
    default:
      return absurd(kind)
  }
}

const absurd = (kind: never): never => {
  throw new TypeError(`unknown gRPC value kind ${JSON.stringify(kind)}`)
}

/** A list; a list of no kind is the empty list. */
const listToJson = (list: ListValue): JsonValue => {
  const kind = list.kind
  if (kind === undefined) return []
  switch (kind.$case) {
    case 'textValues':
    case 'dateValues':
    case 'uuidValues':
    case 'boolValues':
      return kind.value.values
    case 'intValues':
      return int64sAsNumbers(kind.value.values)
    case 'numberValues':
      return float64sAsNumbers(kind.value.values)
    case 'objectValues':
      return kind.value.values.map(propertiesToJson)
    default:
      return absurd(kind)
  }
}

/** Packed little-endian int64s as numbers (REST's JSON ints). */
const int64sAsNumbers = (bytes: Uint8Array): number[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Array<number>(bytes.byteLength >>> 3)
  for (let i = 0; i < out.length; i++) out[i] = Number(view.getBigInt64(i * 8, true))
  return out
}

/** Packed little-endian float64s as numbers. */
const float64sAsNumbers = (bytes: Uint8Array): number[] => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Array<number>(bytes.byteLength >>> 3)
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat64(i * 8, true)
  return out
}

/** REST's `{ latitude, longitude }` (float32 on the server, printed as such). */
const geoToJson = (geo: GeoCoordinate): JsonValue => ({ latitude: jsonFloat32(geo.latitude), longitude: jsonFloat32(geo.longitude) })

/** REST's phone number object: every field `omitempty`. */
const phoneToJson = (phone: PhoneNumber): JsonValue => {
  const out: Record<string, JsonValue> = {}
  if (phone.countryCode !== 0n) out['countryCode'] = Number(phone.countryCode)
  if (phone.defaultCountry !== '') out['defaultCountry'] = phone.defaultCountry
  if (phone.input !== '') out['input'] = phone.input
  if (phone.internationalFormatted !== '') out['internationalFormatted'] = phone.internationalFormatted
  if (phone.national !== 0n) out['national'] = Number(phone.national)
  if (phone.nationalFormatted !== '') out['nationalFormatted'] = phone.nationalFormatted
  if (phone.valid) out['valid'] = true
  return out
}
