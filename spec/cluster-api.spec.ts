/**
 * client.cluster on the run's single-node servers: node status (minimal, verbose, one class) and
 * cluster statistics on 1.39.0; the replication endpoints on a 1.39.0 started without
 * `REPLICA_MOVEMENT_ENABLED` (the run's server) answer 501, which is `isReplicationDisabledError`;
 * bad input and old servers (1.13.2 before `/v1/nodes`, 1.18.6 before its class, `output`,
 * statistics and replication) are answered before any cluster request. The replication itself is
 * spec/slow/replication.spec.ts (a 3-node cluster).
 */
import { ObservableEither, WeaviateError, isReplicationDisabledError } from '../lib'
import { createClass, deleteClass, insertObjects } from './helpers/fixtures'
import { left, recordingClient, right } from './helpers/client'
import { uniqueClassName, weaviateConnection } from './helpers/server'
import { serverUrl } from './helpers/versions'

const Counted = uniqueClassName('ClusterCounted')
const OBJECTS = 7

/** A cluster path (not the version read of `/v1/meta`). */
const clusterRequests = (rc: ReturnType<typeof recordingClient>): string[] =>
  rc.requests.map((r) => r.path).filter((p) => !p.startsWith('/v1/meta'))

describe('cluster on 1.39.0', () => {
  let rc: ReturnType<typeof recordingClient>

  beforeAll(async () => {
    rc = recordingClient()
    await createClass(weaviateConnection(), { class: Counted, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    await insertObjects(weaviateConnection(), Counted, Array.from({ length: OBJECTS }, (_, n) => ({ n })))
  })

  afterAll(async () => {
    await deleteClass(weaviateConnection(), Counted)
    await rc.close()
  })

  beforeEach(() => {
    rc.requests.length = 0
  })

  it('lists the one node, healthy, in the minimal form without shards', async () => {
    const nodes = await right(rc.client.cluster.nodes())
    expect(nodes).toHaveLength(1)
    expect(nodes[0]).toMatchObject({ status: 'HEALTHY', version: '1.39.0' })
    expect(nodes[0]?.shards ?? undefined).toBeUndefined()
    expect(clusterRequests(rc)).toEqual(['/v1/nodes'])
  })

  it("lists every shard of the node with output 'verbose', the class's one shard among them", async () => {
    // (its objectCount is the server's count of flushed segments, 0 until a flush: not asserted)
    const nodes = await right(rc.client.cluster.nodes({ output: 'verbose' }))
    const shards = (nodes[0]?.shards ?? []).filter((s) => s.class === Counted)
    expect(shards).toEqual([expect.objectContaining({ class: Counted, name: expect.any(String), objectCount: expect.any(Number) })])
    expect(clusterRequests(rc)).toEqual(['/v1/nodes?output=verbose'])
  })

  it('lists only the shards of one class with className', async () => {
    const nodes = await right(rc.client.cluster.nodes({ className: Counted, output: 'verbose' }))
    const classes = new Set((nodes[0]?.shards ?? []).map((s) => s.class))
    expect([...classes]).toEqual([Counted])
    expect(clusterRequests(rc)).toEqual([`/v1/nodes/${Counted}?output=verbose`])
  })

  it("gives the Raft statistics of the one node, named as in the node status", async () => {
    const [node] = await right(rc.client.cluster.nodes())
    const stats = await right(rc.client.cluster.statistics())
    expect(stats.statistics.map((s) => s.name)).toEqual([node?.name])
    expect(stats.statistics[0]?.ready).toBe(true)
  })

  it('answers the sharding state of a server without replica movement with the replication-disabled 501', async () => {
    const error = await left(rc.client.cluster.shardingState({ className: Counted }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 501 })
    expect(isReplicationDisabledError(error)).toBe(true)
    expect(error.message).toContain('REPLICA_MOVEMENT_ENABLED=true')
  })

  it('answers a scale plan there with the same error, sent once to /v1/replication/scale', async () => {
    const error = await left(rc.client.cluster.scalePlan({ className: Counted, replicationFactor: 2 }))
    expect(isReplicationDisabledError(error)).toBe(true)
    expect(clusterRequests(rc)).toEqual([`/v1/replication/scale?collection=${Counted}&replicationFactor=2`])
  })

  it('answers a replication list there with the same error, sent once (a 501 is not retried)', async () => {
    const error = await left(rc.client.cluster.replications.list())
    expect(isReplicationDisabledError(error)).toBe(true)
    expect(clusterRequests(rc)).toEqual(['/v1/replication/replicate/list'])
  })
})

describe('cluster input', () => {
  let rc: ReturnType<typeof recordingClient>

  beforeAll(() => {
    rc = recordingClient()
  })

  afterAll(() => rc.close())

  const id = '6f6c5c1e-0d3a-4b8e-9d2a-1f0e4c3b2a19'
  const bad: ReadonlyArray<readonly [string, () => ObservableEither<WeaviateError, unknown>, string]> = [
    ['an unknown output', () => rc.client.cluster.nodes({ output: 'full' as 'verbose' }), 'output'],
    ['a shard without its class', () => rc.client.cluster.nodes({ shard: 's1' }), 'shard'],
    ['a move onto its own source node', () => rc.client.cluster.replicate({ className: 'A', shard: 's', sourceNode: 'n1', targetNode: 'n1' }), 'targetNode'],
    ['an unknown replication type', () => rc.client.cluster.replicate({ className: 'A', shard: 's', sourceNode: 'n1', targetNode: 'n2', type: 'SWAP' as 'MOVE' }), 'type'],
    ['an operation id that is not a UUID', () => rc.client.cluster.replications.follow({ id: 'op-1' }), 'id'],
    ['a list by class and target node', () => rc.client.cluster.replications.list({ className: 'A', targetNode: 'n2' }), 'targetNode'],
    ['a force delete by id and class', () => rc.client.cluster.replications.forceDelete({ id, className: 'A' }), 'id'],
    ['an argument the operation does not take', () => rc.client.cluster.replications.cancel({ id, force: true } as { id: string }), 'force'],
    ['a replication factor of 0', () => rc.client.cluster.scalePlan({ className: 'A', replicationFactor: 0 }), 'replicationFactor'],
    ['a plan whose id is not a UUID', () => rc.client.cluster.applyScalePlan({ plan: { planId: 'p-1', className: 'A', shards: [] } }), 'plan.planId'],
    [
      'a plan naming a shard twice',
      () =>
        rc.client.cluster.applyScalePlan({
          plan: {
            planId: id,
            className: 'A',
            shards: [
              { shard: 's', removeNodes: [], addNodes: [{ node: 'n2', sourceNode: 'n1' }] },
              { shard: 's', removeNodes: ['n1'], addNodes: [] },
            ],
          },
        }),
      'plan.shards[1].shard',
    ],
    [
      'a node addition without its node',
      () => rc.client.cluster.applyScalePlan({ plan: { planId: id, className: 'A', shards: [{ shard: 's', removeNodes: [], addNodes: [{ node: '', sourceNode: null }] }] } }),
      'plan.shards[0].addNodes[0].node',
    ],
  ]

  it.each(bad)('refuses %s with an ArgumentValueError and sends nothing', async (_, op, argument) => {
    const error = await left(op())
    expect(error._tag === 'ArgumentValueError' && error.argument).toBe(argument)
    expect(rc.requests).toEqual([])
  })
})

describe('scale plans and the server version', () => {
  const clients: Array<ReturnType<typeof recordingClient>> = []
  /** A client told the server's version (the run's 1.39.0 answers), so the gate alone decides. */
  const at = (serverVersion: string): ReturnType<typeof recordingClient> => {
    const rc = recordingClient({ serverVersion })
    clients.push(rc)
    return rc
  }

  afterAll(() => Promise.all(clients.map((c) => c.close())))

  it.each(['1.34.0', '1.33.4', '1.32.16'])('on %s a scale plan is an UnsupportedVersionError and nothing is sent', async (version) => {
    const rc = at(version)
    const error = await left(rc.client.cluster.scalePlan({ className: 'A', replicationFactor: 2 }))
    expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', feature: 'replication scale plans' })
    expect(rc.requests).toEqual([])
  })

  it.each(['1.32.17', '1.33.5', '1.34.1'])('on %s a scale plan passes the gate (its request is sent)', async (version) => {
    const rc = at(version)
    // The run's server has replica movement off: the request is sent and answered 501.
    const error = await left(rc.client.cluster.scalePlan({ className: 'A', replicationFactor: 2 }))
    expect(isReplicationDisabledError(error)).toBe(true)
    expect(rc.requests.map((r) => r.path)).toEqual(['/v1/replication/scale?collection=A&replicationFactor=2'])
  })
})

describe('cluster on 1.13.2 (before /v1/nodes)', () => {
  let rc: ReturnType<typeof recordingClient>

  beforeAll(() => {
    rc = recordingClient({ url: serverUrl('1.13.2') })
  })

  afterAll(() => rc.close())

  it('answers nodes with an UnsupportedVersionError and sends no cluster request', async () => {
    const error = await left(rc.client.cluster.nodes())
    expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', feature: 'node status', requires: '1.16.0' })
    expect(clusterRequests(rc)).toEqual([])
  })
})

describe('cluster on 1.18.6 (node status without class, output, statistics or replication)', () => {
  let rc: ReturnType<typeof recordingClient>

  beforeAll(() => {
    rc = recordingClient({ url: serverUrl('1.18.6') })
  })

  afterAll(() => rc.close())

  beforeEach(() => {
    rc.requests.length = 0
  })

  it('lists the node with no arguments', async () => {
    const nodes = await right(rc.client.cluster.nodes())
    expect(nodes.map((n) => n.version)).toEqual(['1.18.6'])
  })

  it.each<readonly [string, () => ObservableEither<WeaviateError, unknown>, string]>([
    ['nodes of one class', () => rc.client.cluster.nodes({ className: 'A' }), '1.20.0'],
    ["nodes with 'output'", () => rc.client.cluster.nodes({ output: 'minimal' }), '1.23.0'],
    ['statistics', () => rc.client.cluster.statistics(), '1.25.0'],
    ['the sharding state', () => rc.client.cluster.shardingState({ className: 'A' }), '1.31.0'],
    ['a replication', () => rc.client.cluster.replicate({ className: 'A', shard: 's', sourceNode: 'n1', targetNode: 'n2' }), '1.31.0'],
    ['a replication list', () => rc.client.cluster.replications.list(), '1.31.0'],
  ])('answers %s with an UnsupportedVersionError and sends no cluster request', async (_, op, requires) => {
    const error = await left(op())
    expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires })
    expect(clusterRequests(rc)).toEqual([])
  })
})
