/**
 * One item of `objects.batch` checked and built as a gRPC `BatchObject`: the same checks, argument
 * names and UUID assignment as the REST path (`lib/objects/batch.ts`), vectors as float32 bytes.
 *
 * @packageDocumentation
 */
import { create } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { v4 as uuidv4 } from 'uuid'
import type { Prepared } from '../batch/sink'
import { ArgumentError } from '../errors'
import { argsObject, checkInput, name, optional, typeError, vector } from '../input/check'
import { className } from '../input/names'
import { uuid as checkUuid } from '../input/uuid'
import { batchProperties } from './batch-properties'
import { BatchObject, BatchObjectSchema } from './generated/weaviate/v1/batch_pb'
import { VectorsSchema, Vectors_VectorType } from './generated/weaviate/v1/common_pb'
import { vectorToBytes } from './vectors'

/**
 * A prepared object: the message, and what its result names.
 *
 * @example
 * ```ts
 * const payload: GrpcObjectPayload = { uuid, className: 'Article', message: create(BatchObjectSchema, { uuid, collection: 'Article' }) }
 * ```
 */
export interface GrpcObjectPayload {
  readonly uuid: string
  readonly className: string
  readonly message: BatchObject
}

/**
 * Checks one item and builds its message; a `Left` names the offending argument like the REST path.
 *
 * @example
 * ```ts
 * prepareGrpcObject(undefined)({ className: 'Article', dataObject: { title: 'x' }, vector: new Float32Array(768) }, 0)
 * ```
 */
export const prepareGrpcObject =
  (uuidOf: ((object: unknown, index: number) => string) | undefined) =>
  (item: unknown, index: number): E.Either<ArgumentError, Prepared<GrpcObjectPayload>> =>
    checkInput(() => {
      const at = `objects[${index}]`
      const a = argsObject(at, item)
      const data = a['dataObject']
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return typeError(`${at}.dataObject`, 'object', data)
      const klass = className(`${at}.className`, a['className'])
      const given = optional(checkUuid, `${at}.uuid`, a['uuid'])
      const id = given ?? (uuidOf === undefined ? uuidv4() : checkUuid(`${at} uuidOf`, uuidOf(item, index)))
      const vectorBytes = optional(vectorBytesOf, `${at}.vector`, a['vector'])
      const named = optional(namedVectorBytes, `${at}.vectors`, a['vectors'])
      const tenant = optional(name, `${at}.tenant`, a['tenant'])
      const { properties, bytes } = batchProperties(data as Readonly<Record<string, unknown>>)
      const message = create(BatchObjectSchema, {
        uuid: id,
        collection: klass,
        properties,
        ...(vectorBytes === undefined ? {} : { vectorBytes }),
        ...(named === undefined
          ? {}
          : { vectors: named.map(([vectorName, b]) => create(VectorsSchema, { name: vectorName, vectorBytes: b, type: Vectors_VectorType.SINGLE_FP32 })) }),
        ...(tenant === undefined ? {} : { tenant }),
      })
      const vectorSize = (vectorBytes?.byteLength ?? 0) + (named ?? []).reduce((n, [k, b]) => n + k.length + b.byteLength + 8, 0)
      return { index, payload: { uuid: id, className: klass, message }, bytes: bytes + vectorSize + klass.length + id.length + 16 }
    })

/**
 * A vector's float32 bytes (a copy), checked like REST's `vector`: one pass over a well-formed
 * vector; anything else is left to `vector`, which throws the same error REST reports. -0 becomes
 * 0, as in REST's JSON.
 */
const vectorBytesOf = (argument: string, value: unknown): Uint8Array => {
  if (!(value instanceof Float32Array) && !Array.isArray(value)) return vectorToBytes(vector(argument, value))
  const source = value as ArrayLike<unknown>
  const copy = new Float32Array(source.length)
  for (let i = 0; i < source.length; i++) {
    const x = source[i]
    if (typeof x !== 'number' || !Number.isFinite(x)) return vectorToBytes(vector(argument, value))
    copy[i] = x || 0
  }
  return vectorToBytes(copy)
}

const namedVectorBytes = (argument: string, value: unknown): ReadonlyArray<readonly [string, Uint8Array]> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return typeError(argument, 'Record<string, number[] | Float32Array>', value)
  return Object.entries(value).map(([key, item]) => [key, vectorBytesOf(`${argument}.${key}`, item)] as const)
}
