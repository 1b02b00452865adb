/**
 * Stream group 3: the class streamed by 4 ordered partitions against 1 (page size 1,000):
 * `bench: stream 100k partitions4/partitions1`.
 */
import { measure } from './harness'
import { reportRatio } from './report'
import { StreamBenchContext, WARMUP, checked, formatMs, label, oursCount } from './stream-contenders'

/** Runs group 3 and prints its line. */
export const benchStreamPartitions = async ({ className, total, ours, runs }: StreamBenchContext): Promise<void> => {
  const parts = await measure(
    {
      partitions1: checked('partitions1', total, () => oursCount(ours, className, 1_000, 1)),
      partitions4: checked('partitions4', total, () => oursCount(ours, className, 1_000, 4)),
    },
    { total: 1, lanes: 1, runs, warmup: WARMUP },
  )
  console.log(`  stream ${label(total)} partitions median: ${formatMs(parts)}`)
  reportRatio(`stream ${label(total)}`, parts, 'partitions1', 'partitions4')
}
