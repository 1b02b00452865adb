/**
 * The search bench's contenders, each in a process of its own (search.ts): ours, the raw grpc-js
 * loops, weaviate-ts-client and weaviate-client, all on the same Node (22, which weaviate-client
 * needs, when installed), so no contender runs on another's heap, JIT state or garbage, and none
 * on another runtime. The parent drives a child block by block over IPC; the child times every
 * query of a block and measures its own CPU over it (`process.cpuUsage`).
 *
 * - `ours`: `client.query.nearVector({ className, vector, limit, returnProperties: [],
 *   returnMetadata: ['distance'] })` through `firstValueFrom`, the public API over grpc-js
 *   (`grpc: 'native'`, the gRPC address given), the answer decoded and checked (`Right`);
 * - `ours-web`: the same call on a client with `grpc: 'web'` and no gRPC address: gRPC-Web over
 *   undici on the REST URL (`/v1/grpc-web/`), on the client's REST connections;
 * - `ours-otel`: `ours` with the OpenTelemetry SDK registered in the process (otel-sdk.ts):
 *   every search a span with an attempt span, a `traceparent`, and its metrics;
 * - `raw-grpc`: one grpc-js client, `makeUnaryRequest` with the generated protobuf-es codecs, a
 *   `SearchRequest` with `near_vector` (the vector as float32 bytes), no properties, id and
 *   distance (raw-grpc-search.ts);
 * - `raw-protobufjs`: the same call as a user of `@grpc/proto-loader` (protobufjs) writes it
 *   (protobufjs.ts);
 * - `weaviate-ts-client`: 2.x GraphQL, `client.graphql.get().withClassName().withNearVector({ vector })
 *   .withLimit().withFields('_additional { id distance }').do()`;
 * - `weaviate-client`: the official 3.x client, `collections.use(className).query.nearVector(vector,
 *   { limit, returnMetadata: ['distance'], returnProperties: [] })` (gRPC).
 *
 * Each sends the server's key (server-key.ts); the child gets the server through its environment
 * (server-env.ts `benchServerEnv`: the key stays off the command line).
 */
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { firstValueFrom } from 'rxjs'
import { connect } from '../lib'
import { collectGarbage } from './harness'
import { forkChild, serveParent } from './ipc-child'
import { connectOfficialClient } from './official-client'
import { registerOtelSdk } from './otel-sdk'
import { latencies } from './query-lanes'
import { protobufjsClient, protobufjsNearVector } from './protobufjs'
import { rawSearch } from './raw-grpc-search'
import { seededVectors } from './seeded'
import { type BenchServer, givenBenchServer } from './server-env'
import { peerClient } from './server-key'

/** The contenders a search child can be. */
export const SEARCH_CONTENDERS = ['ours', 'ours-web', 'ours-otel', 'raw-grpc', 'raw-protobufjs', 'weaviate-ts-client', 'weaviate-client'] as const
export type SearchContender = (typeof SEARCH_CONTENDERS)[number]

/** What every query of a child asks: the top `limit` of `className` by a vector of `dimensions` numbers. */
export interface SearchShape {
  readonly className: string
  readonly dimensions: number
  readonly limit: number
}

/** One block of timed queries: `queries` seeded vectors from `seed` (seeded.ts), `concurrency` at once. */
export interface SearchBlock {
  readonly seed: number
  readonly queries: number
  readonly concurrency: number
}

/** What a child measured over a block: every query's milliseconds and its CPU in µs. */
export interface BlockResult {
  readonly ms: readonly number[]
  readonly cpu: number
}

/** The parent's handle on one child. */
export interface SearchChild {
  /** A full GC, then the untimed block (the connection warm, the code compiled). */
  settle(block: SearchBlock): Promise<void>
  block(block: SearchBlock): Promise<BlockResult>
  close(): Promise<void>
}

type Request = { readonly kind: 'settle' | 'block'; readonly block: SearchBlock }

/**
 * Starts `contender`'s child on `node` against `server`; the exact error as text when it cannot start.
 *
 * @example
 * ```ts
 * const child = await startSearchChild(server, 'ours', node, { className: 'BenchSearch', dimensions: 128, limit: 10 })
 * if (typeof child !== 'string') console.log((await child.block({ seed: 1, queries: 200, concurrency: 16 })).cpu)
 * ```
 */
