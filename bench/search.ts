/**
 * Search benchmark (issue 24 item 6): `nearVector` top 10 over 20,000 objects with 128-dimension
 * vectors (HNSW, the default index), the latency of each query at concurrency 1 and 16, all
 * contenders on the same server in the same run:
 *
 * - `ours`: `client.query.nearVector({ className, vector, limit: 10, returnProperties: [],
 *   returnMetadata: ['distance'] })` through `firstValueFrom`, the public API with its default
 *   transport (gRPC on 1.39.0), the answer decoded and checked (`Right`);
 * - `raw-grpc`: the plainest call a user would write: one grpc-js client, `makeUnaryRequest` with
 *   the generated codecs, a `SearchRequest` with `near_vector` (the vector as float32 bytes), the
 *   same properties (none) and metadata (id, distance) as ours;
 * - `raw-protobufjs`: the same call as a user of `@grpc/proto-loader` (protobufjs) writes it: the
 *   service client made from lib/proto's `.proto` files at run time, a plain request object
 *   (protobufjs.ts);
 * - `weaviate-ts-client`: 2.x GraphQL, `client.graphql.get().withClassName().withNearVector({ vector })
 *   .withLimit(10).withFields('_additional { id distance }').do()`;
 * - `weaviate-client`: the official 3.x client (`collection.query.nearVector`, gRPC) in a child on
 *   Node 22, run by run over IPC (official-client.ts); left out, with the reason printed, when Node
 *   22 or the child cannot start.
 *
 * Every contender asks the same questions: query vectors from a seeded generator, query i of a run
 * is the same vector for all. Runs are interleaved (a new order every run; before each, a quiet
 * second, a full GC and an untimed settle batch: harness.ts); each run times every query and takes
 * its p50 and p99. The quiet second is there because a run right after weaviate-ts-client's pays
 * for it (measured 2026-11-24 with a cut bench: up to 1.7x the client CPU per query for the
 * contender that followed it, whichever it was; the GC and the settle batch did not absorb it), and
 * the rotation of three contenders over five runs puts `ours` right after it in four of them.
 * Lines, the ratio of the medians over runs of the per-run percentiles, with the spread of the
 * per-run ratios: `bench: search nearVector c=<1|16> <p50|p99> ours/raw-grpc = <ratio> (spread a-b)`,
 * the same for `ours/weaviate-ts-client`, then `raw-grpc/weaviate-ts-client`: the floor of the ts-client
 * ratio, what the plainest gRPC call gets against GraphQL in the same run (at c=1 the server's own
 * time dominates both, so this floor is far above 0 and ours/weaviate-ts-client can only be as low
 * as ours/raw-grpc times it), `bench: search nearVector c=<c> <contender> <p50|p99> = <ms> ms`, and
 * `bench: search nearVector c=<c> <contender> client cpu = <µs> µs/query` (the contender's process's
 * CPU time, user + system, over a run's queries: the client's own cost, which the server's share of
 * the two cores does not blur), and `bench: search nearVector c=<c> client cpu ours/<peer>` for every
 * peer, then `client cpu raw-grpc/weaviate-client` and `raw-protobufjs/weaviate-client`: the floor
 * of the ours/weaviate-client line, what the plainest grpc-js loops cost against the official
 * client in the same run.
 *
 * Each sends the server's key (server-key.ts).
 *
 * Sizes for development runs: BENCH_SEARCH_OBJECTS (20000), BENCH_SEARCH_QUERIES_C1 (500),
 * BENCH_SEARCH_QUERIES_C16 (2000), BENCH_SEARCH_RUNS (5).
 *
 * Run: `npm run bench -- --only search`, or alone: `npx ts-node --transpile-only bench/search.ts`
 * (uses WEAVIATE_URL, WEAVIATE_GRPC_URL and WEAVIATE_API_KEY when set: server-env.ts).
 */
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, connect } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { quietMachine } from './quiet-machine'
import { percentileRuns, reportPercentileRuns, type RunResult, timedRun } from './percentile-runs'
import { latencies } from './query-lanes'
import { rawSearch } from './raw-grpc-search'
import { reportRatio, sizeFromEnv } from './report'
import { type BenchServer, withBenchServer } from './server-env'
import { peerClient, type PeerClient } from './server-key'
import { OFFICIAL_CLIENT, type OfficialClient, startOfficialClient } from './official-client'
import { protobufjsClient, protobufjsNearVector } from './protobufjs'
import { seeded, seededVectors } from './seeded'

