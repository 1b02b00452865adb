/**
 * The HttpEffect against real sockets: misbehaving node:http servers on 127.0.0.1.
 */
import * as E from 'fp-ts/Either'
import { inspect } from 'node:util'
import { firstValueFrom } from 'rxjs'
import { HttpOptions } from '../../lib/transport/http/options'
import type { HttpEffect } from '../../lib/transport/http/pipeline'
import { createUndiciHttp as createHttp } from '../../lib/transport/http/undici-connections'
import { toEither } from '../../lib/transport/http/to-either'
import { ERROR_BODY_CAP } from '../../lib/transport/http/transport'
import { HttpRequest, HttpResponse } from '../../lib/transport/http/types'
import { exchange, exchangeFailure, left, once } from '../helpers/client'
import {
  TestServer,
  bigBody,
  deadUrl,
  json,
  neverAnswer,
  reset,
  sequence,
  stallBody,
  startServer,
} from '../helpers/misbehaving-server'
import { CountingClock, countingClock } from '../helpers/counting-clock'
import { ownHandles } from '../helpers/own-handles'

const FAST_RETRY = { baseDelayMs: 1, maxDelayMs: 5 }

const GET_META: HttpRequest = { method: 'GET', path: '/meta', expect: [200] }

let servers: TestServer[] = []
let clients: HttpEffect[] = []

const server = async (behaviour: Parameters<typeof startServer>[0]): Promise<TestServer> => {
  const s = await startServer(behaviour)
  servers.push(s)
  return s
}

const http = (options: HttpOptions, clock?: CountingClock): HttpEffect => {
  const h = createHttp(options, clock === undefined ? {} : { scheduler: clock.clock })
  clients.push(h)
  return h
}

// After each test: no timer of the pipeline's left pending, and once its clients and servers are
// closed, no timer, socket or session of the library's left at all.
ownHandles({
  closeAfterEach: async () => {
    await Promise.all(clients.map((c) => c.close()))
    await Promise.all(servers.map((s) => s.close()))
    clients = []
    servers = []
  },
})

const success = async (h: HttpEffect, req: HttpRequest): Promise<HttpResponse> => {
  const result = await exchange(h, req)
  if (E.isLeft(result)) throw result.left
  return result.right
}

