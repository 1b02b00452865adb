/**
 * The counts behind {@link BatchProgress}: one tally per batch run, reported in the common
 * progress shape.
 *
 * @packageDocumentation
 */
import { SchedulerLike } from 'rxjs'
import { progressMeter } from '../core/progress'
import type { BatchSizer } from './dynamic-size'
import { BatchProgress, ResolvedBatchOptions } from './options'
import { settledWatermark } from './settled-watermark'

/**
 * Counts a batch run and reports it.
 */
export interface BatchTally {
  /** One item taken from the source. */
  read(): void
  /** `n` items sent for the first time. */
  sent(n: number): void
  /** A request answered (or failed for good), item retries included. */
  answered(): void
  /** Item `index` has its final result. */
  settled(index: number, ok: boolean): void
  /** Calls the callback with the counts so far. */
  report(done: boolean): void
}

/**
 * A tally for one run; its clock starts now.
 */
export const batchTally = (onProgress: ResolvedBatchOptions['onProgress'], scheduler: SchedulerLike, sizer?: BatchSizer): BatchTally => {
  const meter = progressMeter(scheduler)
  const watermark = settledWatermark()
  let read = 0
  let sent = 0
  let requests = 0
  let succeeded = 0
  let failed = 0
  return {
    read: () => {
      read += 1
    },
    sent: (n) => {
      sent += n
    },
    answered: () => {
      requests += 1
    },
    settled: (index, ok) => {
      if (ok) succeeded += 1
      else failed += 1
      watermark.settle(index)
    },
    report: (done) => {
      if (onProgress === undefined) return
      const progress: BatchProgress = {
        ...meter({ items: succeeded + failed, failed, requests, done }),
        read,
        sent,
        succeeded,
        settledThrough: watermark.through(),
        ...(sizer === undefined ? {} : { batchSize: sizer.size() }),
      }
      onProgress(progress)
    },
  }
}
