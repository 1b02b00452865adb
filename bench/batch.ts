/**
 * Batch import benchmark (issue 12) on a real Weaviate over REST (ours with `transport: 'rest'`,
 * as every peer here writes JSON; the gRPC import is the vectors group's), small objects
 * (bench-objects.ts, the stream benchmark's too), each run into a freshly created class, contenders interleaved (order reversed every run),
 * a full GC before each:
 *
 * 1. `objects.batch` against the plainest undici loop a user would write for the batch endpoint
 *    (undici `request()`, `JSON.stringify({ objects })`, `body.json()`; same objects, batch size and
 *    concurrency; the server assigns the ids there, ours assigns them client-side), at batch sizes
 *    100 and 1,000 and concurrency 1, 2 and 4, 4 runs each:
 *    `bench: batch import 100k size=<n> c=<c> ours/undici`; and against the same loop with a
 *    client-side `crypto.randomUUID()` per object (what exactly-once needs, the same requests
 *    ours sends): `... ours/undici-ids`.
 * 2. What each user gets by default: `objects.batch(source)` with OUR defaults (100 per request,
 *    2 in flight) against weaviate-ts-client 2.x's objects batcher at the same batch size, requests
 *    in sequence as its docs show: `bench: batch import 100k defaults ours/weaviate-ts-client`,
 *    and ours in objects/s.
 * 3. The NDJSON import example's old way (one `objects.create` per object, 8 in flight) against the
 *    batch sink (defaults): `bench: import ndjson 10k batch/single`.
 * 4. Memory, each in a fresh child process (memory.ts): peak above a post-GC baseline while
 *    importing 100,000 and 400,000 generated objects (read lazily from a generator, defaults):
 *    `bench: batch memory 100k peak` (RSS, MB), `100k peak heap` (heap + external, MB), the same
 *    for 400k, `400k/100k peak rss` and `400k/100k peak heap`.
 *
 * 5. Delete by filter, 50,000 objects in rounds: gRPC `BatchDelete` against REST (delete-many.ts):
 *    `bench: batch deleteMany 50k grpc/rest`, `... ours/rest`.
 *
 * Sizes for short development runs: BENCH_BATCH_SWEEP (100000), BENCH_BATCH_SWEEP_RUNS (4),
 * BENCH_BATCH_OBJECTS (100000), BENCH_BATCH_RUNS (3), BENCH_BATCH_NDJSON (10000), BENCH_BATCH_MEMORY (100000),
 * BENCH_BATCH_MEMORY_LARGE (400000; 0 skips the large memory run).
 *
 * Every contender sends the server's key (server-key.ts).
 *
 * Run: `npx ts-node --transpile-only bench/batch.ts` (uses WEAVIATE_URL, WEAVIATE_GRPC_URL and
 * WEAVIATE_API_KEY when set: server-env.ts).
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, mergeMap, range } from 'rxjs'
import { randomUUID } from 'node:crypto'
import { request } from 'undici'
import { connect } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { benchObjectBody, benchObjects, benchProperties } from './bench-objects'
import { benchDeleteMany } from './delete-many'
import { interleavedRuns, median } from './harness'
import { measureInChild, reportMemory, runMemoryChild } from './memory'
import { reportRatio, reportValue, sizeFromEnv } from './report'
import { type BenchServer, givenBenchServer, withBenchServer } from './server-env'
import { authHeaders, peerClient } from './server-key'

const CLASS = 'BenchBatch'
const SWEEP_OBJECTS = sizeFromEnv('BATCH_SWEEP', 100_000)
const MAIN_OBJECTS = sizeFromEnv('BATCH_OBJECTS', 100_000)
const RUNS = sizeFromEnv('BATCH_RUNS', 3)
const SWEEP_RUNS = sizeFromEnv('BATCH_SWEEP_RUNS', 4)
const NDJSON = sizeFromEnv('BATCH_NDJSON', 10_000)
const MEMORY_SMALL = sizeFromEnv('BATCH_MEMORY', 100_000)
const MEMORY_LARGE = Number(process.env['BENCH_BATCH_MEMORY_LARGE'] ?? 400_000)
const label = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : `${n}`)

/** The first `n` bench objects of the class, as the library's batch input. */
const objects = (n: number) => benchObjects(CLASS, 0, n)

type Contender = () => Promise<unknown>

/** Milliseconds of every run per contender, interleaved, each into a fresh class. */
const timeRuns = (server: BenchServer, contenders: Readonly<Record<string, Contender>>, runs = RUNS): Promise<Record<string, number[]>> =>
  interleavedRuns(contenders, runs, () => resetBenchClass(server, CLASS))

/**
 * The plain loop: `lanes` loops, each POSTing the next `size` objects and reading the answer. With
 * `ids`, each object gets a client-side UUID (`crypto.randomUUID()`), as ours does so that a
 * resent request cannot write an object twice.
 */
const undiciLoop = (server: BenchServer, n: number, size: number, lanes: number, ids = false): Promise<unknown> => {
  const auth = authHeaders(server)
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < n) {
      const start = next
      next = Math.min(n, next + size)
      const batch = []
      for (let i = start; i < next; i++) batch.push(benchObjectBody(CLASS, i, ids ? { id: randomUUID() } : {}))
      const res = await request(`${server.url}/v1/batch/objects`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ objects: batch }),
      })
      await res.body.json()
      if (res.statusCode !== 200) throw new Error(`undici batch: ${res.statusCode}`)
    }
  }
  return Promise.all(Array.from({ length: lanes }, lane))
}

