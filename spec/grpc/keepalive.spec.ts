/**
 * gRPC keepalive pings on the wire: HTTP/2 PING frames counted by a pass-through TCP proxy in
 * front of the real 1.39 server's gRPC port, with a short ping time.
 */
import { Client, connect } from '../../lib'
import { DEFAULT_KEEPALIVE, keepaliveChannelOptions } from '../../lib/transport/grpc/keepalive'
import { right } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { TcpProxy, startTcpProxy } from '../helpers/tcp-proxy'
import { grpcServerUrl } from '../helpers/versions'

const Article = uniqueClassName('KeepaliveArticle')
const NEVER_CUT = { cutEveryBytes: Number.MAX_SAFE_INTEGER, maxCuts: 0 }

beforeAll(() => createClass(weaviateUrl(), { class: Article, properties: [{ name: 'title', dataType: ['text'] }] }))
afterAll(() => deleteClass(weaviateUrl(), Article))

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `done()` holds, polling, for at most `ms`. */
const until = async (done: () => boolean, ms = 10_000): Promise<void> => {
  for (let waited = 0; !done() && waited < ms; waited += 50) await sleep(50)
}

const search = (client: Client) => right(client.query.fetchObjects({ className: Article, limit: 1 }))

describe('gRPC keepalive', () => {
  let proxy: TcpProxy | undefined
  let client: Client | undefined
  const open = async (keepalive: { timeMs: number; timeoutMs: number; withoutCalls: boolean }): Promise<{ proxy: TcpProxy; client: Client }> => {
    proxy = await startTcpProxy(grpcServerUrl('1.39.0'), NEVER_CUT)
    client = connect({ ...weaviateConnection(), grpcUrl: proxy.url, transport: 'grpc', serverVersion: '1.39.0', grpcKeepalive: keepalive })
    return { proxy, client }
  }
  afterEach(async () => {
    await client?.close()
    await proxy?.close()
    client = undefined
    proxy = undefined
  })

  it('with withoutCalls, pings an idle connection, which then still carries the next call', async () => {
    const { proxy, client } = await open({ timeMs: 1000, timeoutMs: 5000, withoutCalls: true })
    await search(client)
    await until(() => proxy.pings() >= 2)
    expect(proxy.pings()).toBeGreaterThanOrEqual(2)
    await search(client)
    expect(proxy.connections()).toBe(1)
  })

  it('by default sends no ping while no call is open, and sends one with the first call after an idle spell', async () => {
    const { proxy, client } = await open({ ...DEFAULT_KEEPALIVE, timeMs: 1000 })
    await search(client)
    await sleep(2500)
    expect(proxy.pings()).toBe(0)
    await search(client)
    await until(() => proxy.pings() >= 1)
    expect(proxy.pings()).toBe(1)
    expect(proxy.connections()).toBe(1)
  })

  it('connect refuses a ping time under a second', () => {
    let thrown: unknown
    try {
      connect({ url: weaviateUrl(), grpcKeepalive: { timeMs: 10 } })
    } catch (e) {
      thrown = e
    }
    expect(thrown).toMatchObject({ _tag: 'ArgumentValueError', argument: 'grpcKeepalive' })
  })

  it('defaults to a ping every 30 s while a call is open, 10 s for its answer; false sets none', () => {
    expect(keepaliveChannelOptions(DEFAULT_KEEPALIVE)).toEqual({
      'grpc.keepalive_time_ms': 30_000,
      'grpc.keepalive_timeout_ms': 10_000,
      'grpc.keepalive_permit_without_calls': 0,
    })
    expect(keepaliveChannelOptions(false)).toEqual({})
  })
})
