/**
 * CPU profiles of the write and search paths (issue 42 item 1), ours and the raw loops side by
 * side: the V8 CPU profiler (the one `node --cpu-prof` starts) started and stopped around the
 * measured work only, through `node:inspector`, so ts-node's compilation, the server's start and
 * the class's load stay out of it. Each profile is written as a `.cpuprofile` (Chrome DevTools,
 * speedscope) and summed up by profile-summary.ts.
 *
 * Work, after an untimed warm-up of the same work:
 * - `import`: 20,000 objects of 768 dimensions into a class with the vector index skipped, batches
 *   of 100, 2 in flight (the vectors group's import);
 * - `search`: `nearVector` top 10 over 20,000 objects of 128 dimensions, 4,000 queries at
 *   concurrency 16 (the search group's);
 * - `aggregate`: the aggregate group's call (metrics of four properties over 10,000 objects), 300
 *   in sequence (`ours` or `raw-grpc`).
 * Contenders: `ours` (`objects.batch` with its default method, or `unary` for `BatchObjects`, or
 * `ours-w2` for `BatchStream` with 2 requests in flight instead of its default window;
 * `query.nearVector`), `raw-grpc` (grpc-js + the protobuf-es generated code, as in vectors.ts and
 * search.ts), `raw-protobufjs` (grpc-js + proto-loader: protobufjs.ts) and, for the import only,
 * `raw-stream` (vectors.ts' plain `BatchStream` loop).
 *
 * Run: `npx ts-node --transpile-only bench/profile.ts <import|search|aggregate> <ours|ours-unary|ours-w2|raw-grpc|raw-protobufjs|raw-stream>... [--out DIR]`
 * (default DIR `bench/profiles`; uses WEAVIATE_URL etc. when set: server-env.ts). Sizes:
 * BENCH_PROFILE_OBJECTS (20000), BENCH_PROFILE_QUERIES (4000), BENCH_PROFILE_AGGREGATES (300);
 * BENCH_PROFILE_HNSW=1 imports into a class with HNSW instead of the vector index skipped. Each
 * contender's line also gives the main thread's GC pauses during the work, by kind (count and ms).
 */
import { create, toBinary, fromBinary } from '@bufbuild/protobuf'
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { promises as fs, readFileSync, readdirSync } from 'node:fs'
import { Session } from 'node:inspector'
import { randomUUID } from 'node:crypto'
import * as path from 'node:path'
import { firstValueFrom, lastValueFrom, tap, toArray } from 'rxjs'
import { type BatchObject, type Client, connect } from '../lib'
import { BatchObjectsReply, BatchObjectsReplySchema, BatchObjectsRequest, BatchObjectsRequestSchema } from '../lib/proto/generated/weaviate/v1/batch_pb'
import { loadAggregateClass, oursAggregate, rawAggregate, resetAggregateClass } from './aggregate'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { benchObjects, benchProperties, benchVector } from './bench-objects'
import { watchGcPauses } from './gc-pauses'
import { collectGarbage } from './harness'
import { BENCH_DIR } from './paths'
import { protobufjsClient, protobufjsImport, protobufjsNearVector } from './protobufjs'
import { latencies } from './query-lanes'
import { rawSearch } from './raw-grpc-search'
import { sizeFromEnv } from './report'
import { rawBatchStream } from './vectors'
import { seeded, seededVectors } from './seeded'
import { type BenchServer, withBenchServer } from './server-env'
import { authMetadata } from './server-key'

const OBJECTS = sizeFromEnv('PROFILE_OBJECTS', 20_000)
const QUERIES = sizeFromEnv('PROFILE_QUERIES', 4_000)
const AGGREGATES = sizeFromEnv('PROFILE_AGGREGATES', 300)
const BATCH = 100
const LANES = 2
const SEARCH_LANES = 16
const SEARCH_OBJECTS = 20_000
const DIMENSIONS = 128
const IMPORT_CLASS = 'BenchProfileImport'
const SEARCH_CLASS = 'BenchProfileSearch'
const CONTENDERS = ['ours', 'ours-unary', 'ours-w2', 'raw-grpc', 'raw-protobufjs', 'raw-stream'] as const
type Contender = (typeof CONTENDERS)[number]
const isContender = (s: string): s is Contender => (CONTENDERS as readonly string[]).includes(s)

/**
 * CPU time in µs (user + system, from `/proc/self/task/<tid>/stat`, clock ticks of 10 ms) of the
 * main thread and of every other thread of this process (V8's GC helpers and compiler threads,
 * libuv's pool): `process.cpuUsage` counts both, the profile only the main thread. Zeros where
 * `/proc` is not there.
 */
