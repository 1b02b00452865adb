/**
 * The `raw-protobufjs` contenders (issue 42): the loops a user writes with the most used Node
 * protobuf stack, `@grpc/grpc-js` + `@grpc/proto-loader` (protobufjs), loading the same `.proto`
 * subset the library compiles (lib/proto, `weaviate/v1/service.proto`) at run time, with
 * proto-loader's options as its examples
 * give them bar the conversions (`keepCase`: the `.proto` field names; bytes as Buffers, no defaults
 * filled in: the cheapest decoding it offers) and the service client `loadPackageDefinition` makes.
 *
 * - {@link protobufjsImport}: `BatchObjects` of `batch` objects, `lanes` in flight, client-made
 *   UUIDs, the properties as a `google.protobuf.Struct` written by hand (its `Value` fields in
 *   camelCase, `stringValue`, `numberValue`: protobufjs defines the well-known types itself and
 *   `keepCase` does not reach them), the vector as float32 bytes;
 * - {@link protobufjsStream}: one `Search` with `after` per page, all properties, the vectors as
 *   bytes left as received, objects counted;
 * - {@link protobufjsNearVector}: one `Search` with `near_vector` (float32 bytes), no properties,
 *   id and distance, the results counted;
 * - {@link protobufjsNearText}: the same with `near_text`.
 *
 * Each sends the server's key as call metadata (server-key.ts).
 */
import { credentials, loadPackageDefinition, type Metadata, type ServiceError } from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { randomUUID } from 'node:crypto'
import * as path from 'node:path'
import { REPO_ROOT } from './paths'
import type { BenchServer } from './server-env'
import { authMetadata } from './server-key'

/** The folder the `.proto` subset lives in (its imports are relative to it). */
const PROTO_ROOT = path.join(REPO_ROOT, 'lib', 'proto')

type Callback<R> = (error: ServiceError | null, reply?: R) => void

/** A Search reply as proto-loader's default options decode it (only what the loops read). */
interface SearchReplyObject {
  readonly results?: ReadonlyArray<{ readonly metadata?: { readonly id?: string } }>
}

/** A BatchObjects reply, likewise. */
interface BatchReplyObject {
  readonly errors?: ReadonlyArray<{ readonly error?: string }>
}

/** The methods of the generated service client the loops call. */
export interface ProtobufjsClient {
  Search(request: object, metadata: Metadata, callback: Callback<SearchReplyObject>): unknown
  BatchObjects(request: object, metadata: Metadata, callback: Callback<BatchReplyObject>): unknown
  close(): void
}

type ClientConstructor = new (target: string, creds: ReturnType<typeof credentials.createInsecure>, options: object) => ProtobufjsClient

/**
 * The service client for the server's gRPC address, made from the `.proto` files at run time.
 *
 * @example
 * ```ts
 * const client = protobufjsClient(server)
 * await protobufjsNearVector(client, server, 'BenchSearch', vector, 10)
 * client.close()
 * ```
 */
export const protobufjsClient = (server: BenchServer): ProtobufjsClient => {
  const definition = loadSync('weaviate/v1/service.proto', { keepCase: true, includeDirs: [PROTO_ROOT] })
  const loaded = loadPackageDefinition(definition) as unknown as { weaviate: { v1: { Weaviate: ClientConstructor } } }
  return new loaded.weaviate.v1.Weaviate(new URL(server.grpcUrl).host, credentials.createInsecure(), {
    'grpc.max_send_message_length': -1,
    'grpc.max_receive_message_length': -1,
  })
}

const unary = <R>(call: (callback: Callback<R>) => unknown): Promise<R> =>
  new Promise((resolve, reject) => {
    call((error, reply) => (error !== null || reply === undefined ? reject(error ?? new Error('no reply')) : resolve(reply)))
  })

/** A vector as the bytes of its float32 values. */
const float32Bytes = (vector: readonly number[]): Buffer => Buffer.from(new Float32Array(vector).buffer)

/**
 * Imports objects `0` .. `total` - 1 (`object(i)`: properties and vector) in `BatchObjects` calls of
 * `batch`, `lanes` at a time; rejects on the first per-object error.
 *
 * @example
 * ```ts
 * await protobufjsImport(client, server, { className: 'BenchVectors', total: 20_000, batch: 100, lanes: 2, object: (i) => ({ properties, vector }) })
 * ```
 */
