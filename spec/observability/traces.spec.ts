/**
 * OpenTelemetry traces of the operations (lib/observe/otel.ts), read with the SDK's in-memory
 * exporter against the real 1.39 server: one CLIENT span per operation after the database client
 * conventions, a child per attempt, over REST, native gRPC and gRPC-Web, and the trace context
 * that reaches the server: on the wire through a recording proxy, and, on a server with its own
 * tracing on (`OTEL` of spec/helpers/versions.ts), in the server's span, whose traceparent its
 * REST answer carries.
 */
import * as api from '@opentelemetry/api'
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { randomUUID } from 'node:crypto'
import { lastValueFrom, take, toArray } from 'rxjs'
import { Client, connect } from '../../lib'
import { createClass, createMultiTenantClass, deleteClass, insertObjects } from '../helpers/fixtures'
import { startGrpcProxy } from '../helpers/grpc-proxy'
import { deadUrl } from '../helpers/misbehaving-server'
import { startProxy } from '../helpers/proxy'
import { left, right } from '../helpers/client'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { CURRENT_VERSION, apiKeyOption, configuredServer, grpcServerUrl } from '../helpers/versions'
import { Sdk, attemptsOf, onlySpan, startSdk } from '../helpers/otel'

const Article = uniqueClassName('ObsArticle')
const Tenanted = uniqueClassName('ObsTenanted')
const key = (): { apiKey?: string } => apiKeyOption(weaviateUrl())
let ids: string[] = []
let sdk: Sdk
const clients: Client[] = []
const closers: Array<() => Promise<void>> = []

/** A client closed after the file. */
const client = (options: Parameters<typeof connect>[0]): Client => {
  const c = connect({ serverVersion: CURRENT_VERSION, ...options })
  clients.push(c)
  return c
}

