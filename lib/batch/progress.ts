/**
 * The counters behind {@link BatchProgress}: one tracker per batch run.
 *
 * @packageDocumentation
 */
import { SchedulerLike } from 'rxjs'
import { BatchProgress } from './options'

/**
 * Counts a batch run and reports it.
 *
 * @example
 * ```ts
 * const progress = new ProgressTracker(console.log, asyncScheduler)
 * progress.readOne(); progress.settled(true); progress.report(false)
 * ```
 */
export class ProgressTracker {
  private read = 0
  private sent = 0
  private succeeded = 0
  private failed = 0
  private readonly started: number

  constructor(
    private readonly onProgress: ((progress: BatchProgress) => void) | undefined,
    private readonly scheduler: SchedulerLike,
  ) {
    this.started = scheduler.now()
  }

  readOne(): void {
    this.read += 1
  }

  sentSome(n: number): void {
    this.sent += n
  }

  settled(ok: boolean): void {
    if (ok) this.succeeded += 1
    else this.failed += 1
  }

  report(done: boolean): void {
    if (this.onProgress === undefined) return
    const elapsedMs = this.scheduler.now() - this.started
    const finished = this.succeeded + this.failed
    this.onProgress({
      read: this.read,
      sent: this.sent,
      succeeded: this.succeeded,
      failed: this.failed,
      elapsedMs,
      perSecond: elapsedMs > 0 ? (finished * 1000) / elapsedMs : 0,
      done,
    })
  }
}
