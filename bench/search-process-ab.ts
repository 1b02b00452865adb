/**
 * The search bench's client CPU question without its interleaving (issue 42): the same contender
 * children as the search group (search-child.ts), but one at a time, each in a new process per
 * round, the contenders of a round in a drawn order, read as paired ratios (`ours` over each peer
 * in the same round), the median of the rounds with their spread.
 *
 * Every child: `compile` untimed queries at concurrency 16 (as the search group settles: its code
 * optimized), a full GC and `settle` untimed queries at the round's concurrency, then `blocks`
 * blocks of queries with `gap` milliseconds of idle before each, its client CPU summed over the
 * blocks (`process.cpuUsage`, as the search group measures it). With no gap it times a steady
 * stream of queries; with the search group's block size and a gap it times what the group's
 * blocks see (each child idles while the others take their turn). Findings: docs/benchmarks.md,
 * "The search group timed the JIT's warm-up".
 *
 * `node build/bench/bench/search-process-ab.js [contender ...]` after `npm run bench:build`
 * (default `ours raw-protobufjs`; the first is the one over the others). Uses WEAVIATE_URL etc.
 * when set (server-env.ts). Sizes: BENCH_PAB_ROUNDS (10), BENCH_PAB_SETTLE (400), BENCH_PAB_BLOCKS
 * (10), BENCH_PAB_GAP_MS (0), BENCH_PAB_OBJECTS (20000); the queries per child, over all its blocks,
 * and the untimed ones at concurrency 16 are the search group's (search.ts: BENCH_SEARCH_QUERIES_C1,
 * BENCH_SEARCH_QUERIES_C16, BENCH_SEARCH_COMPILE).
 */
import { connect } from '../lib'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { median, shuffled } from './harness'
import { childNode } from './ipc-child'
import { sizeFromEnv } from './report'
import { SEARCH_COMPILE as COMPILE, SEARCH_SETTLE, SEARCH_SHAPE, SEARCH_SHAPES as SHAPES } from './search'
import { SEARCH_CONTENDERS, type SearchContender, type SearchShape, startSearchChild } from './search-child'
import { loadSeededObjects } from './seeded-load'
import { type BenchServer, withBenchServer } from './server-env'

const ROUNDS = sizeFromEnv('PAB_ROUNDS', 10)
const SETTLE = sizeFromEnv('PAB_SETTLE', SEARCH_SETTLE)
const BLOCKS = sizeFromEnv('PAB_BLOCKS', 10)
const GAP_MS = sizeFromEnv('PAB_GAP_MS', 0)
const OBJECTS = sizeFromEnv('PAB_OBJECTS', 20_000)
/** The search group's queries, in a class of this harness's own. */
const SHAPE: SearchShape = { ...SEARCH_SHAPE, className: 'BenchSearchProcessAB' }

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * One contender's client CPU per query in a new process: settled, then its blocks, each after
 * `GAP_MS` of idle.
 */
const oneProcess = async (server: BenchServer, node: string, contender: SearchContender, concurrency: number, queries: number, round: number): Promise<number> => {
  const child = await startSearchChild(server, contender, node, SHAPE)
  if (typeof child === 'string') throw new Error(`search-process-ab: the ${contender} child: ${child}`)
  try {
    if (COMPILE > 0) await child.settle({ seed: 7, queries: COMPILE, concurrency: 16 })
    await child.settle({ seed: 8, queries: SETTLE, concurrency })
    const perBlock = Math.max(1, Math.round(queries / BLOCKS))
    let cpu = 0
    let done = 0
    for (let block = 0; block < BLOCKS; block++) {
      if (GAP_MS > 0) await sleep(GAP_MS)
      const result = await child.block({ seed: 1_000 * concurrency + round * BLOCKS + block, queries: perBlock, concurrency })
      cpu += result.cpu
      done += result.ms.length
    }
    return cpu / done
  } finally {
    await child.close()
  }
}

/** The median and range of `xs`, as the bench prints a ratio. */
const summary = (xs: readonly number[]): string => `${median(xs).toFixed(3)} (spread ${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}, ${xs.length} rounds)`

/**
 * Runs the rounds for `contenders` (the first over the others) and prints, per concurrency, each
 * contender's median client CPU per query and the paired ratios.
 *
 * @example
 * ```ts
 * await withBenchServer((server) => searchProcessAB(server, ['ours', 'raw-protobufjs']))
 * ```
 */
export const searchProcessAB = async (server: BenchServer, contenders: readonly SearchContender[]): Promise<void> => {
  const [ours, ...peers] = contenders
  if (ours === undefined || peers.length === 0) throw new Error('search-process-ab: name at least two contenders')
  const setup = connect({ ...server })
  try {
    await resetBenchClass(server, SHAPE.className)
    await loadSeededObjects(setup, SHAPE.className, OBJECTS, SHAPE.dimensions)
    const { node } = await childNode()
    console.log(`search-process-ab: ${contenders.join(', ')}; ${ROUNDS} rounds; compile ${COMPILE}, settle ${SETTLE}, ${BLOCKS} blocks, gap ${GAP_MS} ms`)
    for (const { concurrency, queries } of SHAPES) {
      const cpu: Record<string, number[]> = {}
      for (let round = 0; round < ROUNDS; round++) {
        for (const contender of shuffled(contenders, 100 * concurrency + round)) {
          ;(cpu[contender] ??= []).push(await oneProcess(server, node, contender, concurrency, queries, round))
        }
      }
      for (const contender of contenders) console.log(`search-process-ab: c=${concurrency} ${contender} client cpu = ${median(cpu[contender] ?? []).toFixed(0)} µs/query`)
      const own = cpu[ours] ?? []
      for (const peer of peers) {
        const theirs = cpu[peer] ?? []
        console.log(`search-process-ab: c=${concurrency} client cpu ${ours}/${peer} = ${summary(own.map((x, i) => x / (theirs[i] ?? Number.NaN)))}`)
      }
    }
  } finally {
    await deleteBenchClass(server, SHAPE.className)
    await setup.close()
  }
}

const isContender = (x: string): x is SearchContender => SEARCH_CONTENDERS.some((c) => c === x)

if (require.main === module) {
  const named = process.argv.slice(2)
  const contenders = named.length === 0 ? ['ours', 'raw-protobufjs'] : named
  const unknown = contenders.filter((c) => !isContender(c))
  if (unknown.length > 0) throw new Error(`search-process-ab: no contender ${unknown.join(', ')} (${SEARCH_CONTENDERS.join(', ')})`)
  withBenchServer((server) => searchProcessAB(server, contenders.filter(isContender))).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
