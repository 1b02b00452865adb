/**
 * objects.batch and references.batch over REST (`transport: 'rest'`; the gRPC writers' specs are
 * in spec/grpc/ and spec/grpc-web/) against the real server: a large import read back exactly,
 * per-object failures as Lefts, exactly-once through a proxy that cuts answers mid-body, bounded
 * memory on a lazy source, tenants, references with failures.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, tap, toArray } from 'rxjs'
import { BatchObject, BatchProgress, BatchReference, BatchWritten, Client, WeaviateError, connect, uuidFromKey } from '../lib'
import { isArgumentError, isBatchObjectError, isBatchReferenceError, isUnexpectedStatusError } from '../lib/core/errors'
import { EmbeddedWeaviate, startEmbedded } from '../lib/embedded'
import { createClass, createMultiTenantClass, countObjects, deleteClass, getObjectRaw } from './helpers/fixtures'
import { recordingClient, right } from './helpers/client'
import { TestServer, json, startServer } from './helpers/misbehaving-server'
import { startProxy } from './helpers/proxy'
import { ownHandles } from './helpers/own-handles'
import { uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'
import { serverUrl } from './helpers/versions'

const Imported = uniqueClassName('Imported')
const Mixed = uniqueClassName('Mixed')
const Cut = uniqueClassName('Cut')
const Lazy = uniqueClassName('Lazy')
const Watermark = uniqueClassName('Watermark')
const TenantBatch = uniqueClassName('TenantBatch')
const Author = uniqueClassName('BatchAuthor')
const Book = uniqueClassName('BatchBook')
const ALL = [Imported, Mixed, Cut, Lazy, Watermark, TenantBatch, Author, Book]
const NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8'

let client: Client

const properties = [
  { name: 'title', dataType: ['text'] },
  { name: 'n', dataType: ['int'] },
  { name: 'tags', dataType: ['text[]'] },
]

beforeAll(async () => {
  client = connect({ ...weaviateConnection(), transport: 'rest' })
  for (const name of [Imported, Mixed, Cut, Lazy, Watermark]) await createClass(weaviateUrl(), { class: name, vectorizer: 'none', properties })
})

// No timer of the library's left after any test; nothing of it at all once the client is closed.
ownHandles({
  closeAfterAll: async () => {
    for (const name of ALL) await deleteClass(weaviateUrl(), name)
    await client.close()
  },
})

type Result<A> = E.Either<WeaviateError, A>
const all = <A>(op: import('rxjs').Observable<Result<A>>): Promise<Array<Result<A>>> => lastValueFrom(op.pipe(toArray()), { defaultValue: [] })
const lefts = <A>(results: ReadonlyArray<Result<A>>): WeaviateError[] => results.flatMap((r) => (E.isLeft(r) ? [r.left] : []))
const rights = <A>(results: ReadonlyArray<Result<A>>): A[] => results.flatMap((r) => (E.isRight(r) ? [r.right] : []))

function* generated(className: string, n: number, withVector = false): Generator<BatchObject> {
  for (let i = 0; i < n; i++) {
    yield {
      className,
      uuid: uuidFromKey(NAMESPACE, `${className}-${i}`),
      dataObject: { title: `object ${i}`, n: i, tags: [`t${i % 7}`] },
      ...(withVector ? { vector: [i / n, 1 - i / n, 0.5] } : {}),
    }
  }
}

describe('objects.batch', () => {
  it('imports 20,000 objects that stream back with the same ids, properties and vectors', async () => {
    const expected = new Map([...generated(Imported, 20_000, true)].map((o) => [o.uuid, o]))
    const results = await all(client.objects.batch(generated(Imported, 20_000, true), { concurrency: 4 }))
    expect(lefts(results)).toEqual([])
    expect(results).toHaveLength(20_000)
    const streamed = await all(client.objects.stream({ className: Imported, withVector: true, pageSize: 1000 }))
    expect(lefts(streamed)).toEqual([])
    const objects = rights(streamed)
    expect(objects).toHaveLength(20_000)
    for (const object of objects) {
      const sent = expected.get(object.id)
      expect(object.properties).toEqual(sent?.dataObject)
      // The server keeps float32: each component equals what was sent to float32 precision.
      const vector = object.vector ?? []
      expect(vector).toHaveLength(3)
      vector.forEach((x, i) => expect(x).toBeCloseTo(sent?.vector?.[i] ?? NaN, 6))
    }
    expect(await countObjects(weaviateUrl(), Imported)).toBe(20_000)
  }, 240_000)

  it('one result per object, each index once, carrying the uuid it was written under', async () => {
    const results = await all(client.objects.batch(generated(Imported, 250), { batchSize: 40 }))
    const written = rights(results)
    expect(written.map((w) => w.index).sort((a, b) => a - b)).toEqual(Array.from({ length: 250 }, (_, i) => i))
    expect(written.find((w) => w.index === 17)?.uuid).toBe(uuidFromKey(NAMESPACE, `${Imported}-17`))
  })

  it('objects with a wrong property type are Lefts at exactly their indices, with the server message; the others exist', async () => {
    const bad = new Set([3, 99, 100, 257])
    const source = Array.from({ length: 300 }, (_, i): BatchObject => ({
      className: Mixed,
      uuid: uuidFromKey(NAMESPACE, `${Mixed}-${i}`),
      dataObject: bad.has(i) ? { n: 'not a number' } : { n: i },
    }))
    const results = await all(client.objects.batch(source, { batchSize: 64 }))
    const failed = lefts(results)
    expect(failed.map((e) => (isBatchObjectError(e) ? e.index : -1)).sort((a, b) => a - b)).toEqual([...bad])
    expect(failed.every((e) => isBatchObjectError(e) && e.messages.some((m) => m.includes("invalid integer property 'n'")))).toBe(true)
    expect(await countObjects(weaviateUrl(), Mixed)).toBe(296)
    expect(await getObjectRaw(weaviateUrl(), Mixed, uuidFromKey(NAMESPACE, `${Mixed}-3`))).toBeUndefined()
  })

  it('a malformed object is a BatchObjectError at its index with the input error as cause, and the rest are written', async () => {
    const source: unknown[] = [
      { className: Mixed, dataObject: { n: 1 } },
      { className: Mixed, dataObject: 'not an object' },
      { className: Mixed, uuid: 'nope', dataObject: {} },
      { className: Mixed, dataObject: { n: 2 } },
    ]
    const results = await all(client.objects.batch(source as BatchObject[]))
    expect(
      lefts(results).map((e) => (isBatchObjectError(e) && isArgumentError(e.cause) ? [e.index, e.cause._tag, e.cause.argument, e.uuid] : e._tag)),
    ).toEqual([
      [1, 'ArgumentTypeError', 'objects[1].dataObject', undefined],
      [2, 'ArgumentValueError', 'objects[2].uuid', undefined],
    ])
    expect(rights(results).map((w) => w.index).sort()).toEqual([0, 3])
  })

  it('through a proxy that cuts every 3rd answer mid-body, objects without ids exist exactly once at the server and none is a Left', async () => {
    const proxy = await startProxy(weaviateUrl(), { cut: { path: /\/v1\/batch\/objects/, every: 3 } })
    const viaProxy = connect({ ...proxy.connection, transport: 'rest', retry: { attempts: 5, baseDelayMs: 10 } })
    try {
      // No uuids: the client assigns each object its id once, so a request sent again (its answer
      // was cut after the server wrote it) overwrites instead of adding. Counted at the server.
      const source = Array.from({ length: 3_000 }, (_, n): BatchObject => ({ className: Cut, dataObject: { n } }))
      // One request at a time, so the cuts fall on every 3rd request and never twice on one batch.
      const results = await all(viaProxy.objects.batch(source, { batchSize: 100, concurrency: 1 }))
      expect(proxy.cuts()).toBeGreaterThan(0)
      expect(lefts(results)).toEqual([])
      expect(new Set(rights(results).map((w) => w.uuid)).size).toBe(3_000)
      expect(await countObjects(weaviateUrl(), Cut)).toBe(3_000)
    } finally {
      await viaProxy.close()
      await proxy.close()
    }
  })

  it('when every answer is cut and the retry budget runs out, each object of the batch is one Left', async () => {
    const proxy = await startProxy(weaviateUrl(), { cut: { path: /\/v1\/batch\/objects/, every: 1 } })
    const viaProxy = connect({ ...proxy.connection, transport: 'rest', retry: { attempts: 2, baseDelayMs: 10 } })
    try {
      const results = await all(viaProxy.objects.batch(generated(Cut, 150), { batchSize: 100, concurrency: 1 }))
      const failed = lefts(results)
      expect(failed).toHaveLength(150)
      expect(new Set(failed.map((e) => (isBatchObjectError(e) ? e.index : -1))).size).toBe(150)
      expect(failed.every((e) => isBatchObjectError(e) && e.cause !== undefined)).toBe(true)
      expect(proxy.cuts()).toBe(4) // 2 requests x 2 attempts
    } finally {
      await viaProxy.close()
      await proxy.close()
    }
  })

  it('reads a lazy source of 200,000 objects no further ahead than (concurrency + 1) x batchSize', async () => {
    let read = 0
    let acknowledged = 0
    let furthest = 0
    function* lazy(): Generator<BatchObject> {
      for (let i = 0; i < 200_000; i++) {
        read += 1
        furthest = Math.max(furthest, read - acknowledged)
        yield { className: Lazy, dataObject: { n: i } }
      }
    }
    const batchSize = 500
    const concurrency = 2
    const results = await lastValueFrom(
      client.objects.batch(lazy(), { batchSize, concurrency }).pipe(
        tap(() => (acknowledged += 1)),
        toArray(),
      ),
    )
    expect(lefts(results)).toEqual([])
    expect(read).toBe(200_000)
    expect(acknowledged).toBe(200_000)
    expect(furthest).toBeLessThanOrEqual((concurrency + 1) * batchSize + 1)
  }, 240_000)

  it('writes each object to its own tenant', async () => {
    await createMultiTenantClass(weaviateUrl(), TenantBatch, ['a', 'b'])
    const source = Array.from({ length: 40 }, (_, i): BatchObject => ({
      className: TenantBatch,
      tenant: i % 2 === 0 ? 'a' : 'b',
      dataObject: { title: `t${i}` },
    }))
    const results = await all(client.objects.batch(source))
    expect(lefts(results)).toEqual([])
    expect(await countObjects(weaviateUrl(), TenantBatch, 'a')).toBe(20)
    expect(await countObjects(weaviateUrl(), TenantBatch, 'b')).toBe(20)
  })

  it('reports progress after each request and a final summary', async () => {
    const reports: Array<{ succeeded: number; failed: number; done: boolean }> = []
    await all(client.objects.batch(generated(Imported, 300), { batchSize: 100, onProgress: (p) => reports.push(p) }))
    expect(reports.filter((r) => !r.done)).toHaveLength(3)
    expect(reports.at(-1)).toMatchObject({ read: 300, sent: 300, succeeded: 300, failed: 0, done: true })
  })

  it("onProgress's settledThrough: every item below it has had its final result emitted, and it reaches the end", async () => {
    const received = new Set<number>()
    const reports: Array<{ readonly settledThrough: number; readonly missing: number; readonly done: boolean }> = []
    // Malformed items (settled at once) and refused ones (settled by their answer) among the written.
    const source: unknown[] = Array.from({ length: 1_000 }, (_, n) =>
      n % 97 === 5 ? { className: Watermark, dataObject: 'not an object' } : { className: Watermark, dataObject: n % 89 === 7 ? { n: 'x' } : { n } },
    )
    const onProgress = (p: BatchProgress): void => {
      let missing = 0
      for (let i = 0; i < p.settledThrough; i++) if (!received.has(i)) missing += 1
      reports.push({ settledThrough: p.settledThrough, missing, done: p.done })
    }
    const indexOf = (r: Result<BatchWritten>): number => (E.isRight(r) ? r.right.index : isBatchObjectError(r.left) ? r.left.index : -1)
    await lastValueFrom(
      client.objects.batch(source as BatchObject[], { batchSize: 50, concurrency: 4, onProgress }).pipe(tap((r) => received.add(indexOf(r)))),
    )
    expect(received.size).toBe(1_000)
    expect(reports.filter((r) => r.missing > 0)).toEqual([])
    expect(reports.some((r) => !r.done && r.settledThrough > 0 && r.settledThrough < 1_000)).toBe(true)
    expect(reports.at(-1)).toEqual({ settledThrough: 1_000, missing: 0, done: true })
  })

  it('progress reports use the common shape: items = succeeded + failed, requests answered', async () => {
    const reports: BatchProgress[] = []
    const source = Array.from({ length: 120 }, (_, n): BatchObject => ({ className: Watermark, dataObject: n === 3 ? { n: 'x' } : { n } }))
    await all(client.objects.batch(source, { batchSize: 40, onProgress: (p) => reports.push(p) }))
    expect(reports.at(-1)).toMatchObject({ items: 120, succeeded: 119, failed: 1, requests: 3, read: 120, sent: 120, done: true })
  })

  it('bad options are input errors and nothing is read from the source', async () => {
    let read = 0
    const source = (function* () {
      read += 1
      yield { className: Imported, dataObject: {} }
    })()
    const results = await all(client.objects.batch(source, { batchSize: 0 }))
    expect(lefts(results).map((e) => e._tag)).toEqual(['ArgumentValueError'])
    expect(read).toBe(0)
  })
})

describe('references.batch', () => {
  it('writes 5,000 references; those to a missing property or class are Lefts at their indices', async () => {
    await createClass(weaviateUrl(), { class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
    await createClass(weaviateUrl(), {
      class: Book,
      vectorizer: 'none',
      properties: [{ name: 'title', dataType: ['text'] }, { name: 'writtenBy', dataType: [Author] }],
    })
    const authors = Array.from({ length: 50 }, (_, i) => uuidFromKey(NAMESPACE, `${Author}-${i}`))
    const books = Array.from({ length: 5_000 }, (_, i) => uuidFromKey(NAMESPACE, `${Book}-${i}`))
    await all(client.objects.batch(authors.map((uuid, i) => ({ className: Author, uuid, dataObject: { name: `a${i}` } }))))
    await all(client.objects.batch(books.map((uuid, i) => ({ className: Book, uuid, dataObject: { title: `b${i}` } })), { batchSize: 500 }))
    const badProperty = new Set([10, 2_000])
    const badClass = new Set([77])
    const refs = books.map((uuid, i) => ({
      fromClassName: badClass.has(i) ? uniqueClassName('Nowhere') : Book,
      fromUuid: uuid,
      fromPropertyName: badProperty.has(i) ? 'noSuchProperty' : 'writtenBy',
      toClassName: Author,
      toUuid: authors[i % authors.length] ?? '',
    }))
    const results = await all(client.references.batch(refs, { batchSize: 500 }))
    const failed = lefts(results)
    expect(failed.map((e) => (isBatchReferenceError(e) ? e.index : -1)).sort((a, b) => a - b)).toEqual([10, 77, 2_000])
    expect(failed.every((e) => isBatchReferenceError(e) && e.messages.length > 0)).toBe(true)
    expect(rights(results)).toHaveLength(4_997)
    const book = await getObjectRaw(weaviateUrl(), Book, books[5] ?? '')
    expect((book?.['properties'] as { writtenBy?: Array<{ beacon: string }> }).writtenBy?.[0]?.beacon).toBe(
      `weaviate://localhost/${Author}/${authors[5] ?? ''}`,
    )
  })
})

describe('objects.batch flushing and per-object retries', () => {
  it('sends a request before it would grow past maxBytes', async () => {
    const rc = recordingClient({ serverVersion: '1.39.0', transport: 'rest' })
    try {
      const source = Array.from({ length: 10 }, (_, i): BatchObject => ({ className: Imported, dataObject: { title: 'x'.repeat(1_000), n: i } }))
      const results = await all(rc.client.objects.batch(source, { batchSize: 100, maxBytes: 3_500 }))
      expect(lefts(results)).toEqual([])
      const sizes = rc.requests.filter((r) => r.path.startsWith('/v1/batch/objects')).map((r) => (r.body as { objects: unknown[] }).objects.length)
      expect(sizes).toEqual([3, 3, 3, 1])
    } finally {
      await rc.close()
    }
  })

  it('sends a partial batch when the source pauses longer than flushMs', async () => {
    const rc = recordingClient({ serverVersion: '1.39.0', transport: 'rest' })
    try {
      async function* paused(): AsyncGenerator<BatchObject> {
        for (let i = 0; i < 3; i++) yield { className: Imported, dataObject: { n: i } }
        await new Promise((resolve) => setTimeout(resolve, 500))
        for (let i = 3; i < 5; i++) yield { className: Imported, dataObject: { n: i } }
      }
      const results = await all(rc.client.objects.batch(paused(), { batchSize: 100, flushMs: 50 }))
      expect(lefts(results)).toEqual([])
      const sizes = rc.requests.filter((r) => r.path.startsWith('/v1/batch/objects')).map((r) => (r.body as { objects: unknown[] }).objects.length)
      expect(sizes).toEqual([3, 2])
    } finally {
      await rc.close()
    }
  })

  it('sends again, alone, an object the server reported as rate-limited inside a 200, and not a permanent failure', async () => {
    // A real Weaviate reports per-object rate limits only with a vectorizer module behind it: a stub.
    // The behaviour runs once the body is read; it answers from the recorded body.
    const server: TestServer = await startServer((req, res, n) => {
      const { objects } = JSON.parse(server.requests[n]?.body ?? '{}') as { objects: Array<{ id: string }> }
      const answer = objects.map((o, i) => ({
        id: o.id,
        result:
          n === 0 && i === 1
            ? { errors: { error: [{ message: '429 Too Many Requests: rate limit reached' }] } }
            : n === 0 && i === 2
              ? { errors: { error: [{ message: "invalid text property 'title'" }] } }
              : {},
      }))
      json(200, answer)(req, res, n)
    })
    const stub = connect({ url: server.url, serverVersion: '1.39.0', transport: 'rest' })
    try {
      const source = Array.from({ length: 4 }, (_, i): BatchObject => ({ className: 'A', dataObject: { n: i } }))
      const results = await all(stub.objects.batch(source))
      expect(rights(results).map((w) => w.index).sort()).toEqual([0, 1, 3])
      expect(lefts(results).map((e) => (isBatchObjectError(e) ? [e.index, e.messages] : []))).toEqual([[2, ["invalid text property 'title'"]]])
      const sent = server.requests.map((r) => (JSON.parse(r.body) as { objects: unknown[] }).objects.length)
      expect(sent).toEqual([4, 1])
    } finally {
      await stub.close()
      await server.close()
    }
  })
})

describe('references.batch malformed input', () => {
  it('a malformed reference is a BatchReferenceError at its index with the input error as cause, and the rest are sent', async () => {
    const rc = recordingClient({ serverVersion: '1.39.0', transport: 'rest' })
    try {
      const from = uuidFromKey(NAMESPACE, 'from')
      const refs: unknown[] = [
        { fromClassName: Imported, fromUuid: from, fromPropertyName: 'title', toUuid: from },
        { fromClassName: Imported, fromUuid: 'nope', fromPropertyName: 'title', toUuid: from },
      ]
      const results = await all(rc.client.references.batch(refs as BatchReference[]))
      const failed = lefts(results).filter((e) => isBatchReferenceError(e) && isArgumentError(e.cause))
      expect(failed.map((e) => (isBatchReferenceError(e) && isArgumentError(e.cause) ? [e.index, e.cause.argument, e.from] : []))).toEqual([
        [1, 'references[1].fromUuid', undefined],
      ])
      const sent = rc.requests.filter((r) => r.path.startsWith('/v1/batch/references')).map((r) => (r.body as unknown[]).length)
      expect(sent).toEqual([1])
    } finally {
      await rc.close()
    }
  })
})

describe.each(['1.13.2', '1.14.1'] as const)('references.batch on Weaviate %s', (version) => {
  const suffix = `${version.replace(/\./g, '')}${Math.random().toString(36).slice(2, 8)}`
  const Writer = `BatchWriter${suffix}`
  const Novel = `BatchNovel${suffix}`
  /** The beacon the server stores for a reference to `id`: class-less before 1.14. */
  const beacon = (id: string): string => (version === '1.13.2' ? `weaviate://localhost/${id}` : `weaviate://localhost/${Writer}/${id}`)

  afterAll(async () => {
    await deleteClass(serverUrl(version), Novel)
    await deleteClass(serverUrl(version), Writer)
  })

  it('writes every reference, and the server then holds each one with the beacon of its version', async () => {
    const c = connect({ url: serverUrl(version), transport: 'rest' })
    try {
      await createClass(serverUrl(version), { class: Writer, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
      await createClass(serverUrl(version), {
        class: Novel,
        vectorizer: 'none',
        properties: [{ name: 'title', dataType: ['text'] }, { name: 'writtenBy', dataType: [Writer] }],
      })
      const writers = rights(await all(c.objects.batch(Array.from({ length: 5 }, (_, i) => ({ className: Writer, dataObject: { name: `w${i}` } }))))).map((w) => w.uuid)
      const novels = rights(await all(c.objects.batch(Array.from({ length: 60 }, (_, i) => ({ className: Novel, dataObject: { title: `n${i}` } }))))).map((w) => w.uuid)
      expect([writers.length, novels.length]).toEqual([5, 60])
      const author = (i: number): string => writers[i % writers.length] ?? ''
      const refs = novels.map((uuid, i): BatchReference => ({ fromClassName: Novel, fromUuid: uuid, fromPropertyName: 'writtenBy', toClassName: Writer, toUuid: author(i) }))
      const results = await all(c.references.batch(refs, { batchSize: 25 }))
      expect(lefts(results)).toEqual([])
      expect(rights(results).map((w) => w.index).sort((a, b) => a - b)).toEqual(novels.map((_, i) => i))
      const held = await Promise.all(
        novels.map(async (uuid) => {
          const raw = await lastValueFrom(c.objects.getById({ className: Novel, uuid }))
          const properties = E.isRight(raw) ? (raw.right?.properties as { writtenBy?: Array<{ beacon?: string }> } | undefined) : undefined
          return (properties?.writtenBy ?? []).map((r) => r.beacon)
        }),
      )
      expect(held).toEqual(novels.map((_, i) => [beacon(author(i))]))
    } finally {
      await c.close()
    }
  })
})

