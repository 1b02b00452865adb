/**
 * The gRPC methods the client calls, as grpc-js needs them: a path and the two codecs, taken from
 * the generated service descriptors (never spelled by hand). The messages of the import and search
 * paths and of `Aggregate` (`BatchObjects`, the requests and replies of `BatchStream`, `Search`,
 * `Aggregate`) are encoded and decoded by their generated static code (`lib/proto/static`,
 * ts-proto); the import's requests are encoded by the batch writers from objects encoded once
 * (`batchObjectsEncoded`, `batchStream`); the other methods by protobuf-es.
 *
 * @packageDocumentation
 */
import { DescMessage, MessageShape, fromBinary, toBinary } from '@bufbuild/protobuf'
import type { DescMethodUnary } from '@bufbuild/protobuf'
import { BinaryReader, BinaryWriter } from '@bufbuild/protobuf/wire'
import { Health } from '../../proto/generated/grpc/health/v1/health_pb'
import { SearchReplyResultsSchema } from '../../proto/generated/weaviate/v1/search_pages_pb'
import { Weaviate } from '../../proto/generated/weaviate/v1/service_pb'
import { BatchObjectsRequest } from '../../proto/static/requests/weaviate/v1/batch'
import { SearchRequest } from '../../proto/static/requests/weaviate/v1/search'
import { AggregateRequest } from '../../proto/static/requests/weaviate/v1/aggregate'
import { BatchObjectsReply } from '../../proto/static/replies/weaviate/v1/batch'
import { BatchStreamReply } from '../../proto/static/replies/weaviate/v1/batch_stream'
import { SearchReply } from '../../proto/static/replies/weaviate/v1/search'
import { AggregateReply } from '../../proto/static/replies/weaviate/v1/aggregate'

/**
 * A unary method: its path and the codecs of its request (`I`) and reply (`O`).
 */
export interface UnaryMethod<I, O> {
  /** `/weaviate.v1.Weaviate/BatchObjects`. */
  readonly path: string
  /** The request's bytes (grpc-js gets them as a Buffer over the same memory: `unary.ts`). */
  readonly serialize: (message: I) => Uint8Array
  readonly deserialize: (bytes: Uint8Array) => O
}

const unary = <I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>): UnaryMethod<MessageShape<I>, MessageShape<O>> => ({
  path: pathOf(method),
  serialize: (message) => toBinary(method.input, message),
  deserialize: (bytes) => fromBinary(method.output, bytes),
})

/** The encoder and decoder ts-proto generates for a message. */
interface StaticCodec<M> {
  encode(message: M, writer?: BinaryWriter): BinaryWriter
  decode(input: BinaryReader | Uint8Array, length?: number): M
}

/** What a method descriptor gives its path from. */
interface MethodName {
  readonly parent: { readonly typeName: string }
  readonly name: string
}

const pathOf = (method: MethodName): string => `/${method.parent.typeName}/${method.name}`

/**
 * A function that writes one message into a writer it reuses: grpc-js serializes one message at a
 * time, and `finish()` hands the bytes over and leaves the writer empty (a failed write leaves it
 * half-written, so it is replaced). Shared by the static serializers here and the import's
 * pre-encoded requests (`lib/batch/grpc/encoded-messages.ts`).
 */
export const reusedWriter = <A extends unknown[]>(write: (writer: BinaryWriter, ...args: A) => void): ((...args: A) => Uint8Array) => {
  let writer = new BinaryWriter()
  return (...args) => {
    try {
      write(writer, ...args)
      return writer.finish()
    } catch (e) {
      writer = new BinaryWriter()
      throw e
    }
  }
}

/** The serializer of a message with generated static code, with one writer reused. */
const staticSerialize = <M>(codec: StaticCodec<M>): ((message: M) => Uint8Array) =>
  reusedWriter((writer, message: M) => {
    codec.encode(message, writer)
  })

/** A request the caller encoded: its bytes as they are. */
const sentAsGiven = (bytes: Uint8Array): Uint8Array => bytes

/** A method whose request and reply both go through generated static code. */
const staticMethod = <I, O>(method: MethodName, input: StaticCodec<I>, output: StaticCodec<O>): UnaryMethod<I, O> => ({
  path: pathOf(method),
  serialize: staticSerialize(input),
  deserialize: (bytes) => output.decode(bytes),
})

/**
 * `Search` with its request encoded by the caller (the object stream encodes its request once and
 * appends each page's cursor: `query/grpc/cursor-request.ts`), sent as it is, and each result of
 * the reply left as its bytes (`search_pages.proto`): the object stream's pages.
 */
const searchWithEncodedResults = (): UnaryMethod<Uint8Array, MessageShape<typeof SearchReplyResultsSchema>> => ({
  path: pathOf(Weaviate.method.search),
  serialize: sentAsGiven,
  deserialize: (bytes) => fromBinary(SearchReplyResultsSchema, bytes),
})

/**
 * A bidirectional streaming method (`BatchStream`): the same path and codecs as a unary one.
 */
export type BidiMethod<I, O> = UnaryMethod<I, O>

/**
 * `BatchStream`: its requests encoded by the caller (`lib/batch/grpc/encoded-messages.ts`: the
 * objects of a `Data` message are encoded once each, by their static code), sent as they are; its
 * replies by their static code (`batch-stream.ts` reads them).
 */
const batchStream = (): BidiMethod<Uint8Array, BatchStreamReply> => ({
  path: pathOf(Weaviate.method.batchStream),
  serialize: sentAsGiven,
  deserialize: (bytes) => BatchStreamReply.decode(bytes),
})

/**
 * `BatchObjects` with its request encoded by the caller (`lib/batch/grpc/encoded-messages.ts`),
 * sent as it is; its reply by static code.
 */
const batchObjectsEncoded = (): UnaryMethod<Uint8Array, BatchObjectsReply> => ({
  path: pathOf(Weaviate.method.batchObjects),
  serialize: sentAsGiven,
  deserialize: (bytes) => BatchObjectsReply.decode(bytes),
})

/**
 * Every method the client calls.
 */
export const METHODS = {
  search: staticMethod(Weaviate.method.search, SearchRequest, SearchReply),
  searchPages: searchWithEncodedResults(),
  batchObjects: staticMethod(Weaviate.method.batchObjects, BatchObjectsRequest, BatchObjectsReply),
  batchObjectsEncoded: batchObjectsEncoded(),
  batchStream: batchStream(),
  batchDelete: unary(Weaviate.method.batchDelete),
  aggregate: staticMethod(Weaviate.method.aggregate, AggregateRequest, AggregateReply),
  tenantsGet: unary(Weaviate.method.tenantsGet),
  health: unary(Health.method.check),
} as const
