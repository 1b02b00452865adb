/**
 * The `raw-grpc` Search call (search.ts, near-text.ts, vectors-stream.ts): the
 * plainest call a user writes with `@grpc/grpc-js` and the generated protobuf-es code, one
 * `makeUnaryRequest` of a `SearchRequest` made with `create()`, the server's key as metadata
 * (server-key.ts), and the API flags every current client sends.
 */
import { create, fromBinary, type MessageInitShape, toBinary } from '@bufbuild/protobuf'
import type { Client as GrpcClient } from '@grpc/grpc-js'
import { SearchReply, SearchReplySchema, SearchRequest, SearchRequestSchema } from '../lib/proto/generated/weaviate/v1/search_pb'
import { METHODS } from '../lib/transport/grpc/methods'
import type { BenchServer } from './server-env'
import { authMetadata } from './server-key'

/**
 * One Search with the fields of `request` (and `uses_123/125/127_api`); the reply.
 *
 * @example
 * ```ts
 * const reply = await rawSearch(raw, server, { collection: 'BenchSearch', limit: 10, nearVector: { vectorBytes }, properties: {}, metadata: { uuid: true, distance: true } })
 * ```
 */
export const rawSearch = (raw: GrpcClient, server: BenchServer, request: MessageInitShape<typeof SearchRequestSchema>): Promise<SearchReply> =>
  new Promise((resolve, reject) =>
    raw.makeUnaryRequest(
      METHODS.search.path,
      (message: SearchRequest) => Buffer.from(toBinary(SearchRequestSchema, message)),
      (bytes: Buffer) => fromBinary(SearchReplySchema, bytes),
      create(SearchRequestSchema, { ...request, uses123Api: true, uses125Api: true, uses127Api: true }),
      authMetadata(server),
      (error, reply?: SearchReply) => (error !== null || reply === undefined ? reject(error ?? new Error('no reply')) : resolve(reply)),
    ),
  )
