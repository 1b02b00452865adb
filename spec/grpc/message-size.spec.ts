/**
 * A gRPC call over the server's message size limit (`GRPC_MAX_MESSAGE_SIZE`; the server answers
 * RESOURCE_EXHAUSTED) is split and sent again in halves: the import writes every object instead
 * of failing the batch.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, connect } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { countObjects } from '../helpers/fixtures'
import { guardAgainstLeaks, uniqueClassName } from '../helpers/server'
import { ownHandles } from '../helpers/own-handles'

const Large = uniqueClassName('GrpcLarge')
const LIMIT = 100_000
const COUNT = 200
const DIMENSIONS = 256
const leaks = guardAgainstLeaks()
let server: EmbeddedWeaviate | undefined
let release: () => void = () => undefined

const started = (): EmbeddedWeaviate => {
  if (server === undefined) throw new Error('the server never started')
  return server
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

beforeAll(async () => {
  server = await retryOnPortClash(() => startEmbedded({ log: quietLog, env: { GRPC_MAX_MESSAGE_SIZE: String(LIMIT) } }))
  release = leaks.allow({ pid: started().pid, dataDir: started().dataDir })
})

describe(`a server whose gRPC messages are limited to ${LIMIT} bytes`, () => {
  afterAll(async () => {
    await server?.stop()
    release()
  })

  it(`writes all ${COUNT} objects of one ${COUNT * DIMENSIONS * 4}-byte batch, split to fit`, async () => {
    const client = connect({ ...started().connection, transport: 'grpc' })
    try {
      const created = await lastValueFrom(client.schema.createClass({ class: Large, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
      if (E.isLeft(created)) throw created.left
      const rows = Array.from({ length: COUNT }, (_, i): BatchObject => ({ className: Large, dataObject: { n: i }, vector: new Float32Array(DIMENSIONS).fill(i) }))
      const results = await lastValueFrom(client.objects.batch(rows, { batchSize: COUNT, maxBytes: 64 * 1024 * 1024 }).pipe(toArray()))
      expect(results.filter(E.isLeft)).toEqual([])
      expect(results).toHaveLength(COUNT)
      expect(await countObjects(started().connection, Large)).toBe(COUNT)
    } finally {
      await client.close()
    }
  })
})
