/**
 * The HttpEffect over `fetch` (lib/transport/http/fetch-connections.ts, the web build's REST
 * transport): the same pipeline as over undici, so the same retries, `Retry-After`, status
 * classification, time limits and failover, with each exchange a `fetch` whose `AbortSignal` the
 * unsubscription and the deadline fire. The servers are hand-made (misbehaving-server.ts): a real
 * Weaviate cannot be told to hang, answer 503 with Retry-After, or send a 10 MB error body.
 */
import * as E from 'fp-ts/Either'
import { FetchFunction, fetchConnections } from '../../lib/transport/http/fetch-connections'
import { ERROR_BODY_CAP } from '../../lib/transport/http/exchange'
import type { HttpOptions } from '../../lib/transport/http/options'
import { HttpEffect, createHttp } from '../../lib/transport/http/pipeline'
import type { HttpRequest, HttpResponse } from '../../lib/transport/http/types'
import { exchange, exchangeFailure } from '../helpers/client'
import { TestServer, bigBody, deadUrl, json, neverAnswer, sequence, startServer } from '../helpers/misbehaving-server'

const FAST_RETRY = { baseDelayMs: 1, maxDelayMs: 5 }
const GET_META: HttpRequest = { method: 'GET', path: '/meta', expect: [200] }

let servers: TestServer[] = []
let clients: HttpEffect[] = []

const server = async (behaviour: Parameters<typeof startServer>[0]): Promise<TestServer> => {
  const s = await startServer(behaviour)
  servers.push(s)
  return s
}

/** The requests `fetch` was asked for. */
let fetched = 0
const countingFetch: FetchFunction = (input, init) => {
  fetched += 1
  return globalThis.fetch(input, init)
}

const http = (options: HttpOptions): HttpEffect => {
  const h = createHttp(options, fetchConnections(countingFetch))
  clients.push(h)
  return h
}

afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await Promise.all(servers.map((s) => s.close()))
  clients = []
  servers = []
  fetched = 0
})

const success = async (h: HttpEffect, req: HttpRequest): Promise<HttpResponse> => {
  const result = await exchange(h, req)
  if (E.isLeft(result)) throw result.left
  return result.right
}

describe('the HttpEffect over fetch', () => {
  it('emits the parsed JSON body, with the request sent through fetch', async () => {
    const s = await server(json(200, { version: '1.39.0' }))
    const res = await success(http({ urls: [s.url], apiKey: 'k' }), GET_META)
    expect(res).toMatchObject({ status: 200, url: `${s.url}/v1/meta`, body: { version: '1.39.0' } })
    expect(fetched).toBe(1)
    expect(s.requests[0]?.headers['authorization']).toBe('Bearer k')
  })

  it('turns an unexpected status into UnexpectedStatusError with the messages of the body', async () => {
    const s = await server(json(422, { error: [{ message: 'no' }] }))
    const e = await exchangeFailure(http({ urls: [s.url] }), { method: 'POST', path: '/objects', body: {}, expect: [200] })
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422, messages: ['no'] })
    expect(s.requests[0]?.body).toBe('{}')
  })

  it('waits out a 503 with Retry-After: 1, then succeeds', async () => {
    const s = await server(sequence(json(503, undefined, { 'retry-after': '1' }), json(200, { ok: true })))
    const started = Date.now()
    const res = await success(http({ urls: [s.url] }), GET_META)
    expect(res.body).toEqual({ ok: true })
    expect(s.requests).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('keeps 64 KiB of a 10 MB error body', async () => {
    const s = await server(bigBody(500, 10 * 1024 * 1024))
    const e = await exchangeFailure(http({ urls: [s.url], retry: false }), GET_META)
    if (e._tag !== 'UnexpectedStatusError') throw e
    expect(String(e.body).length).toBe(ERROR_BODY_CAP)
  })

  it('ends an attempt past its time limit with a TimeoutError, and aborts its request', async () => {
    const s = await server(neverAnswer)
    const e = await exchangeFailure(http({ urls: [s.url], retry: false, timeout: { attemptMs: 100 } }), GET_META)
    expect(e).toMatchObject({ _tag: 'TimeoutError', phase: 'attempt', timeoutMs: 100 })
    await expect(s.requests[0]?.socketClosed).resolves.toBeUndefined()
  })

  it('aborts the request when the subscriber unsubscribes', async () => {
    const s = await server(neverAnswer)
    const subscription = http({ urls: [s.url] }).send(GET_META).subscribe()
    const seen = await s.request(0)
    subscription.unsubscribe()
    await expect(seen.socketClosed).resolves.toBeUndefined()
  })

  it('reports a refused connection as ConnectionError ECONNREFUSED (the code fetch puts under its cause)', async () => {
    const e = await exchangeFailure(http({ urls: [await deadUrl()], retry: false }), GET_META)
    expect(e).toMatchObject({ _tag: 'ConnectionError', code: 'ECONNREFUSED' })
  })

  it('retries a GET on the next URL when the first refuses connections', async () => {
    const good = await server(json(200, { ok: true }))
    const res = await success(http({ urls: [await deadUrl(), good.url], retry: FAST_RETRY }), GET_META)
    expect(res).toMatchObject({ url: `${good.url}/v1/meta`, body: { ok: true } })
  })

  it('sends nothing after close(): ConnectionError UND_ERR_CLOSED', async () => {
    const s = await server(json(200, {}))
    const h = http({ urls: [s.url] })
    await h.close()
    const e = await exchangeFailure(h, GET_META)
    expect(e).toMatchObject({ _tag: 'ConnectionError', code: 'UND_ERR_CLOSED' })
    expect(fetched).toBe(0)
  })
})
