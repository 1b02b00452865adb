/**
 * `objects.stream` benchmark (issue 15) on a real Weaviate holding 100,000 small objects: the class
 * is loaded once (bench-objects.ts), then four groups measure, one file each:
 *
 * 1. stream-page-sizes.ts: the whole class streamed and counted at page sizes 100, 500 and 1,000
 *    by the seven contenders of stream-contenders.ts (ours, ours-for-await, ours-pages, undici-seq,
 *    undici-prefetch, undici-cursor-first, weaviate-ts-client 2.x):
 *    `bench: stream page=<n> ours/<peer>` and the baselines against each other.
 * 2. stream-cpu-consumer.ts: at page size 100, a consumer that burns ~20 µs of CPU per object
 *    (where prefetch pays off): `bench: stream page=100 cpu-consumer ours/<peer>`.
 * 3. stream-partitions.ts: 4 ordered partitions against 1 (page size 1,000):
 *    `bench: stream 100k partitions4/partitions1`.
 * 4. stream-memory.ts: peak memory of a slow `for await` consumer over 100,000 objects, then
 *    400,000 (the class grown by 300,000), each in a fresh child process:
 *    `bench: stream memory 100k peak` ... `400k/100k peak heap`.
 * 5. stream-filtered.ts, in a class of its own: the filtered stream against the unfiltered one,
 *    and its time for twice the matches (`bench: stream filtered ...`; sizes BENCH_FILTERED_*).
 *
 * Before timing, the class is streamed until three runs agree within 8 % (a freshly loaded server
 * is still flushing and compacting; the embedded server of `npm run bench` flushes 2 s after a
 * write, see server-env.ts), by a child process: those streams warm no contender's code here.
 * Every contender then gets the same warm-up (stream-page-sizes.ts: the same passes over the
 * same pages), and contenders run interleaved in a new order every run, after a full GC.
 *
 * Sizes for short development runs: BENCH_STREAM_OBJECTS (100000), BENCH_STREAM_RUNS (`TARGET_RUNS`, 10),
 * BENCH_STREAM_MEMORY_LARGE (400000; 0 skips the large memory run), BENCH_STREAM_PAGE_SIZES
 * (`100,500,1000`: group 1's page sizes) and BENCH_STREAM_PARTS (`pages,cpu,partitions,memory,filtered`:
 * the groups run, by the numbers above).
 *
 * Run: `npx ts-node --transpile-only bench/stream.ts` (uses WEAVIATE_URL, WEAVIATE_GRPC_URL and
 * WEAVIATE_API_KEY when set: server-env.ts).
 */
import { connect } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { loadBenchObjects } from './bench-objects'
import { sizeFromEnv, TARGET_RUNS } from './report'
import { type BenchServer, benchServerEnv, givenBenchServer, withBenchServer } from './server-env'
import { peerClient } from './server-key'
import { expectAll, undiciSequential } from './stream-contenders'
import { benchStreamCpuConsumer } from './stream-cpu-consumer'
import { benchStreamFiltered } from './stream-filtered'
import { benchStreamMemory } from './stream-memory'
import { benchStreamPageSizes } from './stream-page-sizes'
import { benchStreamPartitions } from './stream-partitions'
import { taggedChildResult } from './tagged-child'

const TOTAL = sizeFromEnv('STREAM_OBJECTS', 100_000)
const LARGE = Number(process.env['BENCH_STREAM_MEMORY_LARGE'] ?? 400_000)
const RUNS = sizeFromEnv('STREAM_RUNS', TARGET_RUNS)
const CLASS = 'BenchStream'
const PARTS = ['pages', 'cpu', 'partitions', 'memory', 'filtered'] as const
type Part = (typeof PARTS)[number]

/** The groups BENCH_STREAM_PARTS names (all when unset). */
const partsFromEnv = (): ReadonlySet<Part> => {
  const raw = process.env['BENCH_STREAM_PARTS']
  if (raw === undefined || raw === '') return new Set(PARTS)
  const names = raw.split(',').map((s) => s.trim())
  const bad = names.filter((name) => !(PARTS as readonly string[]).includes(name))
  if (bad.length > 0) throw new Error(`BENCH_STREAM_PARTS takes ${PARTS.join(',')}; got '${raw}'`)
  return new Set(PARTS.filter((part) => names.includes(part)))
}

