/**
 * Stream group 2: at page size 100 (the default), a consumer that burns ~20 µs of CPU per object,
 * where prefetching pays off: `bench: stream page=100 cpu-consumer ours/<peer>` and
 * `ours-for-await/undici-prefetch`.
 */
import { measure } from './harness'
import { reportRatio } from './report'
import {
  CONSUMER_US,
  StreamBenchContext,
  WARMUP,
  checked,
  consume,
  formatMs,
  label,
  oursConsumer,
  oursForAwait,
  peerLoop,
  undiciPrefetch,
  undiciSequential,
} from './stream-contenders'

/** Runs group 2 and prints its lines. */
export const benchStreamCpuConsumer = async ({ server, className, total, ours, peer, runs }: StreamBenchContext): Promise<void> => {
  const busy = await measure(
    {
      ours: checked('ours', total, () => oursConsumer(ours, className, 100)),
      'ours-for-await': checked('ours-for-await', total, () => oursForAwait(ours, className, 100, consume)),
      'undici-seq': checked('undici-seq', total, () => undiciSequential(server, className, 100, consume)),
      'undici-prefetch': checked('undici-prefetch', total, () => undiciPrefetch(server, className, 100, consume)),
      'weaviate-ts-client': checked('weaviate-ts-client', total, () => peerLoop(peer, className, 100, consume)),
    },
    { total: 1, lanes: 1, runs, warmup: WARMUP },
  )
  console.log(`  stream ${label(total)} page=100 cpu-consumer (${CONSUMER_US} µs/object) median: ${formatMs(busy)}`)
  for (const peerName of ['undici-seq', 'undici-prefetch', 'weaviate-ts-client']) reportRatio('stream page=100 cpu-consumer', busy, peerName)
  reportRatio('stream page=100 cpu-consumer', busy, 'undici-prefetch', 'ours-for-await')
}