describe('a batch request that fails as a whole', () => {
  const KEY = 'batch-core-test-key'
  let guarded: EmbeddedWeaviate
  beforeAll(async () => {
    guarded = await startEmbedded({
      env: {
        AUTHENTICATION_APIKEY_ENABLED: 'true',
        AUTHENTICATION_APIKEY_ALLOWED_KEYS: KEY,
        AUTHENTICATION_APIKEY_USERS: 'batcher',
        AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      },
      log: { write: () => true },
    })
  }, 180_000)
  afterAll(async () => {
    await guarded.stop()
  })

  /** [index, cause tag, cause status, path of the failed request] of every Left. */
  const causes = (results: ReadonlyArray<Result<unknown>>): unknown[] =>
    lefts(results).map((e) =>
      (isBatchObjectError(e) || isBatchReferenceError(e)) && isUnexpectedStatusError(e.cause) ? [e.index, e.cause.status, new URL(e.cause.url).pathname] : e._tag,
    )

  it('401 from a real server with API-key auth: every object and reference is a Left at its index with the 401 as cause; nothing is written', async () => {
    const keyed = connect({ url: guarded.url, apiKey: KEY, transport: 'rest' })
    // The version is given, so the batch request is the first request: the 401 is its own.
    const anonymous = connect({ url: guarded.url, serverVersion: '1.39.0', transport: 'rest' })
    try {
      await right(keyed.schema.createClass({ class: 'Guarded', vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }, { name: 'self', dataType: ['Guarded'] }] }))
      const objects = await all(anonymous.objects.batch(Array.from({ length: 3 }, (_, n): BatchObject => ({ className: 'Guarded', dataObject: { n } }))))
      expect(causes(objects)).toEqual([0, 1, 2].map((i) => [i, 401, '/v1/batch/objects']))
      expect(await right(keyed.objects.count({ className: 'Guarded' }))).toBe(0)
      const id = await right(keyed.objects.create({ className: 'Guarded', dataObject: { n: 1 } }))
      const refs = await all(anonymous.references.batch([0, 1].map((): BatchReference => ({ fromClassName: 'Guarded', fromUuid: id, fromPropertyName: 'self', toClassName: 'Guarded', toUuid: id }))))
      expect(causes(refs)).toEqual([0, 1].map((i) => [i, 401, '/v1/batch/references']))
      const self = await right(keyed.objects.getById({ className: 'Guarded', uuid: id }))
      expect(self?.properties['self']).toBeUndefined()
    } finally {
      await keyed.close()
      await anonymous.close()
    }
  })

  // A real Weaviate answers 200 with per-item errors for every batch the client's checks let
  // through (tried on 1.13.2, 1.14.1 and 1.39.0: unknown class, multi-tenancy mismatch, bad
  // references, odd vectors); it refuses a batch as a whole (422, 500) only for bodies the client
  // never sends, so these two are a stub.
  it('422 (stub): every object is a Left at its index with the 422 as cause, after one request', async () => {
    const server = await startServer(json(422, { error: [{ message: "invalid param 'objects'" }] }))
    const stub = connect({ url: server.url, serverVersion: '1.39.0', transport: 'rest' })
    try {
      const results = await all(stub.objects.batch(Array.from({ length: 3 }, (_, n): BatchObject => ({ className: 'A', dataObject: { n } }))))
      expect(causes(results)).toEqual([0, 1, 2].map((i) => [i, 422, '/v1/batch/objects']))
      expect(server.requests).toHaveLength(1)
    } finally {
      await stub.close()
      await server.close()
    }
  })

  it('500 (stub): objects are sent again by the retry policy, references are not; then every item is a Left with the 500 as cause', async () => {
    const server = await startServer(json(500, { error: [{ message: 'internal' }] }))
    const stub = connect({ url: server.url, serverVersion: '1.39.0', transport: 'rest', retry: { attempts: 2, baseDelayMs: 1 } })
    try {
      const objects = await all(stub.objects.batch(Array.from({ length: 2 }, (_, n): BatchObject => ({ className: 'A', dataObject: { n } }))))
      expect(causes(objects)).toEqual([0, 1].map((i) => [i, 500, '/v1/batch/objects']))
      expect(server.requests).toHaveLength(2)
      const id = uuidFromKey(NAMESPACE, 'x')
      const refs = await all(stub.references.batch([{ fromClassName: 'A', fromUuid: id, fromPropertyName: 'p', toClassName: 'A', toUuid: id }]))
      expect(causes(refs)).toEqual([[0, 500, '/v1/batch/references']])
      expect(server.requests).toHaveLength(3)
    } finally {
      await stub.close()
      await server.close()
    }
  })
})