/** Most streams while waiting for the server to settle after the load. */
const SETTLE_MAX = 30
/** This many consecutive settle streams ... */
const SETTLE_AGREE = 3
/** ... within this fraction of each other: the server has settled. */
const SETTLE_TOLERANCE = 0.08
/** The line a settle child prints its times on. */
const SETTLE_TAG = 'bench-stream-settle '

/**
 * Streams the class (undici, page size 100: the size most sensitive to server load) until the last
 * SETTLE_AGREE runs agree within SETTLE_TOLERANCE, at most SETTLE_MAX times: right after a bulk load
 * the server flushes its memtables and compacts segments, and a stream then takes up to several
 * times as long, which would bias whichever contender runs during it. Run in a child process
 * ({@link settleInChild}), so the measuring process's code is warmed by nobody's settle streams.
 */
const settle = async (server: BenchServer, className: string, total: number): Promise<number[]> => {
  const times: number[] = []
  for (let i = 0; i < SETTLE_MAX; i++) {
    const start = process.hrtime.bigint()
    expectAll(await undiciSequential(server, className, 100), 'settle', total)
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
    const last = times.slice(-SETTLE_AGREE)
    if (last.length === SETTLE_AGREE && Math.max(...last) <= (1 + SETTLE_TOLERANCE) * Math.min(...last)) break
  }
  return times
}

/**
 * {@link settle} in a child process, its times read from its output. In this process the settle
 * streams (3 to 30 of them) would warm undici's code, and only undici's, before the contenders
 * run: V8 compiles a function after enough calls, so the loop on undici would be measured hot
 * and ours still compiling (docs/decisions/0015-how-the-bench-measures.md). Every
 * contender gets the same warm-up instead (stream-page-sizes.ts).
 */
const settleInChild = async (server: BenchServer, className: string, total: number): Promise<number[]> => {
  const times = await taggedChildResult({ file: __filename, args: ['--settle', className, String(total)], env: benchServerEnv(server), tag: SETTLE_TAG })
  if (!Array.isArray(times) || !times.every((t) => typeof t === 'number')) throw new Error(`settle child printed ${JSON.stringify(times)}`)
  return times
}

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchStream(server) // bench: stream page=100 ours/undici-seq = 0.85 (spread 0.80-0.90) ...
 * ```
 */
export async function benchStream(server: BenchServer): Promise<void> {
  const ours = connect({ url: server.url, apiKey: server.apiKey })
  const context = { server, className: CLASS, total: TOTAL, ours, peer: peerClient(server), runs: RUNS }
  try {
    const setupStart = Date.now()
    await resetBenchClass(server, CLASS)
    await loadBenchObjects(server, CLASS, { from: 0, to: TOTAL })
    const loadedMs = Date.now() - setupStart
    const settled = await settleInChild(server, CLASS, TOTAL)
    console.log(`  stream: loaded ${TOTAL} objects in ${loadedMs} ms; settle streams (undici, in a child process): ${settled.map((ms) => ms.toFixed(0)).join(', ')} ms`)

    const parts = partsFromEnv()
    if (parts.has('pages')) await benchStreamPageSizes(context)
    if (parts.has('cpu')) await benchStreamCpuConsumer(context)
    if (parts.has('partitions')) await benchStreamPartitions(context)
    if (parts.has('memory')) await benchStreamMemory(context, LARGE)
    if (parts.has('filtered')) await benchStreamFiltered(server)
  } finally {
    await ours.close()
    await deleteBenchClass(server, CLASS).catch(() => undefined)
  }
}

if (require.main === module) {
  const [flag, className, total] = process.argv.slice(2)
  const given = givenBenchServer()
  const run =
    flag === '--settle' && className !== undefined && given !== undefined
      ? settle(given, className, Number(total)).then((times) => void process.stdout.write(`${SETTLE_TAG}${JSON.stringify(times)}\n`))
      : withBenchServer(benchStream)
  run.catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
