/**
 * The pure retry policy: retryDelay and parseRetryAfter.
 */
import { ConnectionError, TimeoutError, UnexpectedStatusError, WeaviateError } from '../../lib/core/errors'
import { DEFAULT_RETRY, isIdempotent, parseRetryAfter, retryDelay } from '../../lib/transport/http/retry'
import { RetryOptions } from '../../lib/transport/http/types'

const URL = 'http://127.0.0.1:8080/v1/objects'
const options: RetryOptions = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0.5 }
const status = (code: number, retryAfterMs?: number): UnexpectedStatusError =>
  new UnexpectedStatusError({ method: 'GET', url: URL, status: code, body: undefined, messages: [], retryAfterMs })
const GET = { method: 'GET' } as const
const PLENTY = 1_000_000

const delay = (error: WeaviateError, attempt: number, opts: RetryOptions = options, request = GET as { method: 'GET' | 'POST'; idempotent?: boolean }) =>
  retryDelay({ error, attempt, request, options: opts, remainingMs: PLENTY })

describe('retryDelay', () => {
  describe('backoff', () => {
    it('waits random() * baseDelayMs after the first attempt', () => {
      expect(delay(status(500), 1)).toBe(50)
    })

    it('doubles the ceiling with every attempt', () => {
      const many = { ...options, attempts: 10 }
      expect([1, 2, 3, 4].map((n) => delay(status(500), n, many))).toEqual([50, 100, 200, 400])
    })

    it('caps the ceiling at maxDelayMs', () => {
      expect(delay(status(500), 8, { ...options, attempts: 10 })).toBe(500)
    })

    it('applies full jitter: random() 0 means no wait', () => {
      expect(delay(status(502), 1, { ...options, random: () => 0 })).toBe(0)
    })

    it('uses the defaults 250 ms base and 3 attempts', () => {
      const defaults = { ...DEFAULT_RETRY, random: () => 0.5 }
      expect([1, 2, 3].map((n) => retryDelay({ error: status(503), attempt: n, request: GET, options: defaults, remainingMs: PLENTY }))).toEqual([125, 250, undefined])
    })
  })

  describe('what is retried', () => {
    it.each([408, 429, 500, 502, 503, 504])('retries status %i', (code) => {
      expect(delay(status(code), 1)).toBe(50)
    })

    it.each([400, 401, 403, 404, 409, 413, 422])('does not retry status %i', (code) => {
      expect(delay(status(code), 1)).toBeUndefined()
    })

    it.each(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'])('retries connection error %s', (code) => {
      expect(delay(new ConnectionError({ method: 'GET', url: URL, code, detail: '' }), 1)).toBe(50)
    })

    it('does not retry a closed client', () => {
      expect(delay(new ConnectionError({ method: 'GET', url: URL, code: 'UND_ERR_CLOSED', detail: '' }), 1)).toBeUndefined()
    })

    it('retries an attempt timeout', () => {
      expect(delay(new TimeoutError({ method: 'GET', url: URL, phase: 'attempt', timeoutMs: 10 }), 1)).toBe(50)
    })

    it('does not retry a total timeout', () => {
      expect(delay(new TimeoutError({ method: 'GET', url: URL, phase: 'total', timeoutMs: 10 }), 1)).toBeUndefined()
    })

    it('gives up after `attempts` attempts', () => {
      expect(delay(status(500), 3)).toBeUndefined()
    })

    it('does not retry when attempts is 1', () => {
      expect(delay(status(500), 1, { ...options, attempts: 1 })).toBeUndefined()
    })

    it('does not retry a POST', () => {
      expect(delay(status(503), 1, options, { method: 'POST' })).toBeUndefined()
    })

    it('retries a POST marked idempotent', () => {
      expect(delay(status(503), 1, options, { method: 'POST', idempotent: true })).toBe(50)
    })

    it('does not retry a GET marked not idempotent', () => {
      expect(delay(status(503), 1, options, { method: 'GET', idempotent: false })).toBeUndefined()
    })
  })

  describe('Retry-After', () => {
    it('waits exactly the Retry-After of a 503, without jitter', () => {
      expect(delay(status(503, 2_000), 1)).toBe(2_000)
    })

    it('waits exactly the Retry-After of a 429', () => {
      expect(delay(status(429, 0), 1)).toBe(0)
    })

    it('ignores Retry-After on a 500', () => {
      expect(delay(status(500, 2_000), 1)).toBe(50)
    })

    it('gives up when Retry-After exceeds maxRetryAfterMs', () => {
      expect(delay(status(503, 61_000), 1, DEFAULT_RETRY)).toBeUndefined()
    })

    it('gives up when Retry-After exceeds the remaining total time', () => {
      expect(retryDelay({ error: status(503, 5_000), attempt: 1, request: GET, options, remainingMs: 4_000 })).toBeUndefined()
    })

    it('gives up when the backoff does not fit the remaining total time', () => {
      expect(retryDelay({ error: status(500), attempt: 1, request: GET, options, remainingMs: 40 })).toBeUndefined()
    })
  })
})

describe('retryDelay with retryOn', () => {
  it('retries a status the request names, such as a 404 cursor page', () => {
    expect(retryDelay({ error: status(404), attempt: 1, request: { method: 'GET', retryOn: [404] }, options, remainingMs: PLENTY })).toBe(50)
  })

  it('does not retry that status for other requests', () => {
    expect(retryDelay({ error: status(404), attempt: 1, request: GET, options, remainingMs: PLENTY })).toBeUndefined()
  })
})

describe('isIdempotent', () => {
  it.each(['GET', 'HEAD', 'PUT', 'DELETE'] as const)('treats %s as idempotent', (method) => {
    expect(isIdempotent({ method })).toBe(true)
  })

  it.each(['POST', 'PATCH'] as const)('treats %s as not idempotent', (method) => {
    expect(isIdempotent({ method })).toBe(false)
  })
})

describe('parseRetryAfter', () => {
  const now = Date.UTC(2015, 9, 21, 7, 28, 0)

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000)
  })

  it('reads 0 seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0)
  })

  it('reads an IMF-fixdate relative to now', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', now)).toBe(10_000)
  })

  it('reads an RFC 850 date', () => {
    expect(parseRetryAfter('Wednesday, 21-Oct-15 07:28:05 GMT', now)).toBe(5_000)
  })

  it('clamps a date in the past to 0', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0)
  })

  it('ignores garbage', () => {
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })

  it('ignores a negative number', () => {
    expect(parseRetryAfter('-5', now)).toBeUndefined()
  })

  it('reads the first of repeated headers', () => {
    expect(parseRetryAfter(['3', '9'], now)).toBe(3_000)
  })

  it('is undefined without a header', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})
