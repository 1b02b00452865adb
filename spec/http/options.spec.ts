/**
 * The client's HTTP options, resolved once per client (lib/transport/http/options.ts).
 */
import { ArgumentValueError } from '../../lib/core/errors'
import { CLIENT_HEADER, DEFAULT_TIMEOUT, forCall, resolveOptions } from '../../lib/transport/http/options'
import { DEFAULT_RETRY } from '../../lib/transport/http/retry'

const URLS = ['http://127.0.0.1:8080']

describe('resolveOptions', () => {
  it('fills in the retry and timeout defaults', () => {
    const resolved = resolveOptions({ urls: URLS })
    expect({ retry: resolved.retry, timeout: resolved.timeout }).toEqual({ retry: DEFAULT_RETRY, timeout: DEFAULT_TIMEOUT })
  })

  it('turns retry: false into a single attempt', () => {
    expect(resolveOptions({ urls: URLS, retry: false }).retry.attempts).toBe(1)
  })

  it('puts the API key into the Authorization header next to the custom headers', () => {
    expect(resolveOptions({ urls: URLS, apiKey: 'k', headers: { 'x-a': '1' } }).headers).toEqual({ 'x-a': '1', authorization: 'Bearer k', 'x-weaviate-client': CLIENT_HEADER })
  })

  it('adds content-type application/json to the headers of a request with a body', () => {
    expect(resolveOptions({ urls: URLS }).jsonHeaders).toEqual({ 'content-type': 'application/json', 'x-weaviate-client': CLIENT_HEADER })
  })

  it.each([0, -1, 1.5])('rejects connections %p', (connections) => {
    expect(() => resolveOptions({ urls: URLS, connections })).toThrow(ArgumentValueError)
  })
})

describe('forCall', () => {
  const client = resolveOptions({ urls: URLS, retry: { attempts: 5 }, timeout: { attemptMs: 1_000 } })

  it('hands back the client settings themselves when the call overrides nothing', () => {
    expect(forCall(client, {})).toBe(client)
  })

  it('merges a call timeout over the client one', () => {
    expect(forCall(client, { timeout: { totalMs: 5_000 } }).timeout).toEqual({ attemptMs: 1_000, totalMs: 5_000 })
  })

  it('merges call retry options over the client ones', () => {
    expect(forCall(client, { retry: { baseDelayMs: 7 } }).retry).toMatchObject({ attempts: 5, baseDelayMs: 7 })
  })

  it('turns a call retry: false into a single attempt', () => {
    expect(forCall(client, { retry: false }).retry.attempts).toBe(1)
  })
})