describe('objects.batch item retries on the request retry policy', () => {
  it("waits as the call's retry options say: their jitter source is asked once per retry of a rate-limited item", async () => {
    // The stub reports object 0 rate-limited in the first two answers (a real Weaviate does so only with a vectorizer behind it).
    const server: TestServer = await startServer((req, res, n) => {
      const { objects } = JSON.parse(server.requests[n]?.body ?? '{}') as { objects: Array<{ id: string }> }
      json(200, objects.map((o, i) => ({ id: o.id, result: n < 2 && i === 0 ? { errors: { error: [{ message: 'rate limit reached' }] } } : {} })))(req, res, n)
    })
    const stub = connect({ url: server.url, serverVersion: '1.39.0', transport: 'rest' })
    try {
      let jitter = 0
      const random = (): number => {
        jitter += 1
        return 0
      }
      const results = await all(stub.objects.batch([{ className: 'A', dataObject: { n: 0 } }, { className: 'A', dataObject: { n: 1 } }], { retry: { random } }))
      expect(lefts(results)).toEqual([])
      expect(server.requests.map((r) => (JSON.parse(r.body) as { objects: unknown[] }).objects.length)).toEqual([2, 1, 1])
      expect(jitter).toBe(2)
    } finally {
      await stub.close()
      await server.close()
    }
  })
})
