/**
 * The one clock of a request. Every time read and every timer of the pipeline (the attempt
 * timeout, the total deadline, the retry backoff, the `now` of a `Retry-After` date) goes through
 * one RxJS `SchedulerLike`, so a spec can hand the whole request to a `TestScheduler`.
 *
 * The default, {@link requestClock}, is `asyncScheduler` with two differences: its timers are
 * unref'd (a pending timeout never keeps the process alive; a pending request does that through
 * its socket), and a delay beyond Node's timer range (about 24.8 days) is waited in steps instead
 * of firing after 1 ms.
 *
 * @packageDocumentation
 */
import { SchedulerAction, SchedulerLike, Subscription } from 'rxjs'

/** The longest delay one Node timer holds (2^31 - 1 ms). */
const MAX_TIMER_MS = 2_147_483_647

/** One scheduled piece of work: one unref'd Node timer at a time, cleared on unsubscribe. */
class TimerAction<T> extends Subscription implements SchedulerAction<T> {
  private handle: ReturnType<typeof setTimeout> | undefined = undefined
  private rescheduled = false

  constructor(private readonly work: (this: SchedulerAction<T>, state?: T) => void) {
    super()
    this.add(() => this.clear())
  }

  schedule(state?: T, delay = 0): Subscription {
    if (this.closed) return this
    this.clear()
    this.rescheduled = true
    this.arm(state, Math.max(0, delay))
    return this
  }

  private arm(state: T | undefined, delay: number): void {
    const step = Math.min(delay, MAX_TIMER_MS)
    const handle = setTimeout(() => (step < delay ? this.arm(state, delay - step) : this.run(state)), step)
    handle.unref()
    this.handle = handle
  }

  private run(state: T | undefined): void {
    this.handle = undefined
    this.rescheduled = false
    try {
      this.work.call(this, state)
    } finally {
      if (!this.rescheduled) this.unsubscribe()
    }
  }

  private clear(): void {
    if (this.handle === undefined) return
    clearTimeout(this.handle)
    this.handle = undefined
  }
}

/**
 * The default clock of every request: `Date.now()` and unref'd timers. Inject another
 * `SchedulerLike` (a `TestScheduler`) to run requests in virtual time.
 *
 * @example
 * ```ts
 * const timer = requestClock.schedule(() => console.log('late'), 30_000)
 * timer.unsubscribe() // cancelled; and had it stayed, it would not have kept the process alive
 * ```
 */
export const requestClock: SchedulerLike = {
  now: () => Date.now(),
  schedule<T>(work: (this: SchedulerAction<T>, state?: T) => void, delay = 0, state?: T): Subscription {
    return new TimerAction(work).schedule(state, delay)
  },
}
