/**
 * The batch sink reads ahead by exactly one batch: while requests are in flight it fills the next
 * batch (so a freed slot sends at once), and it reads nothing more until a slot frees. The gRPC
 * stub holds every call unanswered, which a real Weaviate cannot be made to do on demand.
 */
import { connect } from '../../lib'
import { GrpcStub, startGrpcStub } from '../helpers/grpc-stub'
import { weaviateUrl } from '../helpers/server'

/** Timeouts no test waits for. */
const FAR = { attemptMs: 600_000, totalMs: 600_000 }

let stub: GrpcStub | undefined
afterEach(async () => {
  await stub?.close()
  stub = undefined
})

/** A few turns of the event loop: what the sink needs to read and prepare what it may. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

describe('objects.batch with every request in flight and unanswered', () => {
  it('has read the next batch, and not one item more', async () => {
    const s = (stub = await startGrpcStub(() => ({ kind: 'never' })))
    const client = connect({ url: weaviateUrl(), grpcUrl: s.url, transport: 'grpc', timeout: FAR })
    let read = 0
    function* rows() {
      for (let i = 0; i < 1_000; i++) {
        read += 1
        yield { className: 'A', dataObject: { n: i } }
      }
    }
    try {
      const subscription = client.objects.batch(rows(), { batchSize: 10, concurrency: 2, grpcMethod: 'unary' }).subscribe()
      await s.received(2)
      await settle()
      subscription.unsubscribe()
      // Two batches of 10 in flight, the third filled and waiting for a slot.
      expect({ calls: s.requests.length, read }).toEqual({ calls: 2, read: 30 })
    } finally {
      await client.close()
    }
  })
})
