/**
 * The `vectors` group's stream part (issue 23): a class of 768-dimension vectors streamed whole,
 * ours over gRPC and over REST against the plainest raw loops, on one server in one run.
 *
 * 1. With vectors, at page sizes 100 and 500 (20,000 objects), interleaved runs:
 *    - ours: `objects.stream({ withVector: true, transport: 'grpc' })` counted (vectors as REST's
 *      numbers, the default `vectorFormat: 'array'`);
 *    - ours-f32: the same with `vectorFormat: 'float32'`;
 *    - ours-rest: `objects.stream({ withVector: true, transport: 'rest' })`;
 *    - ours-web: `objects.stream({ withVector: true, transport: 'grpc' })` on a client with
 *      `grpc: 'web'`: each page a `Search` as gRPC-Web over undici on the REST URL;
 *    - raw-grpc: grpc-js `makeUnaryRequest` with the generated codecs, `Search` with `after`, the
 *      same request as ours, results counted (vectors left as the bytes received);
 *    - raw-rest: undici `request()` + `body.json()` of `GET /v1/objects?include=vector&after=...`;
 *    - raw-protobufjs: the raw-grpc loop as a user of `@grpc/proto-loader` (protobufjs) writes it
 *      (protobufjs.ts).
 *    Lines: `bench: vectors stream page=<n> ours/raw-grpc`, `ours/raw-protobufjs`,
 *    `ours-f32/raw-grpc`, `ours-rest/raw-rest`, `ours/ours-rest`, `ours-web/raw-grpc`, `ours-web/ours`,
 *    `... client cpu ours/raw-grpc`, `ours/raw-protobufjs` and `ours-web/raw-grpc` (this process's
 *    CPU over a run), each contender's client CPU per object and objects/s.
 * 2. Without vectors, page 100: ours over gRPC against ours over REST and the raw loops (the
 *    figure `auto` reads by): `bench: vectors stream novec page=100 ours-grpc/ours-rest`.
 * 3. Memory, in fresh child processes (memory.ts): ours over gRPC streaming 100,000 objects with
 *    vectors, then 400,000 (the class grown): `bench: vectors stream memory 400k/100k peak rss`.
 *
 * Each sends the server's key (server-key.ts).
 *
 * Sizes for development runs: BENCH_VECTORS_OBJECTS (20000), BENCH_VECTORS_RUNS (`TARGET_RUNS`, 10, as the import's),
 * BENCH_VECTORS_MEMORY_SMALL (100000), BENCH_VECTORS_MEMORY_LARGE (400000; 0 skips memory).
 *
 * Run: `npm run bench -- --only vectors` (after the import part, bench/vectors.ts), or alone:
 * `npx ts-node --transpile-only bench/vectors-stream.ts` (uses WEAVIATE_URL, WEAVIATE_GRPC_URL and
 * WEAVIATE_API_KEY when set: server-env.ts). Child mode, the server in the environment:
 * `... bench/vectors-stream.ts --memory <class>`.
 */
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { count, lastValueFrom, toArray } from 'rxjs'
import { request } from 'undici'
import { BatchObject, Client, connect } from '../lib'
import type { SearchReply } from '../lib/proto/generated/weaviate/v1/search_pb'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { Call, measure, medians } from './harness'
import { measureInChild, reportMemory, runMemoryChild } from './memory'
import { protobufjsClient, protobufjsStream } from './protobufjs'
import { quietMachine } from './quiet-machine'
import { rawSearch } from './raw-grpc-search'
import { reportRatio, reportValue, sizeFromEnv, TARGET_RUNS } from './report'
import { type BenchServer, givenBenchServer, withBenchServer } from './server-env'
import { authHeaders } from './server-key'

const TOTAL = sizeFromEnv('VECTORS_OBJECTS', 20_000)
const RUNS = sizeFromEnv('VECTORS_RUNS', TARGET_RUNS)
const SMALL = sizeFromEnv('VECTORS_MEMORY_SMALL', 100_000)
const LARGE = Number(process.env['BENCH_VECTORS_MEMORY_LARGE'] ?? 400_000)
const DIMENSIONS = 768
const PAGE_SIZES = [100, 500] as const
const CLASS = 'BenchVectorsStream'
const MEMORY_CLASS = 'BenchVectorsStreamMemory'
const IMPORT_BATCH = 200

/** A class with two small properties and the vector index skipped (the transport is measured, not HNSW). */
const resetClass = (server: BenchServer, className: string): Promise<void> => resetBenchClass(server, className, { skipVectorIndex: true })

