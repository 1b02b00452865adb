/**
 * What every benchmark shares: timing loops, a full GC between contenders, medians of interleaved
 * runs (the lines themselves: report.ts).
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** One operation of a contender. */
export type Call = () => Promise<unknown>

export const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** Milliseconds for `total` calls made by `lanes` loops at once. */
export const timeLoops = async (call: Call, total: number, lanes: number): Promise<number> => {
  let remaining = total
  const lane = async (): Promise<void> => {
    while (remaining > 0) {
      remaining -= 1
      await call()
    }
  }
  const start = process.hrtime.bigint()
  await Promise.all(Array.from({ length: lanes }, lane))
  return Number(process.hrtime.bigint() - start) / 1e6
}

/**
 * A full garbage collection, so no contender pays for the garbage of the one before it (fetch and
 * weaviate-ts-client leave a lot; measured, whoever ran after them looked 20-30 % slower).
 */
export const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc')
  const gc: unknown = runInNewContext('gc')
  return typeof gc === 'function' ? () => void (gc as () => unknown)() : () => undefined
})()

/** A deterministic shuffle (LCG), so every run has another order and a rerun the same orders. */
export const shuffled = <T>(xs: readonly T[], seed: number): T[] => {
  const out = [...xs]
  let state = seed + 1
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 1
    const j = state % (i + 1)
    const a = out[i]
    const b = out[j]
    if (a !== undefined && b !== undefined) {
      out[i] = b
      out[j] = a
    }
  }
  return out
}

/**
 * Milliseconds of every timed run per contender, in the order they were taken (`reportRatio`
 * pairs run i of one contender with run i of another for the spread). Runs are interleaved in a new order every
 * run, after a full GC, and every timed batch follows an untimed `settle` batch of the same
 * contender: whoever runs right after fetch or weaviate-ts-client otherwise pays for their garbage
 * (measured: 10-30 %).
 */
export const measure = async (
  calls: Readonly<Record<string, Call>>,
  options: {
    readonly total: number
    readonly lanes: number
    readonly runs: number
    readonly warmup: number
    readonly settle?: number
    /** When given, each timed run's client CPU (user + system, µs, `process.cpuUsage`) per contender goes into it. */
    readonly cpu?: Record<string, number[]>
  },
): Promise<Record<string, number[]>> => {
  const entries = Object.entries(calls)
  const times: Record<string, number[]> = {}
  for (const [name, call] of entries) {
    times[name] = []
    await timeLoops(call, options.warmup, options.lanes)
  }
  for (let run = 0; run < options.runs; run++) {
    for (const [name, call] of shuffled(entries, run)) {
      collectGarbage()
      if (options.settle !== undefined) await timeLoops(call, options.settle, options.lanes)
      const before = process.cpuUsage()
      times[name]?.push(await timeLoops(call, options.total, options.lanes))
      const used = process.cpuUsage(before)
      if (options.cpu !== undefined) (options.cpu[name] ??= []).push(used.user + used.system)
    }
  }
  return times
}

/**
 * What a contender run in another process (vectors.ts' import children, the weaviate-client child
 * of official-client.ts) returns: its run's milliseconds and CPU (µs) as that process measured
 * them, which then stand for this process's.
 */
export interface MeasuredElsewhere {
  readonly measuredElsewhere: { readonly ms: number; readonly cpu: number }
}

/**
 * In a contender's child: a full GC, then `work`, and what the child reports for it: its wall
 * milliseconds and this process's CPU (µs, user + system) over it.
 *
 * @example
 * ```ts
 * serveParent(() => measuredHere(() => importEverything()), close)
 * ```
 */
export const measuredHere = async (work: () => Promise<unknown>): Promise<MeasuredElsewhere['measuredElsewhere']> => {
  collectGarbage()
  const start = process.hrtime.bigint()
  const before = process.cpuUsage()
  await work()
  const used = process.cpuUsage(before)
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, cpu: used.user + used.system }
}

const isMeasuredElsewhere = (x: unknown): x is MeasuredElsewhere => typeof x === 'object' && x !== null && 'measuredElsewhere' in x

/**
 * Milliseconds of every run per contender, interleaved (the order reversed every other run), each
 * after `reset` (a fresh class) and a full GC: the form of the import benches, one call per run.
 * With `cpu`, the client's CPU time of each run (user + system, `process.cpuUsage`, in µs) goes into
 * it per contender: a measure the server's share of the two cores does not move. A contender that
 * returns {@link MeasuredElsewhere} gives its own figures instead. With `check`, it runs after each
 * timed run, outside the timing (what the contender stored, read back: stored-check.ts).
 */
export const interleavedRuns = async (
  contenders: Readonly<Record<string, Call>>,
  runs: number,
  reset: () => Promise<unknown>,
  cpu?: Record<string, number[]>,
  check?: (name: string) => Promise<unknown>,
): Promise<Record<string, number[]>> => {
  const times: Record<string, number[]> = {}
  const names = Object.keys(contenders)
  for (let run = 0; run < runs; run++) {
    for (const name of run % 2 === 0 ? names : [...names].reverse()) {
      const contender = contenders[name]
      if (contender === undefined) continue
      await reset()
      collectGarbage()
      const start = process.hrtime.bigint()
      const before = process.cpuUsage()
      const result = await contender()
      const used = process.cpuUsage(before)
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      const elsewhere = isMeasuredElsewhere(result) ? result.measuredElsewhere : undefined
      ;(times[name] ??= []).push(elsewhere?.ms ?? ms)
      if (cpu !== undefined) (cpu[name] ??= []).push(elsewhere?.cpu ?? used.user + used.system)
      if (check !== undefined) await check(name)
    }
  }
  return times
}

/** The median of every contender's runs. */
export const medians = (times: Readonly<Record<string, readonly number[]>>): Record<string, number> =>
  Object.fromEntries(Object.entries(times).map(([name, xs]) => [name, median(xs)]))
