/**
 * Memory of a run in a fresh child process, as the stream and batch benchmarks measure it: a
 * baseline after a full GC, then the peak while the work runs, sampled every 10 ms and whenever
 * the work calls `sample()`. Two measures: resident memory (RSS, what the OS sees; its post-GC
 * baseline keeps whatever ts-node's compilation grew it to, so a small rise can read as 0) and
 * live memory (V8 heap used + external buffers, which a GC does shrink).
 */
import { collectGarbage } from './harness'
import { reportValue } from './report'
import { type BenchServer, benchServerEnv } from './server-env'
import { taggedChildResult } from './tagged-child'

/** What a child reports: baselines and peaks in bytes, and how many items it handled. */
export interface MemoryResult {
  readonly baselineRss: number
  readonly peakRss: number
  readonly baselineLive: number
  readonly peakLive: number
  readonly items: number
}

const TAG = 'bench-memory-result '

const live = (): number => {
  const m = process.memoryUsage()
  return m.heapUsed + m.external
}

/**
 * In the child: takes the baselines after a GC, runs `work` (which returns its item count) while
 * sampling, and prints the result line the parent reads.
 */
export const measureInChild = async (work: (sample: () => void) => Promise<number>): Promise<void> => {
  collectGarbage()
  const baselineRss = process.memoryUsage.rss()
  const baselineLive = live()
  let peakRss = baselineRss
  let peakLive = baselineLive
  const sample = (): void => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
    peakLive = Math.max(peakLive, live())
  }
  const timer = setInterval(sample, 10)
  timer.unref()
  let items: number
  try {
    items = await work(sample)
    sample()
  } finally {
    clearInterval(timer)
  }
  const result: MemoryResult = { baselineRss, peakRss, baselineLive, peakLive, items }
  process.stdout.write(`${TAG}${JSON.stringify(result)}\n`)
}

const isMemoryResult = (x: unknown): x is MemoryResult =>
  typeof x === 'object' &&
  x !== null &&
  ['baselineRss', 'peakRss', 'baselineLive', 'peakLive', 'items'].every((k) => typeof (x as Record<string, unknown>)[k] === 'number')

/**
 * In the parent: runs `node -r ts-node/register/transpile-only <file> ...args` with `server` in its
 * environment (the child finds it with `givenBenchServer()`; the key stays off the command line);
 * checks it handled `expected` items.
 */
export const runMemoryChild = async (file: string, server: BenchServer, args: readonly string[], expected: number): Promise<MemoryResult> => {
  const parsed = await taggedChildResult({ file, args, env: benchServerEnv(server), tag: TAG })
  if (!isMemoryResult(parsed)) throw new Error(`memory child ${file} printed ${JSON.stringify(parsed)}`)
  if (parsed.items !== expected) throw new Error(`memory child ${file} handled ${parsed.items} items, expected ${expected}`)
  return parsed
}

const mb = (bytes: number): number => bytes / (1024 * 1024)

/**
 * Prints the memory lines of one or two runs: `<prefix> <n> peak` (RSS above baseline, MB),
 * `<prefix> <n> peak heap` (heap + external above baseline, MB), and for two runs
 * `<prefix> <large>/<small> peak rss` (the ratio of the peaks themselves: a rise near 0 makes a
 * ratio of rises meaningless) and `<prefix> <large>/<small> peak heap` (the ratio of the rises).
 */
export const reportMemory = (prefix: string, runs: ReadonlyArray<readonly [string, MemoryResult]>): void => {
  for (const [n, r] of runs) {
    reportValue(`${prefix} ${n} peak`, mb(r.peakRss - r.baselineRss), 'MB', 1)
    reportValue(`${prefix} ${n} peak heap`, mb(r.peakLive - r.baselineLive), 'MB', 1)
  }
  const [small, large] = runs
  if (small === undefined || large === undefined) return
  console.log(`  ${prefix} baselines (rss): ${runs.map(([n, r]) => `${n} ${mb(r.baselineRss).toFixed(0)} MB`).join(', ')}`)
  reportValue(`${prefix} ${large[0]}/${small[0]} peak rss`, large[1].peakRss / small[1].peakRss)
  reportValue(`${prefix} ${large[0]}/${small[0]} peak heap`, (large[1].peakLive - large[1].baselineLive) / (small[1].peakLive - small[1].baselineLive))
}