const threadCpu = (): { readonly main: number; readonly others: number } => {
  let main = 0
  let others = 0
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      // After the name's closing parenthesis the fields start at the 3rd (state): utime is the 14th, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const us = ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100
      if (tid === String(process.pid)) main += us
      else others += us
    }
  } catch {
    // Not Linux: left at zero.
  }
  return { main, others }
}

/** The V8 CPU profile of `work`, with the sampling interval at 100 µs. */
const profiled = async (
  work: () => Promise<void>,
): Promise<{ readonly profile: unknown; readonly cpu: number; readonly ms: number; readonly threads: { readonly main: number; readonly others: number }; readonly gc: string }> => {
  const session = new Session()
  session.connect()
  const post = (method: string, params?: object): Promise<unknown> =>
    new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error === null ? resolve(result) : reject(error))))
  await post('Profiler.enable')
  await post('Profiler.setSamplingInterval', { interval: 100 })
  collectGarbage()
  const threadsBefore = threadCpu()
  const before = process.cpuUsage()
  const start = process.hrtime.bigint()
  await post('Profiler.start')
  const gcPauses = watchGcPauses()
  await work()
  const { profile } = (await post('Profiler.stop')) as { profile: unknown }
  const gc = Object.entries(await gcPauses.stop())
    .map(([kind, t]) => `${kind} ${t.n} (${t.ms.toFixed(0)} ms)`)
    .join(', ')
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  const used = process.cpuUsage(before)
  const threadsAfter = threadCpu()
  session.disconnect()
  return { profile, cpu: used.user + used.system, ms, gc, threads: { main: threadsAfter.main - threadsBefore.main, others: threadsAfter.others - threadsBefore.others } }
}

/** BENCH_PROFILE_HNSW=1: the import into a class with HNSW (the server slower, the same work per object for the client). */
const HNSW = process.env['BENCH_PROFILE_HNSW'] === '1'
const resetImportClass = async (server: BenchServer): Promise<void> => resetBenchClass(server, IMPORT_CLASS, { skipVectorIndex: !HNSW })

/** One import of OBJECTS objects by a contender. */
const importer = (contender: Contender, server: BenchServer, client: Client, raw: GrpcClient): (() => Promise<void>) => {
  switch (contender) {
    case 'ours':
    case 'ours-unary':
    case 'ours-w2':
      return async () => {
        await lastValueFrom(
          client.objects
            .batch(benchObjects(IMPORT_CLASS, 0, OBJECTS, { vectors: true }), {
              batchSize: BATCH,
              ...(contender === 'ours-unary' ? { grpcMethod: 'unary' as const } : contender === 'ours-w2' ? { grpcMethod: 'stream' as const, concurrency: LANES } : {}),
            })
            .pipe(
              tap((r) => {
                if (E.isLeft(r)) throw r.left
              }),
            ),
        )
      }
    case 'raw-grpc':
      return async () => {
        let next = 0
        const lane = async (): Promise<void> => {
          while (next < OBJECTS) {
            const from = next
            next = Math.min(OBJECTS, next + BATCH)
            const objects = Array.from({ length: next - from }, (_, k) => ({
              uuid: randomUUID(),
              collection: IMPORT_CLASS,
              properties: { nonRefProperties: { ...benchProperties(from + k) } },
              vectorBytes: new Uint8Array(new Float32Array(benchVector(from + k)).buffer),
            }))
            await new Promise<void>((resolve, reject) =>
              raw.makeUnaryRequest(
                '/weaviate.v1.Weaviate/BatchObjects',
                (m: BatchObjectsRequest) => Buffer.from(toBinary(BatchObjectsRequestSchema, m)),
                (b: Buffer): BatchObjectsReply => fromBinary(BatchObjectsReplySchema, b),
                create(BatchObjectsRequestSchema, { objects }),
                authMetadata(server),
                (e, reply) => (e !== null ? reject(e) : reply !== undefined && reply.errors.length > 0 ? reject(new Error(reply.errors[0]?.error)) : resolve()),
              ),
            )
          }
        }
        await Promise.all(Array.from({ length: LANES }, lane))
      }
    case 'raw-stream':
      return () => rawBatchStream(raw, server, IMPORT_CLASS, OBJECTS)
    case 'raw-protobufjs': {
      const pj = protobufjsClient(server)
      return () =>
        protobufjsImport(pj, server, { className: IMPORT_CLASS, total: OBJECTS, batch: BATCH, lanes: LANES, object: (i) => ({ properties: benchProperties(i), vector: benchVector(i) }) })
    }
  }
}

