/**
 * The gRPC import's prepared objects (`lib/batch/grpc/batch-object.ts`): the fast path copies each
 * vector into one reused buffer and encodes the object at once, so each object's bytes must hold
 * its own vector whatever was prepared before or after it. No server: the check is on the bytes
 * (`spec/grpc/differential.spec.ts` writes through the same path to a real server).
 */
import { fromBinary } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { BatchObjectSchema } from '../../lib/proto/generated/weaviate/v1/batch_pb'
import { prepareGrpcObject } from '../../lib/batch/grpc/batch-object'

/** The float32 values of an encoded `BatchObject`'s vector. */
const floatsOf = (encoded: Uint8Array): number[] => Array.from(new Float32Array(fromBinary(BatchObjectSchema, encoded).vectorBytes.slice().buffer))

describe('a prepared gRPC import object', () => {
  it('keeps its own vector when the objects prepared after it have others, shorter and longer', () => {
    const prepare = prepareGrpcObject(undefined)
    const items = [[1, 2, 3, 4], [5, 6, 7, 8, 9, 10, 11, 12], new Float32Array([13, 14]), [15, 16, 17]].map((vector, i) => ({
      className: 'Article',
      uuid: `00000000-0000-4000-8000-00000000000${i}`,
      dataObject: { n: i },
      vector,
    }))
    const encoded = items.map((item, i) => {
      const prepared = prepare(item, i)
      if (E.isLeft(prepared)) throw prepared.left
      return prepared.right.payload.encoded
    })
    expect(encoded.map(floatsOf)).toEqual(items.map((item) => Array.from(item.vector)))
  })
})
