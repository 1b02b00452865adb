/**
 * The line `export` writes for an object: the object as REST's JSON gives it, whichever transport
 * read it. Vectors read as Float32Arrays (over gRPC, the float32 bytes) are written as the very
 * numbers REST prints for them ({@link float32sAsJson}: the shortest decimal that reads back as the
 * same float32), so an export over gRPC is byte for byte the export over REST. The object's keys
 * keep the order of the library's objects (`normaliseObject`), the order every export has had;
 * within properties and named vectors the keys are sorted at every level, as REST's JSON has them
 * (the server's `encoding/json` sorts a map's keys), where gRPC gives them in the server's map
 * order, which changes from one reply to the next.
 *
 * @packageDocumentation
 */
import { float32sAsJson, type WeaviateObject, type VectorFormat, type VectorOf } from '../../index'

/**
 * The object as the JSON line of an export (`JSON.stringify` of the result is the line).
 *
 * @example
 * ```ts
 * exportLine({ class: 'A', id, properties: {}, additional: {}, vectorWeights: null, vector: new Float32Array([0.1]) })
 * // { class: 'A', id, properties: {}, additional: {}, vectorWeights: null, vector: [0.1] }
 * ```
 */
export const exportLine = (o: WeaviateObject<unknown, VectorOf<VectorFormat>>): Record<string, unknown> => {
  const line: Record<string, unknown> = { class: o.class, id: o.id, properties: sortedKeys(o.properties), additional: o.additional, vectorWeights: o.vectorWeights }
  if (o.creationTimeUnix !== undefined) line['creationTimeUnix'] = o.creationTimeUnix
  if (o.lastUpdateTimeUnix !== undefined) line['lastUpdateTimeUnix'] = o.lastUpdateTimeUnix
  if (o.vector !== undefined) line['vector'] = jsonNumbers(o.vector)
  if (o.vectors !== undefined) line['vectors'] = jsonVectors(o.vectors)
  if (o.tenant !== undefined) line['tenant'] = o.tenant
  return line
}

/** A vector as REST's numbers: a Float32Array's values through {@link float32sAsJson}, numbers as they are. */
const jsonNumbers = (v: VectorOf<VectorFormat>): readonly number[] => (v instanceof Float32Array ? float32sAsJson(v) : v)

/** Named vectors (a name to a vector, or to a multi-vector's list of vectors) as REST's numbers. */
const jsonVectors = (vectors: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const name of Object.keys(vectors).sort()) out[name] = jsonVector(vectors[name])
  return out
}

/**
 * A JSON value with the keys of its objects sorted, at every level (property and nested property
 * names are ASCII, so code-unit order is the byte order the server sorts by).
 */
const sortedKeys = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.some((x) => typeof x === 'object' && x !== null) ? v.map(sortedKeys) : v
  if (typeof v !== 'object' || v === null) return v
  const record = v as Readonly<Record<string, unknown>>
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(record).sort()) out[key] = sortedKeys(record[key])
  return out
}

/** A Float32Array as numbers; a list of vectors (a multi-vector) element by element; numbers as they are. */
const jsonVector = (v: unknown): unknown => {
  if (v instanceof Float32Array) return jsonNumbers(v)
  return Array.isArray(v) && typeof v[0] !== 'number' ? v.map(jsonVector) : v
}