export const startSearchChild = async (server: BenchServer, contender: SearchContender, node: string, shape: SearchShape): Promise<SearchChild | string> => {
  const child = await forkChild<Request, BlockResult | null>(__filename, [contender, JSON.stringify(shape)], node, server, contender)
  if (typeof child === 'string') return child
  return {
    settle: async (block) => void (await child.ask({ kind: 'settle', block })),
    block: async (block) => {
      const result = await child.ask({ kind: 'block', block })
      if (result === null) throw new Error(`${contender}: no block result`)
      return result
    },
    close: () => child.close(),
  }
}

// -------------------------------------------------------------------------------------------------
// the child
// -------------------------------------------------------------------------------------------------

/** One search: the query vector in, the number of results out; and what closes the client. */
interface Searcher {
  readonly search: (vector: number[]) => Promise<number>
  readonly close: () => Promise<void>
}

const searcher = async (contender: SearchContender, server: BenchServer, { className, limit }: SearchShape): Promise<Searcher> => {
  switch (contender) {
    case 'ours':
    case 'ours-web':
    case 'ours-otel': {
      // ours-otel: ours with the OpenTelemetry SDK registered (every search a span, an attempt span, metrics).
      if (contender === 'ours-otel') registerOtelSdk()
      const client = contender === 'ours-web' ? connect({ url: server.url, apiKey: server.apiKey, grpc: 'web' }) : connect({ ...server, grpc: 'native' })
      return {
        search: async (vector) => {
          const result = await firstValueFrom(client.query.nearVector({ className, vector, limit, returnProperties: [], returnMetadata: ['distance'] }))
          if (E.isLeft(result)) throw result.left
          return result.right.objects.length
        },
        close: () => client.close(),
      }
    }
    case 'raw-grpc': {
      const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure())
      return {
        search: async (vector) => {
          const reply = await rawSearch(raw, server, {
            collection: className,
            limit,
            nearVector: { vectorBytes: new Uint8Array(new Float32Array(vector).buffer) },
            properties: {},
            metadata: { uuid: true, distance: true },
          })
          return reply.results.length
        },
        close: () => Promise.resolve(raw.close()),
      }
    }
    case 'raw-protobufjs': {
      const client = protobufjsClient(server)
      return { search: (vector) => protobufjsNearVector(client, server, className, vector, limit), close: () => Promise.resolve(client.close()) }
    }
    case 'weaviate-ts-client': {
      const legacy = peerClient(server)
      return {
        search: async (vector) => {
          const answer = (await legacy.graphql.get().withClassName(className).withNearVector({ vector }).withLimit(limit).withFields('_additional { id distance }').do()) as {
            data?: { Get?: Record<string, unknown[] | undefined> }
          }
          return answer.data?.Get?.[className]?.length ?? 0
        },
        close: () => Promise.resolve(),
      }
    }
    case 'weaviate-client': {
      const client = await connectOfficialClient(server)
      const collection = client.collections.use(className)
      return {
        search: async (vector) => (await collection.query.nearVector(vector, { limit, returnMetadata: ['distance'], returnProperties: [] })).objects.length,
        close: () => client.close(),
      }
    }
  }
}

const child = async (contender: SearchContender, server: BenchServer, shape: SearchShape): Promise<void> => {
  const { search, close } = await searcher(contender, server, shape)
  const queries = (block: SearchBlock): number[][] => seededVectors(block.seed, block.queries, shape.dimensions)
  const run = async (m: Request): Promise<BlockResult | null> => {
    switch (m.kind) {
      case 'settle':
        collectGarbage()
        await latencies(contender, search, queries(m.block), m.block.concurrency, shape.limit)
        return null
      case 'block': {
        const vectors = queries(m.block)
        const before = process.cpuUsage()
        const ms = await latencies(contender, search, vectors, m.block.concurrency, shape.limit)
        const used = process.cpuUsage(before)
        return { ms, cpu: used.user + used.system }
      }
    }
  }
  serveParent(run, close)
}

const isContender = (x: unknown): x is SearchContender => SEARCH_CONTENDERS.some((c) => c === x)

if (require.main === module && process.argv[2] === '--child') {
  const given = givenBenchServer()
  const contender = process.argv[3]
  if (given === undefined) throw new Error('a search child needs WEAVIATE_URL')
  if (!isContender(contender)) throw new Error(`no search contender ${String(contender)}`)
  child(contender, given, JSON.parse(process.argv[4] ?? '{}') as SearchShape).catch((e: unknown) => {
    console.error(e)
    process.exit(1)
  })
}
