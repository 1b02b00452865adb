/**
 * The diagnostics events (lib/observe/events.ts) on Node's `diagnostics_channel`, the `onEvent`
 * option, and the logger built on them, against the real 1.39 server. No OpenTelemetry SDK is
 * registered in this file: the installed `@opentelemetry/api` then adds nothing to a request.
 */
import diagnostics from 'node:diagnostics_channel'
import { lastValueFrom, take, toArray } from 'rxjs'
import { Client, ConnectOptions, connect } from '../../lib'
import { EVENT_CHANNELS, EventChannel, EventPayloads } from '../../lib/observe/events'
import type { LogRecord } from '../../lib/observe/logger'
import { createClass, deleteClass, insertObjects } from '../helpers/fixtures'
import { deadUrl } from '../helpers/misbehaving-server'
import { startProxy } from '../helpers/proxy'
import { right } from '../helpers/client'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { CURRENT_VERSION, apiKeyOption } from '../helpers/versions'

type Recorded = { readonly channel: EventChannel; readonly payload: EventPayloads[EventChannel] }

const Article = uniqueClassName('ObsEvents')
const key = (): { apiKey?: string } => apiKeyOption(weaviateUrl())
let ids: string[] = []
const recorded: Recorded[] = []
const listeners = Object.values(EVENT_CHANNELS).map((channel) => [channel, (payload: unknown) => recorded.push({ channel, payload: payload as EventPayloads[EventChannel] })] as const)
const clients: Client[] = []
const closers: Array<() => Promise<void>> = []

const client = (options: ConnectOptions): Client => {
  const c = connect({ serverVersion: CURRENT_VERSION, ...options })
  clients.push(c)
  return c
}

/** The channels of the events of the operation `name`'s last run, in order. */
const sequenceOf = (name: string): string[] => {
  const start = [...recorded].reverse().find((r) => r.channel === EVENT_CHANNELS.operationStart && (r.payload as EventPayloads['weaviate-rx:operation:start']).operation === name)
  if (start === undefined) throw new Error(`no ${name} event among ${recorded.map((r) => r.channel).join(', ')}`)
  const id = (start.payload as EventPayloads['weaviate-rx:operation:start']).operationId
  return recorded.filter((r) => 'operationId' in r.payload && r.payload.operationId === id).map((r) => r.channel)
}

const payloadsOf = <C extends EventChannel>(channel: C): Array<EventPayloads[C]> => recorded.filter((r) => r.channel === channel).map((r) => r.payload as EventPayloads[C])

