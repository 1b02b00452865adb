/**
 * The headers every request carries, seen on the wire by pass-through proxies in front of the real
 * 1.39 server: the client's name (`x-weaviate-client`), the client's `headers`, a call's own
 * `headers`, on REST and as gRPC metadata; and the headers a client refuses.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { connect } from '../lib'
import { startGrpcProxy } from './helpers/grpc-proxy'
import { left, right } from './helpers/client'
import { createClass, deleteClass } from './helpers/fixtures'
import { startProxy } from './helpers/proxy'
import { uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'
import { grpcServerUrl } from './helpers/versions'

const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }
const CLIENT = `weaviate-rx/${version}`
const Article = uniqueClassName('HeadersArticle')

/** What `f` throws, or undefined. */
const thrown = (f: () => unknown): unknown => {
  try {
    f()
  } catch (e) {
    return e
  }
  return undefined
}

beforeAll(() => createClass(weaviateUrl(), { class: Article, properties: [{ name: 'title', dataType: ['text'] }] }))
afterAll(() => deleteClass(weaviateUrl(), Article))

describe('headers over REST', () => {
  it('every request names the client: weaviate-rx/<package.json version>', async () => {
    const proxy = await startProxy(weaviateUrl())
    const client = connect({ ...proxy.connection, transport: 'rest' })
    try {
      await right(client.schema.getClass(Article))
      await right(client.objects.list({ className: Article, limit: 1 }))
      expect([...proxy.requests].sort()).toEqual(['GET /v1/meta', `GET /v1/objects?class=${Article}&limit=1`, `GET /v1/schema/${Article}`])
      expect(proxy.headers.map((h) => h['x-weaviate-client'])).toEqual([CLIENT, CLIENT, CLIENT])
    } finally {
      await client.close()
      await proxy.close()
    }
  })

  it("sends the client's headers with every request, names in lower case", async () => {
    const proxy = await startProxy(weaviateUrl())
    const client = connect({ ...proxy.connection, transport: 'rest', headers: { 'X-Team': 'search' } })
    try {
      await right(client.schema.getClass(Article))
      await right(client.objects.list({ className: Article, limit: 1 }))
      expect(proxy.requests).toHaveLength(3)
      expect(proxy.headers.map((h) => h['x-team'])).toEqual(['search', 'search', 'search'])
    } finally {
      await client.close()
      await proxy.close()
    }
  })

  it("sends a call's headers over the client's, for that call only", async () => {
    const proxy = await startProxy(weaviateUrl())
    const client = connect({ ...proxy.connection, transport: 'rest', serverVersion: '1.39.0', headers: { 'x-team': 'search', 'x-keep': 'yes' } })
    try {
      await right(client.schema.getClass(Article, { headers: { 'X-Team': 'ingest' } }))
      await right(client.objects.list({ className: Article, limit: 1, headers: { 'x-request-id': 'r-1' } }))
      await right(client.schema.getClass(Article))
      expect(proxy.headers.map((h) => [h['x-team'], h['x-keep'], h['x-request-id']])).toEqual([
        ['ingest', 'yes', undefined],
        ['search', 'yes', 'r-1'],
        ['search', 'yes', undefined],
      ])
    } finally {
      await client.close()
      await proxy.close()
    }
  })

  it("refuses a call's authorization header on a client with an apiKey, with nothing sent", async () => {
    const proxy = await startProxy(weaviateUrl())
    const client = connect({ url: proxy.url, apiKey: 'the-client-key', serverVersion: '1.39.0' })
    try {
      await expect(left(client.schema.getClass(Article, { headers: { Authorization: 'Bearer other' } }))).resolves.toMatchObject({
        _tag: 'ArgumentValueError',
        argument: 'headers',
      })
      expect(proxy.requests).toEqual([])
    } finally {
      await client.close()
      await proxy.close()
    }
  })

  it("sends a call's authorization header on a client without credentials of its own", async () => {
    const { apiKey } = weaviateConnection()
    const proxy = await startProxy(weaviateUrl())
    const client = connect({ url: proxy.url, serverVersion: '1.39.0' })
    try {
      await right(client.schema.getClass(Article, { headers: { authorization: `Bearer ${apiKey ?? ''}` } }))
      expect(proxy.headers.map((h) => h.authorization)).toEqual([`Bearer ${apiKey ?? ''}`])
    } finally {
      await client.close()
      await proxy.close()
    }
  })
})

