/**
 * The default request clock (lib/http/clock.ts): what the attempt timers of the old shared timer
 * queue guaranteed, now for every timer of a request: it fires, a cancelled one does not, timers
 * fire in deadline order, and none keeps the process alive.
 */
import { Subscription, SchedulerAction } from 'rxjs'
import { requestClock } from '../../lib/http/clock'

const fired = (ms: number, log: string[], name: string): Promise<void> =>
  new Promise((resolve) => {
    requestClock.schedule(() => {
      log.push(name)
      resolve()
    }, ms)
  })

const refTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length

describe('requestClock', () => {
  it('fires a scheduled callback', async () => {
    const log: string[] = []
    await fired(1, log, 'a')
    expect(log).toEqual(['a'])
  })

  it('does not fire a cancelled callback', async () => {
    const log: string[] = []
    requestClock.schedule(() => log.push('cancelled'), 1).unsubscribe()
    await fired(5, log, 'kept')
    expect(log).toEqual(['kept'])
  })

  it('fires in deadline order, not in scheduling order', async () => {
    const log: string[] = []
    const late = fired(30, log, 'late')
    const early = fired(1, log, 'early')
    await Promise.all([late, early])
    expect(log).toEqual(['early', 'late'])
  })

  it('ignores cancelling twice', () => {
    const timer = requestClock.schedule(() => undefined, 1_000)
    timer.unsubscribe()
    expect(() => timer.unsubscribe()).not.toThrow()
  })

  it('keeps the other timers when one in the middle is cancelled', async () => {
    const log: string[] = []
    const a = fired(2, log, 'a')
    const middle = requestClock.schedule(() => log.push('middle'), 2)
    const c = fired(2, log, 'c')
    middle.unsubscribe()
    await Promise.all([a, c])
    expect(log.sort()).toEqual(['a', 'c'])
  })

  it('does not keep the process alive with a pending timer', () => {
    const before = refTimers()
    const timer = requestClock.schedule(() => undefined, 600_000)
    const during = refTimers()
    timer.unsubscribe()
    expect(during).toBe(before)
  })

  it('runs an action again when it reschedules itself', async () => {
    const runs: number[] = []
    await new Promise<void>((resolve) => {
      requestClock.schedule(function (this: SchedulerAction<number>, n?: number) {
        const count = n ?? 0
        runs.push(count)
        if (count < 2) this.schedule(count + 1, 1)
        else resolve()
      }, 1)
    })
    expect(runs).toEqual([0, 1, 2])
  })

  it('closes an action that has run without rescheduling', async () => {
    let subscription: Subscription | undefined
    await new Promise<void>((resolve) => {
      subscription = requestClock.schedule(() => setImmediate(resolve), 1)
    })
    expect(subscription?.closed).toBe(true)
  })

  it('reads the wall clock', () => {
    const before = Date.now()
    const now = requestClock.now()
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now).toBeLessThanOrEqual(Date.now())
  })
})
