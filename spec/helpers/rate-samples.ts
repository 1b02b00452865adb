/**
 * The rate of a batch run read from its progress reports: the `sent` count (items sent, as the
 * pace let them go) at each report's `elapsedMs`, on the same clock as the pace.
 */
import type { BatchProgress } from '../../lib'
import type { ObjectBatchOptions } from '../../lib/objects/batch'

/** The three writers of `objects.batch` a rate is held on. */
export const RATE_WRITERS: ReadonlyArray<{ readonly name: string; readonly options: ObjectBatchOptions }> = [
  { name: 'REST', options: { transport: 'rest' } },
  { name: 'BatchObjects', options: { transport: 'grpc', grpcMethod: 'unary' } },
  { name: 'BatchStream', options: { transport: 'grpc', grpcMethod: 'stream' } },
]

/** A run's reports, from a first one at time 0 with nothing sent. */
export type Sample = Pick<BatchProgress, 'elapsedMs' | 'sent' | 'done'>

/** The most items sent between two reports less than a minute apart. */
export const busiestMinute = (samples: readonly Sample[]): number =>
  Math.max(...samples.flatMap((a, i) => samples.slice(i + 1).filter((b) => b.elapsedMs - a.elapsedMs < 60_000).map((b) => b.sent - a.sent)))

/**
 * How far the busiest stretch between two reports goes beyond an even pace of `perMinute`: the
 * items sent minus those the rate allows in that time; one request's worth at most when requests
 * go out a second apart.
 */
export const burstBeyondPace = (samples: readonly Sample[], perMinute: number): number =>
  Math.max(...samples.flatMap((a, i) => samples.slice(i + 1).map((b) => b.sent - a.sent - ((b.elapsedMs - a.elapsedMs) * perMinute) / 60_000)))