/** `traceparent` of `span` as W3C trace context writes it (sampled). */
const traceparentOf = (span: ReadableSpan): string => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`

beforeAll(async () => {
  sdk = startSdk()
  await createClass(weaviateUrl(), { class: Article, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
  ids = await insertObjects(weaviateUrl(), Article, ['a', 'b', 'c', 'd', 'e'].map((title) => ({ title })))
  await createMultiTenantClass(weaviateUrl(), Tenanted, ['t1'])
})

afterAll(async () => {
  for (const close of closers) await close()
  for (const c of clients) await c.close()
  await deleteClass(weaviateUrl(), Article)
  await deleteClass(weaviateUrl(), Tenanted)
  await sdk.stop()
})

beforeEach(() => sdk.reset())

describe('an operation over REST', () => {
  it('is one CLIENT span named after the operation and its class, with the database conventions’ attributes', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.objects.get({ className: Article, uuid: ids[0] ?? '' }))
    const span = onlySpan(sdk.spans(), 'objects.get')
    const port = Number(new URL(weaviateUrl()).port)
    expect([span.name, span.kind, span.attributes]).toEqual([
      `objects.get ${Article}`,
      SpanKind.CLIENT,
      expect.objectContaining({
        'db.system.name': 'weaviate',
        'db.operation.name': 'objects.get',
        'db.collection.name': Article,
        'server.address': '127.0.0.1',
        'server.port': port,
        'weaviate.transport': 'rest',
        'weaviate.attempts': 1,
        'weaviate.retries': 0,
        'db.response.returned_rows': 1,
      }),
    ])
  })

  it('has one child span per attempt, and the server receives the attempt’s traceparent', async () => {
    const proxy = await startProxy(weaviateUrl())
    closers.push(() => proxy.close())
    const c = client({ ...proxy.connection, transport: 'rest' })
    await right(c.objects.exists({ className: Article, uuid: ids[1] ?? '' }))
    const span = onlySpan(sdk.spans(), 'objects.exists')
    const [attempt, ...more] = attemptsOf(sdk.spans(), span)
    if (attempt === undefined) throw new Error('no attempt span')
    expect([more.length, attempt.attributes['http.request.method'], proxy.headers.map((h) => h['traceparent'])]).toEqual([0, 'HEAD', [traceparentOf(attempt)]])
  })

  it('the server’s span joins the trace: its answer’s traceparent has the client’s trace id (Weaviate’s own tracing on)', async () => {
    const otel = configuredServer('OTEL')
    const proxy = await startProxy({ url: otel.url, ...(otel.apiKey === undefined ? {} : { apiKey: otel.apiKey }) })
    closers.push(() => proxy.close())
    const c = client({ ...proxy.connection, transport: 'rest' })
    await right(c.schema.get())
    const span = onlySpan(sdk.spans(), 'schema.get')
    const [attempt] = attemptsOf(sdk.spans(), span)
    const answered = String(proxy.answers[0]?.['traceparent'] ?? '').split('-')
    expect([answered[1], answered[2] === attempt?.spanContext().spanId, answered[3]]).toEqual([span.spanContext().traceId, false, '01'])
  })

  it("traces with the API object given as the openTelemetry option (a bundle's way), and not with openTelemetry: false", async () => {
    const given = client({ url: weaviateUrl(), ...key(), transport: 'rest', openTelemetry: api })
    const off = client({ url: weaviateUrl(), ...key(), transport: 'rest', openTelemetry: false })
    await right(given.schema.get())
    await right(off.meta.get())
    expect([onlySpan(sdk.spans(), 'schema.get').name, sdk.spans().filter((s) => s.name === 'meta.get').length]).toEqual(['schema.get', 0])
  })

  it('is a child of the span active where it is subscribed to', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    const parent = await trace.getTracer('app').startActiveSpan('app work', async (span) => {
      await right(c.meta.get())
      span.end()
      return span
    })
    expect(onlySpan(sdk.spans(), 'meta.get').parentSpanContext?.spanId).toBe(parent.spanContext().spanId)
  })
})

describe('each operation family', () => {
  it('a search over native gRPC: its span, the Search attempt, and the traceparent in the call’s metadata', async () => {
    const proxy = await startGrpcProxy(grpcServerUrl(CURRENT_VERSION))
    closers.push(() => proxy.close())
    const c = client({ url: weaviateUrl(), ...key(), grpcUrl: proxy.url, transport: 'grpc' })
    await right(c.query.fetchObjects({ className: Article, limit: 3 }))
    const span = onlySpan(sdk.spans(), 'query.fetchObjects')
    const search = attemptsOf(sdk.spans(), span).filter((a) => a.attributes['rpc.method'] === '/weaviate.v1.Weaviate/Search')
    const sent = proxy.calls.filter((call) => call.path === '/weaviate.v1.Weaviate/Search').map((call) => call.metadata['traceparent'])
    expect([span.attributes['weaviate.transport'], span.attributes['db.response.returned_rows'], search.length, sent]).toEqual([
      'grpc',
      3,
      1,
      search.map(traceparentOf),
    ])
  })

  it('a search over REST (GraphQL): a POST /v1/graphql attempt', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.query.fetchObjects({ className: Article, limit: 2 }))
    const span = onlySpan(sdk.spans(), 'query.fetchObjects')
    const urls = attemptsOf(sdk.spans(), span).map((a) => String(a.attributes['url.full']))
    expect([span.attributes['weaviate.transport'], span.attributes['db.response.returned_rows'], urls.at(-1)]).toEqual(['rest', 2, `${weaviateUrl()}/v1/graphql`])
  })

  it("a search over gRPC-Web (grpc: 'web'): the transport named, the traceparent in the POST's headers", async () => {
    const proxy = await startProxy(weaviateUrl())
    closers.push(() => proxy.close())
    const c = client({ ...proxy.connection, grpc: 'web', transport: 'grpc' })
    await right(c.query.fetchObjects({ className: Article, limit: 1 }))
    const span = onlySpan(sdk.spans(), 'query.fetchObjects')
    const search = attemptsOf(sdk.spans(), span).filter((a) => a.attributes['rpc.method'] === '/weaviate.v1.Weaviate/Search')
    const sent = proxy.requests.flatMap((line, i) => (line.endsWith('/weaviate.v1.Weaviate/Search') ? [proxy.headers[i]?.['traceparent']] : []))
    expect([span.attributes['weaviate.transport'], sent]).toEqual(['grpc-web', search.map(traceparentOf)])
  })

  it('a batch over gRPC BatchObjects: the objects written, and one event per batch answered', async () => {
    const c = client({ url: weaviateUrl(), ...key(), grpcUrl: grpcServerUrl(CURRENT_VERSION), transport: 'grpc' })
    const objects = Array.from({ length: 7 }, (_, i) => ({ className: Article, dataObject: { title: `batch ${i}` } }))
    await lastValueFrom(c.objects.batch(objects, { batchSize: 3, grpcMethod: 'unary' }).pipe(toArray()))
    const span = onlySpan(sdk.spans(), 'objects.batch')
    const batches = span.events.filter((e) => e.name === 'weaviate.batch')
    expect([span.attributes['db.collection.name'], span.attributes['weaviate.objects.written'], span.attributes['weaviate.batch.errors'], batches.length]).toEqual([
      Article,
      7,
      0,
      3,
    ])
  })

  it('a batch over BatchStream: one attempt span for the stream, the objects written', async () => {
    const proxyless = client({ url: weaviateUrl(), ...key(), grpcUrl: grpcServerUrl(CURRENT_VERSION), transport: 'grpc' })
    const objects = Array.from({ length: 4 }, (_, i) => ({ className: Article, dataObject: { title: `stream ${i}` } }))
    await lastValueFrom(proxyless.objects.batch(objects, { grpcMethod: 'stream' }).pipe(toArray()))
    const span = onlySpan(sdk.spans(), 'objects.batch')
    // The stream's span ends with its status, which comes after the last result the batch waited for.
    const streams = async (): Promise<ReadableSpan[]> => {
      for (let waited = 0; waited < 5_000; waited += 50) {
        const found = attemptsOf(sdk.spans(), span).filter((a) => a.attributes['rpc.method'] === '/weaviate.v1.Weaviate/BatchStream')
        if (found.length > 0) return found
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return []
    }
    expect([span.attributes['weaviate.objects.written'], (await streams()).length]).toEqual([4, 1])
  })

  it('a stream over REST pages: the objects read, and one event per page answered (no span per object)', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    const read = await lastValueFrom(c.objects.stream({ className: Article, pageSize: 2 }).pipe(toArray()))
    const span = onlySpan(sdk.spans(), 'objects.stream')
    const pages = span.events.filter((e) => e.name === 'weaviate.page')
    expect([span.attributes['db.response.returned_rows'], pages.length, attemptsOf(sdk.spans(), span).length]).toEqual([
      read.length,
      Math.ceil(read.length / 2) + (read.length % 2 === 0 ? 1 : 0),
      Math.ceil(read.length / 2) + (read.length % 2 === 0 ? 1 : 0),
    ])
  })

  it('a stream unsubscribed from ends its span as cancelled, without an error status', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await lastValueFrom(c.objects.stream({ className: Article, pageSize: 2 }).pipe(take(1), toArray()))
    const span = onlySpan(sdk.spans(), 'objects.stream')
    expect([span.attributes['weaviate.cancelled'], span.status.code]).toEqual([true, SpanStatusCode.UNSET])
  })

  it('schema and tenants operations name their class from the positional argument', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.schema.getClass(Article))
    await right(c.tenants.list(Tenanted))
    expect([onlySpan(sdk.spans(), 'schema.getClass').name, onlySpan(sdk.spans(), 'tenants.list').attributes['db.collection.name']]).toEqual([
      `schema.getClass ${Article}`,
      Tenanted,
    ])
  })

  it('an operation in a tenant carries it as db.namespace', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.objects.create({ className: Tenanted, tenant: 't1', dataObject: { title: 'x' } }))
    expect(onlySpan(sdk.spans(), 'objects.create').attributes['db.namespace']).toBe('t1')
  })

  it('an operation of the collection handle is the flat operation’s span', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.collection(Article).data.exists({ uuid: ids[2] ?? '' }))
    expect(onlySpan(sdk.spans(), 'objects.exists').attributes['db.collection.name']).toBe(Article)
  })
})

describe('each family over each transport', () => {
  const TRANSPORTS = [
    ['rest', { transport: 'rest' }],
    ['grpc', { transport: 'grpc' }],
    ['grpc-web', { transport: 'grpc', grpc: 'web' }],
  ] as const
  const connectOver = (options: (typeof TRANSPORTS)[number][1]): Client =>
    client({ url: weaviateUrl(), ...key(), ...('grpc' in options ? {} : { grpcUrl: grpcServerUrl(CURRENT_VERSION) }), ...options })

  it.each(TRANSPORTS)('over %s: a search, a batch, a stream and a tenants read each name the transport their attempts took', async (transport, options) => {
    const c = connectOver(options)
    await right(c.query.bm25({ className: Article, query: 'a', limit: 2 }))
    await lastValueFrom(c.objects.batch([{ className: Article, dataObject: { title: `over ${transport}` } }]).pipe(toArray()))
    await lastValueFrom(c.objects.stream({ className: Article, pageSize: 100 }).pipe(toArray()))
    await right(c.tenants.list(Tenanted))
    const names = ['query.bm25', 'objects.batch', 'objects.stream', 'tenants.list']
    expect(names.map((name) => [name, onlySpan(sdk.spans(), name).attributes['weaviate.transport']])).toEqual(names.map((name) => [name, transport]))
  })
})

describe('retries, failover and refusals', () => {
  it('a retried request: two attempt spans, the first failed with its error type, the retry counted', async () => {
    const proxy = await startProxy(weaviateUrl(), { inject: { path: /^\/v1\/objects\//, nth: 1, status: 503 } })
    closers.push(() => proxy.close())
    const c = client({ ...proxy.connection, transport: 'rest', retry: { baseDelayMs: 1 } })
    await right(c.objects.get({ className: Article, uuid: ids[3] ?? '' }))
    const span = onlySpan(sdk.spans(), 'objects.get')
    const attempts = attemptsOf(sdk.spans(), span)
    expect([
      span.attributes['weaviate.retries'],
      attempts.map((a) => [a.attributes['error.type'], a.status.code, a.attributes['http.request.resend_count']]),
      span.events.map((e) => e.name),
    ]).toEqual([
      1,
      [
        ['UnexpectedStatusError', SpanStatusCode.ERROR, undefined],
        [undefined, SpanStatusCode.UNSET, 1],
      ],
      ['weaviate.retry'],
    ])
  })

  it('a failover: the attempt on the dead node fails, the next goes to the second node', async () => {
    const dead = await deadUrl()
    const c = client({ url: [dead, weaviateUrl()], ...key(), transport: 'rest', retry: { baseDelayMs: 1 } })
    await right(c.objects.get({ className: Article, uuid: ids[4] ?? '' }))
    const span = onlySpan(sdk.spans(), 'objects.get')
    const attempts = attemptsOf(sdk.spans(), span)
    expect([
      attempts.map((a) => [a.attributes['server.port'], a.attributes['error.type']]),
      span.events.map((e) => [e.name, e.attributes?.['weaviate.failover.to']]),
      span.attributes['server.port'],
    ]).toEqual([
      [
        [Number(new URL(dead).port), 'ConnectionError'],
        [Number(new URL(weaviateUrl()).port), undefined],
      ],
      [
        ['weaviate.retry', undefined],
        ['weaviate.failover', new URL(weaviateUrl()).origin],
      ],
      Number(new URL(weaviateUrl()).port),
    ])
  })

  it('a write the server refuses (a read-only key) ends the span with error.type ForbiddenError', async () => {
    const rbac = configuredServer('RBAC')
    const root = client({ url: rbac.url, ...(rbac.apiKey === undefined ? {} : { apiKey: rbac.apiKey }), transport: 'rest' })
    const name = uniqueClassName('ObsRefused')
    const role = `obs-reader-${randomUUID().slice(0, 8)}`
    const user = `obs-reader-${randomUUID().slice(0, 8)}`
    await right(root.schema.createClass({ class: name, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
    closers.push(async () => {
      await right(root.schema.deleteClass(name))
      await right(root.roles.delete(role))
      await right(root.users.db.delete(user))
    })
    await right(root.roles.create(role, [{ kind: 'data', collection: name, actions: ['read'] }]))
    const readerKey = await right(root.users.db.create(user))
    await right(root.users.assignRoles(user, [role], { userType: 'db' }))
    sdk.reset()
    const reader = client({ url: rbac.url, apiKey: readerKey, transport: 'rest' })
    const error = await left(reader.objects.create({ className: name, dataObject: { title: 'no' } }))
    const span = onlySpan(sdk.spans(), 'objects.create')
    expect([error._tag, span.attributes['error.type'], span.status.code]).toEqual(['ForbiddenError', 'ForbiddenError', SpanStatusCode.ERROR])
  })
})
