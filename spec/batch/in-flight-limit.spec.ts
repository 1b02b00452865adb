/**
 * The limit on a run's calls in flight (`BatchObjects` after a fallback from `BatchStream`): at
 * most `limit` calls subscribed at once, the others started in turn as slots free, and a waiting
 * call that is unsubscribed never started.
 */
import { Observable, Subject } from 'rxjs'
import { inFlightLimit } from '../../lib/batch/in-flight-limit'

/** Calls that stay in flight until ended from the test; `started` lists them as they subscribe. */
const calls = () => {
  const started: number[] = []
  const ends = new Map<number, Subject<string>>()
  const call = (n: number): Observable<string> =>
    new Observable<string>((subscriber) => {
      started.push(n)
      const end = new Subject<string>()
      ends.set(n, end)
      return end.subscribe(subscriber)
    })
  const complete = (n: number): void => {
    ends.get(n)?.next(`done ${n}`)
    ends.get(n)?.complete()
  }
  const fail = (n: number): void => ends.get(n)?.error(new Error(`failed ${n}`))
  return { started, call, complete, fail }
}

describe('inFlightLimit', () => {
  it('subscribes at most `limit` calls at once and starts the next, in order, when one completes', () => {
    const { started, call, complete } = calls()
    const limit = inFlightLimit(2)
    const values: string[] = []
    for (const n of [1, 2, 3, 4]) limit(call(n)).subscribe((v) => values.push(v))
    expect(started).toEqual([1, 2])
    complete(2)
    expect(started).toEqual([1, 2, 3])
    complete(1)
    complete(3)
    expect(started).toEqual([1, 2, 3, 4])
    expect(values).toEqual(['done 2', 'done 1', 'done 3'])
  })

  it('frees the slot of a call that fails or is unsubscribed', () => {
    const { started, call, fail } = calls()
    const limit = inFlightLimit(1)
    const errors: unknown[] = []
    limit(call(1)).subscribe({ error: (e: unknown) => errors.push(e) })
    const second = limit(call(2)).subscribe()
    limit(call(3)).subscribe()
    fail(1)
    expect(started).toEqual([1, 2])
    second.unsubscribe()
    expect(started).toEqual([1, 2, 3])
    expect(errors).toEqual([new Error('failed 1')])
  })

  it('never starts a call unsubscribed while it waits for a slot', () => {
    const { started, call, complete } = calls()
    const limit = inFlightLimit(1)
    limit(call(1)).subscribe()
    const waiting = limit(call(2)).subscribe()
    limit(call(3)).subscribe()
    waiting.unsubscribe()
    complete(1)
    expect(started).toEqual([1, 3])
  })
})