/** QUERIES searches at concurrency 16 by a contender. */
const searcher = (contender: Contender, server: BenchServer, client: Client, raw: GrpcClient): ((queries: readonly number[][]) => Promise<void>) => {
  const search = ((): ((vector: number[]) => Promise<number>) => {
    switch (contender) {
      case 'ours':
      case 'ours-unary':
        return async (vector) => {
          const result = await firstValueFrom(client.query.nearVector({ className: SEARCH_CLASS, vector, limit: 10, returnProperties: [], returnMetadata: ['distance'] }))
          if (E.isLeft(result)) throw result.left
          return result.right.objects.length
        }
      case 'raw-grpc':
        return async (vector) =>
          (
            await rawSearch(raw, server, {
              collection: SEARCH_CLASS,
              limit: 10,
              nearVector: { vectorBytes: new Uint8Array(new Float32Array(vector).buffer) },
              properties: {},
              metadata: { uuid: true, distance: true },
            })
          ).results.length
      case 'raw-protobufjs': {
        const pj = protobufjsClient(server)
        return (vector) => protobufjsNearVector(pj, server, SEARCH_CLASS, vector, 10)
      }
      case 'raw-stream':
      case 'ours-w2':
        throw new Error(`${contender} profiles the import only`)
    }
  })()
  return async (queries) => {
    await latencies(contender, search, queries, SEARCH_LANES, 10)
  }
}

const loadSearchClass = async (client: Client): Promise<void> => {
  const next = seeded(1)
  const rows = function* (): Generator<BatchObject> {
    for (let i = 0; i < SEARCH_OBJECTS; i++) yield { className: SEARCH_CLASS, dataObject: { title: `object ${i}`, count: i }, vector: Array.from({ length: DIMENSIONS }, () => next() * 2 - 1) }
  }
  const results = await lastValueFrom(client.objects.batch(rows(), { batchSize: 500, concurrency: 2 }).pipe(toArray()))
  if (results.some(E.isLeft)) throw new Error('search class load failed')
}

const main = async (server: BenchServer): Promise<void> => {
  const args = process.argv.slice(2)
  const outAt = args.indexOf('--out')
  const out = outAt >= 0 ? path.resolve(args[outAt + 1] ?? 'bench/profiles') : path.join(BENCH_DIR, 'profiles')
  const [kind, ...rest] = outAt >= 0 ? args.slice(0, outAt) : args
  const contenders = rest.filter(isContender)
  if ((kind !== 'import' && kind !== 'search' && kind !== 'aggregate') || contenders.length === 0) throw new Error(`usage: profile.ts <import|search|aggregate> <${CONTENDERS.join('|')}>...`)
  await fs.mkdir(out, { recursive: true })
  const client = connect({ ...server })
  const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure(), { 'grpc.max_send_message_length': -1, 'grpc.max_receive_message_length': -1 })
  try {
    if (kind === 'search') {
      await resetBenchClass(server, SEARCH_CLASS)
      await loadSearchClass(client)
    }
    if (kind === 'aggregate') {
      await resetAggregateClass(server)
      await loadAggregateClass(client)
    }
    for (const contender of contenders) {
      let work: () => Promise<void>
      if (kind === 'import') {
        const one = importer(contender, server, client, raw)
        await resetImportClass(server)
        await one() // warm-up
        work = async () => one()
        await resetImportClass(server)
      } else if (kind === 'aggregate') {
        const call = contender === 'raw-grpc' ? rawAggregate(raw, server) : oursAggregate(client)
        const calls = async (n: number): Promise<void> => {
          for (let i = 0; i < n; i++) await call()
        }
        await calls(50) // warm-up
        work = () => calls(AGGREGATES)
      } else {
        const run = searcher(contender, server, client, raw)
        await run(seededVectors(7, 1_000, DIMENSIONS)) // warm-up
        const queries = seededVectors(101, QUERIES, DIMENSIONS)
        work = () => run(queries)
      }
      const { profile, cpu, ms, threads, gc } = await profiled(work)
      const file = path.join(out, `${kind}-${contender}.cpuprofile`)
      await fs.writeFile(file, JSON.stringify(profile))
      const per = kind === 'import' ? `${(cpu / OBJECTS).toFixed(1)} µs/object` : kind === 'aggregate' ? `${(cpu / AGGREGATES).toFixed(0)} µs/call` : `${(cpu / QUERIES).toFixed(0)} µs/query`
      const items = kind === 'import' ? OBJECTS : kind === 'aggregate' ? AGGREGATES : QUERIES
      console.log(
        `profile: ${kind} ${contender}: ${ms.toFixed(0)} ms, client cpu ${per} (main thread ${(threads.main / items).toFixed(1)}, other threads ${(threads.others / items).toFixed(1)}; gc ${gc}) -> ${path.relative(process.cwd(), file)}`,
      )
    }
  } finally {
    raw.close()
    await deleteBenchClass(server, IMPORT_CLASS)
    await deleteBenchClass(server, SEARCH_CLASS)
    await deleteBenchClass(server, 'BenchAggregate')
    await client.close()
  }
}

if (require.main === module) {
  withBenchServer(main).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
