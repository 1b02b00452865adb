/**
 * One gRPC `SearchResult` as the object REST returns: `class`, `id`, `properties` (typed values
 * as REST's JSON, references as REST's beacons), `creationTimeUnix` / `lastUpdateTimeUnix`,
 * `vector` / `vectors`. Like REST's list, an object of a tenant does not name its tenant.
 *
 * @packageDocumentation
 */
import { bytesToHex } from '../../core/platform'
import type { Vectors } from '../../proto/static/replies/weaviate/v1/common'
import { Vectors_VectorType } from '../../proto/static/replies/weaviate/v1/common'
import type { MetadataResult, PropertiesResult, SearchResult } from '../../proto/static/replies/weaviate/v1/search'
import type { NamedVectors } from '../../codecs/object'
import { beacon } from '../../server/routes'
import { float32BytesAsJson, float32Copier } from '../../codecs/float32-bytes'
import { JsonValue, propertiesToJson } from '../../codecs/value-json'
import type { VectorFormat, VectorOf } from '../../input/vector-format'


/**
 * A result as REST's raw object (the input of `normaliseObject`), properties not yet decoded by
 * the caller's codec.
 */
export interface RestObject {
  readonly class: string
  readonly id: string
  readonly properties: Record<string, JsonValue>
  readonly creationTimeUnix?: number
  readonly lastUpdateTimeUnix?: number
  readonly vector?: VectorOf<VectorFormat>
  readonly vectors?: NamedVectors<VectorOf<VectorFormat>>
}

/**
 * Reads a vector's float32 bytes in a format.
 */
export type VectorReader = (bytes: Uint8Array) => VectorOf<VectorFormat>

/**
 * The reader of vectors in `format`; make one per reply (a `'float32'` reader fills blocks).
 */
export const vectorReader = (format: VectorFormat): VectorReader => (format === 'float32' ? float32Copier() : float32BytesAsJson)

/**
 * What the conversion needs besides the result.
 */
export interface ResultOptions {
  /** The class read (a result names its own in `targetCollection`; this is the fallback). */
  readonly className: string
  /** The reader of the reply's vectors (one per reply). */
  readonly readVector: VectorReader
}

/**
 * A search result as REST's object.
 */
export const searchResultToRest = (result: SearchResult, options: ResultOptions): RestObject => {
  const meta = result.metadata
  const props = result.properties
  const properties = propertiesToJson(props?.nonRefProps)
  if (props !== undefined) addReferences(properties, props)
  const o: { -readonly [K in keyof RestObject]: RestObject[K] } = {
    class: props?.targetCollection || options.className,
    id: meta === undefined ? '' : idOf(meta),
    properties,
  }
  if (meta !== undefined) {
    if (meta.creationTimeUnixPresent) o.creationTimeUnix = Number(meta.creationTimeUnix)
    if (meta.lastUpdateTimeUnixPresent) o.lastUpdateTimeUnix = Number(meta.lastUpdateTimeUnix)
    const vector = unnamedVectorOf(meta, options.readVector)
    if (vector !== undefined) o.vector = vector
    if (meta.vectors.length > 0) o.vectors = namedVectorsOf(meta.vectors, options.readVector)
  }
  return o
}

/**
 * A result's unnamed vector, read by `read`; undefined when the server sent none (the field absent
 * or empty).
 */
export const unnamedVectorOf = (meta: MetadataResult, read: VectorReader): VectorOf<VectorFormat> | undefined => {
  const bytes = meta.vectorBytes
  return bytes === undefined || bytes.byteLength === 0 ? undefined : read(bytes)
}

/**
 * The id of a result as text; from 1.23 servers may send only its 16 bytes.
 */
export const idOf = (meta: MetadataResult): string => {
  const bytes = meta.idAsBytes
  if (meta.id !== '' || bytes === undefined || bytes.byteLength !== 16) return meta.id
  const hex = bytesToHex(bytes)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Named vectors as REST's `vectors`: a name to a vector (`SINGLE_FP32` or unspecified), or to a
 * multi-vector's list of vectors (`MULTI_FP32`), each read by `read`.
 */
export const namedVectorsOf = (vectors: readonly Vectors[], read: VectorReader): NamedVectors<VectorOf<VectorFormat>> => {
  const out: Record<string, VectorOf<VectorFormat> | Array<VectorOf<VectorFormat>>> = {}
  for (const v of vectors) out[v.name] = v.type === Vectors_VectorType.MULTI_FP32 ? multiVector(v.vectorBytes, read) : read(v.vectorBytes)
  return out
}

/** A multi-vector: a little-endian uint16 dimension, then the vectors' float32s one after another. */
const multiVector = (bytes: Uint8Array, read: VectorReader): Array<VectorOf<VectorFormat>> => {
  if (bytes.byteLength < 2) return []
  const dimension = (bytes[0] ?? 0) | ((bytes[1] ?? 0) << 8)
  const width = dimension * 4
  const out: Array<VectorOf<VectorFormat>> = []
  if (width === 0) return out
  for (let at = 2; at + width <= bytes.byteLength; at += width) out.push(read(bytes.subarray(at, at + width)))
  return out
}

/** References as REST gives them: `[{ beacon, href }]` per reference property, in stored order. */
const addReferences = (properties: Record<string, JsonValue>, props: PropertiesResult): void => {
  for (const ref of props.refProps) {
    const targets: JsonValue[] = []
    for (const target of ref.properties) {
      const id = target.metadata === undefined ? '' : idOf(target.metadata)
      // A gRPC server (1.24+) is namespaced: beacons name their class.
      targets.push({ beacon: beacon(true, target.targetCollection, id), href: `/v1/objects/${target.targetCollection}/${id}` })
    }
    if (targets.length > 0) properties[ref.propName] = targets
  }
}