export const protobufjsImport = async (
  client: ProtobufjsClient,
  server: BenchServer,
  run: {
    readonly className: string
    readonly total: number
    readonly batch: number
    readonly lanes: number
    readonly object: (i: number) => { readonly properties: { readonly title: string; readonly count: number }; readonly vector: readonly number[] }
  },
): Promise<void> => {
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < run.total) {
      const from = next
      next = Math.min(run.total, next + run.batch)
      const objects: object[] = []
      for (let i = from; i < next; i++) {
        const { properties, vector } = run.object(i)
        objects.push({
          uuid: randomUUID(),
          collection: run.className,
          // google.protobuf.Struct comes from protobufjs' own definitions of the well-known types,
          // whose field names are camelCase whatever `keepCase` says: `string_value` would be
          // dropped without a word, and the server would store an object without properties.
          properties: { non_ref_properties: { fields: { title: { stringValue: properties.title }, count: { numberValue: properties.count } } } },
          vector_bytes: float32Bytes(vector),
        })
      }
      const reply = await unary<BatchReplyObject>((cb) => client.BatchObjects({ objects }, authMetadata(server), cb))
      const failed = reply.errors?.[0]
      if (failed !== undefined) throw new Error(`raw-protobufjs batch: ${failed.error ?? 'error'}`)
    }
  }
  await Promise.all(Array.from({ length: run.lanes }, lane))
}

/**
 * Streams a whole class page by page (`Search` with `after`), all properties, the vectors when
 * asked; the number of objects.
 *
 * @example
 * ```ts
 * const n = await protobufjsStream(client, server, 'BenchVectorsStream', 100, true)
 * ```
 */
export const protobufjsStream = async (client: ProtobufjsClient, server: BenchServer, className: string, pageSize: number, withVector: boolean): Promise<number> => {
  let n = 0
  let after = ''
  for (;;) {
    const request = {
      collection: className,
      limit: pageSize,
      after,
      properties: { return_all_nonref_properties: true },
      metadata: { uuid: true, creation_time_unix: true, last_update_time_unix: true, vector: withVector },
      uses_123_api: true,
      uses_125_api: true,
      uses_127_api: true,
    }
    const reply = await unary<SearchReplyObject>((cb) => client.Search(request, authMetadata(server), cb))
    const results = reply.results ?? []
    n += results.length
    const last = results[results.length - 1]
    if (results.length < pageSize || last === undefined) return n
    after = last.metadata?.id ?? ''
  }
}

/** One `Search` for the top `limit` by `near` (`near_vector` or `near_text`), no properties, id and distance; the number of results. */
const nearSearch = async (client: ProtobufjsClient, server: BenchServer, className: string, limit: number, near: object): Promise<number> => {
  const request = {
    collection: className,
    limit,
    ...near,
    properties: {},
    metadata: { uuid: true, distance: true },
    uses_123_api: true,
    uses_125_api: true,
    uses_127_api: true,
  }
  const reply = await unary<SearchReplyObject>((cb) => client.Search(request, authMetadata(server), cb))
  return reply.results?.length ?? 0
}

/**
 * One `nearVector` search: top `limit`, no properties, id and distance; the number of results.
 *
 * @example
 * ```ts
 * const found = await protobufjsNearVector(client, server, 'BenchSearch', vector, 10)
 * ```
 */
export const protobufjsNearVector = (client: ProtobufjsClient, server: BenchServer, className: string, vector: readonly number[], limit: number): Promise<number> =>
  nearSearch(client, server, className, limit, { near_vector: { vector_bytes: float32Bytes(vector) } })

/**
 * One `nearText` search on `targetVector`: top `limit`, no properties, id and distance; the number of results.
 *
 * @example
 * ```ts
 * const found = await protobufjsNearText(client, server, 'BenchNearText', ['object 7'], 'bigram', 10)
 * ```
 */
export const protobufjsNearText = (
  client: ProtobufjsClient,
  server: BenchServer,
  className: string,
  query: readonly string[],
  targetVector: string,
  limit: number,
): Promise<number> => nearSearch(client, server, className, limit, { near_text: { query, target_vectors: [targetVector] } })
