/**
 * `objects.batch` with `batchSize: 'dynamic'` on real 1.39.0 servers: the request size follows the
 * server's feedback.
 *
 * - REST, a fast server: each request is answered well under a second, so the size grows from 100
 *   (read from the requests the client sent).
 * - REST, a slow vectorizer: the `PROVIDERS` server vectorizes each object with text2vec-openai
 *   through the OpenAI-compatible endpoint of spec/helpers/openai-compatible.ts, which takes 20 ms
 *   a text (no real provider can run here), so a request of 100 takes two seconds and the size
 *   falls.
 * - `BatchStream`: the server asks for a size every five seconds (`Backoff`,
 *   adapters/handlers/grpc/v1/batch/stream.go at v1.39.0, 100 to 1000); a stream run does not read
 *   its latency, so a size other than 100 in the progress reports is one the server asked for.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, BatchProgress, Client, connect, uuidFromKey } from '../../lib'
import { left, recordingClient, right } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { OpenAICompatible, startOpenAICompatible } from '../helpers/openai-compatible'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { configuredServer, grpcServerUrl } from '../helpers/versions'

const NAMESPACE = '0d4f3c3a-5a7e-4c55-9f39-6f0c2d1b8e77'
const Fast = uniqueClassName('DynamicFast')
const Streamed = uniqueClassName('DynamicStream')
const Slow = uniqueClassName('DynamicSlow')
const Linked = uniqueClassName('DynamicLinked')

let grpcClient: Client
let providers: Client
let endpoint: OpenAICompatible

beforeAll(async () => {
  grpcClient = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') })
  for (const name of [Fast, Streamed]) await createClass(weaviateUrl(), { class: name, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  await createClass(weaviateUrl(), { class: Linked, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  await right(grpcClient.schema.addProperty(Linked, { name: 'next', dataType: [Linked] }))
  endpoint = await startOpenAICompatible({ embed: (text) => [text.length, 1], delayPerInputMs: 20 })
  const p = configuredServer('PROVIDERS')
  providers = connect({ url: p.url, ...(p.apiKey === undefined ? {} : { apiKey: p.apiKey }), headers: { 'x-openai-api-key': 'sk-stub' } })
  await right(
    providers.schema.createClass({
      class: Slow,
      properties: [{ name: 'title', dataType: ['text'] }],
      vectorConfig: {
        title: { vectorizer: { 'text2vec-openai': { baseURL: endpoint.baseURL, model: 'stub', dimensions: 2, vectorizeClassName: false } }, vectorIndexType: 'hnsw' },
      },
    }),
  )
}, 60_000)

ownHandles({
  closeAfterAll: async () => {
    for (const name of [Fast, Streamed, Linked]) await deleteClass(weaviateUrl(), name)
    await right(providers.schema.deleteClass(Slow))
    await grpcClient.close()
    await providers.close()
    await endpoint.close()
  },
})

function* objects(className: string, n: number): Generator<BatchObject> {
  for (let i = 0; i < n; i++) yield { className, uuid: uuidFromKey(NAMESPACE, `${className}-${i}`), dataObject: { n: i } }
}

/** The number of objects of each REST batch request, in the order sent. */
const restSizes = (requests: ReadonlyArray<{ readonly path: string; readonly body: unknown }>): number[] =>
  requests.filter((r) => r.path.startsWith('/v1/batch/objects')).map((r) => (r.body as { objects: unknown[] }).objects.length)