/** Writes objects `from`..`to` with random vectors over gRPC. */
const load = async (client: Client, className: string, from: number, to: number): Promise<void> => {
  const rows = function* (): Generator<BatchObject> {
    for (let i = from; i < to; i++) {
      const vector = new Float32Array(DIMENSIONS)
      for (let d = 0; d < DIMENSIONS; d++) vector[d] = Math.random() * 2 - 1
      yield { className, dataObject: { title: `object ${i}`, count: i }, vector }
    }
  }
  const results = await lastValueFrom(client.objects.batch(rows(), { batchSize: IMPORT_BATCH, concurrency: 2, transport: 'grpc' }).pipe(toArray()))
  const failed = results.filter(E.isLeft)
  if (failed.length > 0) throw new Error(`import: ${failed.length} objects failed, e.g. ${failed[0]?.left.message ?? ''}`)
}

// -------------------------------------------------------------------------------------------------
// contenders
// -------------------------------------------------------------------------------------------------

const oursCount = (client: Client, className: string, pageSize: number, transport: 'grpc' | 'rest', withVector: boolean): Promise<number> =>
  lastValueFrom(client.objects.stream({ className, pageSize, withVector, transport }).pipe(count(E.isRight)))

const oursFloat32Count = (client: Client, className: string, pageSize: number): Promise<number> =>
  lastValueFrom(client.objects.stream({ className, pageSize, withVector: true, transport: 'grpc', vectorFormat: 'float32' }).pipe(count(E.isRight)))

/** The plainest gRPC loop: one Search per page with the generated codecs, results counted. */
const rawGrpc = async (raw: GrpcClient, server: BenchServer, className: string, pageSize: number, withVector: boolean): Promise<number> => {
  const search = (after: string): Promise<SearchReply> =>
    rawSearch(raw, server, {
      collection: className,
      limit: pageSize,
      after,
      properties: { returnAllNonrefProperties: true },
      metadata: { uuid: true, creationTimeUnix: true, lastUpdateTimeUnix: true, vector: withVector },
    })
  let n = 0
  let after = ''
  for (;;) {
    const reply = await search(after)
    n += reply.results.length
    const last = reply.results[reply.results.length - 1]
    if (reply.results.length < pageSize || last === undefined) return n
    after = last.metadata?.id ?? ''
  }
}

/** The plainest REST loop: undici `request()` and `body.json()`, one page at a time. */
const rawRest = async (server: BenchServer, className: string, pageSize: number, withVector: boolean): Promise<number> => {
  const headers = authHeaders(server)
  let n = 0
  let after: string | undefined
  for (;;) {
    const query = `class=${className}&limit=${pageSize}${withVector ? '&include=vector' : ''}${after === undefined ? '' : `&after=${after}`}`
    const { body } = await request(`${server.url}/v1/objects?${query}`, { headers })
    const page = (await body.json()) as { objects: Array<{ id: string }> }
    n += page.objects.length
    const last = page.objects[page.objects.length - 1]
    if (page.objects.length < pageSize || last === undefined) return n
    after = last.id
  }
}

/** A contender that fails the run when it does not count every object. */
const checked =
  (name: string, expected: number, run: () => Promise<number>): Call =>
  async () => {
    const n = await run()
    if (n !== expected) throw new Error(`${name} streamed ${n} objects, expected ${expected}`)
  }

const perSecond = (name: string, times: Readonly<Record<string, readonly number[]>>, total: number): void => {
  for (const [contender, ms] of Object.entries(medians(times))) reportValue(`${name} ${contender} objects/s`, total / (ms / 1000), '', 0)
}

// -------------------------------------------------------------------------------------------------
// memory (child process)
// -------------------------------------------------------------------------------------------------

const memoryChild = async (server: BenchServer, className: string): Promise<void> => {
  const client = connect({ ...server })
  try {
    await lastValueFrom(client.objects.stream({ className, pageSize: 1, withVector: true, transport: 'grpc' }).pipe(count()))
    await measureInChild(async (sample) => {
      let seen = 0
      for await (const item of client.objects.iterate({ className, pageSize: 500, withVector: true, transport: 'grpc' })) {
        if (E.isLeft(item)) throw item.left
        seen += 1
        if (seen % 1000 === 0) sample()
      }
      return seen
    })
  } finally {
    await client.close()
  }
}

// -------------------------------------------------------------------------------------------------
// the benchmark
// -------------------------------------------------------------------------------------------------

/**
 * Runs the stream part of the `vectors` group and prints its lines.
 *
 * @example
 * ```ts
 * await benchVectorsStream(server) // bench: vectors stream page=100 ours/raw-grpc = 0.95 ...
 * ```
 */
