/**
 * The whole pipeline (createHttp) in virtual time: a fake transport answers with raw status,
 * headers and text, and one TestScheduler is the request's only clock, so attempt timeouts, the
 * total deadline, backoff and Retry-After dates all run on it.
 */
import * as E from 'fp-ts/Either'
import { Observable } from 'rxjs'
import type { TestScheduler } from 'rxjs/testing'
import { testScheduler } from '../helpers/test-scheduler'
import { ConnectionError, TimeoutError, UnexpectedStatusError, WeaviateError } from '../../lib/core/errors'
import { CLIENT_HEADER, HttpOptions } from '../../lib/transport/http/options'
import { createUndiciHttp as createHttp } from '../../lib/transport/http/undici-connections'
import { RawResponse, Target, Transport } from '../../lib/transport/http/transport'
import { HttpRequest, HttpResponse } from '../../lib/transport/http/types'

let scheduler: TestScheduler
beforeEach(() => {
  scheduler = testScheduler()
})

const URL = 'http://a:8080/v1/meta'
const answer500: RawResponse = { status: 500, headers: {}, text: '{"error":[{"message":"boom"}]}' }
const error500 = new UnexpectedStatusError({ method: 'GET', url: URL, status: 500, body: { error: [{ message: 'boom' }] }, messages: ['boom'] })
const answer200: RawResponse = { status: 200, headers: {}, text: '{"ok":true}' }
const ok: HttpResponse = { method: 'GET', url: URL, status: 200, headers: {}, body: { ok: true } }
const attemptTimeout = (timeoutMs: number): TimeoutError => new TimeoutError({ method: 'GET', url: URL, phase: 'attempt', timeoutMs })
const totalTimeout = (timeoutMs: number): TimeoutError => new TimeoutError({ method: 'GET', url: URL, phase: 'total', timeoutMs })

/** A fake transport: answers each exchange with the next observable from `script`, recording the targets. */
const fakeTransport = (script: Array<() => Observable<RawResponse>>) => {
  const calls: Array<{ origin: string; url: string; headers: Readonly<Record<string, string>> }> = []
  const transport: Transport = (target: Target) => {
    const next = script[Math.min(calls.length, script.length - 1)]
    calls.push({ origin: target.origin, url: target.url, headers: target.headers })
    if (next === undefined) throw new Error('empty script')
    return next()
  }
  return { calls, transport }
}

const httpWith = (transport: Transport, options: Partial<HttpOptions> = {}) =>
  createHttp({ urls: ['http://a:8080'], retry: { baseDelayMs: 10, random: () => 0.5 }, ...options }, { scheduler, transport })

const GET: HttpRequest = { method: 'GET', path: '/meta', expect: [200] }

