/**
 * One item of `objects.batch` checked and built as a gRPC `BatchObject`: the same checks, argument
 * names and UUID assignment as the REST path (`lib/objects/batch.ts`), vectors as float32 bytes.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { v4 as uuidv4 } from 'uuid'
import type { Prepared } from '../sink'
import { BATCH_OBJECT_KEYS, WellFormedObject, uuidFor, wellFormedObjects } from '../well-formed-object'
import { ArgumentError, UnsupportedVersionError } from '../../core/errors'
import { argsObject, knownKeys, name, optional, typeError } from '../../input/check'
import { checkInput } from '../../core/operation'
import { className } from '../../input/names'
import { uuid as checkUuid } from '../../input/uuid'
import { CheckedNamedVectors, copyFiniteFloat32, float32NamedVectors, float32Vector, isMultiVector } from '../../input/vectors'
import { ifVectorsWritable } from '../../input/vector-writes'
import type { ServerVersion } from '../../server/version'
import { batchProperties } from './batch-properties'
import type { BatchObject } from '../../proto/static/requests/weaviate/v1/batch'
import { Vectors, Vectors_VectorType } from '../../proto/static/requests/weaviate/v1/common'
import { multiVectorToBytes, vectorToBytes } from '../../codecs/vector-bytes'
import { encodeBatchObject } from './encoded-messages'

/**
 * A prepared object: its `BatchObject` message encoded once (`encoded-messages.ts`: every request
 * that carries it writes these bytes), and what its result names.
 */
export interface GrpcObjectPayload {
  readonly uuid: string
  readonly className: string
  readonly encoded: Uint8Array
}

/**
 * Checks one item and builds its message; a `Left` names the offending argument like the REST path.
 * A well-formed item (`wellFormedObjects`) takes the fast path, anything else the checked one, with
 * the same outcome.
 */
export const prepareGrpcObject = (uuidOf: ((object: unknown, index: number) => string) | undefined, version?: ServerVersion) => {
  const read = wellFormedObjects()
  return (item: unknown, index: number): E.Either<ArgumentError | UnsupportedVersionError, Prepared<GrpcObjectPayload>> =>
    preparedFast(read(item), uuidOf, item, index) ?? preparedChecked(uuidOf, version, item, index)
}

/**
 * The message of a well-formed object; `undefined` when its vector is not a finite one (the
 * checked path then names it). `uuidOf` is called last, once, as on the REST path.
 */
const preparedFast = (
  fields: WellFormedObject | undefined,
  uuidOf: ((object: unknown, index: number) => string) | undefined,
  item: unknown,
  index: number,
): E.Either<ArgumentError, Prepared<GrpcObjectPayload>> | undefined => {
  if (fields === undefined) return undefined
  const vectorBytes = fields.vector === undefined ? undefined : finiteFloat32Bytes(fields.vector)
  if (vectorBytes === null) return undefined
  const id = uuidFor(fields.uuid, uuidOf, item, index)
  if (E.isLeft(id)) return id
  const { properties, bytes } = batchProperties(fields.data)
  const message: BatchObject = { uuid: id.right, collection: fields.className, properties }
  if (vectorBytes !== undefined) message.vectorBytes = vectorBytes
  if (fields.tenant !== undefined) message.tenant = fields.tenant
  const size = bytes + (vectorBytes?.byteLength ?? 0) + fields.className.length + id.right.length + 16
  return E.right({ index, payload: { uuid: id.right, className: fields.className, encoded: encodeBatchObject(message) }, bytes: size })
}

/**
 * The checked path: every field checked by name, the same errors as REST's; with the server's
 * `version`, an object whose vectors it would misread fails (`vector-writes.ts`).
 */
const preparedChecked = (
  uuidOf: ((object: unknown, index: number) => string) | undefined,
  version: ServerVersion | undefined,
  item: unknown,
  index: number,
): E.Either<ArgumentError | UnsupportedVersionError, Prepared<GrpcObjectPayload>> => {
  const checked = checkInput(() => {
    const at = `objects[${index}]`
    const a = argsObject(at, item)
    knownKeys(BATCH_OBJECT_KEYS, a, at)
    const data = a['dataObject']
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return typeError(`${at}.dataObject`, 'object', data)
    const klass = className(`${at}.className`, a['className'])
    const given = optional(checkUuid, `${at}.uuid`, a['uuid'])
    const id = given ?? (uuidOf === undefined ? uuidv4() : checkUuid(`${at} uuidOf`, uuidOf(item, index)))
    const vector = optional(float32Vector, `${at}.vector`, a['vector'])
    const vectorBytes = vector === undefined ? undefined : vectorToBytes(vector)
    const vectors = optional(float32NamedVectors, `${at}.vectors`, a['vectors'])
    const named = vectors === undefined ? undefined : namedVectorMessages(vectors)
    const tenant = optional(name, `${at}.tenant`, a['tenant'])
    const { properties, bytes } = batchProperties(data as Readonly<Record<string, unknown>>)
    const message: BatchObject = {
      uuid: id,
      collection: klass,
      properties,
      ...(vectorBytes === undefined ? {} : { vectorBytes }),
      ...(named === undefined ? {} : { vectors: named }),
      ...(tenant === undefined ? {} : { tenant }),
    }
    const vectorSize = (vectorBytes?.byteLength ?? 0) + (named ?? []).reduce((n, v) => n + v.name.length + v.vectorBytes.byteLength + 8, 0)
    return { prepared: { index, payload: { uuid: id, className: klass, encoded: encodeBatchObject(message) }, bytes: bytes + vectorSize + klass.length + id.length + 16 }, vectors }
  })
  return ifVectorsWritable(version, checked)
}

/**
 * The little-endian float32 bytes of a copy of `value` when it is an array or Float32Array of
 * finite numbers (-0 written as 0, as REST's JSON does), in one pass; `null` for anything else.
 *
 * The copy is in {@link scratchFloats}, valid until the next call: the fast path encodes the object
 * at once, which copies them into its bytes.
 */
const finiteFloat32Bytes = (value: unknown): Uint8Array | null => {
  if (!(value instanceof Float32Array) && !Array.isArray(value)) return null
  const copy = scratchFloats(value.length)
  return copyFiniteFloat32(value, copy) ? vectorToBytes(copy) : null
}

let scratch = new Float32Array(0)

/**
 * `n` floats of one buffer every fast-path vector is copied into, grown when a vector is longer:
 * an object's vector lives only until its message is encoded, and a fresh Float32Array per object
 * was an ArrayBuffer per object, off the heap but counted against it, which starts major GCs
 * (issue 42; docs/benchmarks.md, "ArrayBuffers").
 */
const scratchFloats = (n: number): Float32Array => {
  if (scratch.length < n) scratch = new Float32Array(Math.max(n, 2 * scratch.length))
  return scratch.subarray(0, n)
}

/** Checked named vectors as `Vectors` messages: a vector as `SINGLE_FP32`, a multi-vector as `MULTI_FP32`. */
const namedVectorMessages = (vectors: CheckedNamedVectors<Float32Array>) =>
  Object.entries(vectors).map(
    ([vectorName, v]): NamedVector =>
      isMultiVector(v)
        ? { name: vectorName, vectorBytes: multiVectorToBytes(v), type: Vectors_VectorType.MULTI_FP32 }
        : { name: vectorName, vectorBytes: vectorToBytes(v), type: Vectors_VectorType.SINGLE_FP32 },
  )

/** A `Vectors` message as this module builds it: every field set. */
interface NamedVector extends Vectors {
  readonly name: string
  readonly vectorBytes: Uint8Array
  readonly type: Vectors_VectorType
}
