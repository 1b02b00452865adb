/**
 * The import's request messages built from objects encoded once: each object's `BatchObject` is
 * encoded by its generated static code when it is prepared (`batch-object.ts`), and every request
 * that carries it (a `BatchObjects` call, a `BatchStream` `Data` message, again after a retry)
 * writes those bytes as the value of the repeated `BatchObject` field, which is what the generated
 * encoder of the whole request writes (a message field and its encoded bytes are the same on the
 * wire). So an object's vector bytes are copied into a request once, not once per level of nesting
 * (the writer's `join` moves a message's bytes when its length prefix takes more than one byte),
 * and the requests held for their results are bytes, not message objects.
 *
 * The field numbers come from the generated descriptors, the wire primitives from protobuf-es'
 * writer; `spec/batch/encoded-messages.spec.ts` checks that the bytes are the generated encoder's.
 *
 * @packageDocumentation
 */
import { WireType } from '@bufbuild/protobuf/wire'
import { BatchObjectsRequestSchema } from '../../proto/generated/weaviate/v1/batch_pb'
import { BatchStreamRequestSchema, BatchStreamRequest_DataSchema, BatchStreamRequest_Data_ObjectsSchema } from '../../proto/generated/weaviate/v1/batch_stream_pb'
import { BatchObject } from '../../proto/static/requests/weaviate/v1/batch'
import type { BatchStreamRequest } from '../../proto/static/requests/weaviate/v1/batch_stream'
import { BatchStreamRequest as BatchStreamRequestCodec } from '../../proto/static/requests/weaviate/v1/batch_stream'
import { reusedWriter } from '../../transport/grpc/methods'

/** The tag of a length-delimited field (a message, bytes). */
const delimited = (fieldNumber: number): number => ((fieldNumber << 3) | WireType.LengthDelimited) >>> 0

const BATCH_OBJECTS_OBJECTS = delimited(BatchObjectsRequestSchema.field.objects.number)
const BATCH_OBJECTS_CONSISTENCY = ((BatchObjectsRequestSchema.field.consistencyLevel.number << 3) | WireType.Varint) >>> 0
const STREAM_DATA = delimited(BatchStreamRequestSchema.field.data.number)
const DATA_OBJECTS = delimited(BatchStreamRequest_DataSchema.field.objects.number)
const OBJECTS_VALUES = delimited(BatchStreamRequest_Data_ObjectsSchema.field.values.number)

/** An object's `BatchObject` message, encoded by its generated code. */
export const encodeBatchObject = reusedWriter((writer, message: BatchObject) => {
  BatchObject.encode(message, writer)
})

/** A `BatchObjectsRequest` of the encoded `objects`, with the consistency level's wire value if any. */
export const batchObjectsRequestBytes = reusedWriter((writer, objects: ReadonlyArray<Uint8Array>, consistencyLevel: number | undefined) => {
  for (const object of objects) writer.uint32(BATCH_OBJECTS_OBJECTS).bytes(object)
  if (consistencyLevel !== undefined) writer.uint32(BATCH_OBJECTS_CONSISTENCY).int32(consistencyLevel)
})

/** A `BatchStreamRequest` whose `Data` carries the encoded `objects`. */
export const dataMessageBytes = reusedWriter((writer, objects: ReadonlyArray<Uint8Array>) => {
  writer.uint32(STREAM_DATA).fork().uint32(DATA_OBJECTS).fork()
  for (const object of objects) writer.uint32(OBJECTS_VALUES).bytes(object)
  writer.join().join()
})

/** Any other `BatchStreamRequest` (`Start`, `Stop`), by its generated code. */
export const streamRequestBytes = (message: BatchStreamRequest): Uint8Array => BatchStreamRequestCodec.encode(message).finish()
