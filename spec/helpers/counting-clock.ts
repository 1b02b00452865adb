/**
 * A clock (an RxJS `SchedulerLike` on real time) that knows which of the actions scheduled on it
 * still hold a timer: each action `asyncScheduler` hands back stays open while its timer is
 * pending (or rescheduled) and closes when it has run or was unsubscribed. Given to one client,
 * it counts that client's timers only, not the process's.
 */
import { SchedulerAction, SchedulerLike, Subscription, asyncScheduler } from 'rxjs'

export interface CountingClock {
  readonly clock: SchedulerLike
  /** How many actions scheduled on `clock` still wait for their timer. */
  readonly pending: () => number
}

export const countingClock = (): CountingClock => {
  const actions = new Set<Subscription>()
  const clock: SchedulerLike = {
    now: () => asyncScheduler.now(),
    schedule: <T>(work: (this: SchedulerAction<T>, state?: T) => void, delay?: number, state?: T): Subscription => {
      const action = asyncScheduler.schedule(work, delay, state)
      actions.add(action)
      return action
    },
  }
  return { clock, pending: () => [...actions].filter((a) => !a.closed).length }
}
