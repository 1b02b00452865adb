/**
 * Search benchmark (issue 24 item 6): `nearVector` top 10 over 20,000 objects with 128-dimension
 * vectors (HNSW, the default index), the latency of each query at concurrency 1 and 16, all
 * contenders on the same server in the same run, each in a process of its own on the same Node
 * (search-child.ts: ours over grpc-js, ours over gRPC-Web (undici), ours-otel (ours with the
 * OpenTelemetry SDK registered: otel-sdk.ts), raw-grpc, raw-protobufjs, weaviate-ts-client 2.x
 * GraphQL, and
 * weaviate-client 3.x; Node 22 when it can be installed, which weaviate-client needs, else this
 * Node without weaviate-client, the reason printed).
 *
 * Every contender asks the same questions: query vectors from a seeded generator, query i of a
 * block is the same vector for all. A run is made of blocks (percentile-runs.ts `blockRuns`): before
 * it every contender gets a new process and settles (a full GC and untimed queries, `SEARCH_COMPILE`), then the contenders take turns block
 * by block in a new order every block, so the machine's drift within a run (measured 2026-11-28:
 * the same contender's client CPU per query halving over a minute) lands on all of them alike;
 * whole runs taken in turn put it on whoever ran at the time, and the per-run ratios spread from
 * 0.53 to 1.41. Each child measures its own client CPU (`process.cpuUsage`, user + system) over
 * its blocks: the client's own cost, which the server's share of the two cores does not blur, and
 * no contender pays for another's garbage.
 *
 * Lines, the ratio of the medians over runs of the per-run percentiles, with the spread of the
 * per-run ratios: `bench: search nearVector c=<1|16> <p50|p99> ours/<peer>` for every peer, then
 * `raw-grpc/weaviate-ts-client` (the floor of the ts-client ratio: at c=1 the server's own time
 * dominates both), `bench: search nearVector c=<c> client cpu ours/<peer>`, `client cpu ours-otel/ours` (tracing
 * on against off: the installed `@opentelemetry/api` without an SDK), each contender's
 * `<p50|p99> = <ms> ms` and `client cpu = <µs> µs/query`, then `client cpu raw-grpc/weaviate-client`
 * and `raw-protobufjs/weaviate-client`: the floor of the ours/weaviate-client line, what the
 * plainest grpc-js loops cost against the official client in the same run. Then gRPC-Web's lines
 * (issue 61): `<p50|p99> ours-web/<ours|raw-grpc|raw-protobufjs|weaviate-client>` and `client cpu
 * ours-web/<...>`, the gRPC-Web carrier over undici against our grpc-js path and the peers.
 *
 * Sizes for development runs: BENCH_SEARCH_OBJECTS (20000), BENCH_SEARCH_QUERIES_C1 (500),
 * BENCH_SEARCH_QUERIES_C16 (2000), BENCH_SEARCH_RUNS (`TARGET_RUNS`, 10:
 * docs/decisions/0015-how-the-bench-measures.md), BENCH_SEARCH_BLOCKS (10 per run),
 * BENCH_SEARCH_COMPILE (8000 untimed queries per process before its run).
 *
 * Run: `npm run bench -- --only search`, or alone: `node build/bench/bench/search.js` after
 * `npm run bench:build` (uses WEAVIATE_URL, WEAVIATE_GRPC_URL and WEAVIATE_API_KEY when set:
 * server-env.ts).
 */
import { connect } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { childNode } from './ipc-child'
import { OFFICIAL_CLIENT } from './official-client'
import { blockRuns, type BlockContender, reportPercentileRuns } from './percentile-runs'
import { quietMachine } from './quiet-machine'
import { reportRatio, sizeFromEnv, TARGET_RUNS } from './report'
import { SEARCH_CONTENDERS, type SearchChild, type SearchContender, type SearchShape, startSearchChild } from './search-child'
import { loadSeededObjects } from './seeded-load'
import { type BenchServer, withBenchServer } from './server-env'

const OBJECTS = sizeFromEnv('SEARCH_OBJECTS', 20_000)
const RUNS = sizeFromEnv('SEARCH_RUNS', TARGET_RUNS)
const BLOCKS = sizeFromEnv('SEARCH_BLOCKS', 10)
/** The group's two shapes: queries timed per contender and run at concurrency 1 and 16. */
export const SEARCH_SHAPES = [
  { concurrency: 1, queries: sizeFromEnv('SEARCH_QUERIES_C1', 500) },
  { concurrency: 16, queries: sizeFromEnv('SEARCH_QUERIES_C16', 2_000) },
] as const
/** What every query asks. */
export const SEARCH_SHAPE: SearchShape = { className: 'BenchSearch', dimensions: 128, limit: 10 }
/**
 * Untimed queries before every run, so a run times the steady state a search service sees: the
 * connection warm, the GC settled, and the code of every query optimized. V8 (Node 22) optimizes
 * a function after about 3,000 calls, and a function called once per query only then: `SEARCH_COMPILE`
 * queries at concurrency 16 (where they take the least time) get every contender's per-query code
 * there, `SEARCH_SETTLE` more at the run's own concurrency settle that. Too few measure the warm-up instead
 * (docs/decisions/0015-how-the-bench-measures.md).
 */
