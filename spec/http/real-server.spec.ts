/**
 * The HttpEffect against a real Weaviate: the error-body shapes as the server sends them, and
 * API-key authentication. `WEAVIATE_URL` comes from jest's global setup.
 */
import * as E from 'fp-ts/Either'
import { randomUUID } from 'node:crypto'
import { inspect } from 'node:util'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import type { HttpEffect } from '../../lib/transport/http/pipeline'
import { createUndiciHttp as createHttp } from '../../lib/transport/http/undici-connections'
import { exchange, exchangeFailure } from '../helpers/client'
import { weaviateConnection } from '../helpers/server'

const CLASS = `HttpSpec${randomUUID().replace(/-/g, '').slice(0, 8)}`

describe('HttpEffect against Weaviate', () => {
  let http: HttpEffect
  beforeAll(() => {
    const { url, apiKey } = weaviateConnection()
    http = createHttp({ urls: [url], retry: false, apiKey })
  })
  afterAll(() => http.close())

  it('reads GET /v1/meta', async () => {
    const result = await exchange(http, { method: 'GET', path: '/meta', expect: [200] })
    expect(result).toEqual(E.right(expect.objectContaining({ status: 200, body: expect.objectContaining({ version: expect.any(String) }) })))
  })

  it('reports a missing object as 404 with an empty body and no messages', async () => {
    const e = await exchangeFailure(http, { method: 'GET', path: `/objects/${CLASS}/${randomUUID()}`, expect: [200] })
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404, body: undefined, messages: [] })
  })

  it('accepts 404 to HEAD when the request expects it', async () => {
    const result = await exchange(http, { method: 'HEAD', path: `/objects/${CLASS}/${randomUUID()}`, expect: [204, 404] })
    expect(result).toEqual(E.right(expect.objectContaining({ status: 404, body: undefined })))
  })

  it('reads the {error:[{message}]} shape of a 422', async () => {
    const e = await exchangeFailure(http, { method: 'POST', path: '/objects', body: { class: '' , properties: {} }, expect: [200] })
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422, body: { error: [expect.anything()] } })
    if (e._tag !== 'UnexpectedStatusError') throw e
    expect(e.messages).toHaveLength(1)
    expect(e.messages[0]).toContain('class')
  })

  it('reads the {code:601,message} shape of a 422', async () => {
    const e = await exchangeFailure(http, { method: 'GET', path: `/objects/${CLASS}/not-a-uuid`, expect: [200] })
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422, body: { code: 601 } })
    if (e._tag !== 'UnexpectedStatusError') throw e
    expect(e.messages).toEqual([expect.stringContaining('must be of type uuid')])
  })

  it('reads the message of a 400', async () => {
    const e = await exchangeFailure(http, {
      method: 'GET',
      path: `/objects/${CLASS}/${randomUUID()}`,
      query: [['include', 'foo']],
      expect: [200],
    })
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 400 })
    if (e._tag !== 'UnexpectedStatusError') throw e
    expect(e.messages).toEqual([expect.stringContaining("unrecognized property 'foo'")])
  })

  it('reads the {code:404} shape of an unknown route', async () => {
    const e = await exchangeFailure(http, { method: 'GET', path: '/no-such-route', expect: [200] })
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404, body: { code: 404 } })
  })
})

describe('HttpEffect against Weaviate with API keys', () => {
  const KEY = 'secret-key'
  let server: EmbeddedWeaviate | undefined

  beforeAll(async () => {
    server = await startEmbedded({
      env: {
        AUTHENTICATION_APIKEY_ENABLED: 'true',
        AUTHENTICATION_APIKEY_ALLOWED_KEYS: KEY,
        AUTHENTICATION_APIKEY_USERS: 'alice',
        AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      },
    })
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
  })

  const withKey = async <A>(apiKey: string | undefined, f: (h: HttpEffect) => Promise<A>): Promise<A> => {
    if (server === undefined) throw new Error('server not started')
    const h = createHttp({ urls: [server.url], retry: false, ...(apiKey === undefined ? {} : { apiKey }) })
    try {
      return await f(h)
    } finally {
      await h.close()
    }
  }

  it('reads /v1/meta with the right key', async () => {
    const result = await withKey(KEY, (h) => exchange(h, { method: 'GET', path: '/meta', expect: [200] }))
    expect(result).toEqual(E.right(expect.objectContaining({ status: 200 })))
  })

  it('reports a wrong key as 401 without the key in message, JSON or inspect', async () => {
    const wrong = 'wrong-key-5f3a9c'
    const e = await withKey(wrong, (h) => exchangeFailure(h, { method: 'GET', path: '/meta', expect: [200] }))
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 401 })
    for (const text of [e.message, JSON.stringify(e), inspect(e, { depth: 10, showHidden: true })]) {
      expect(text).not.toContain(wrong)
      expect(text).not.toContain(KEY)
    }
  })

  it('reports a missing key as 401 with the server message', async () => {
    const e = await withKey(undefined, (h) => exchangeFailure(h, { method: 'GET', path: '/meta', expect: [200] }))
    expect(e).toMatchObject({ _tag: 'UnexpectedStatusError', status: 401 })
    if (e._tag !== 'UnexpectedStatusError') throw e
    expect(e.messages.join(' ')).toContain('anonymous access not enabled')
  })
})
