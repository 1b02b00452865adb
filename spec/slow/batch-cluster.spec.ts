/**
 * objects.batch with `consistencyLevel: 'ALL'` on a real 3-node cluster (replication factor 3):
 * all 500 objects are on every node afterwards, each read back from each node with `nodeName`, and the
 * query carries the consistency level on the wire.
 */
import * as E from 'fp-ts/Either'
import { from, lastValueFrom, mergeMap, toArray } from 'rxjs'
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

it("writes every object to every replica with consistencyLevel 'ALL' (REST: its requests are recorded)", async () => {
  const recorder = recordingDispatcher()
  const client = connect({ ...cluster.connection, transport: 'rest', dispatcher: recorder.dispatcher })
  try {
    const objects = Array.from({ length: 500 }, (_, n): BatchObject => ({ className: Replicated, dataObject: { n } }))
    const results = await lastValueFrom(client.objects.batch(objects, { consistencyLevel: 'ALL', batchSize: 100 }).pipe(toArray()))
    expect(results.filter(E.isLeft)).toEqual([])
    const batchRequests = recorder.requests.filter((r) => r.path.startsWith('/v1/batch/objects'))
    expect(batchRequests.map((r) => r.path)).toEqual(Array.from({ length: 5 }, () => '/v1/batch/objects?consistency_level=ALL'))
    const ids = results.flatMap((r) => (E.isRight(r) ? [r.right.uuid] : []))
    expect(new Set(ids).size).toBe(500)
    // Every object read from every node's own copy (nodeName: no coordination, no repair).
    for (const node of cluster.nodes) {
      const held = await lastValueFrom(
        from(ids).pipe(
          mergeMap(async (uuid) => (await right(client.objects.getById({ className: Replicated, uuid, nodeName: node.name })))?.id, 16),
          toArray(),
        ),
      )
      expect([node.name, held.filter((id) => id !== undefined).length]).toEqual([node.name, 500])
    }
  } finally {
    await client.close()
    await recorder.close()
  }
})

it('stop() ends every node process the file started', async () => {
  const pids = cluster.nodes.map((node) => node.pid)
  expect(pids.filter((pid) => typeof pid === 'number')).toHaveLength(3)
  expect(pids.every((pid) => pid !== undefined && isAlive(pid))).toBe(true)
  await guarded?.stop()
  guarded = undefined
  expect(pids.filter((pid) => pid !== undefined && isAlive(pid))).toEqual([])
})
