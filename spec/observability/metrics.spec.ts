/**
 * OpenTelemetry metrics of the operations (lib/observe/otel.ts), collected from the SDK's meter
 * provider against the real 1.39 server: the conventions' operation duration and returned rows,
 * and the client's attempts, retries, objects written, batch errors and operations in flight.
 * The instruments are cumulative over the file, so each spec reads what its own operation added.
 */
import type { Attributes } from '@opentelemetry/api'
import type { Histogram } from '@opentelemetry/sdk-metrics'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, ConnectOptions, connect } from '../../lib'
import { METRICS } from '../../lib/observe/otel'
import { createClass, deleteClass, insertObjects } from '../helpers/fixtures'
import { startGrpcProxy } from '../helpers/grpc-proxy'
import { deadUrl } from '../helpers/misbehaving-server'
import { startProxy } from '../helpers/proxy'
import { left, right } from '../helpers/client'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { CURRENT_VERSION, apiKeyOption, grpcServerUrl } from '../helpers/versions'
import { Sdk, startSdk } from '../helpers/otel'

const Article = uniqueClassName('ObsMetrics')
const key = (): { apiKey?: string } => apiKeyOption(weaviateUrl())
let ids: string[] = []
let sdk: Sdk
const clients: Client[] = []
const closers: Array<() => Promise<void>> = []

const client = (options: ConnectOptions): Client => {
  const c = connect({ serverVersion: CURRENT_VERSION, ...options })
  clients.push(c)
  return c
}

const matches = (attributes: Attributes, wanted: Attributes): boolean => Object.entries(wanted).every(([k, v]) => attributes[k] === v)

/** The sum of a counter's points (or of a histogram's recorded values) whose attributes include `wanted`. */
const total = async (name: string, wanted: Attributes): Promise<number> =>
  (await sdk.points(name)).filter((p) => matches(p.attributes, wanted)).reduce((sum, p) => sum + (typeof p.value === 'number' ? p.value : (p.value.sum ?? 0)), 0)

/** The histogram points of `name` whose attributes include `wanted`. */
const histograms = async (name: string, wanted: Attributes): Promise<Array<{ readonly attributes: Attributes; readonly value: Histogram }>> =>
  (await sdk.points(name)).filter((p) => matches(p.attributes, wanted)).map((p) => ({ attributes: p.attributes, value: p.value as Histogram }))

beforeAll(async () => {
  sdk = startSdk()
  await createClass(weaviateUrl(), { class: Article, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
  ids = await insertObjects(weaviateUrl(), Article, ['a', 'b', 'c'].map((title) => ({ title })))
})

afterAll(async () => {
  for (const close of closers) await close()
  for (const c of clients) await c.close()
  await deleteClass(weaviateUrl(), Article)
  await sdk.stop()
})

describe('db.client.operation.duration', () => {
  it('one point per operation, with the conventions’ attributes', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.objects.getById({ className: Article, uuid: ids[0] ?? '' }))
    const [point, ...more] = await histograms(METRICS.duration, { 'db.operation.name': 'objects.getById' })
    expect([more.length, point?.value.count, point?.attributes]).toEqual([
      0,
      1,
      {
        'db.system.name': 'weaviate',
        'db.operation.name': 'objects.getById',
        'db.collection.name': Article,
        'server.address': '127.0.0.1',
        'server.port': Number(new URL(weaviateUrl()).port),
        'weaviate.transport': 'rest',
      },
    ])
  })

  it('a failed operation’s point carries error.type', async () => {
    const c = client({ url: await deadUrl(), transport: 'rest', retry: false })
    await left(c.objects.exists({ className: Article, uuid: ids[0] ?? '' }))
    const points = await histograms(METRICS.duration, { 'db.operation.name': 'objects.exists', 'error.type': 'ConnectionError' })
    expect(points.map((p) => p.value.count)).toEqual([1])
  })
})

describe('attempts, retries, rows, objects', () => {
  it('a retried request adds two attempts and one retry', async () => {
    const proxy = await startProxy(weaviateUrl(), { inject: { path: /^\/v1\/objects\//, nth: 1, status: 503 } })
    closers.push(() => proxy.close())
    const c = client({ ...proxy.connection, transport: 'rest', retry: { baseDelayMs: 1 } })
    const before = [await total(METRICS.attempts, { 'db.operation.name': 'objects.get' }), await total(METRICS.retries, { 'db.operation.name': 'objects.get' })]
    await right(c.objects.get({ className: Article, uuid: ids[1] ?? '' }))
    const after = [await total(METRICS.attempts, { 'db.operation.name': 'objects.get' }), await total(METRICS.retries, { 'db.operation.name': 'objects.get', 'error.type': 'UnexpectedStatusError' })]
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([2, 1])
  })

  it('a list records its objects in db.client.response.returned_rows', async () => {
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    await right(c.objects.list({ className: Article }))
    const points = await histograms(METRICS.returnedRows, { 'db.operation.name': 'objects.list', 'db.collection.name': Article })
    expect(points.map((p) => [p.value.count, p.value.sum])).toEqual([[1, 3]])
  })

  it('a batch adds the objects written and the objects the server refused', async () => {
    const Batched = uniqueClassName('ObsMetricsBatch')
    await createClass(weaviateUrl(), { class: Batched, vectorizer: 'none', properties: [{ name: 'count', dataType: ['int'] }] })
    closers.push(() => deleteClass(weaviateUrl(), Batched))
    const c = client({ url: weaviateUrl(), ...key(), transport: 'rest' })
    const objects = [1, 2, 3, 'not a number', 5].map((count) => ({ className: Batched, dataObject: { count } }))
    await lastValueFrom(c.objects.batch(objects, { batchSize: 2 }).pipe(toArray()))
    expect([await total(METRICS.written, { 'db.collection.name': Batched }), await total(METRICS.batchErrors, { 'db.collection.name': Batched, 'error.type': 'BatchObjectError' })]).toEqual([4, 1])
  })
})

describe(METRICS.inFlight, () => {
  it('counts an operation while its call is open, and not after it is unsubscribed', async () => {
    const proxy = await startGrpcProxy(grpcServerUrl(CURRENT_VERSION), () => 'hold')
    closers.push(() => proxy.close())
    const c = client({ url: weaviateUrl(), ...key(), grpcUrl: proxy.url, transport: 'grpc' })
    const wanted = { 'db.operation.name': 'query.fetchObjects' }
    const subscription = c.query.fetchObjects({ className: Article, limit: 1 }).subscribe()
    await proxy.received(1)
    const during = await total(METRICS.inFlight, wanted)
    subscription.unsubscribe()
    expect([during, await total(METRICS.inFlight, wanted)]).toEqual([1, 0])
  })
})