// -------------------------------------------------------------------------------------------------
// memory (child process)
// -------------------------------------------------------------------------------------------------

/** Runs in a fresh process: `n` generated objects imported with the defaults (see memory.ts). */
const memoryChild = async (server: BenchServer, n: number): Promise<void> => {
  const client = connect({ url: server.url, apiKey: server.apiKey, transport: 'rest' })
  try {
    // Warm up the connection and the server version, so the baseline has them.
    await lastValueFrom(client.objects.batch(objects(10)))
    await measureInChild(
      (sample) =>
        new Promise<number>((resolve, reject) => {
          let written = 0
          client.objects.batch(objects(n)).subscribe({
            next: (r) => {
              if (E.isLeft(r)) reject(r.left)
              else if (++written % 1000 === 0) sample()
            },
            error: reject,
            complete: () => resolve(written),
          })
        }),
    )
  } finally {
    await client.close()
  }
}


// -------------------------------------------------------------------------------------------------
// the benchmark
// -------------------------------------------------------------------------------------------------

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchBatch(server) // bench: batch import 100k size=100 c=2 ours/undici = 1.01 (spread 0.97-1.04) ...
 * ```
 */
export async function benchBatch(server: BenchServer): Promise<void> {
  const client = connect({ url: server.url, apiKey: server.apiKey, transport: 'rest' })
  const peer = peerClient(server)
  const ours = (n: number, options?: { batchSize: number; concurrency: number }) => () => lastValueFrom(client.objects.batch(objects(n), options))
  try {
    // 1. against the plain undici loop, same batch size and concurrency
    for (const size of [100, 1_000]) {
      for (const lanes of [1, 2, 4]) {
        const times = await timeRuns(server, {
          ours: ours(SWEEP_OBJECTS, { batchSize: size, concurrency: lanes }),
          undici: () => undiciLoop(server, SWEEP_OBJECTS, size, lanes),
          'undici-ids': () => undiciLoop(server, SWEEP_OBJECTS, size, lanes, true),
        }, SWEEP_RUNS)
        reportRatio(`batch import ${label(SWEEP_OBJECTS)} size=${size} c=${lanes}`, times, 'undici')
        reportRatio(`batch import ${label(SWEEP_OBJECTS)} size=${size} c=${lanes}`, times, 'undici-ids')
      }
    }

    // 2. each with its defaults: ours (100 per request, 2 in flight), the peer's batcher (100, in sequence)
    const main = await timeRuns(server, {
      ours: ours(MAIN_OBJECTS),
      'weaviate-ts-client': async () => {
        for (let start = 0; start < MAIN_OBJECTS; start += 100) {
          let batcher = peer.batch.objectsBatcher()
          for (let i = start; i < Math.min(MAIN_OBJECTS, start + 100); i++) batcher = batcher.withObject({ class: CLASS, properties: benchProperties(i) })
          await batcher.do()
        }
      },
    })
    reportRatio(`batch import ${label(MAIN_OBJECTS)} defaults`, main, 'weaviate-ts-client')
    reportValue(`batch import ${label(MAIN_OBJECTS)} defaults ours objects/s`, (MAIN_OBJECTS * 1000) / median(main['ours'] ?? []), '', 0)

    // 3. the NDJSON example's old way (one create per object, 8 in flight) against the sink
    const ndjson = await timeRuns(
      server,
      {
        batch: ours(NDJSON),
        single: () =>
          lastValueFrom(range(0, NDJSON).pipe(mergeMap((i) => client.objects.create({ className: CLASS, dataObject: benchProperties(i) }), 8)), {
            defaultValue: undefined,
          }),
      },
      Math.min(RUNS, 2),
    )
    reportRatio(`import ndjson ${label(NDJSON)}`, ndjson, 'single', 'batch')

    // 4. memory, each in a fresh process
    await resetBenchClass(server, CLASS)
    const small = await runMemoryChild(__filename, server, ['--memory', String(MEMORY_SMALL)], MEMORY_SMALL)
    if (MEMORY_LARGE > MEMORY_SMALL) {
      await resetBenchClass(server, CLASS)
      const large = await runMemoryChild(__filename, server, ['--memory', String(MEMORY_LARGE)], MEMORY_LARGE)
      reportMemory('batch memory', [
        [label(MEMORY_SMALL), small],
        [label(MEMORY_LARGE), large],
      ])
    } else reportMemory('batch memory', [[label(MEMORY_SMALL), small]])

    // 5. delete by filter: gRPC BatchDelete against REST (delete-many.ts)
    await benchDeleteMany(server)
  } finally {
    await deleteBenchClass(server, CLASS)
    await client.close()
  }
}

if (require.main === module) {
  // Memory child mode (runMemoryChild): `--memory <n>`, the server in the environment.
  const [flag, n] = process.argv.slice(2)
  const given = givenBenchServer()
  const run = flag === '--memory' && n !== undefined && given !== undefined ? memoryChild(given, Number(n)) : withBenchServer(benchBatch)
  run.catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