describe("objects.batch with batchSize: 'dynamic'", () => {
  it("takes 'dynamic' or a positive integer: another word is refused by name before the source is read", async () => {
    let read = 0
    const source = function* (): Generator<BatchObject> {
      read += 1
      yield { className: Fast, dataObject: {} }
    }
    const error = await left(grpcClient.objects.batch(source(), { batchSize: 'auto' as 'dynamic' }))
    expect({ tag: error._tag, message: error.message.includes("'batchSize' must be a positive integer or 'dynamic'"), read }).toEqual({ tag: 'ArgumentValueError', message: true, read: 0 })
  })

  it('over REST, a server that answers quickly gets larger requests, from 100 up to at most 1000', async () => {
    const recording = recordingClient({ url: weaviateUrl() })
    const reports: BatchProgress[] = []
    try {
      const written = await lastValueFrom(
        recording.client.objects.batch(objects(Fast, 5_000), { transport: 'rest', batchSize: 'dynamic', concurrency: 1, onProgress: (p) => reports.push(p) }).pipe(toArray()),
      )
      expect(written.filter(E.isLeft)).toEqual([])
      const sizes = restSizes(recording.requests)
      expect({ first: sizes[0], grew: Math.max(...sizes) > 100, withinMax: Math.max(...sizes) <= 1000 }).toEqual({ first: 100, grew: true, withinMax: true })
      expect(reports.some((r) => (r.batchSize ?? 0) > 100)).toBe(true)
    } finally {
      await recording.close()
    }
  }, 60_000)

  it('over REST, requests the server answers slowly (a slow vectorizer) make the next ones smaller', async () => {
    const recording = recordingClient({ url: configuredServer('PROVIDERS').url, ...(configuredServer('PROVIDERS').apiKey === undefined ? {} : { apiKey: configuredServer('PROVIDERS').apiKey }), headers: { 'x-openai-api-key': 'sk-stub' } })
    try {
      const titles = Array.from({ length: 450 }, (_, i): BatchObject => ({ className: Slow, uuid: uuidFromKey(NAMESPACE, `slow-${i}`), dataObject: { title: `title ${i}` } }))
      const written = await lastValueFrom(recording.client.objects.batch(titles, { transport: 'rest', batchSize: 'dynamic', concurrency: 1 }).pipe(toArray()))
      expect(written.filter(E.isLeft)).toEqual([])
      const sizes = restSizes(recording.requests)
      // The second request is filled while the first is in flight: the first answer sizes the third.
      expect({ first: sizes.slice(0, 2), later: sizes.slice(2).length >= 3 && sizes.slice(2).every((n) => n < 100), embedded: endpoint.seen.length > 0 }).toEqual({
        first: [100, 100],
        later: true,
        embedded: true,
      })
    } finally {
      await recording.close()
    }
  }, 60_000)

  it('references.batch over REST takes it too: a server that answers quickly gets larger requests', async () => {
    const written = await lastValueFrom(grpcClient.objects.batch(objects(Linked, 3_000), { transport: 'rest' }).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
    const recording = recordingClient({ url: weaviateUrl() })
    try {
      const idOf = (i: number): string => uuidFromKey(NAMESPACE, `${Linked}-${i}`)
      const references = Array.from({ length: 3_000 }, (_, i) => ({ fromClassName: Linked, fromUuid: idOf(i), fromPropertyName: 'next', toClassName: Linked, toUuid: idOf((i + 1) % 3_000) }))
      const results = await lastValueFrom(recording.client.references.batch(references, { batchSize: 'dynamic', concurrency: 1 }).pipe(toArray()))
      expect(results.filter(E.isLeft)).toEqual([])
      const sizes = recording.requests.filter((r) => r.path.startsWith('/v1/batch/references')).map((r) => (r.body as unknown[]).length)
      expect({ first: sizes[0], grew: Math.max(...sizes) > 100 }).toEqual({ first: 100, grew: true })
    } finally {
      await recording.close()
    }
  }, 60_000)

  it('over BatchStream, the size becomes the one the server asks for', async () => {
    const reports: BatchProgress[] = []
    // Objects for eight seconds: the server asks for a size every five.
    const source = async function* (): AsyncGenerator<BatchObject> {
      for (let round = 0; round < 80; round++) {
        for (let i = 0; i < 20; i++) yield { className: Streamed, uuid: uuidFromKey(NAMESPACE, `${Streamed}-${round}-${i}`), dataObject: { n: i } }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
    const written = await lastValueFrom(
      grpcClient.objects.batch(source(), { transport: 'grpc', grpcMethod: 'stream', batchSize: 'dynamic', onProgress: (p) => reports.push(p) }).pipe(toArray()),
    )
    expect(written.filter(E.isLeft)).toEqual([])
    const sizes = reports.map((r) => r.batchSize)
    expect({ first: sizes[0], asked: sizes.some((s) => s !== 100), withinServerRange: sizes.every((s) => s !== undefined && s >= 100 && s <= 1000) }).toEqual({
      first: 100,
      asked: true,
      withinServerRange: true,
    })
  }, 60_000)
})
