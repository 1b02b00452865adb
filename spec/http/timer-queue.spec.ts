/**
 * The shared attempt-timer queue.
 */
import { TimerQueue } from '../../lib/http/timer-queue'

const fired = (queue: TimerQueue, ms: number, log: string[], name: string): Promise<void> =>
  new Promise((resolve) => {
    queue.schedule(ms, () => {
      log.push(name)
      resolve()
    })
  })

describe('TimerQueue', () => {
  it('fires a scheduled callback', async () => {
    const log: string[] = []
    await fired(new TimerQueue(), 1, log, 'a')
    expect(log).toEqual(['a'])
  })

  it('does not fire a cancelled callback', async () => {
    const queue = new TimerQueue()
    const log: string[] = []
    queue.cancel(queue.schedule(1, () => log.push('cancelled')))
    await fired(queue, 5, log, 'kept')
    expect(log).toEqual(['kept'])
  })

  it('fires in deadline order, not in scheduling order', async () => {
    const queue = new TimerQueue()
    const log: string[] = []
    const late = fired(queue, 30, log, 'late')
    const early = fired(queue, 1, log, 'early')
    await Promise.all([late, early])
    expect(log).toEqual(['early', 'late'])
  })

  it('re-arms for an earlier deadline than the one armed', async () => {
    const queue = new TimerQueue()
    const log: string[] = []
    const far = queue.schedule(600_000, () => log.push('far'))
    await fired(queue, 1, log, 'near')
    queue.cancel(far)
    expect(log).toEqual(['near'])
  })

  it('ignores cancelling twice', () => {
    const queue = new TimerQueue()
    const entry = queue.schedule(1_000, () => undefined)
    queue.cancel(entry)
    expect(() => queue.cancel(entry)).not.toThrow()
  })

  it('keeps the other entries when one in the middle is cancelled', async () => {
    const queue = new TimerQueue()
    const log: string[] = []
    const a = fired(queue, 2, log, 'a')
    const middle = queue.schedule(2, () => log.push('middle'))
    const c = fired(queue, 2, log, 'c')
    queue.cancel(middle)
    await Promise.all([a, c])
    expect(log.sort()).toEqual(['a', 'c'])
  })
})