/** @test {createHttp} */
describe('createHttp retry loop in virtual time', () => {
  it('waits 5 then 10 ms (random 0.5 × 10 × 2^(n-1)) and gives up after 3 attempts with the last error', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const attempt = cold<RawResponse>('--(a|)', { a: answer500 })
      const { transport } = fakeTransport([() => attempt])
      expectObservable(httpWith(transport).send(GET)).toBe('---------------------#', undefined, error500)
      expectSubscriptions(attempt.subscriptions).toBe(['^-!', '-------^-!', '-------------------^-!'])
    })
  })

  it('caps the backoff at maxDelayMs', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const attempt = cold<RawResponse>('(a|)', { a: answer500 })
      const { transport } = fakeTransport([() => attempt])
      const http = httpWith(transport, { retry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 12, random: () => 0.5 } })
      // waits 5, 6, 6
      expectObservable(http.send(GET)).toBe('17ms #', undefined, error500)
    })
  })

  it('waits a 503 Retry-After exactly, without jitter', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const busy: RawResponse = { status: 503, headers: { 'retry-after': '1' }, text: '' }
      const { transport } = fakeTransport([() => cold('-(a|)', { a: busy }), () => cold('-(a|)', { a: answer200 })])
      expectObservable(httpWith(transport).send(GET)).toBe('1s -- (r|)', { r: ok })
    })
  })

  it('reads a Retry-After date against the injected clock', () => {
    scheduler.run(({ cold, expectObservable }) => {
      // The answer arrives at virtual 1 ms after the epoch; the date says 2 s after it: wait 1999 ms.
      const busy: RawResponse = { status: 503, headers: { 'retry-after': 'Thu, 01 Jan 1970 00:00:02 GMT' }, text: '' }
      const { transport } = fakeTransport([() => cold('-(a|)', { a: busy }), () => cold('-(a|)', { a: answer200 })])
      expectObservable(httpWith(transport).send(GET)).toBe('2001ms (r|)', { r: ok })
    })
  })

  it('gives up at once when Retry-After exceeds maxRetryAfterMs', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const busy: RawResponse = { status: 429, headers: { 'retry-after': '120' }, text: '' }
      const error429 = new UnexpectedStatusError({ method: 'GET', url: URL, status: 429, body: undefined, messages: [], retryAfterMs: 120_000 })
      const { transport, calls } = fakeTransport([() => cold('-(a|)', { a: busy })])
      expectObservable(httpWith(transport).send(GET)).toBe('-#', undefined, error429)
      scheduler.flush()
      expect(calls).toHaveLength(1)
    })
  })

  it('does not retry a POST', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(a|)', { a: answer500 })])
      const post500 = new UnexpectedStatusError({ method: 'POST', url: URL, status: 500, body: { error: [{ message: 'boom' }] }, messages: ['boom'] })
      expectObservable(httpWith(transport).send({ ...GET, method: 'POST' })).toBe('-#', undefined, post500)
    })
  })

  it('retries a POST marked idempotent', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(a|)', { a: answer500 }), () => cold('-(a|)', { a: answer200 })])
      expectObservable(httpWith(transport).send({ ...GET, method: 'POST', idempotent: true })).toBe('-------(r|)', { r: { ...ok, method: 'POST' } })
    })
  })

  it('does not retry with retry: false on the call', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(a|)', { a: answer500 }), () => cold('-(a|)', { a: answer200 })])
      expectObservable(httpWith(transport).send({ ...GET, retry: false })).toBe('-#', undefined, error500)
    })
  })

  it('does not retry with retry: false on the client', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(a|)', { a: answer500 }), () => cold('-(a|)', { a: answer200 })])
      expectObservable(httpWith(transport, { retry: false }).send(GET)).toBe('-#', undefined, error500)
    })
  })

  it('lets the call override the client retry options', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('(a|)', { a: answer500 })])
      // attempts 2, base 100, random 0.5: one wait of 50
      expectObservable(httpWith(transport).send({ ...GET, retry: { attempts: 2, baseDelayMs: 100 } })).toBe(
        '50ms #',
        undefined,
        error500,
      )
    })
  })

  it('gives the attempt the per-attempt timeout while the deadline is far', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold<RawResponse>('-')])
      const http = httpWith(transport, { retry: false, timeout: { attemptMs: 100, totalMs: 1_000 } })
      expectObservable(http.send(GET)).toBe('100ms #', undefined, attemptTimeout(100))
    })
  })

  it('cuts a late attempt short with the total deadline', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('20ms (a|)', { a: answer500 }), () => cold<RawResponse>('-')])
      // attempt 1 fails at 20, waits 5: attempt 2 starts at 25 with 5 ms left of 30
      const http = httpWith(transport, { timeout: { attemptMs: 100, totalMs: 30 } })
      expectObservable(http.send(GET)).toBe('30ms #', undefined, totalTimeout(30))
    })
  })

  it('moves to the next node after a connection error and stays there', () => {
    scheduler.run(({ cold }) => {
      const refused = new ConnectionError({ method: 'GET', url: 'http://a:8080/v1/meta', code: 'ECONNREFUSED', detail: '' })
      const { transport, calls } = fakeTransport([() => cold<RawResponse>('-#', undefined, refused), () => cold('-(a|)', { a: answer200 })])
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
      const { transport, calls } = fakeTransport([() => cold<RawResponse>('-')])
      const http = httpWith(transport, {
        urls: ['http://a:8080', 'http://b:8080'],
        retry: { attempts: 3, random: () => 0 },
        timeout: { attemptMs: 100 },
      })
      http.send(GET).subscribe({ error: () => undefined })
      scheduler.flush()
      expect(calls.map((c) => c.origin)).toEqual(['http://a:8080', 'http://b:8080', 'http://a:8080'])
    })
  })

  it('stays on the node after a status error', () => {
    scheduler.run(({ cold }) => {
      const { transport, calls } = fakeTransport([() => cold('-(a|)', { a: answer500 }), () => cold('-(a|)', { a: answer200 })])
      httpWith(transport, { urls: ['http://a:8080', 'http://b:8080'] }).send(GET).subscribe()
      scheduler.flush()
      expect(calls.map((c) => c.origin)).toEqual(['http://a:8080', 'http://a:8080'])
    })
  })

  it('sends the API key only as an authorization header of the attempt', () => {
    scheduler.run(({ cold }) => {
      const { transport, calls } = fakeTransport([() => cold('-(a|)', { a: answer200 })])
      httpWith(transport, { apiKey: 'k' }).send(GET).subscribe()
      scheduler.flush()
      expect(calls[0]?.headers).toEqual({ authorization: 'Bearer k', 'x-weaviate-client': CLIENT_HEADER })
    })
  })
})