describe('HttpEffect over real sockets', () => {
  describe('success', () => {
    it('emits the parsed JSON body with the redacted full URL and method', async () => {
      const s = await server(json(200, { version: '1.39.0' }))
      const res = await success(http({ urls: [s.url] }), GET_META)
      expect(res).toMatchObject({ method: 'GET', url: `${s.url}/v1/meta`, status: 200, body: { version: '1.39.0' } })
    })

    it('appends /v1 once to a base URL given with a trailing /v1/', async () => {
      const s = await server(json(200, {}))
      await success(http({ urls: [`${s.url}/v1/`] }), GET_META)
      expect(s.requests[0]?.url).toBe('/v1/meta')
    })

    it('keeps a path prefix of the base URL', async () => {
      const s = await server(json(200, {}))
      await success(http({ urls: [`${s.url}/weaviate/`] }), GET_META)
      expect(s.requests[0]?.url).toBe('/weaviate/v1/meta')
    })

    it('encodes the query in order and leaves out undefined values', async () => {
      const s = await server(json(200, {}))
      await success(http({ urls: [s.url] }), {
        method: 'GET',
        path: '/objects',
        query: [['class', 'A b'], ['after', undefined], ['limit', '10'], ['sort', 'x&y']],
        expect: [200],
      })
      expect(s.requests[0]?.url).toBe('/v1/objects?class=A+b&limit=10&sort=x%26y')
    })

    it('sends a body as JSON with content-type application/json', async () => {
      const s = await server(json(200, { id: 'x' }))
      await success(http({ urls: [s.url] }), { method: 'POST', path: '/objects', body: { class: 'A' }, expect: [200] })
      expect(s.requests[0]?.headers['content-type']).toBe('application/json')
      expect(JSON.parse(s.requests[0]?.body ?? '')).toEqual({ class: 'A' })
    })

    it('reports an empty 200 body as undefined', async () => {
      const s = await server(json(200))
      const res = await success(http({ urls: [s.url] }), GET_META)
      expect(res.body).toBeUndefined()
    })

    it('accepts a 204 answer to HEAD without a body', async () => {
      const s = await server(json(204))
      const res = await success(http({ urls: [s.url] }), { method: 'HEAD', path: '/objects/A/x', expect: [204, 404] })
      expect(res.status).toBe(204)
    })

    it('accepts an expected 404 to HEAD as a response', async () => {
      const s = await server(json(404))
      const res = await success(http({ urls: [s.url] }), { method: 'HEAD', path: '/objects/A/x', expect: [204, 404] })
      expect(res.status).toBe(404)
    })

    it('reuses keep-alive connections for sequential requests', async () => {
      const s = await server(json(200, {}))
      const h = http({ urls: [s.url] })
      for (let i = 0; i < 6; i++) await success(h, GET_META)
      const sockets = new Set(s.requests.map((r) => r.remotePort))
      expect(sockets.size).toBeLessThan(6)
    })
  })

  describe('status errors', () => {
    it('turns an unexpected status into UnexpectedStatusError with the messages of the body', async () => {
      const s = await server(json(422, { error: [{ message: "id 'x' already exists" }] }))
      const e = await exchangeFailure(http({ urls: [s.url] }), { method: 'POST', path: '/objects', body: {}, expect: [200] })
      expect(e).toMatchObject({
        _tag: 'UnexpectedStatusError',
        method: 'POST',
        url: `${s.url}/v1/objects`,
        status: 422,
        body: { error: [{ message: "id 'x' already exists" }] },
        messages: ["id 'x' already exists"],
      })
    })

    it('gives up after 3 attempts of 500 with the last error', async () => {
      const s = await server((req, res, n) => json(500, { error: [{ message: `fail ${n + 1}` }] })(req, res, n))
      const e = await exchangeFailure(http({ urls: [s.url], retry: FAST_RETRY }), GET_META)
      expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 500, messages: ['fail 3'] })
      expect(s.requests).toHaveLength(3)
    })

    it('succeeds after a 503 with Retry-After: 0', async () => {
      const s = await server(sequence(json(503, { message: 'busy' }, { 'retry-after': '0' }), json(200, { ok: true })))
      const res = await success(http({ urls: [s.url] }), GET_META)
      expect(res.body).toEqual({ ok: true })
      expect(s.requests).toHaveLength(2)
    })

    it('succeeds after a 503 with Retry-After: 1', async () => {
      const s = await server(sequence(json(503, undefined, { 'retry-after': '1' }), json(200, { ok: true })))
      const res = await success(http({ urls: [s.url] }), GET_META)
      expect(res.body).toEqual({ ok: true })
      expect(s.requests).toHaveLength(2)
    })

    it('does not retry a POST that got a 503', async () => {
      const s = await server(sequence(json(503, undefined, { 'retry-after': '0' }), json(200, { id: 'x' })))
      const e = await exchangeFailure(http({ urls: [s.url] }), { method: 'POST', path: '/objects', body: {}, expect: [200] })
      expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 503 })
      expect(s.requests).toHaveLength(1)
    })

    it('retries a POST marked idempotent', async () => {
      const s = await server(sequence(json(503, undefined, { 'retry-after': '0' }), json(200, { id: 'x' })))
      const res = await success(http({ urls: [s.url] }), {
        method: 'POST',
        path: '/objects/validate',
        body: {},
        expect: [200],
        idempotent: true,
      })
      expect(res.body).toEqual({ id: 'x' })
    })

    it('does not retry when the call says retry: false', async () => {
      const s = await server(sequence(json(503, undefined, { 'retry-after': '0' }), json(200, {})))
      await exchangeFailure(http({ urls: [s.url] }), { ...GET_META, retry: false })
      expect(s.requests).toHaveLength(1)
    })

    it('does not retry when the client says retry: false', async () => {
      const s = await server(sequence(json(500), json(200, {})))
      await exchangeFailure(http({ urls: [s.url], retry: false }), GET_META)
      expect(s.requests).toHaveLength(1)
    })

    it('caps a 10 MB error body at 64 KiB', async () => {
      const s = await server(bigBody(500, 10 * 1024 * 1024))
      const e = await exchangeFailure(http({ urls: [s.url], retry: false }), GET_META)
      if (e._tag !== 'UnexpectedStatusError') throw e
      expect(typeof e.body).toBe('string')
      expect(String(e.body).length).toBe(ERROR_BODY_CAP)
    })

    it('reports invalid JSON on a 200 as DecodeError', async () => {
      const s = await server(json(200, '{"not json'))
      const e = await exchangeFailure(http({ urls: [s.url] }), GET_META)
      expect(e).toMatchObject({ _tag: 'DecodeError', method: 'GET', url: `${s.url}/v1/meta` })
    })
  })

  describe('timeouts and network failures', () => {
    it('reports an attempt TimeoutError when the server never answers, after the retries', async () => {
      const s = await server(neverAnswer)
      const e = await exchangeFailure(http({ urls: [s.url], retry: { ...FAST_RETRY, attempts: 2 }, timeout: { attemptMs: 50 } }), GET_META)
      expect(e).toMatchObject({ _tag: 'TimeoutError', phase: 'attempt', timeoutMs: 50 })
      expect(s.requests).toHaveLength(2)
    })

    it('reports an attempt TimeoutError when the body stalls after the headers', async () => {
      const s = await server(stallBody)
      const e = await exchangeFailure(http({ urls: [s.url], retry: false, timeout: { attemptMs: 50 } }), GET_META)
      expect(e).toMatchObject({ _tag: 'TimeoutError', phase: 'attempt' })
    })

    it('reports a total TimeoutError when the deadline comes before the attempt timeout', async () => {
      const s = await server(neverAnswer)
      const e = await exchangeFailure(http({ urls: [s.url], timeout: { attemptMs: 60_000, totalMs: 50 } }), GET_META)
      expect(e).toMatchObject({ _tag: 'TimeoutError', phase: 'total', timeoutMs: 50 })
      expect(s.requests).toHaveLength(1)
    })

    it('times out a request still queued behind a busy connection', async () => {
      const s = await server(neverAnswer)
      const h = http({ urls: [s.url], connections: 1, retry: false })
      const first = h.send({ ...GET_META, timeout: { attemptMs: 60_000 } }).subscribe({ error: () => undefined })
      await s.request(0)
      const e = await exchangeFailure(h, { ...GET_META, timeout: { attemptMs: 50 } })
      first.unsubscribe()
      expect(e).toMatchObject({ _tag: 'TimeoutError', phase: 'attempt' })
      expect(s.requests).toHaveLength(1)
    })

    it('waits for an answer under an attempt timeout beyond the range of one Node timer', async () => {
      const s = await server((req, res, n) => void setTimeout(() => json(200, { ok: true })(req, res, n), 20))
      const beyond = 3_000_000_000
      const res = await success(http({ urls: [s.url], retry: false, timeout: { attemptMs: beyond, totalMs: beyond } }), GET_META)
      expect(res.body).toEqual({ ok: true })
    })

    it('leaves no timer behind after an answer', async () => {
      const s = await server(json(200, {}))
      const clock = countingClock()
      await success(http({ urls: [s.url] }, clock), GET_META)
      expect(clock.pending()).toBe(0)
    })

    it('leaves no timer behind after an unsubscription mid-request', async () => {
      const s = await server(neverAnswer)
      const clock = countingClock()
      const subscription = http({ urls: [s.url] }, clock).send(GET_META).subscribe()
      await s.request(0)
      expect(clock.pending()).toBeGreaterThan(0) // the request's deadline is running
      subscription.unsubscribe()
      expect(clock.pending()).toBe(0)
    })

    it('leaves no timer behind after an attempt timeout', async () => {
      const s = await server(neverAnswer)
      const clock = countingClock()
      await exchangeFailure(http({ urls: [s.url], retry: false, timeout: { attemptMs: 20 } }, clock), GET_META)
      expect(clock.pending()).toBe(0)
    })

    it('reports a reset connection as ConnectionError with its code', async () => {
      const s = await server(reset)
      const e = await exchangeFailure(http({ urls: [s.url], retry: false }), GET_META)
      if (e._tag !== 'ConnectionError') throw e
      expect(['ECONNRESET', 'UND_ERR_SOCKET']).toContain(e.code)
    })

    it('retries a reset connection for an idempotent request', async () => {
      const s = await server(sequence(reset, json(200, { ok: true })))
      const res = await success(http({ urls: [s.url], retry: FAST_RETRY }), GET_META)
      expect(res.body).toEqual({ ok: true })
    })

    it('reports a refused connection as ConnectionError ECONNREFUSED', async () => {
      const e = await exchangeFailure(http({ urls: [await deadUrl()], retry: false }), GET_META)
      expect(e).toMatchObject({ _tag: 'ConnectionError', code: 'ECONNREFUSED' })
    })

    it('closes the socket when the subscriber unsubscribes mid-request', async () => {
      const s = await server(neverAnswer)
      const subscription = http({ urls: [s.url] }).send(GET_META).subscribe()
      const seen = await s.request(0)
      subscription.unsubscribe()
      await expect(seen.socketClosed).resolves.toBeUndefined()
    })

    it('reports UND_ERR_CLOSED for a request after close()', async () => {
      const s = await server(json(200, {}))
      const h = http({ urls: [s.url] })
      await h.close()
      const e = await exchangeFailure(h, GET_META)
      expect(e).toMatchObject({ _tag: 'ConnectionError', code: 'UND_ERR_CLOSED' })
      expect(s.requests).toHaveLength(0)
    })

    it('can be closed twice', async () => {
      const h = http({ urls: ['http://127.0.0.1:1'] })
      await h.close()
      await expect(h.close()).resolves.toBeUndefined()
    })
  })

  describe('failover', () => {
    it('retries a GET on the next URL when the first refuses connections', async () => {
      const good = await server(json(200, { ok: true }))
      const res = await success(http({ urls: [await deadUrl(), good.url], retry: FAST_RETRY }), GET_META)
      expect(res).toMatchObject({ url: `${good.url}/v1/meta`, body: { ok: true } })
    })

    it('stays with the node that last worked', async () => {
      const good = await server(json(200, {}))
      const h = http({ urls: [await deadUrl(), good.url], retry: FAST_RETRY })
      await success(h, GET_META)
      await success(h, { ...GET_META, retry: false })
      expect(good.requests).toHaveLength(2)
    })

    it('does not move a POST to the next URL', async () => {
      const good = await server(json(200, { id: 'x' }))
      const h = http({ urls: [await deadUrl(), good.url], retry: FAST_RETRY })
      const e = await exchangeFailure(h, { method: 'POST', path: '/objects', body: {}, expect: [200] })
      expect(e).toMatchObject({ _tag: 'ConnectionError', code: 'ECONNREFUSED' })
      expect(good.requests).toHaveLength(0)
    })

    it('sends the request after a failed POST to the next URL', async () => {
      const good = await server(json(200, { id: 'x' }))
      const h = http({ urls: [await deadUrl(), good.url], retry: FAST_RETRY })
      await exchangeFailure(h, { method: 'POST', path: '/objects', body: {}, expect: [200] })
      await success(h, { method: 'POST', path: '/objects', body: {}, expect: [200] })
      expect(good.requests).toHaveLength(1)
    })

    it('does not move to the next URL on a status error', async () => {
      const first = await server(sequence(json(500), json(200, { from: 'first' })))
      const second = await server(json(200, { from: 'second' }))
      const res = await success(http({ urls: [first.url, second.url], retry: FAST_RETRY }), GET_META)
      expect(res.body).toEqual({ from: 'first' })
    })
  })

  describe('credentials and headers', () => {
    const KEY = 'sekrit-key-8b1f'

    it('sends the API key as a Bearer token', async () => {
      const s = await server(json(200, {}))
      await success(http({ urls: [s.url], apiKey: KEY }), GET_META)
      expect(s.requests[0]?.headers['authorization']).toBe(`Bearer ${KEY}`)
    })

    it('sends no Authorization header without an API key', async () => {
      const s = await server(json(200, {}))
      await success(http({ urls: [s.url] }), GET_META)
      expect(s.requests[0]?.headers['authorization']).toBeUndefined()
    })

    it('sends no Authorization header for an empty API key', async () => {
      const s = await server(json(200, {}))
      await success(http({ urls: [s.url], apiKey: '' }), GET_META)
      expect(s.requests[0]?.headers['authorization']).toBeUndefined()
    })

    it('keeps the API key out of an error message, its JSON and util.inspect', async () => {
      const s = await server(json(401, { code: 401, message: 'unauthorized: invalid api key' }))
      const e = await exchangeFailure(http({ urls: [s.url], apiKey: KEY }), GET_META)
      expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 401 })
      expect(e.message).not.toContain(KEY)
      expect(JSON.stringify(e)).not.toContain(KEY)
      expect(inspect(e, { depth: 10, showHidden: true })).not.toContain(KEY)
    })

    it('keeps the API key out of a connection error', async () => {
      const e = await exchangeFailure(http({ urls: [await deadUrl()], apiKey: KEY, retry: false }), GET_META)
      expect(inspect(e, { depth: 10, showHidden: true })).not.toContain(KEY)
      expect(JSON.stringify(e)).not.toContain(KEY)
    })

    it('keeps URL credentials out of errors', async () => {
      const s = await server(json(500))
      const withUser = s.url.replace('http://', 'http://user:pw-secret@')
      const e = await exchangeFailure(http({ urls: [withUser], retry: false }), GET_META)
      expect(inspect(e, { depth: 10 })).not.toContain('pw-secret')
    })

    it('adds custom headers to every request', async () => {
      const s = await server(json(200, {}))
      await success(http({ urls: [s.url], headers: { 'x-openai-api-key': 'abc' } }), GET_META)
      expect(s.requests[0]?.headers['x-openai-api-key']).toBe('abc')
    })

    it('fetches a URL outside Weaviate without the API key or custom headers', async () => {
      const weaviate = await server(json(200, {}))
      const files = await server(json(200, { title: 'x' }))
      const h = http({ urls: [weaviate.url], apiKey: KEY, headers: { 'x-custom': 'c' } })
      const res = await firstValueFrom(h.fetchUrl({ url: `${files.url}/data/a.json`, expect: [200] }))
      expect(res.body).toEqual({ title: 'x' })
      expect(files.requests[0]?.url).toBe('/data/a.json')
      expect(files.requests[0]?.headers['authorization']).toBeUndefined()
      expect(files.requests[0]?.headers['x-custom']).toBeUndefined()
      expect(weaviate.requests).toHaveLength(0)
    })

    it('reports a URL to fetch that is not an http URL as ArgumentValueError', async () => {
      const e = await left(http({ urls: ['http://127.0.0.1:1'] }).fetchUrl({ url: 'ftp://example/x', expect: [200] }).pipe(toEither()))
      expect(e._tag).toBe('ArgumentValueError')
    })

    it('does not retry a URL fetch', async () => {
      const files = await server(sequence(json(503, undefined, { 'retry-after': '0' }), json(200, { title: 'x' })))
      const h = http({ urls: ['http://127.0.0.1:1'], retry: FAST_RETRY })
      const result = await once(h.fetchUrl({ url: `${files.url}/a.json`, expect: [200] }).pipe(toEither()))
      expect(result).toMatchObject({ _tag: 'Left', left: { _tag: 'UnexpectedStatusError', status: 503 } })
      expect(files.requests).toHaveLength(1)
    })

    it('closes the socket of a URL fetch when the subscriber unsubscribes', async () => {
      const s = await server(neverAnswer)
      const subscription = http({ urls: ['http://127.0.0.1:1'] }).fetchUrl({ url: `${s.url}/a.json`, expect: [200] }).subscribe()
      const seen = await s.request(0)
      subscription.unsubscribe()
      await expect(seen.socketClosed).resolves.toBeUndefined()
    })
  })

  describe('laziness', () => {
    it('sends nothing before subscription', async () => {
      const s = await server(json(200, {}))
      const h = http({ urls: [s.url] })
      const request$ = h.send(GET_META)
      await new Promise((resolve) => setImmediate(resolve))
      expect(s.requests).toHaveLength(0)
      await firstValueFrom(request$)
      expect(s.requests).toHaveLength(1)
    })

    it('sends once per subscription', async () => {
      const s = await server(json(200, {}))
      const request$ = http({ urls: [s.url] }).send(GET_META)
      await firstValueFrom(request$)
      await firstValueFrom(request$)
      expect(s.requests).toHaveLength(2)
    })
  })
})
