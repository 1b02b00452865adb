/**
 * A batch over gRPC-Web (`BatchObjects` POSTed on the REST URL over HTTP/1.1) whose connections
 * are cut keeps every object exactly once, with ids given and without (the client then assigns
 * each object its id once, so a request sent again overwrites instead of adding):
 * - mid-request: a TCP proxy drops every connection each time another 200 kB have gone from the
 *   client to the server (spec/helpers/tcp-proxy.ts, as spec/grpc/cut-connection.spec.ts does for
 *   grpc-js);
 * - mid-reply: an HTTP proxy forwards every 3rd `BatchObjects` request and drops the socket half
 *   way through its answer (spec/helpers/proxy.ts, as spec/batch.spec.ts does for REST): the server
 *   wrote the objects, the client never heard of it.
 * Counted at the server; every object is one `Right` with its own id.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, BatchWritten, ConnectOptions, WeaviateError, connect, uuidFromKey } from '../../lib'
import { countObjects, createClass, deleteClass } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { startProxy } from '../helpers/proxy'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { startTcpProxy } from '../helpers/tcp-proxy'
import { apiKeyOption } from '../helpers/versions'

const COUNT = 3_000
const DIMENSIONS = 64
const NAMESPACE = '6f1c3c52-7a0e-4f7b-9d0e-2b7f3a1c9e11'
const classes: string[] = []

ownHandles()

afterAll(() => Promise.all(classes.map((className) => deleteClass(weaviateUrl(), className))))

/** A new class for one test. */
const freshClass = async (name: string): Promise<string> => {
  const className = uniqueClassName(name)
  classes.push(className)
  await createClass(weaviateUrl(), { class: className, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  return className
}

const rows = function* (className: string, withIds: boolean): Generator<BatchObject> {
  for (let i = 0; i < COUNT; i++) {
    const vector = new Float32Array(DIMENSIONS)
    vector.fill(i / COUNT)
    yield { className, dataObject: { n: i }, vector, ...(withIds ? { uuid: uuidFromKey(NAMESPACE, `${className}-${i}`) } : {}) }
  }
}

/** Writes the rows through `options` over gRPC-Web and returns the results. */
const writeOverWeb = async (options: Pick<ConnectOptions, 'url' | 'apiKey'>, className: string, withIds: boolean, concurrency: number): Promise<E.Either<WeaviateError, BatchWritten>[]> => {
  const client = connect({ ...options, grpc: 'web', transport: 'grpc', retry: { attempts: 6, baseDelayMs: 20 } })
  try {
    return await lastValueFrom(client.objects.batch(rows(className, withIds), { batchSize: 100, concurrency }).pipe(toArray()))
  } finally {
    await client.close()
  }
}

/** Every object one Right with an id of its own, and the class holding each exactly once. */
const expectExactlyOnce = async (results: E.Either<WeaviateError, BatchWritten>[], className: string): Promise<void> => {
  expect(results.filter(E.isLeft)).toEqual([])
  const written = results.filter(E.isRight).map((r) => r.right)
  expect(new Set(written.map((w) => w.index)).size).toBe(COUNT)
  expect(new Set(written.map((w) => w.uuid)).size).toBe(COUNT)
  expect(await countObjects(weaviateUrl(), className)).toBe(COUNT)
}

describe('a batch over gRPC-Web through connections cut mid-request', () => {
  it.each([
    ['with ids', true],
    ['without ids', false],
  ] as const)('writes every object %s exactly once', async (_name, withIds) => {
    const className = await freshClass(`WebCutRequest${withIds ? 'Ids' : ''}`)
    const proxy = await startTcpProxy(weaviateUrl(), { cutEveryBytes: 200_000, maxCuts: 3 })
    try {
      const results = await writeOverWeb({ url: proxy.url, ...apiKeyOption(weaviateUrl()) }, className, withIds, 2)
      expect(proxy.cuts()).toBe(3)
      await expectExactlyOnce(results, className)
    } finally {
      await proxy.close()
    }
  })
})

describe('a batch over gRPC-Web through answers cut mid-reply', () => {
  it.each([
    ['with ids', true],
    ['without ids', false],
  ] as const)('writes every object %s exactly once', async (_name, withIds) => {
    const className = await freshClass(`WebCutReply${withIds ? 'Ids' : ''}`)
    const proxy = await startProxy(weaviateUrl(), { cut: { path: /\/v1\/grpc-web\/weaviate\.v1\.Weaviate\/BatchObjects$/, every: 3 } })
    try {
      // One request at a time, so the cuts fall on every 3rd request and never twice on one batch.
      const results = await writeOverWeb(proxy.connection, className, withIds, 1)
      expect(proxy.cuts()).toBeGreaterThan(5)
      await expectExactlyOnce(results, className)
    } finally {
      await proxy.close()
    }
  })
})
