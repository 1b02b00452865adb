/**
 * The retry loop in virtual time: retryWithPolicy alone, driven by a TestScheduler. The whole
 * pipeline in virtual time is in pipeline-virtual-time.spec.ts.
 */
import { Observable } from 'rxjs'
import type { TestScheduler } from 'rxjs/testing'
import { testScheduler } from '../helpers/test-scheduler'
import { UnexpectedStatusError } from '../../lib/core/errors'
import { retryWithPolicy } from '../../lib/transport/http/retry-with-policy'

let scheduler: TestScheduler
beforeEach(() => {
  scheduler = testScheduler()
})

const URL = 'http://a:8080/v1/meta'
const error500 = new UnexpectedStatusError({ method: 'GET', url: URL, status: 500, body: undefined, messages: ['boom'] })

/** @test {retryWithPolicy} */
describe('retryWithPolicy', () => {
  it('resubscribes after each wait the policy gives', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<string>('--#', undefined, error500)
      const waits = [3, 5]
      const result = source.pipe(retryWithPolicy({ delay: (_e, n) => waits[n - 1] }))
      // fails at 2, waits 3, fails at 7, waits 5, fails at 14 and the policy gives up
      expectObservable(result).toBe('14ms #', undefined, error500)
      expectSubscriptions(source.subscriptions).toBe(['^-!', '5ms ^-!', '12ms ^-!'])
    })
  })

  it('passes the 1-based number of the failed attempt to the policy', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const seen: number[] = []
      const result = cold<string>('#', undefined, error500).pipe(
        retryWithPolicy({ delay: (_e, n) => (seen.push(n), n < 3 ? 1 : undefined) }),
      )
      expectObservable(result).toBe('--#', undefined, error500)
      scheduler.flush()
      expect(seen).toEqual([1, 2, 3])
    })
  })

  it('emits the value of the first successful attempt', () => {
    scheduler.run(({ cold, expectObservable }) => {
      let attempt = 0
      const source = new Observable<string>((subscriber) => {
        attempt += 1
        return (attempt < 3 ? cold<string>('-#', undefined, error500) : cold('-(a|)')).subscribe(subscriber)
      })
      expectObservable(source.pipe(retryWithPolicy({ delay: () => 2 }))).toBe('-------(a|)')
    })
  })

  it('passes a non-Weaviate error on without asking the policy', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const bug = new TypeError('bug')
      const policy = jest.fn(() => 1)
      expectObservable(cold('-#', undefined, bug).pipe(retryWithPolicy({ delay: policy }))).toBe('-#', undefined, bug)
      scheduler.flush()
      expect(policy).not.toHaveBeenCalled()
    })
  })

  it('cancels the pending wait on unsubscribe', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<string>('-#', undefined, error500)
      expectObservable(source.pipe(retryWithPolicy({ delay: () => 10 })), '---!').toBe('---')
      expectSubscriptions(source.subscriptions).toBe(['^!'])
    })
  })
})