const OBJECTS = sizeFromEnv('SEARCH_OBJECTS', 20_000)
const RUNS = sizeFromEnv('SEARCH_RUNS', 5)
const SHAPES = [
  { concurrency: 1, queries: sizeFromEnv('SEARCH_QUERIES_C1', 500) },
  { concurrency: 16, queries: sizeFromEnv('SEARCH_QUERIES_C16', 2_000) },
] as const
const DIMENSIONS = 128
const LIMIT = 10
const CLASS = 'BenchSearch'
const IMPORT_BATCH = 500
/**
 * Untimed queries before every timed run: the contender's connection warm, the GC settled, and its
 * code compiled, so a run times the steady state a search service sees. 100 were too few for the
 * contender with the most code (measured 2026-11-24 on one 1.39.0 server, three runs each: c=1 p50
 * ours/raw-grpc 1.06, 1.02, 1.03 after 100, 1.01, 0.98, 1.02 after 400; raw-grpc/weaviate-ts-client
 * 0.57-0.61 after either).
 */
const SETTLE = 400
/** The pause before every contender's run: the previous contender's after-effects end in it. */
const QUIET_MS = 1_000
/** The seed of the settle batch's query vectors. */
const SETTLE_SEED = 7

/** `n` vectors of DIMENSIONS numbers in [-1, 1) from `seed`. */
const vectors = (seed: number, n: number): number[][] => seededVectors(seed, n, DIMENSIONS)

/** Writes OBJECTS objects with seeded vectors through `objects.batch` (setup, not measured). */
const load = async (client: Client): Promise<void> => {
  const next = seeded(1)
  const rows = function* (): Generator<BatchObject> {
    for (let i = 0; i < OBJECTS; i++) {
      yield { className: CLASS, dataObject: { title: `object ${i}`, count: i }, vector: Array.from({ length: DIMENSIONS }, () => next() * 2 - 1) }
    }
  }
  const results = await lastValueFrom(client.objects.batch(rows(), { batchSize: IMPORT_BATCH, concurrency: 2 }).pipe(toArray()))
  const failed = results.filter(E.isLeft)
  if (failed.length > 0) throw new Error(`import: ${failed.length} objects failed, e.g. ${failed[0]?.left.message ?? ''}`)
}

/** One search of a contender: the query vector in, the number of results out. */
type Search = (vector: number[]) => Promise<number>

const ours =
  (client: Client): Search =>
  async (vector) => {
    const result = await firstValueFrom(client.query.nearVector({ className: CLASS, vector, limit: LIMIT, returnProperties: [], returnMetadata: ['distance'] }))
    if (E.isLeft(result)) throw result.left
    return result.right.objects.length
  }

const rawGrpc =
  (raw: GrpcClient, server: BenchServer): Search =>
  async (vector) => {
    const reply = await rawSearch(raw, server, {
      collection: CLASS,
      limit: LIMIT,
      nearVector: { vectorBytes: new Uint8Array(new Float32Array(vector).buffer) },
      properties: {},
      metadata: { uuid: true, distance: true },
    })
    return reply.results.length
  }

const tsClient =
  (legacy: PeerClient): Search =>
  async (vector) => {
    const answer = (await legacy.graphql.get().withClassName(CLASS).withNearVector({ vector }).withLimit(LIMIT).withFields('_additional { id distance }').do()) as {
      data?: { Get?: Record<string, unknown[] | undefined> }
    }
    return answer.data?.Get?.[CLASS]?.length ?? 0
  }

