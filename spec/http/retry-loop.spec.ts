/**
 * The retry loop in virtual time: retryWithPolicy alone, and the whole pipeline (createHttp) over
 * a fake transport, driven by a TestScheduler.
 */
import * as E from 'fp-ts/Either'
import { Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { ConnectionError, TimeoutError, UnexpectedStatusError, WeaviateError } from '../../lib/errors'
import { HttpOptions, Transport, createHttp } from '../../lib/http/pipeline'
import { AttemptLimit, Target } from '../../lib/http/request'
import { retryWithPolicy } from '../../lib/http/retry-loop'
import { HttpRequest, HttpResponse } from '../../lib/http/types'

/** Compares without stacks, like rxjs's own observableMatcher. */
const matcher = (actual: unknown, expected: unknown): void => {
  expect(actual).toEqual(expected)
}

let scheduler: TestScheduler
beforeEach(() => {
  scheduler = new TestScheduler(matcher)
})

const URL = 'http://a:8080/v1/meta'
const error500 = new UnexpectedStatusError({ method: 'GET', url: URL, status: 500, body: undefined, messages: ['boom'] })
const ok: HttpResponse = { method: 'GET', url: URL, status: 200, headers: {}, body: { ok: true } }

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

/** A fake transport: answers each attempt with the next observable from `script`, recording targets and limits. */
const fakeTransport = (script: Array<(limit: AttemptLimit) => Observable<HttpResponse>>) => {
  const calls: Array<{ origin: string; url: string; limit: AttemptLimit; headers: Readonly<Record<string, string>> }> = []
  const transport: Transport = (target: Target, limit: AttemptLimit) => {
    const next = script[Math.min(calls.length, script.length - 1)]
    calls.push({ origin: target.origin, url: target.url, limit, headers: target.headers })
    if (next === undefined) throw new Error('empty script')
    return next(limit)
  }
  return { calls, transport }
}

const httpWith = (transport: Transport, options: Partial<HttpOptions> = {}) =>
  createHttp(
    { urls: ['http://a:8080'], retry: { baseDelayMs: 10, random: () => 0.5 }, ...options },
    { scheduler, transport },
  )

const GET: HttpRequest = { method: 'GET', path: '/meta', expect: [200] }

/** @test {createHttp} */
describe('createHttp retry loop in virtual time', () => {
  it('waits 5 then 10 ms (random 0.5 × 10 × 2^(n-1)) and gives up after 3 attempts with the last error', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const attempt = cold<HttpResponse>('--#', undefined, error500)
      const { transport } = fakeTransport([() => attempt])
      expectObservable(httpWith(transport).send(GET)).toBe('---------------------#', undefined, error500)
      expectSubscriptions(attempt.subscriptions).toBe(['^-!', '-------^-!', '-------------------^-!'])
    })
  })

  it('caps the backoff at maxDelayMs', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const attempt = cold<HttpResponse>('#', undefined, error500)
      const { transport } = fakeTransport([() => attempt])
      const http = httpWith(transport, { retry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 12, random: () => 0.5 } })
      // waits 5, 6, 6
      expectObservable(http.send(GET)).toBe('17ms #', undefined, error500)
    })
  })

  it('waits a 503 Retry-After exactly, without jitter', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const busy = new UnexpectedStatusError({ method: 'GET', url: URL, status: 503, body: undefined, messages: [], retryAfterMs: 1000 })
      const { transport } = fakeTransport([() => cold('-#', undefined, busy), () => cold('-(r|)', { r: ok })])
      expectObservable(httpWith(transport).send(GET)).toBe('1s -- (r|)', { r: ok })
    })
  })

  it('gives up at once when Retry-After exceeds maxRetryAfterMs', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const busy = new UnexpectedStatusError({ method: 'GET', url: URL, status: 429, body: undefined, messages: [], retryAfterMs: 120_000 })
      const { transport, calls } = fakeTransport([() => cold('-#', undefined, busy)])
      expectObservable(httpWith(transport).send(GET)).toBe('-#', undefined, busy)
      scheduler.flush()
      expect(calls).toHaveLength(1)
    })
  })

  it('does not retry a POST', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-#', undefined, error500)])
      expectObservable(httpWith(transport).send({ ...GET, method: 'POST' })).toBe('-#', undefined, error500)
    })
  })

  it('retries a POST marked idempotent', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-#', undefined, error500), () => cold('-(r|)', { r: ok })])
      expectObservable(httpWith(transport).send({ ...GET, method: 'POST', idempotent: true })).toBe('-------(r|)', { r: ok })
    })
  })

  it('does not retry with retry: false on the call', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-#', undefined, error500), () => cold('-(r|)', { r: ok })])
      expectObservable(httpWith(transport).send({ ...GET, retry: false })).toBe('-#', undefined, error500)
    })
  })

  it('does not retry with retry: false on the client', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-#', undefined, error500), () => cold('-(r|)', { r: ok })])
      expectObservable(httpWith(transport, { retry: false }).send(GET)).toBe('-#', undefined, error500)
    })
  })

  it('lets the call override the client retry options', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('#', undefined, error500)])
      // attempts 2, base 100, random 0.5: one wait of 50
      expectObservable(httpWith(transport).send({ ...GET, retry: { attempts: 2, baseDelayMs: 100 } })).toBe(
        '50ms #',
        undefined,
        error500,
      )
    })
  })

  it('gives the attempt the per-attempt timeout while the deadline is far', () => {
    scheduler.run(({ cold }) => {
      const { transport, calls } = fakeTransport([() => cold('-(r|)', { r: ok })])
      httpWith(transport, { timeout: { attemptMs: 100, totalMs: 1_000 } }).send(GET).subscribe()
      scheduler.flush()
      expect(calls[0]?.limit).toEqual({ afterMs: 100, phase: 'attempt', timeoutMs: 100 })
    })
  })

  it('cuts a late attempt short with the total deadline', () => {
    scheduler.run(({ cold }) => {
      const { transport, calls } = fakeTransport([() => cold('20ms #', undefined, error500), () => cold('-(r|)', { r: ok })])
      // attempt 1 fails at 20, waits 5: attempt 2 starts at 25 with 5 ms left of 30
      httpWith(transport, { timeout: { attemptMs: 100, totalMs: 30 } }).send(GET).subscribe()
      scheduler.flush()
      expect(calls[1]?.limit).toEqual({ afterMs: 5, phase: 'total', timeoutMs: 30 })
    })
  })

  it('moves to the next node after a connection error and stays there', () => {
    scheduler.run(({ cold }) => {
      const refused = new ConnectionError({ method: 'GET', url: 'http://a:8080/v1/meta', code: 'ECONNREFUSED', detail: '' })
      const { transport, calls } = fakeTransport([() => cold('-#', undefined, refused), () => cold('-(r|)', { r: ok })])
      const http = httpWith(transport, { urls: ['http://a:8080', 'http://b:8080'] })
      http.send(GET).subscribe()
      scheduler.flush()
      http.send(GET).subscribe()
      scheduler.flush()
      expect(calls.map((c) => c.origin)).toEqual(['http://a:8080', 'http://b:8080', 'http://b:8080'])
    })
  })

  it('moves to the next node after an attempt timeout, round-robin', () => {
    scheduler.run(({ cold }) => {
      const slow = new TimeoutError({ method: 'GET', url: URL, phase: 'attempt', timeoutMs: 100 })
      const { transport, calls } = fakeTransport([() => cold('-#', undefined, slow)])
      const http = httpWith(transport, { urls: ['http://a:8080', 'http://b:8080'], retry: { attempts: 3, random: () => 0 } })
      http.send(GET).subscribe({ error: () => undefined })
      scheduler.flush()
      expect(calls.map((c) => c.origin)).toEqual(['http://a:8080', 'http://b:8080', 'http://a:8080'])
    })
  })

  it('stays on the node after a status error', () => {
    scheduler.run(({ cold }) => {
      const { transport, calls } = fakeTransport([() => cold('-#', undefined, error500), () => cold('-(r|)', { r: ok })])
      httpWith(transport, { urls: ['http://a:8080', 'http://b:8080'] }).send(GET).subscribe()
      scheduler.flush()
      expect(calls.map((c) => c.origin)).toEqual(['http://a:8080', 'http://a:8080'])
    })
  })

  it('sends the API key only as an authorization header of the attempt', () => {
    scheduler.run(({ cold }) => {
      const { transport, calls } = fakeTransport([() => cold('-(r|)', { r: ok })])
      httpWith(transport, { apiKey: 'k' }).send(GET).subscribe()
      scheduler.flush()
      expect(calls[0]?.headers).toEqual({ authorization: 'Bearer k' })
    })
  })
})

/** @test {HttpEffect.run} */
describe('createHttp run', () => {
  it('folds the interpretation into a Right', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(r|)', { r: ok })])
      const result = httpWith(transport).run(GET, (res) => E.right(res.status))
      expectObservable(result).toBe('-(v|)', { v: E.right(200) })
    })
  })

  it('folds a Left of the interpretation', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(r|)', { r: ok })])
      const result = httpWith(transport).run(GET, (): E.Either<WeaviateError, number> => E.left(error500))
      expectObservable(result).toBe('-(v|)', { v: E.left(error500) })
    })
  })

  it('folds a failed request into one Left', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-#', undefined, error500)])
      const result = httpWith(transport, { retry: false }).run(GET, (res) => E.right(res.status))
      expectObservable(result).toBe('-(v|)', { v: E.left(error500) })
    })
  })
})
