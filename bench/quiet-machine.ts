/**
 * Waiting for the machine to go quiet before a measurement: after an import the server keeps
 * working for seconds (memtable flushes, segment compaction, HNSW maintenance), and on two cores
 * that work lands on whichever contender runs first. Read from Linux's `/proc/stat` (the whole
 * machine, so a server given by `WEAVIATE_URL` on this machine counts too); elsewhere it waits
 * only the minimum.
 */
import { readFile } from 'node:fs/promises'

/** The machine's busy and total CPU ticks so far (all cores), or undefined without `/proc/stat`. */
const cpuTicks = async (): Promise<{ readonly busy: number; readonly total: number } | undefined> => {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => undefined)
  const fields = stat?.split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number)
  if (fields === undefined || fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return undefined
  const total = fields.reduce((a, b) => a + b, 0)
  // idle and iowait are the 4th and 5th fields.
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  return { busy: total - idle, total }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** How long {@link quietMachine} waits at least, at most, and what counts as quiet. */
export interface QuietOptions {
  /** Always waited (the server flushes its memtables 2 s after the last write). */
  readonly minMs: number
  /** Given up after this, quiet or not (the figures then carry the noise). */
  readonly maxMs: number
  /** Quiet: the busy share of all cores at most this over each of two half-second windows in a row. */
  readonly busyAtMost: number
}

const DEFAULTS: QuietOptions = { minMs: 4_000, maxMs: 60_000, busyAtMost: 0.1 }

/**
 * Waits `minMs`, then until the machine's CPU has been quiet for two half-second windows in a row
 * (or `maxMs` in all), and says how long it waited.
 *
 * @example
 * ```ts
 * const waited = await quietMachine() // after an import: the server's compactions done
 * console.log(`  settled in ${waited} ms`)
 * ```
 */
export const quietMachine = async (options: Partial<QuietOptions> = {}): Promise<number> => {
  const { minMs, maxMs, busyAtMost } = { ...DEFAULTS, ...options }
  const start = Date.now()
  await sleep(minMs)
  let quietWindows = 0
  let before = await cpuTicks()
  while (before !== undefined && quietWindows < 2 && Date.now() - start < maxMs) {
    await sleep(500)
    const after = await cpuTicks()
    if (after === undefined) break
    const share = after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0
    quietWindows = share <= busyAtMost ? quietWindows + 1 : 0
    before = after
  }
  return Date.now() - start
}
