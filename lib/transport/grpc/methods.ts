/**
 * The gRPC methods the client calls, as grpc-js needs them: a path and the two codecs, taken from
 * the generated service descriptors (never spelled by hand).
 *
 * @packageDocumentation
 */
import { DescMessage, MessageShape, fromBinary, toBinary } from '@bufbuild/protobuf'
import type { DescMethodBiDiStreaming, DescMethodUnary } from '@bufbuild/protobuf'
import { Health } from '../../proto/generated/grpc/health/v1/health_pb'
import { SearchReplyResultsSchema } from '../../proto/generated/weaviate/v1/search_pages_pb'
import { Weaviate } from '../../proto/generated/weaviate/v1/service_pb'

/**
 * A unary method: its path and codecs.
 */
export interface UnaryMethod<I extends DescMessage, O extends DescMessage> {
  /** `/weaviate.v1.Weaviate/BatchObjects`. */
  readonly path: string
  readonly serialize: (message: MessageShape<I>) => Buffer
  readonly deserialize: (bytes: Buffer) => MessageShape<O>
}

const unary = <I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>): UnaryMethod<I, O> => ({
  path: `/${method.parent.typeName}/${method.name}`,
  serialize: (message) => {
    const bytes = toBinary(method.input, message)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  },
  deserialize: (bytes) => fromBinary(method.output, bytes),
})

/** `Search` with each result left as its bytes (`search_pages.proto`): the object stream's pages. */
function searchWithEncodedResults(): UnaryMethod<typeof Weaviate.method.search.input, typeof SearchReplyResultsSchema> {
  return { ...unary(Weaviate.method.search), deserialize: (bytes) => fromBinary(SearchReplyResultsSchema, bytes) }
}

/**
 * A bidirectional streaming method (`BatchStream`): the same path and codecs as a unary one.
 */
export type BidiMethod<I extends DescMessage, O extends DescMessage> = UnaryMethod<I, O>

const bidi = <I extends DescMessage, O extends DescMessage>(method: DescMethodBiDiStreaming<I, O>): BidiMethod<I, O> => ({
  path: `/${method.parent.typeName}/${method.name}`,
  serialize: (message) => {
    const bytes = toBinary(method.input, message)
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  },
  deserialize: (bytes) => fromBinary(method.output, bytes),
})

/**
 * Every method the client calls.
 */
export const METHODS = {
  search: unary(Weaviate.method.search),
  searchPages: searchWithEncodedResults(),
  batchObjects: unary(Weaviate.method.batchObjects),
  batchStream: bidi(Weaviate.method.batchStream),
  batchDelete: unary(Weaviate.method.batchDelete),
  aggregate: unary(Weaviate.method.aggregate),
  tenantsGet: unary(Weaviate.method.tenantsGet),
  health: unary(Health.method.check),
} as const
