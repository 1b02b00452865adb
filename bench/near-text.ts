/**
 * nearText benchmark (issue 38): a search the server vectorizes, `nearText` top 10 over 10,000
 * objects whose named vector `bigram` is made by `text2vec-bigram`, the latency of each query at
 * concurrency 1 and 16, all contenders on the same server in the same run.
 *
 * The server: one of its own (the shared bench server has no modules), 1.39.0 with
 * `text2vec-bigram` and `text2vec-transformers` registered (the latter's inference API a closed
 * loopback port, so it vectorizes nothing: it declares the `nearText` argument that bigram does not
 * and the server's validation asks for, as the MODULES server of the specs: spec/helpers/versions.ts
 * and docs/near-text.md). The class has the `bigram` vector (HNSW) and a 2-dimension `t` vector of
 * text2vec-transformers given with every object. With `WEAVIATE_URL` set, that server is used and
 * must have both modules.
 *
 * - `ours`: `client.query.nearText({ className, query, targetVector: 'bigram', limit: 10,
 *   returnProperties: [], returnMetadata: ['distance'] })` through `firstValueFrom`, checked `Right`;
 * - `raw-grpc`: one grpc-js client's `makeUnaryRequest` with the generated codecs and a
 *   `SearchRequest` with `near_text` (the same query, target, properties and metadata);
 * - `raw-protobufjs`: the same call as a user of `@grpc/proto-loader` writes it (protobufjs.ts).
 *
 * The query texts: the stored texts of seeded objects (each finds at least 10). Runs are
 * interleaved (a new order every run; before each, a quiet second, a full GC and an untimed settle
 * batch). Lines: `bench: nearText c=<c> <p50|p99> ours/<raw-grpc|raw-protobufjs> = <ratio> (spread
 * a-b)`, `bench: nearText c=<c> client cpu ours/<peer>`, and each contender's ms and µs/query.
 *
 * Sizes for development runs: BENCH_NEARTEXT_OBJECTS (10000), BENCH_NEARTEXT_QUERIES_C1 (300),
 * BENCH_NEARTEXT_QUERIES_C16 (1000), BENCH_NEARTEXT_RUNS (5).
 *
 * Run: `npm run bench -- --only neartext`, or alone: `npx ts-node --transpile-only bench/near-text.ts`.
 */
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { type BatchObject, type Client, connect } from '../lib'
import { startEmbedded } from '../lib/embedded'
import { deleteBenchClass, recreateClass } from './bench-class'
import { protobufjsClient, protobufjsNearText } from './protobufjs'
import { quietMachine } from './quiet-machine'
import { percentileRuns, reportPercentileRuns, timedRun } from './percentile-runs'
import { latencies } from './query-lanes'
import { rawSearch } from './raw-grpc-search'
import { sizeFromEnv } from './report'
import { seeded } from './seeded'
import { type BenchServer, BENCH_SERVER_ENV, benchServerOf, givenBenchServer } from './server-env'

const OBJECTS = sizeFromEnv('NEARTEXT_OBJECTS', 10_000)
const RUNS = sizeFromEnv('NEARTEXT_RUNS', 5)
const SHAPES = [
  { concurrency: 1, queries: sizeFromEnv('NEARTEXT_QUERIES_C1', 300) },
  { concurrency: 16, queries: sizeFromEnv('NEARTEXT_QUERIES_C16', 1_000) },
] as const
const LIMIT = 10
const CLASS = 'BenchNearText'
const TARGET = 'bigram'
const SETTLE = 200
const QUIET_MS = 1_000
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'so', 'ti', 'va', 'ze', 'pu', 'be', 'do']

/** The environment of a server with the two modules (as the specs' MODULES row). */
const MODULES_ENV: Readonly<Record<string, string>> = {
  ENABLE_MODULES: 'text2vec-bigram,text2vec-transformers',
  TRANSFORMERS_INFERENCE_API: 'http://127.0.0.1:1',
  TRANSFORMERS_WAIT_FOR_STARTUP: 'false',
}

/** Object i's text: 3 to 6 syllables from a seeded generator (bigram needs 2 characters or more). */
const texts = (n: number): string[] => {
  const next = seeded(20261127)
  return Array.from({ length: n }, () => Array.from({ length: 3 + Math.floor(next() * 4) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)] ?? 'ka').join(' '))
}

