/**
 * An HTTP forward proxy for REST and gRPC: a real forward proxy (the `proxy` package) on
 * 127.0.0.1 in front of the real 1.39 server. The client is given addresses where nothing
 * listens and the proxy routes them to the server, so a request that arrives went through the
 * proxy; the proxy's books (tunnels opened, request lines inside them) are compared with what the
 * client did.
 */
import * as E from 'fp-ts/Either'
import { Client, connect, ConnectOptions } from '../lib'
import { once, right } from './helpers/client'
import { createClass, deleteClass } from './helpers/fixtures'
import { closedPort, ForwardProxy, startForwardProxy } from './helpers/forward-proxy'
import { uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'
import { grpcServerUrl } from './helpers/versions'

const Article = uniqueClassName('ProxyArticle')

beforeAll(() => createClass(weaviateUrl(), { class: Article, properties: [{ name: 'title', dataType: ['text'] }] }))
afterAll(() => deleteClass(weaviateUrl(), Article))

const hostPort = (url: string): string => new URL(url).host
const withoutQuery = (line: string): string => line.replace(/\?.*$/, '')
/** The distinct targets the proxy opened tunnels to, sorted. */
const targets = (proxy: ForwardProxy): string[] => [...new Set(proxy.connects)].sort()

/** The variables a client reads, cleared for the test and set to `values`, restored afterwards. */
const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY', 'grpc_proxy']
const withEnv = async (values: Readonly<Record<string, string>>, body: () => Promise<void>): Promise<void> => {
  const saved = PROXY_VARIABLES.map((name) => [name, process.env[name]] as const)
  for (const name of PROXY_VARIABLES) delete process.env[name]
  Object.assign(process.env, values)
  try {
    await body()
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** A create, a get of what it created (REST) and a search (gRPC). */
const createGetSearch = async (client: Client): Promise<string> => {
  const id = await right(client.objects.create({ className: Article, dataObject: { title: 'through the proxy' } }))
  await right(client.objects.getById({ className: Article, uuid: id }))
  await right(client.query.fetchObjects({ className: Article, limit: 1 }))
  return id
}

describe('an HTTP forward proxy', () => {
  let proxy: ForwardProxy | undefined
  let client: Client | undefined
  afterEach(async () => {
    await client?.close()
    await proxy?.close()
    client = undefined
    proxy = undefined
  })

  /** A proxy that routes two dead addresses to the server's REST and gRPC ports, and those addresses. */
  const routedProxy = async (): Promise<{ proxy: ForwardProxy; rest: string; grpc: string }> => {
    const rest = `127.0.0.1:${await closedPort()}`
    const grpc = `127.0.0.1:${await closedPort()}`
    proxy = await startForwardProxy({ routes: { [rest]: hostPort(weaviateUrl()), [grpc]: hostPort(grpcServerUrl('1.39.0')) } })
    return { proxy, rest, grpc }
  }
  const through = (rest: string, grpc: string, extra: Partial<ConnectOptions>): Client =>
    connect({ ...weaviateConnection(), url: `http://${rest}`, grpcUrl: `http://${grpc}`, transport: 'grpc', serverVersion: '1.39.0', ...extra })

  it('carries every REST request and the gRPC channel of a client with the proxy option', async () => {
    const { proxy, rest, grpc } = await routedProxy()
    client = through(rest, grpc, { proxy: proxy.url })
    const id = await createGetSearch(client)
    await proxy.settle()
    // Tunnels are per connection (undici may open a second one): the targets, then every request line.
    expect(targets(proxy)).toEqual([rest, grpc].sort())
    expect(proxy.tunnelled.map(withoutQuery)).toEqual(['POST /v1/objects', `GET /v1/objects/${Article}/${id}`])
    expect(proxy.requests).toEqual([])
  })

  it('is taken from HTTP_PROXY when the option is absent, for both transports', async () => {
    const { proxy, rest, grpc } = await routedProxy()
    let id = ''
    await withEnv({ HTTP_PROXY: proxy.url }, async () => {
      client = through(rest, grpc, {})
      id = await createGetSearch(client)
    })
    await proxy.settle()
    expect(targets(proxy)).toEqual([rest, grpc].sort())
    expect(proxy.tunnelled.map(withoutQuery)).toEqual(['POST /v1/objects', `GET /v1/objects/${Article}/${id}`])
  })

  it('leaves out the hosts NO_PROXY names, on both transports', async () => {
    proxy = await startForwardProxy()
    const started = proxy
    await withEnv({ HTTP_PROXY: started.url, NO_PROXY: 'localhost,127.0.0.1' }, async () => {
      client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc', serverVersion: '1.39.0' })
      await createGetSearch(client)
    })
    await started.settle()
    expect(started.connects).toEqual([])
  })

  it("leaves out the hosts of the option's noProxy", async () => {
    proxy = await startForwardProxy()
    client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc', serverVersion: '1.39.0', proxy: { url: proxy.url, noProxy: '127.0.0.1' } })
    await createGetSearch(client)
    await proxy.settle()
    expect(proxy.connects).toEqual([])
  })

  it('is not used with proxy: false, whatever the environment says', async () => {
    proxy = await startForwardProxy()
    const started = proxy
    await withEnv({ HTTP_PROXY: started.url, grpc_proxy: started.url }, async () => {
      client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc', serverVersion: '1.39.0', proxy: false })
      await createGetSearch(client)
    })
    await started.settle()
    expect(started.connects).toEqual([])
  })

  it('that refuses the tunnel (407) is a REST ConnectionError PROXY_REFUSED naming the proxy and the status', async () => {
    proxy = await startForwardProxy({ refuse: true })
    client = connect({ ...weaviateConnection(), serverVersion: '1.39.0', proxy: proxy.url })
    const result = await once(client.objects.create({ className: Article, dataObject: { title: 'refused' } }))
    expect(E.isLeft(result) && result.left).toMatchObject({ _tag: 'ConnectionError', code: 'PROXY_REFUSED' })
    expect(E.isLeft(result) && result.left.message).toContain('407')
    expect(E.isLeft(result) && result.left.message).toContain(proxy.url)
  })

  it('that refuses the tunnel is a gRPC ConnectionError UNAVAILABLE naming the proxy', async () => {
    proxy = await startForwardProxy({ refuse: true })
    client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc', serverVersion: '1.39.0', proxy: proxy.url, retry: false })
    const result = await once(client.query.fetchObjects({ className: Article, limit: 1 }))
    expect(E.isLeft(result) && result.left).toMatchObject({ _tag: 'ConnectionError', code: 'UNAVAILABLE' })
    expect(E.isLeft(result) && result.left.message).toContain(proxy.url)
    await proxy.settle()
    expect(proxy.connects).toEqual([hostPort(grpcServerUrl('1.39.0'))])
  })

  it('that is down is a REST ConnectionError ECONNREFUSED naming the proxy', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`
    client = connect({ ...weaviateConnection(), serverVersion: '1.39.0', proxy: down, retry: false })
    const result = await once(client.objects.getById({ className: Article, uuid: '00000000-0000-0000-0000-000000000001' }))
    expect(E.isLeft(result) && result.left).toMatchObject({ _tag: 'ConnectionError', code: 'ECONNREFUSED' })
    expect(E.isLeft(result) && result.left.message).toContain(`through the proxy ${down}`)
  })

  it('connect refuses a proxy URL that is not http://, naming where it came from', async () => {
    const thrown = (make: () => unknown): unknown => {
      try {
        make()
      } catch (e) {
        return e
      }
      return undefined
    }
    expect(thrown(() => connect({ url: weaviateUrl(), proxy: 'socks5://127.0.0.1:1080' }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'proxy' })
    await withEnv({ HTTPS_PROXY: 'not a url' }, async () => {
      expect(thrown(() => connect({ url: weaviateUrl() }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'HTTPS_PROXY' })
    })
  })
})