beforeAll(async () => {
  for (const [channel, listener] of listeners) diagnostics.subscribe(channel, listener)
  await createClass(weaviateUrl(), { class: Article, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
  ids = await insertObjects(weaviateUrl(), Article, ['a', 'b', 'c'].map((title) => ({ title })))
})

afterAll(async () => {
  for (const [channel, listener] of listeners) diagnostics.unsubscribe(channel, listener)
  for (const close of closers) await close()
  for (const c of clients) await c.close()
  await deleteClass(weaviateUrl(), Article)
})

beforeEach(() => {
  recorded.length = 0
})

describe('diagnostics_channel', () => {
  it('an operation publishes operation:start, request:start, request:end, operation:end, in that order, under one operationId', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.objects.exists({ className: Article, uuid: ids[0] ?? '' }))
    expect(sequenceOf('objects.exists')).toEqual([EVENT_CHANNELS.operationStart, EVENT_CHANNELS.requestStart, EVENT_CHANNELS.requestEnd, EVENT_CHANNELS.operationEnd])
  })

  it('operation:end carries the outcome, the attempts and the objects read', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.objects.list({ className: Article }))
    const [end] = payloadsOf(EVENT_CHANNELS.operationEnd)
    expect(end).toEqual(expect.objectContaining({ operation: 'objects.list', collection: Article, outcome: 'ok', attempts: 1, retries: 0, objectsRead: 3, errorType: undefined }))
  })

  it('a retried request publishes request:retry between its two attempts', async () => {
    const proxy = await startProxy(weaviateUrl(), { inject: { path: /^\/v1\/objects\//, nth: 1, status: 503 } })
    closers.push(() => proxy.close())
    const c = client({ ...proxy.connection, transport: 'rest', retry: { baseDelayMs: 1 } })
    await right(c.objects.get({ className: Article, uuid: ids[1] ?? '' }))
    expect([sequenceOf('objects.get'), payloadsOf(EVENT_CHANNELS.retry).map((r) => [r.attempt, r.errorType])]).toEqual([
      [
        EVENT_CHANNELS.operationStart,
        EVENT_CHANNELS.requestStart,
        EVENT_CHANNELS.requestEnd,
        EVENT_CHANNELS.retry,
        EVENT_CHANNELS.requestStart,
        EVENT_CHANNELS.requestEnd,
        EVENT_CHANNELS.operationEnd,
      ],
      [[1, 'UnexpectedStatusError']],
    ])
  })

  it('a failover publishes request:failover from the dead node to the next', async () => {
    const dead = await deadUrl()
    const c = client({ url: [dead, weaviateUrl()], ...key(), transport: 'rest', retry: { baseDelayMs: 1 } })
    await right(c.objects.get({ className: Article, uuid: ids[2] ?? '' }))
    expect(payloadsOf(EVENT_CHANNELS.failover).map((f) => [f.from, f.to])).toEqual([[new URL(dead).origin, new URL(weaviateUrl()).origin]])
  })

  it('a stream unsubscribed from ends with outcome cancelled', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await lastValueFrom(c.objects.stream({ className: Article, pageSize: 1 }).pipe(take(1), toArray()))
    expect(payloadsOf(EVENT_CHANNELS.operationEnd).map((e) => e.outcome)).toEqual(['cancelled'])
  })

  it('a client that falls back to REST publishes weaviate-rx:fallback (beside its warning)', async () => {
    // grpc-js without a gRPC address: REST, the one fallback a 1.39 server gives a client.
    const c = client({ url: weaviateUrl(), ...key(), transport: 'auto', grpc: 'native' })
    await right(c.query.fetchObjects({ className: Article, limit: 1 }))
    expect(payloadsOf(EVENT_CHANNELS.fallback).map((f) => f.kind)).toEqual(['rest'])
  })

  it('no payload holds the API key, an Authorization header or a call header', async () => {
    const apiKey = key().apiKey ?? 'no-key-on-this-server'
    const c = client({ url: weaviateUrl(), apiKey, transport: 'rest', headers: { 'x-secret-header': 'secret-value-123' } })
    await right(c.objects.get({ className: Article, uuid: ids[0] ?? '', headers: { 'x-call-secret': 'call-secret-456' } }))
    const text = JSON.stringify(recorded).toLowerCase()
    expect([recorded.length > 0, ...[apiKey, 'authorization', 'bearer', 'secret-value-123', 'call-secret-456'].map((s) => text.includes(s.toLowerCase()))]).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('without an OpenTelemetry SDK', () => {
  it('a request carries no traceparent though @opentelemetry/api is installed', async () => {
    const proxy = await startProxy(weaviateUrl())
    closers.push(() => proxy.close())
    const c = client({ ...proxy.connection, transport: 'rest' })
    await right(c.objects.exists({ className: Article, uuid: ids[0] ?? '' }))
    expect(proxy.headers.map((h) => h['traceparent'])).toEqual([undefined])
  })
})

describe('onEvent', () => {
  it('hears the same events as the channels', async () => {
    const heard: string[] = []
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest', onEvent: (channel) => heard.push(channel) })
    await right(c.objects.exists({ className: Article, uuid: ids[0] ?? '' }))
    expect(heard).toEqual(sequenceOf('objects.exists'))
  })
})

describe('logger', () => {
  it("at 'info', a retry is one line and the requests none", async () => {
    const proxy = await startProxy(weaviateUrl(), { inject: { path: /^\/v1\/objects\//, nth: 1, status: 503 } })
    closers.push(() => proxy.close())
    const lines: LogRecord[] = []
    const c = client({ ...proxy.connection, transport: 'rest', retry: { baseDelayMs: 1 }, logger: { level: 'info', write: (record) => lines.push(record) } })
    await right(c.objects.get({ className: Article, uuid: ids[1] ?? '' }))
    expect(lines.map((l) => [l.level, l.channel])).toEqual([['info', EVENT_CHANNELS.retry]])
  })

  it('WEAVIATE_RX_LOG=debug turns it on: a line per event on console.debug', async () => {
    const previous = process.env['WEAVIATE_RX_LOG']
    process.env['WEAVIATE_RX_LOG'] = 'debug'
    const printed: string[] = []
    const spy = jest.spyOn(console, 'debug').mockImplementation((line: string) => printed.push(line))
    try {
      const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
      await right(c.objects.exists({ className: Article, uuid: ids[0] ?? '' }))
    } finally {
      spy.mockRestore()
      if (previous === undefined) delete process.env['WEAVIATE_RX_LOG']
      else process.env['WEAVIATE_RX_LOG'] = previous
    }
    expect(printed.map((line) => line.replace(/#\d+ .*/, '#'))).toEqual(['weaviate-rx debug: #', 'weaviate-rx debug: #', 'weaviate-rx debug: #', 'weaviate-rx debug: #'])
  })

  it('an unknown level is an ArgumentValueError from connect', () => {
    let thrown: unknown
    try {
      connect({ url: weaviateUrl(), logger: 'loud' as 'info' })
    } catch (e) {
      thrown = e
    }
    expect(thrown).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'logger' }))
  })
})