/** @test {createHttp} */
describe('createHttp timeouts in virtual time', () => {
  it('times out an exchange that never answers at exactly attemptMs', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold<RawResponse>('-')])
      const http = httpWith(transport, { retry: false, timeout: { attemptMs: 250 } })
      expectObservable(http.send(GET)).toBe('250ms #', undefined, attemptTimeout(250))
    })
  })

  it('unsubscribes (aborts) the exchange when its attempt times out', () => {
    scheduler.run(({ cold, expectSubscriptions }) => {
      const exchange = cold<RawResponse>('-')
      const { transport } = fakeTransport([() => exchange])
      httpWith(transport, { retry: false, timeout: { attemptMs: 250 } }).send(GET).subscribe({ error: () => undefined })
      expectSubscriptions(exchange.subscriptions).toBe('^ 249ms !')
    })
  })

  it('does not time out an answer that comes before attemptMs', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('249ms (a|)', { a: answer200 })])
      const http = httpWith(transport, { retry: false, timeout: { attemptMs: 250 } })
      expectObservable(http.send(GET)).toBe('249ms (r|)', { r: ok })
    })
  })

  it('gives every retry its own attempt timeout, with the backoff between them', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const exchange = cold<RawResponse>('-')
      const { transport } = fakeTransport([() => exchange])
      // attempts at 0, 105 and 215 (waits 5 and 10), each cut after 100
      const http = httpWith(transport, { timeout: { attemptMs: 100 } })
      expectObservable(http.send(GET)).toBe('315ms #', undefined, attemptTimeout(100))
      expectSubscriptions(exchange.subscriptions).toBe(['^ 99ms !', '105ms ^ 99ms !', '215ms ^ 99ms !'])
    })
  })

  it('ends the whole request at totalMs, cutting the attempt that runs then', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const exchange = cold<RawResponse>('-')
      const { transport } = fakeTransport([() => exchange])
      // attempts at 0 and 100 (waits of 0) run out; the third, at 200, is cut at 250
      const http = httpWith(transport, { retry: { attempts: 5, random: () => 0 }, timeout: { attemptMs: 100, totalMs: 250 } })
      expectObservable(http.send(GET)).toBe('250ms #', undefined, totalTimeout(250))
      expectSubscriptions(exchange.subscriptions).toBe(['^ 99ms !', '100ms ^ 99ms !', '200ms ^ 49ms !'])
    })
  })

  it('gives up instead of waiting a backoff that does not fit in the total deadline', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport, calls } = fakeTransport([() => cold('10ms (a|)', { a: answer500 })])
      // after the first answer at 10, 20 ms are left; the backoff of 50 does not fit
      const http = httpWith(transport, { retry: { baseDelayMs: 100, random: () => 0.5 }, timeout: { totalMs: 30 } })
      expectObservable(http.send(GET)).toBe('10ms #', undefined, error500)
      scheduler.flush()
      expect(calls).toHaveLength(1)
    })
  })

  it('cancels the attempt timer and the exchange on unsubscribe', () => {
    scheduler.run(({ cold, expectObservable, expectSubscriptions }) => {
      const exchange = cold<RawResponse>('-')
      const { transport } = fakeTransport([() => exchange])
      const http = httpWith(transport, { timeout: { attemptMs: 100 } })
      expectObservable(http.send(GET), '50ms !').toBe('')
      expectSubscriptions(exchange.subscriptions).toBe('^ 49ms !')
    })
  })

  it('lets a call give its own attempt timeout', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold<RawResponse>('-')])
      const http = httpWith(transport, { retry: false, timeout: { attemptMs: 1_000 } })
      expectObservable(http.send({ ...GET, timeout: { attemptMs: 40 } })).toBe('40ms #', undefined, attemptTimeout(40))
    })
  })
})

/** @test {HttpEffect.fetchUrl} */
describe('createHttp fetchUrl in virtual time', () => {
  it('times out a URL that never answers at the attempt timeout, without retry', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport, calls } = fakeTransport([() => cold<RawResponse>('-')])
      const http = httpWith(transport, { timeout: { attemptMs: 60 } })
      const timeout = new TimeoutError({ method: 'GET', url: 'http://files:9000/a.json', phase: 'attempt', timeoutMs: 60 })
      expectObservable(http.fetchUrl({ url: 'http://files:9000/a.json', expect: [200] })).toBe('60ms #', undefined, timeout)
      scheduler.flush()
      expect(calls).toHaveLength(1)
    })
  })

  it('sends a URL without the client headers', () => {
    scheduler.run(({ cold }) => {
      const { transport, calls } = fakeTransport([() => cold('-(a|)', { a: answer200 })])
      httpWith(transport, { apiKey: 'k', headers: { 'x-custom': 'c' } }).fetchUrl({ url: 'http://files:9000/a.json', expect: [200] }).subscribe()
      scheduler.flush()
      expect(calls[0]?.headers).toEqual({})
    })
  })
})

/** @test {HttpEffect.run} */
describe('createHttp run', () => {
  it('folds the interpretation into a Right', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(a|)', { a: answer200 })])
      const result = httpWith(transport).run(GET, (res) => E.right(res.status))
      expectObservable(result).toBe('-(v|)', { v: E.right(200) })
    })
  })

  it('folds a Left of the interpretation', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(a|)', { a: answer200 })])
      const result = httpWith(transport).run(GET, (): E.Either<WeaviateError, number> => E.left(error500))
      expectObservable(result).toBe('-(v|)', { v: E.left(error500) })
    })
  })

  it('folds a failed request into one Left', () => {
    scheduler.run(({ cold, expectObservable }) => {
      const { transport } = fakeTransport([() => cold('-(a|)', { a: answer500 })])
      const result = httpWith(transport, { retry: false }).run(GET, (res) => E.right(res.status))
      expectObservable(result).toBe('-(v|)', { v: E.left(error500) })
    })
  })
})
