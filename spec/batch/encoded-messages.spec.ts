/**
 * The import's requests built from objects encoded once (`encoded-messages.ts`) are byte for byte
 * what the generated static encoder writes for the same messages, so the server reads the same
 * requests as before. No server is needed: the check is on the bytes (the specs of
 * `spec/grpc/batch-stream.spec.ts` and `round-trip.spec.ts` write through them to real servers).
 */
import { fromBinary } from '@bufbuild/protobuf'
import { BatchObjectsRequestSchema } from '../../lib/proto/generated/weaviate/v1/batch_pb'
import { BatchStreamRequestSchema } from '../../lib/proto/generated/weaviate/v1/batch_stream_pb'
import { BatchObject, BatchObjectsRequest } from '../../lib/proto/static/requests/weaviate/v1/batch'
import { BatchStreamRequest } from '../../lib/proto/static/requests/weaviate/v1/batch_stream'
import { ConsistencyLevel } from '../../lib/proto/static/requests/weaviate/v1/common'
import { batchObjectsRequestBytes, dataMessageBytes, encodeBatchObject } from '../../lib/batch/grpc/encoded-messages'
import { dataMessage, startMessage, stopMessage } from '../../lib/batch/grpc/batch-stream-framing'

/** Objects whose messages take 1- to 3-byte length prefixes (a 768-d vector is 3,072 bytes). */
const objects = (n: number, dimensions: number): BatchObject[] =>
  Array.from({ length: n }, (_, i) => ({
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    collection: 'Article',
    properties: { nonRefProperties: { title: `title ${i}`, count: i, tags: ['a', 'b'], nested: { ok: true } } },
    ...(dimensions === 0 ? {} : { vectorBytes: new Uint8Array(new Float32Array(Array.from({ length: dimensions }, (_, d) => Math.sin(i + d))).buffer) }),
    ...(i % 2 === 0 ? { tenant: 'tenantA' } : {}),
  }))

const generated = {
  batchObjects: (message: BatchObjectsRequest): Uint8Array => BatchObjectsRequest.encode(message).finish(),
  stream: (message: BatchStreamRequest): Uint8Array => BatchStreamRequest.encode(message).finish(),
}

describe('the import requests built from objects encoded once', () => {
  it.each([
    [1, 0],
    [3, 4],
    [100, 768],
    [700, 768],
  ])('writes a BatchObjectsRequest of %i objects of %i dimensions as the generated encoder does', (n, dimensions) => {
    const messages = objects(n, dimensions)
    expect(batchObjectsRequestBytes(messages.map(encodeBatchObject), undefined)).toEqual(generated.batchObjects({ objects: messages }))
  })

  it('writes the consistency level of a BatchObjectsRequest as the generated encoder does', () => {
    const messages = objects(2, 8)
    expect(batchObjectsRequestBytes(messages.map(encodeBatchObject), ConsistencyLevel.QUORUM)).toEqual(
      generated.batchObjects({ objects: messages, consistencyLevel: ConsistencyLevel.QUORUM }),
    )
  })

  it.each([
    [1, 0],
    [3, 4],
    [100, 768],
    [700, 768],
  ])('writes a BatchStream Data message of %i objects of %i dimensions as the generated encoder does', (n, dimensions) => {
    const messages = objects(n, dimensions)
    expect(dataMessage(messages.map(encodeBatchObject))).toEqual(generated.stream({ message: { $case: 'data', value: { objects: { values: messages } } } }))
  })

  it('writes a Data message protobuf-es reads back as the same objects', () => {
    const messages = objects(3, 768)
    const read = fromBinary(BatchStreamRequestSchema, dataMessageBytes(messages.map(encodeBatchObject)))
    expect(read.message.case).toBe('data')
    const values = read.message.case === 'data' ? (read.message.value.objects?.values ?? []) : []
    expect(values.map((v) => [v.uuid, v.collection, v.tenant, v.vectorBytes.byteLength])).toEqual(
      messages.map((m) => [m.uuid, m.collection, m.tenant ?? '', m.vectorBytes?.byteLength ?? 0]),
    )
    expect(fromBinary(BatchObjectsRequestSchema, batchObjectsRequestBytes(messages.map(encodeBatchObject), undefined)).objects.map((o) => o.uuid)).toEqual(
      messages.map((m) => m.uuid),
    )
  })

  it('writes Start, with and without a consistency level, and Stop as the generated encoder does', () => {
    expect(startMessage(undefined)).toEqual(generated.stream({ message: { $case: 'start', value: {} } }))
    expect(startMessage('ALL')).toEqual(generated.stream({ message: { $case: 'start', value: { consistencyLevel: ConsistencyLevel.ALL } } }))
    expect(stopMessage()).toEqual(generated.stream({ message: { $case: 'stop', value: {} } }))
  })
})