export async function benchVectorsStream(server: BenchServer): Promise<void> {
  const ours = connect({ ...server, grpc: 'native' })
  const web = connect({ url: server.url, apiKey: server.apiKey, grpc: 'web' })
  const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure())
  const protobufjs = protobufjsClient(server)
  try {
    const start = Date.now()
    await resetClass(server, CLASS)
    await load(ours, CLASS, 0, TOTAL)
    console.log(`  vectors stream: loaded ${TOTAL} objects of ${DIMENSIONS} dimensions in ${Date.now() - start} ms`)
    // Settle: the server flushes its memtables 2 s after the last write (server-env.ts), and the
    // imports before (this group's, the groups' before it) leave compactions running.
    console.log(`  vectors stream: the machine quiet after ${await quietMachine()} ms`)
    for (const pageSize of PAGE_SIZES) {
      const name = `vectors stream page=${pageSize}`
      const cpu: Record<string, number[]> = {}
      const times = await measure(
        {
          ours: checked('ours', TOTAL, () => oursCount(ours, CLASS, pageSize, 'grpc', true)),
          'ours-f32': checked('ours-f32', TOTAL, () => oursFloat32Count(ours, CLASS, pageSize)),
          'ours-rest': checked('ours-rest', TOTAL, () => oursCount(ours, CLASS, pageSize, 'rest', true)),
          'ours-web': checked('ours-web', TOTAL, () => oursCount(web, CLASS, pageSize, 'grpc', true)),
          'raw-grpc': checked('raw-grpc', TOTAL, () => rawGrpc(raw, server, CLASS, pageSize, true)),
          'raw-rest': checked('raw-rest', TOTAL, () => rawRest(server, CLASS, pageSize, true)),
          'raw-protobufjs': checked('raw-protobufjs', TOTAL, () => protobufjsStream(protobufjs, server, CLASS, pageSize, true)),
        },
        { total: 1, lanes: 1, runs: RUNS, warmup: 1, cpu },
      )
      reportRatio(name, times, 'raw-grpc')
      reportRatio(name, times, 'raw-protobufjs')
      reportRatio(name, times, 'raw-grpc', 'ours-f32')
      reportRatio(name, times, 'raw-rest', 'ours-rest')
      reportRatio(name, times, 'ours-rest')
      reportRatio(name, times, 'raw-grpc', 'ours-web')
      reportRatio(name, times, 'ours', 'ours-web')
      reportRatio(`${name} client cpu`, cpu, 'raw-grpc')
      reportRatio(`${name} client cpu`, cpu, 'raw-protobufjs')
      reportRatio(`${name} client cpu`, cpu, 'raw-grpc', 'ours-web')
      for (const [contender, us] of Object.entries(medians(cpu))) reportValue(`${name} ${contender} client cpu`, us / TOTAL, 'µs/object', 1)
      perSecond(name, times, TOTAL)
    }
    const novec = await measure(
      {
        'ours-grpc': checked('ours-grpc', TOTAL, () => oursCount(ours, CLASS, 100, 'grpc', false)),
        'ours-rest': checked('ours-rest', TOTAL, () => oursCount(ours, CLASS, 100, 'rest', false)),
        'raw-grpc': checked('raw-grpc', TOTAL, () => rawGrpc(raw, server, CLASS, 100, false)),
        'raw-rest': checked('raw-rest', TOTAL, () => rawRest(server, CLASS, 100, false)),
      },
      { total: 1, lanes: 1, runs: RUNS, warmup: 1 },
    )
    reportRatio('vectors stream novec page=100', novec, 'ours-rest', 'ours-grpc')
    reportRatio('vectors stream novec page=100', novec, 'raw-rest', 'raw-grpc')
    perSecond('vectors stream novec page=100', novec, TOTAL)

    if (LARGE > 0) {
      const start = Date.now()
      await resetClass(server, MEMORY_CLASS)
      await load(ours, MEMORY_CLASS, 0, SMALL)
      const small = await runMemoryChild(__filename, server, ['--memory', MEMORY_CLASS], SMALL)
      await load(ours, MEMORY_CLASS, SMALL, LARGE)
      const large = await runMemoryChild(__filename, server, ['--memory', MEMORY_CLASS], LARGE)
      reportMemory('vectors stream memory', [
        [`${SMALL / 1000}k`, small],
        [`${LARGE / 1000}k`, large],
      ])
      console.log(`  vectors stream memory: ${Math.round((Date.now() - start) / 1000)} s (the class loaded to ${LARGE} objects and streamed in two children)`)
    }
  } finally {
    raw.close()
    protobufjs.close()
    await deleteBenchClass(server, CLASS)
    await deleteBenchClass(server, MEMORY_CLASS)
    await Promise.all([ours.close(), web.close()])
  }
}

if (require.main === module) {
  const [mode, className] = process.argv.slice(2)
  const given = givenBenchServer()
  const run = mode === '--memory' && className !== undefined && given !== undefined ? memoryChild(given, className) : withBenchServer(benchVectorsStream)
  run.catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