export const SEARCH_COMPILE = sizeFromEnv('SEARCH_COMPILE', 8_000)
/** The untimed queries at the run's own concurrency after {@link SEARCH_COMPILE}. */
export const SEARCH_SETTLE = 400
/** The seed of the settle batch's query vectors. */
const SETTLE_SEED = 7

/** A contender's child that a new process can replace: `renew` closes it and starts another. */
interface RenewableChild extends SearchChild {
  renew(): Promise<void>
}

/** `first`, replaced by a new child from `start` on every `renew`. */
const renewable = (first: SearchChild, start: () => Promise<SearchChild>): RenewableChild => {
  let current = first
  return {
    renew: async () => {
      await current.close()
      current = await start()
    },
    settle: (block) => current.settle(block),
    block: (block) => current.block(block),
    close: () => current.close(),
  }
}

/**
 * The children as blockRuns sees them at one concurrency: every run in a new process (a process is
 * a sample too: the same contender's client CPU at concurrency 1 stayed put within one process and
 * moved by a tenth between processes, so one process per contender for the whole group made one
 * draw of it every run's); block b of run r asks the same seeded queries of everyone.
 */
const asBlockContender = (child: RenewableChild, concurrency: number, queries: number): BlockContender => {
  const perBlock = Math.max(1, Math.round(queries / BLOCKS))
  return {
    settle: async () => {
      await child.renew()
      await child.settle({ seed: SETTLE_SEED, queries: SEARCH_COMPILE, concurrency: 16 })
      await child.settle({ seed: SETTLE_SEED + 1, queries: SEARCH_SETTLE, concurrency })
    },
    block: (run, block) => child.block({ seed: 1_000 * concurrency + run * BLOCKS + block, queries: perBlock, concurrency }),
  }
}

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchSearch(server) // bench: search nearVector c=1 p50 ours/raw-grpc = 1.01 ...
 * ```
 */
export async function benchSearch(server: BenchServer): Promise<void> {
  const setup = connect({ ...server })
  const children: Partial<Record<SearchContender, RenewableChild>> = {}
  try {
    const start = Date.now()
    await resetBenchClass(server, SEARCH_SHAPE.className)
    await loadSeededObjects(setup, SEARCH_SHAPE.className, OBJECTS, SEARCH_SHAPE.dimensions)
    console.log(`  search: loaded ${OBJECTS} objects of ${SEARCH_SHAPE.dimensions} dimensions in ${Date.now() - start} ms`)
    const { node, without } = await childNode()
    for (const contender of SEARCH_CONTENDERS) {
      const start = (): Promise<SearchChild | string> => startSearchChild(server, contender, node, SEARCH_SHAPE)
      const restart = async (): Promise<SearchChild> => {
        const child = await start()
        if (typeof child === 'string') throw new Error(`search: the ${contender} child: ${child}`)
        return child
      }
      const child = contender === 'weaviate-client' && without !== undefined ? without : await start()
      if (typeof child !== 'string') children[contender] = renewable(child, restart)
      else if (contender === 'weaviate-client') console.log(`  search: ${OFFICIAL_CLIENT} left out: ${child}`)
      else throw new Error(`search: the ${contender} child: ${child}`)
    }
    console.log(`  search: each contender in its own process on ${without === undefined ? 'Node 22' : process.version}`)
    // Settle: the server flushes its memtables 2 s after the last write (server-env.ts), and the
    // imports before (this group's, the groups' before it) leave compactions running.
    console.log(`  search: the machine quiet after ${await quietMachine()} ms`)
    const official = children['weaviate-client'] !== undefined
    const peers = ['raw-grpc', 'raw-protobufjs', 'weaviate-ts-client', ...(official ? ['weaviate-client'] : [])]
    for (const { concurrency, queries } of SEARCH_SHAPES) {
      const name = `search nearVector c=${concurrency}`
      const contenders = Object.fromEntries(Object.entries(children).map(([contender, child]) => [contender, asBlockContender(child, concurrency, queries)]))
      const runs = await blockRuns(contenders, RUNS, BLOCKS)
      reportPercentileRuns(name, runs, peers, 'µs/query', (perName, perRun) => reportRatio(perName, perRun, 'weaviate-ts-client', 'raw-grpc'))
      // Tracing on against off (the SDK registered, or only the API installed): issue 62 wants within 10 %.
      reportRatio(`${name} client cpu`, runs.cpu, 'ours', 'ours-otel')
      // The floor of ours/weaviate-client: what the plainest grpc-js loops cost against it.
      if (official) for (const raw of ['raw-grpc', 'raw-protobufjs']) reportRatio(`${name} client cpu`, runs.cpu, 'weaviate-client', raw)
      // gRPC-Web over undici against our grpc-js path and the peers (docs/decisions, web-default).
      const webPeers = ['ours', 'raw-grpc', 'raw-protobufjs', ...(official ? ['weaviate-client'] : [])]
      for (const [figure, perRun] of [['p50', runs.p50], ['p99', runs.p99], ['client cpu', runs.cpu]] as const) {
        for (const peer of webPeers) reportRatio(`${name} ${figure}`, perRun, peer, 'ours-web')
      }
    }
  } finally {
    for (const child of Object.values(children)) await child.close()
    await deleteBenchClass(server, SEARCH_SHAPE.className)
    await setup.close()
  }
}

if (require.main === module) {
  withBenchServer(benchSearch).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
