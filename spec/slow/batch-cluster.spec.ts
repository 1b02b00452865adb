/**
 * objects.batch with `consistencyLevel: 'ALL'` on a real 3-node cluster (replication factor 3):
 * all 500 objects are on every node afterwards, each read back from each node with `nodeName`, and the
 * query carries the consistency level on the wire.
 *
 * The cluster serves TLS on every node's REST and gRPC (`startEmbeddedCluster({ tls: true })`: one
 * certificate, made by one CA for the run), so the same file shows the TLS cluster: every node
 * answers a client that trusts only the run's CA, and a gRPC batch and searches at consistency
 * ALL over both transports work through the `tls` option the handle gives.
 */
import * as E from 'fp-ts/Either'
import { from, lastValueFrom, mergeMap, toArray } from 'rxjs'
import { BatchObject, Client, connect } from '../../lib'
import type { EmbeddedCluster } from '../../lib/embedded'
import { recordingDispatcher, right } from '../helpers/client'
import { GuardedCluster, startGuardedCluster } from '../helpers/embedded-fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from '../helpers/server'

const Replicated = uniqueClassName('BatchReplicated')
const Searched = uniqueClassName('TlsSearched')
const VECTOR = [0.1, 0.2, 0.3, 0.4]
const leaks = guardAgainstLeaks()
let guarded: GuardedCluster | undefined
let cluster: EmbeddedCluster

beforeAll(async () => {
  guarded = await startGuardedCluster(leaks, 3, undefined, true)
  cluster = guarded.cluster
  const first = connect({ ...cluster.connection, transport: 'rest' })
  try {
    for (const className of [Replicated, Searched]) {
      await right(first.schema.createClass({ class: className, vectorizer: 'none', replicationConfig: { factor: 3 }, properties: [{ name: 'n', dataType: ['int'] }] }))
    }
  } finally {
    await first.close()
  }
})

/** The run's CA, and nothing else of the handle's TLS: what a user's client would be given. */
const caOnly = (): { readonly ca: string } => {
  const ca = cluster.tls?.ca
  if (ca === undefined) throw new Error('the cluster has no CA')
  return { ca }
}

// The leak guard checks in its afterAll, which runs before a later one: stop the cluster in a test.
afterAll(async () => {
  await guarded?.stop()
})

it('every node serves https on REST and gRPC with a certificate of the run\'s one CA, which the handle carries', async () => {
  expect(cluster.tls?.ca).toContain('-----BEGIN CERTIFICATE-----')
  expect(cluster.connection.tls).toMatchObject({ ca: cluster.tls?.ca })
  for (const node of cluster.nodes) {
    expect([node.url, node.grpcUrl]).toEqual([expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/), expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/)])
    expect(node.connection.tls).toEqual(cluster.connection.tls)
    for (const transport of ['rest', 'grpc'] as const) {
      // one node alone, trusting nothing but the CA (no servername: the certificate lists 127.0.0.1)
      const client = connect({ url: node.url, grpcUrl: node.grpcUrl, apiKey: node.connection.apiKey ?? '', tls: caOnly(), transport, serverVersion: '1.39.0' })
      try {
        const found = await right(client.query.fetchObjects({ className: Replicated, limit: 1 }))
        expect([node.name, transport, found.objects]).toEqual([node.name, transport, []])
      } finally {
        await client.close()
      }
    }
  }
})

it("writes every object to every replica with consistencyLevel 'ALL' (REST: its requests are recorded)", async () => {
  const recorder = recordingDispatcher(caOnly())
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

describe('through the tls option with the run\'s CA', () => {
  const clients: Client[] = []
  afterAll(() => Promise.all(clients.map((c) => c.close())))
  const client = (transport: 'rest' | 'grpc'): Client => {
    const c = connect({ url: cluster.urls, grpcUrl: cluster.connection.grpcUrl ?? [], apiKey: cluster.connection.apiKey ?? '', tls: caOnly(), transport, serverVersion: '1.39.0' })
    clients.push(c)
    return c
  }

  it("a gRPC batch with consistencyLevel 'ALL' writes every object", async () => {
    const objects = Array.from({ length: 200 }, (_, n): BatchObject => ({ className: Searched, dataObject: { n }, vector: VECTOR.map((x) => x + n / 1000) }))
    const results = await lastValueFrom(client('grpc').objects.batch(objects, { transport: 'grpc', consistencyLevel: 'ALL', batchSize: 50 }).pipe(toArray()))
    expect(results.filter(E.isLeft)).toEqual([])
    expect(results).toHaveLength(200)
  })

  it.each(['grpc', 'rest'] as const)("a nearVector search with consistencyLevel 'ALL' over %s finds the batch's objects", async (transport) => {
    const found = await right(client(transport).query.nearVector({ className: Searched, vector: VECTOR, limit: 200, consistencyLevel: 'ALL' }))
    expect(new Set(found.objects.map((o) => o.properties['n'])).size).toBe(200)
  })
})

it('stop() ends every node process the file started', async () => {
  const pids = cluster.nodes.map((node) => node.pid)
  expect(pids.filter((pid) => typeof pid === 'number')).toHaveLength(3)
  expect(pids.every((pid) => pid !== undefined && isAlive(pid))).toBe(true)
  await guarded?.stop()
  guarded = undefined
  expect(pids.filter((pid) => pid !== undefined && isAlive(pid))).toEqual([])
})
