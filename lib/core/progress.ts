/**
 * The one progress shape of every long operation: paged streams, batches, `deleteMany` and the
 * command. An operation that knows more (pages, items read, the settled watermark of a batch)
 * reports a shape that extends {@link Progress}, so one callback written for `Progress` serves
 * them all.
 *
 * @packageDocumentation
 */
import { SchedulerLike } from 'rxjs'

/**
 * Cumulative counts of one run of an operation, reported after every request and once more, with
 * `done: true`, at the end.
 *
 * @example
 * ```ts
 * const show = (p: Progress) => process.stderr.write(`\r${p.items} items (${p.failed} failed), ${Math.round(p.perSecond)}/s${p.done ? '\n' : ''}`)
 * client.objects.batch(objects, { onProgress: show })
 * client.objects.stream({ className: 'Article', onProgress: show })
 * client.objects.deleteMany({ className: 'Article', where: { path: ['draft'], operator: 'Equal', valueBoolean: true }, onProgress: show })
 * ```
 */
export interface Progress {
  /**
   * Items finished so far: emitted (a stream), written or failed (a batch), deleted or failed
   * (`deleteMany`).
   */
  readonly items: number
  /** Of `items`, those that failed (always 0 for a stream). */
  readonly failed: number
  /** Requests answered so far: pages, batch requests (each item retry counts), delete rounds. */
  readonly requests: number
  /** Time since the run started, on the operation's clock. */
  readonly elapsedMs: number
  /** `items` per second so far; 0 before any time has passed. */
  readonly perSecond: number
  /** `true` exactly once: on the last report, after the last result. */
  readonly done: boolean
}

/**
 * A progress callback. `OnProgress` (of the base shape) is accepted wherever a richer shape is
 * reported.
 *
 * @example
 * ```ts
 * const log: OnProgress = (p) => p.done && console.error(`${p.items} in ${p.elapsedMs} ms`)
 * ```
 */
export type OnProgress<P extends Progress = Progress> = (progress: P) => void

/** The counts a run keeps; the meter adds the time. */
export type ProgressCounts = Pick<Progress, 'items' | 'failed' | 'requests' | 'done'>

/**
 * Starts the clock of one run; the returned function turns counts into a {@link Progress}.
 */
export const progressMeter = (scheduler: SchedulerLike): ((counts: ProgressCounts) => Progress) => {
  const started = scheduler.now()
  return (counts) => {
    const elapsedMs = scheduler.now() - started
    return { ...counts, elapsedMs, perSecond: elapsedMs > 0 ? (counts.items * 1000) / elapsedMs : 0 }
  }
}
