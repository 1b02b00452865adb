/**
 * Stream group 1: the whole class streamed and counted at page sizes 100, 500 and 1,000, all seven
 * contenders of stream-contenders.ts interleaved.
 *
 * Lines: `bench: stream page=<n> ours/undici-seq`, `ours/undici-prefetch`,
 * `ours/weaviate-ts-client`, `ours-for-await/undici-seq`, `ours-pages/undici-seq` and
 * `ours-pages/undici-prefetch`, each with its spread; and `undici-prefetch/undici-seq`: what one
 * prefetched page buys the hand-written loop itself on this machine (when the server is the
 * bottleneck, nothing that prefetches can go below it); and `undici-cursor-first/undici-seq`: the
 * most any cursor stream can overlap on this machine. Then `stream page=<n> client cpu
 * ours/undici-seq` and `ours/undici-prefetch` (this process's CPU over each run, user + system),
 * and the client CPU per object of ours, ours-pages and undici-seq.
 *
 * Every contender gets the same warm-up before its timed runs: at the first page size as many
 * passes as stream WARMUP_PAGES pages (3 at 100,000 objects and page 100), WARMUP at the others.
 */
import { measure, median } from './harness'
import { reportRatio, reportValue } from './report'
import {
  StreamBenchContext,
  WARMUP,
  checked,
  formatMs,
  label,
  oursCount,
  oursForAwait,
  oursPagesCount,
  peerLoop,
  undiciCursorFirst,
  undiciPrefetch,
  undiciSequential,
  warmupPasses,
} from './stream-contenders'

/** Group 1's page sizes: BENCH_STREAM_PAGE_SIZES (comma-separated) for development runs, else 100, 500, 1,000. */
const pageSizesFromEnv = (): readonly number[] => {
  const raw = process.env['BENCH_STREAM_PAGE_SIZES']
  if (raw === undefined || raw === '') return [100, 500, 1_000]
  const sizes = raw.split(',').map(Number)
  if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`BENCH_STREAM_PAGE_SIZES takes page sizes (100,500); got '${raw}'`)
  return sizes
}

/** Runs group 1 and prints its lines. */
export const benchStreamPageSizes = async ({ server, className, total, ours, peer, runs }: StreamBenchContext): Promise<void> => {
  const pageSizes = pageSizesFromEnv()
  for (const pageSize of pageSizes) {
    const cpu: Record<string, number[]> = {}
    const times = await measure(
      {
        ours: checked('ours', total, () => oursCount(ours, className, pageSize)),
        'ours-for-await': checked('ours-for-await', total, () => oursForAwait(ours, className, pageSize)),
        'ours-pages': checked('ours-pages', total, () => oursPagesCount(ours, className, pageSize)),
        'undici-seq': checked('undici-seq', total, () => undiciSequential(server, className, pageSize)),
        'undici-prefetch': checked('undici-prefetch', total, () => undiciPrefetch(server, className, pageSize)),
        'undici-cursor-first': checked('undici-cursor-first', total, () => undiciCursorFirst(server, className, pageSize)),
        'weaviate-ts-client': checked('weaviate-ts-client', total, () => peerLoop(peer, className, pageSize)),
      },
      // The same warm-up for every contender: at the first page size enough passes for WARMUP_PAGES pages each, then WARMUP.
      { total: 1, lanes: 1, runs, warmup: pageSize === pageSizes[0] ? warmupPasses(total, pageSize) : WARMUP, cpu },
    )
    console.log(`  stream ${label(total)} page=${pageSize} median: ${formatMs(times)}`)
    for (const peerName of ['undici-seq', 'undici-prefetch', 'weaviate-ts-client']) reportRatio(`stream page=${pageSize}`, times, peerName)
    reportRatio(`stream page=${pageSize}`, times, 'undici-seq', 'ours-for-await')
    for (const peerName of ['undici-seq', 'undici-prefetch']) reportRatio(`stream page=${pageSize}`, times, peerName, 'ours-pages')
    // What one prefetched page buys a hand-written loop on this machine: the ceiling of prefetching.
    reportRatio(`stream page=${pageSize}`, times, 'undici-seq', 'undici-prefetch')
    // The same with the cursor read from the raw text before the parse: the most any cursor stream can overlap.
    reportRatio(`stream page=${pageSize}`, times, 'undici-seq', 'undici-cursor-first')
    // Client CPU (this process's, user + system, per run): what the server's share of the cores moves least.
    for (const peerName of ['undici-seq', 'undici-prefetch']) reportRatio(`stream page=${pageSize} client cpu`, cpu, peerName)
    for (const name of ['ours', 'ours-pages', 'undici-seq']) reportValue(`stream page=${pageSize} ${name} client cpu`, median(cpu[name] ?? []) / total, 'µs/object', 2)
  }
}
