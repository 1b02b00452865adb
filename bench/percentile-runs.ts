/**
 * Interleaved latency runs: each run of each contender gives the p50 and p99 of its calls and its
 * client CPU per call. Whole runs taking turns in a new (rotated) order every run, each after a
 * quiet pause (near-text.ts, aggregate.ts), or runs made of blocks the contenders take turns on
 * (search.ts); and the lines those runs print.
 */
import { collectGarbage, median, shuffled } from './harness'
import { reportRatio, reportValue } from './report'
import { percentile } from './seeded'

/** One timed run of a contender: the p50 and p99 of its calls' latencies (ms) and its client CPU per call (µs). */
export interface RunResult {
  readonly p50: number
  readonly p99: number
  readonly cpu: number
}

/** Every run's p50, p99 and CPU per contender, in the order taken: what reportRatio reads as times. */
export interface PercentileRuns {
  readonly p50: Record<string, number[]>
  readonly p99: Record<string, number[]>
  readonly cpu: Record<string, number[]>
}

/** A new order of the contenders for every run (rotated), so none always runs first. */
export const rotated = <T>(xs: readonly T[], by: number): T[] => xs.map((_, i) => xs[(i + by) % xs.length]).filter((x): x is T => x !== undefined)

/**
 * One timed run in this process: a full GC, the untimed `settle`, then `timed` (the latencies of
 * its `calls` calls) with this process's CPU over it.
 *
 * @example
 * ```ts
 * const result = await timedRun(() => latencies(name, search, warm, 16, 10), () => latencies(name, search, queries, 16, 10), queries.length)
 * ```
 */
export const timedRun = async (settle: () => Promise<unknown>, timed: () => Promise<number[]>, calls: number): Promise<RunResult> => {
  collectGarbage()
  await settle()
  const before = process.cpuUsage()
  const sorted = (await timed()).sort((a, b) => a - b)
  const used = process.cpuUsage(before)
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), cpu: (used.user + used.system) / calls }
}

/**
 * `runs` rounds of every contender's run, in a rotated order, each after `quietMs` of quiet (the
 * previous contender's after-effects end in it).
 *
 * @example
 * ```ts
 * const { p50, p99, cpu } = await percentileRuns({ ours: () => timedRun(...), 'raw-grpc': () => timedRun(...) }, 5, 1_000)
 * ```
 */
export const percentileRuns = async (contenders: Readonly<Record<string, () => Promise<RunResult>>>, runs: number, quietMs: number): Promise<PercentileRuns> => {
  const p50: Record<string, number[]> = {}
  const p99: Record<string, number[]> = {}
  const cpu: Record<string, number[]> = {}
  for (let run = 0; run < runs; run++) {
    for (const [name, runner] of rotated(Object.entries(contenders), run)) {
      await new Promise((resolve) => setTimeout(resolve, quietMs))
      const result = await runner()
      ;(cpu[name] ??= []).push(result.cpu)
      ;(p50[name] ??= []).push(result.p50)
      ;(p99[name] ??= []).push(result.p99)
    }
  }
  return { p50, p99, cpu }
}

/** A contender driven block by block (search.ts: a child process each): its untimed settle batch before a run, then the run's timed blocks. */
export interface BlockContender {
  settle(run: number): Promise<void>
  /** Block `block` of run `run`: the milliseconds of each call and the CPU (µs) over them. */
  block(run: number, block: number): Promise<{ readonly ms: readonly number[]; readonly cpu: number }>
}

/**
 * `runs` runs of every contender, each run `blocks` blocks of calls with the contenders taking
 * turns block by block in a new (shuffled) order every block, so a drift of the machine within a
 * run lands on every contender alike; each contender settles (a full GC and its untimed batch)
 * before every run. A run's p50 and p99 are over all its blocks' calls, its CPU the blocks' CPU
 * per call.
 *
 * @example
 * ```ts
 * const { p50, p99, cpu } = await blockRuns({ ours: oursChild, 'raw-grpc': rawChild }, 5, 10)
 * ```
 */
export const blockRuns = async (contenders: Readonly<Record<string, BlockContender>>, runs: number, blocks: number): Promise<PercentileRuns> => {
  const p50: Record<string, number[]> = {}
  const p99: Record<string, number[]> = {}
  const cpu: Record<string, number[]> = {}
  const names = Object.keys(contenders)
  const of = (name: string): BlockContender => {
    const contender = contenders[name]
    if (contender === undefined) throw new Error(`no contender ${name}`)
    return contender
  }
  for (let run = 0; run < runs; run++) {
    for (const name of rotated(names, run)) await of(name).settle(run)
    const ms: Record<string, number[]> = {}
    const used: Record<string, number> = {}
    for (let block = 0; block < blocks; block++) {
      for (const name of shuffled(names, run * blocks + block)) {
        const result = await of(name).block(run, block)
        ;(ms[name] ??= []).push(...result.ms)
        used[name] = (used[name] ?? 0) + result.cpu
      }
    }
    for (const name of names) {
      const sorted = (ms[name] ?? []).sort((a, b) => a - b)
      ;(p50[name] ??= []).push(percentile(sorted, 50))
      ;(p99[name] ??= []).push(percentile(sorted, 99))
      ;(cpu[name] ??= []).push((used[name] ?? Number.NaN) / sorted.length)
    }
  }
  return { p50, p99, cpu }
}

/**
 * The lines of one shape: `<name> <p50|p99> ours/<peer>` for every peer (then `alsoPer`'s own
 * lines for that percentile), `<name> client cpu ours/<peer>`, each contender's `<name> <contender>
 * <p50|p99> = <ms> ms` and `<name> <contender> client cpu = <µs> <unit>`.
 *
 * @example
 * ```ts
 * reportPercentileRuns('nearText c=1', runs, ['raw-grpc', 'raw-protobufjs'], 'µs/query')
 * ```
 */
export const reportPercentileRuns = (
  name: string,
  { cpu, ...times }: PercentileRuns,
  peers: readonly string[],
  unit: string,
  alsoPer?: (name: string, perRun: Readonly<Record<string, readonly number[]>>) => void,
): void => {
  for (const [p, perRun] of Object.entries(times)) {
    for (const peer of peers) reportRatio(`${name} ${p}`, perRun, peer)
    alsoPer?.(`${name} ${p}`, perRun)
  }
  for (const peer of peers) reportRatio(`${name} client cpu`, cpu, peer)
  for (const [p, perRun] of Object.entries(times)) {
    for (const [contender, ms] of Object.entries(perRun)) reportValue(`${name} ${contender} ${p}`, median(ms), 'ms', 3)
  }
  for (const [contender, us] of Object.entries(cpu)) reportValue(`${name} ${contender} client cpu`, median(us), unit, 0)
}
