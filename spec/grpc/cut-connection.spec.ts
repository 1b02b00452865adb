/**
 * A gRPC import whose connections are dropped mid-flight (a TCP proxy that cuts every connection
 * each time another 200 kB have gone through) still writes every object exactly once and reports
 * every object as written: the calls are retried on a new connection, and since every object
 * carries its UUID, a call the server had already done only overwrites the same objects.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, connect } from '../../lib'
import { createClass, countObjects, deleteClass } from '../helpers/fixtures'
import { startTcpProxy } from '../helpers/tcp-proxy'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const Cut = uniqueClassName('GrpcCut')
const COUNT = 3_000
const DIMENSIONS = 64

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

beforeAll(() => createClass(weaviateUrl(), { class: Cut, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
afterAll(() => deleteClass(weaviateUrl(), Cut))

const rows = function* (): Generator<BatchObject> {
  for (let i = 0; i < COUNT; i++) {
    const vector = new Float32Array(DIMENSIONS)
    vector.fill(i / COUNT)
    yield { className: Cut, dataObject: { n: i }, vector }
  }
}

it('writes every object exactly once and reports each as written when connections are cut mid-import', async () => {
  const proxy = await startTcpProxy(grpcServerUrl('1.39.0'), { cutEveryBytes: 200_000, maxCuts: 3 })
  const client = connect({ ...weaviateConnection(), grpcUrl: proxy.url, transport: 'grpc', retry: { attempts: 6, baseDelayMs: 20 } })
  try {
    const results = await lastValueFrom(client.objects.batch(rows(), { batchSize: 100, concurrency: 2 }).pipe(toArray()))
    expect(proxy.cuts()).toBe(3)
    expect(results.filter(E.isLeft)).toEqual([])
    const written = results.filter(E.isRight).map((r) => r.right)
    expect(new Set(written.map((w) => w.index)).size).toBe(COUNT)
    expect(new Set(written.map((w) => w.uuid)).size).toBe(COUNT)
    expect(await countObjects(weaviateUrl(), Cut)).toBe(COUNT)
  } finally {
    await client.close()
    await proxy.close()
  }
})
