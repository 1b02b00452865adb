/**
 * Attempt timers that cost almost nothing when they do not fire. Every request has a timeout but
 * nearly none expires; a Node `setTimeout`/`clearTimeout` pair per request creates and tears down
 * a timer list and a libuv timer each time. Here all pending deadlines share one real (unref'd)
 * timer, armed for the earliest deadline; cancelling only unlinks an entry, and the timer is re-armed
 * from the survivors when it fires.
 *
 * @packageDocumentation
 */
import { performance } from 'node:perf_hooks'

/**
 * A scheduled callback; pass it to {@link TimerQueue.cancel}.
 *
 * @example
 * ```ts
 * const entry: TimerEntry = attemptTimers.schedule(100, onTimeout)
 * ```
 */
export interface TimerEntry {
  /** `performance.now()` at which `fire` runs. */
  readonly at: number
  readonly fire: () => void
  prev: TimerEntry | undefined
  next: TimerEntry | undefined
  /** False once fired or cancelled. */
  live: boolean
}

/**
 * One shared timer for many deadlines.
 *
 * @example
 * ```ts
 * const entry = attemptTimers.schedule(30_000, () => controller.abort())
 * // ... the response arrived:
 * attemptTimers.cancel(entry)
 * ```
 */
export class TimerQueue {
  private head: TimerEntry | undefined
  private timer: NodeJS.Timeout | undefined
  private armedAt = Number.POSITIVE_INFINITY

  /** Runs `fire` after `ms` milliseconds unless cancelled first. */
  schedule(ms: number, fire: () => void): TimerEntry {
    const entry: TimerEntry = { at: performance.now() + Math.max(0, ms), fire, prev: undefined, next: this.head, live: true }
    if (this.head !== undefined) this.head.prev = entry
    this.head = entry
    if (entry.at < this.armedAt) this.arm(entry.at)
    return entry
  }

  /** Forgets `entry`; a no-op when it has fired or was cancelled. */
  cancel(entry: TimerEntry): void {
    if (!entry.live) return
    entry.live = false
    if (entry.prev !== undefined) entry.prev.next = entry.next
    else this.head = entry.next
    if (entry.next !== undefined) entry.next.prev = entry.prev
    entry.prev = undefined
    entry.next = undefined
  }

  private arm(at: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.armedAt = at
    this.timer = setTimeout(() => this.expire(), Math.max(0, Math.ceil(at - performance.now())))
    // Pending requests keep the process alive through their sockets; the timer never does.
    this.timer.unref()
  }

  private expire(): void {
    this.timer = undefined
    this.armedAt = Number.POSITIVE_INFINITY
    const now = performance.now()
    const due: TimerEntry[] = []
    let earliest = Number.POSITIVE_INFINITY
    for (let entry = this.head; entry !== undefined; entry = entry.next) {
      if (entry.at <= now) due.push(entry)
      else if (entry.at < earliest) earliest = entry.at
    }
    for (const entry of due) this.cancel(entry)
    if (earliest !== Number.POSITIVE_INFINITY) this.arm(earliest)
    for (const entry of due) entry.fire()
  }
}

/**
 * The queue all attempt timeouts share.
 *
 * @example
 * ```ts
 * const entry = attemptTimers.schedule(50, () => console.log('late'))
 * ```
 */
export const attemptTimers = new TimerQueue()
