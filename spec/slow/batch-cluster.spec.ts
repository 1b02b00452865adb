/**
 * objects.batch with `consistencyLevel: 'ALL'` on a real 3-node cluster (replication factor 3):
 * every object is on every node afterwards, read back from each node with `nodeName`, and the
 * query carries the consistency level on the wire.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, connect } from '../../lib'
import type { EmbeddedCluster } from '../../lib/embedded'
import { recordingDispatcher, right } from '../helpers/client'
import { GuardedCluster, startGuardedCluster } from '../helpers/embedded-fixtures'
import { createClass } from '../helpers/fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from '../helpers/server'

const Replicated = uniqueClassName('BatchReplicated')
const leaks = guardAgainstLeaks()
let guarded: GuardedCluster | undefined
let cluster: EmbeddedCluster

beforeAll(async () => {
  guarded = await startGuardedCluster(leaks, 3)
  cluster = guarded.cluster
  await createClass(cluster.nodes[0]?.connection ?? '', {
    class: Replicated,
    vectorizer: 'none',
    replicationConfig: { factor: 3 },
    properties: [{ name: 'n', dataType: ['int'] }],
  })
})

// The leak guard checks in its afterAll, which runs before a later one: stop the cluster in a test.
afterAll(async () => {
  await guarded?.stop()
})

it("writes every object to every replica with consistencyLevel 'ALL'", async () => {
  const recorder = recordingDispatcher()
  const client = connect({ ...cluster.connection, dispatcher: recorder.dispatcher })
  try {
    const objects = Array.from({ length: 500 }, (_, n): BatchObject => ({ className: Replicated, dataObject: { n } }))
    const results = await lastValueFrom(client.objects.batch(objects, { consistencyLevel: 'ALL', batchSize: 100 }).pipe(toArray()))
    expect(results.filter(E.isLeft)).toEqual([])
    const batchRequests = recorder.requests.filter((r) => r.path.startsWith('/v1/batch/objects'))
    expect(batchRequests.map((r) => r.path)).toEqual(Array.from({ length: 5 }, () => '/v1/batch/objects?consistency_level=ALL'))
    const ids = results.flatMap((r) => (E.isRight(r) ? [r.right.uuid] : []))
    for (const node of cluster.nodes) {
      for (const uuid of [ids[0] ?? '', ids[250] ?? '', ids[499] ?? '']) {
        const read = await right(client.objects.getById({ className: Replicated, uuid, nodeName: node.name }))
        expect(read?.id).toBe(uuid)
      }
    }
  } finally {
    await client.close()
    await recorder.close()
  }
})

it('stop() ends every node process the file started', async () => {
  await guarded?.stop()
  guarded = undefined
  for (const node of cluster.nodes) expect(node.pid === undefined || !isAlive(node.pid)).toBe(true)
})