describe('headers over gRPC', () => {
  it("every call carries the client's name, the client's headers and the call's own as metadata", async () => {
    const proxy = await startGrpcProxy(grpcServerUrl('1.39.0'))
    const client = connect({ ...weaviateConnection(), grpcUrl: proxy.url, transport: 'grpc', headers: { 'x-team': 'search' } })
    try {
      await right(client.query.fetchObjects({ className: Article, limit: 1 }))
      await right(client.query.fetchObjects({ className: Article, limit: 1, headers: { 'X-Team': 'ingest', 'x-request-id': 'r-2' } }))
      const searches = proxy.calls.filter((c) => c.path.endsWith('/Search'))
      expect(searches.map((c) => [c.metadata['x-weaviate-client'], c.metadata['x-team'], c.metadata['x-request-id']])).toEqual([
        [CLIENT, 'search', undefined],
        [CLIENT, 'ingest', 'r-2'],
      ])
      expect(searches.every((c) => c.metadata['authorization'] === `Bearer ${weaviateConnection().apiKey ?? ''}`)).toBe(true)
      expect(proxy.calls.every((c) => c.metadata['x-weaviate-client'] === CLIENT)).toBe(true)
    } finally {
      await client.close()
      await proxy.close()
    }
  })

  it("refuses a call's authorization header on a client with an apiKey, with no call made", async () => {
    const proxy = await startGrpcProxy(grpcServerUrl('1.39.0'))
    const client = connect({ ...weaviateConnection(), grpcUrl: proxy.url, transport: 'grpc', serverVersion: '1.39.0' })
    try {
      await expect(left(client.query.fetchObjects({ className: Article, limit: 1, headers: { authorization: 'Bearer other' } }))).resolves.toMatchObject({
        _tag: 'ArgumentValueError',
      })
      expect(proxy.calls.filter((c) => c.path.endsWith('/Search'))).toEqual([])
    } finally {
      await client.close()
      await proxy.close()
    }
  })
})

describe('headers a client refuses', () => {
  it.each([['content-type'], ['Content-Length'], ['X-Weaviate-Client'], ['host']])('connect refuses %s, which the client sets itself', (name) => {
    expect(thrown(() => connect({ url: weaviateUrl(), headers: { [name]: 'x' } }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'headers' })
  })

  it('connect refuses an authorization header beside an apiKey', () => {
    expect(thrown(() => connect({ url: weaviateUrl(), apiKey: 'k', headers: { Authorization: 'Bearer other' } }))).toMatchObject({
      _tag: 'ArgumentValueError',
      argument: 'headers',
    })
  })

  it('connect refuses a header gRPC metadata cannot carry', () => {
    expect(thrown(() => connect({ url: weaviateUrl(), headers: { 'x-line': 'a\r\nb' } }))).toMatchObject({ _tag: 'ArgumentValueError' })
    expect(thrown(() => connect({ url: weaviateUrl(), headers: { 'x-bytes-bin': 'a' } }))).toMatchObject({ _tag: 'ArgumentValueError' })
  })

  it("a call's reserved header is a Left with nothing sent", async () => {
    const proxy = await startProxy(weaviateUrl())
    const client = connect({ ...proxy.connection, serverVersion: '1.39.0' })
    try {
      await expect(left(client.schema.getClass(Article, { headers: { 'content-type': 'text/plain' } }))).resolves.toMatchObject({ _tag: 'ArgumentValueError' })
      expect(proxy.requests).toEqual([])
    } finally {
      await client.close()
      await proxy.close()
    }
  })
})