const resetClass = (server: BenchServer): Promise<void> =>
  recreateClass(server, {
    class: CLASS,
    vectorConfig: {
      [TARGET]: { vectorizer: { 'text2vec-bigram': {} }, vectorIndexType: 'hnsw' },
      t: { vectorizer: { 'text2vec-transformers': {} }, vectorIndexType: 'flat' },
    },
    properties: [{ name: 'text', dataType: ['text'] }],
  })

const load = async (client: Client, all: readonly string[]): Promise<void> => {
  const rows = function* (): Generator<BatchObject> {
    for (let i = 0; i < all.length; i++) yield { className: CLASS, dataObject: { text: all[i] ?? 'ka lo' }, vectors: { t: [1, i] } }
  }
  const results = await lastValueFrom(client.objects.batch(rows(), { batchSize: 500, concurrency: 2 }).pipe(toArray()))
  const failed = results.filter(E.isLeft)
  if (failed.length > 0) throw new Error(`import: ${failed.length} objects failed, e.g. ${failed[0]?.left.message ?? ''}`)
}

/** One search of a contender: the query text in, the number of results out. */
type Search = (text: string) => Promise<number>

const ours =
  (client: Client): Search =>
  async (text) => {
    const result = await firstValueFrom(client.query.nearText({ className: CLASS, query: text, targetVector: TARGET, limit: LIMIT, returnProperties: [], returnMetadata: ['distance'] }))
    if (E.isLeft(result)) throw result.left
    return result.right.objects.length
  }

const rawGrpc =
  (raw: GrpcClient, server: BenchServer): Search =>
  async (text) => {
    const reply = await rawSearch(raw, server, { collection: CLASS, limit: LIMIT, nearText: { query: [text], targetVectors: [TARGET] }, properties: {}, metadata: { uuid: true, distance: true } })
    return reply.results.length
  }

/** `n` query texts: stored texts picked by a seeded generator. */
const queryTexts = (all: readonly string[], seed: number, n: number): string[] => {
  const next = seeded(seed)
  return Array.from({ length: n }, () => all[Math.floor(next() * all.length)] ?? 'ka lo')
}

const measure = async (server: BenchServer): Promise<void> => {
  const client = connect({ ...server })
  const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure())
  const protobufjs = protobufjsClient(server)
  try {
    const start = Date.now()
    const all = texts(OBJECTS)
    await resetClass(server)
    await load(client, all)
    console.log(`  neartext: loaded ${OBJECTS} objects in ${Date.now() - start} ms`)
    console.log(`  neartext: the machine quiet after ${await quietMachine()} ms`)
    const contenders: Record<string, Search> = {
      ours: ours(client),
      'raw-grpc': rawGrpc(raw, server),
      'raw-protobufjs': (text) => protobufjsNearText(protobufjs, server, CLASS, [text], TARGET, LIMIT),
    }
    for (const [name, search] of Object.entries(contenders)) await latencies(name, search, queryTexts(all, 3, 100), 4, LIMIT)
    for (const { concurrency, queries } of SHAPES) {
      const name = `nearText c=${concurrency}`
      const timed = queryTexts(all, 100 + concurrency, queries)
      const runs = await percentileRuns(
        Object.fromEntries(
          Object.entries(contenders).map(([contender, search]) => [
            contender,
            () => timedRun(() => latencies(contender, search, queryTexts(all, 7, SETTLE), concurrency, LIMIT), () => latencies(contender, search, timed, concurrency, LIMIT), queries),
          ]),
        ),
        RUNS,
        QUIET_MS,
      )
      reportPercentileRuns(name, runs, ['raw-grpc', 'raw-protobufjs'], 'µs/query')
    }
  } finally {
    raw.close()
    protobufjs.close()
    await deleteBenchClass(server, CLASS)
    await client.close()
  }
}

/**
 * Runs the benchmark on a server of its own (or the one `WEAVIATE_URL` names) and prints its lines.
 *
 * @example
 * ```ts
 * await benchNearText() // bench: nearText c=1 p50 ours/raw-grpc = 1.02 ...
 * ```
 */
export async function benchNearText(): Promise<void> {
  const given = givenBenchServer()
  if (given !== undefined) return measure(given)
  const started = await startEmbedded({ env: { ...BENCH_SERVER_ENV, ...MODULES_ENV } })
  try {
    await measure(benchServerOf(started))
  } finally {
    await started.stop()
  }
}

if (require.main === module) {
  benchNearText().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