/** A contender as the runs see it: given a run's seed and size, one timed run (after its own GC and settle batch). */
type Runner = (concurrency: number, seed: number, queries: number) => Promise<RunResult>

/** A contender of this process: a full GC, an untimed settle batch, then the timed run with this process's CPU. */
const inProcess =
  (name: string, search: Search): Runner =>
  (concurrency, seed, n) => {
    const queries = vectors(seed, n)
    return timedRun(() => latencies(name, search, vectors(SETTLE_SEED, SETTLE), concurrency, LIMIT), () => latencies(name, search, queries, concurrency, LIMIT), n)
  }

/** The weaviate-client child as a contender: the same run, measured in the child (official-client.ts). */
const inChild =
  (official: OfficialClient): Runner =>
  (concurrency, seed, queries) =>
    official.search({ className: CLASS, dimensions: DIMENSIONS, limit: LIMIT, concurrency, seed, queries, settleSeed: SETTLE_SEED, settle: SETTLE })

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchSearch(server) // bench: search nearVector c=1 p50 ours/raw-grpc = 1.01 ...
 * ```
 */
export async function benchSearch(server: BenchServer): Promise<void> {
  const client = connect({ ...server })
  const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure())
  const protobufjs = protobufjsClient(server)
  const legacy = peerClient(server)
  const official = await startOfficialClient(server)
  if (typeof official === 'string') console.log(`  search: ${OFFICIAL_CLIENT} left out: ${official}`)
  try {
    const start = Date.now()
    await resetBenchClass(server, CLASS)
    await load(client)
    console.log(`  search: loaded ${OBJECTS} objects of ${DIMENSIONS} dimensions in ${Date.now() - start} ms`)
    // Settle: the server flushes its memtables 2 s after the last write (server-env.ts), and the
    // imports before (this group's, the groups' before it) leave compactions running.
    console.log(`  search: the machine quiet after ${await quietMachine()} ms`)
    const searches: Record<string, Search> = {
      ours: ours(client),
      'raw-grpc': rawGrpc(raw, server),
      'raw-protobufjs': (vector) => protobufjsNearVector(protobufjs, server, CLASS, vector, LIMIT),
      'weaviate-ts-client': tsClient(legacy),
    }
    for (const [name, search] of Object.entries(searches)) await latencies(name, search, vectors(3, 200), 4, LIMIT)
    const contenders: Record<string, Runner> = {
      ...Object.fromEntries(Object.entries(searches).map(([name, search]) => [name, inProcess(name, search)])),
      ...(typeof official === 'string' ? {} : { 'weaviate-client': inChild(official) }),
    }
    const peers = ['raw-grpc', 'raw-protobufjs', 'weaviate-ts-client', ...(typeof official === 'string' ? [] : ['weaviate-client'])]
    for (const { concurrency, queries } of SHAPES) {
      const name = `search nearVector c=${concurrency}`
      const runs = await percentileRuns(
        Object.fromEntries(Object.entries(contenders).map(([contender, runner]) => [contender, () => runner(concurrency, 100 + concurrency, queries)])),
        RUNS,
        QUIET_MS,
      )
      reportPercentileRuns(name, runs, peers, 'µs/query', (perName, perRun) => reportRatio(perName, perRun, 'weaviate-ts-client', 'raw-grpc'))
      // The floor of ours/weaviate-client: what the plainest grpc-js loops cost against it.
      if (typeof official !== 'string') for (const raw of ['raw-grpc', 'raw-protobufjs']) reportRatio(`${name} client cpu`, runs.cpu, 'weaviate-client', raw)
    }
  } finally {
    raw.close()
    protobufjs.close()
    if (typeof official !== 'string') await official.close()
    await deleteBenchClass(server, CLASS)
    await client.close()
  }
}

if (require.main === module) {
  withBenchServer(benchSearch).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
