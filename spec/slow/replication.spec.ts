/**
 * client.cluster on a real 3-node cluster started with `REPLICA_MOVEMENT_ENABLED=true`: node status
 * and statistics list the three nodes; a class of one shard with two replicas has a replica moved
 * onto the third node, and when the `replicate` stream ends every object reads back at consistency
 * ALL and the sharding state shows the new node; a class of one replica is scaled to two with a
 * scale plan; a copy that is cancelled ends as cancelled.
 *
 * The cancelled copy cannot be allowed to race the copy itself (a small shard copies in well under
 * a second): its source node is stopped first, so the copy stays in HYDRATING, retrying (each
 * failure is in `status.errors`), until the cancel. That stop is why it is the last test before the cluster's own stop.
 *
 * One cluster serves the whole file; the tests run in order and the last one stops it.
 */
import * as E from 'fp-ts/Either'
import { Observable, firstValueFrom, lastValueFrom, take, toArray } from 'rxjs'
import { Client, ReplicationOperation, WeaviateError, connect } from '../../lib'
import type { EmbeddedCluster, EmbeddedNode } from '../../lib/embedded'
import { right } from '../helpers/client'
import { GuardedCluster, startGuardedCluster } from '../helpers/embedded-fixtures'
import { createClass, insertObjects } from '../helpers/fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from '../helpers/server'

const Moved = uniqueClassName('Moved')
const OBJECTS = 200
const leaks = guardAgainstLeaks()
let guarded: GuardedCluster | undefined
let cluster: EmbeddedCluster
let ids: string[] = []
/** One client per node. */
let clients: Client[] = []

const nodeNamed = (name: string): EmbeddedNode => {
  const node = cluster.nodes.find((n) => n.name === name)
  if (node === undefined) throw new Error(`no node ${name}`)
  return node
}
/** The client of node 0 (never stopped here). */
const first = (): Client => {
  const client = clients[0]
  if (client === undefined) throw new Error('no client')
  return client
}
const clientOf = (name: string): Client => {
  const client = clients[cluster.nodes.indexOf(nodeNamed(name))]
  if (client === undefined) throw new Error(`no client for node ${name}`)
  return client
}

/** The one shard of the class and the nodes that hold it, sorted. */
const placement = async (client: Client): Promise<{ shard: string; replicas: string[] }> => {
  const state = await right(client.cluster.shardingState({ className: Moved }))
  const [only, ...more] = state.shards
  if (only === undefined || more.length > 0) throw new Error(`expected one shard, got ${JSON.stringify(state.shards)}`)
  return { shard: only.shard, replicas: [...only.replicas].sort() }
}

/** Every emission of a stream. */
const all = <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<Array<E.Either<WeaviateError, A>>> => firstValueFrom(op.pipe(toArray()))

beforeAll(async () => {
  guarded = await startGuardedCluster(leaks, 3, { REPLICA_MOVEMENT_ENABLED: 'true' })
  cluster = guarded.cluster
  const [node0] = cluster.nodes
  if (node0 === undefined) throw new Error('no node')
  await createClass(node0.connection, {
    class: Moved,
    vectorizer: 'none',
    replicationConfig: { factor: 2 },
    shardingConfig: { desiredCount: 1 },
    properties: [{ name: 'n', dataType: ['int'] }],
  })
  ids = await insertObjects(node0.connection, Moved, Array.from({ length: OBJECTS }, (_, n) => ({ n })))
  clients = cluster.nodes.map((node) => connect({ ...node.connection }))
}, 240_000)

// The leak guard checks in its afterAll, which runs before a later one: the last test stops the
// cluster; this one only covers a failure before it.
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await guarded?.stop()
})

it('lists the three nodes, healthy, and their Raft statistics', async () => {
  const client = first()
  const nodes = await right(client.cluster.nodes())
  expect(nodes.map((n) => `${n.name}=${n.status}`).sort()).toEqual(cluster.nodes.map((n) => `${n.name}=HEALTHY`).sort())
  const stats = await right(client.cluster.statistics())
  expect(stats.statistics.map((s) => s.name).sort()).toEqual(cluster.nodes.map((n) => n.name).sort())
})

it('moves a replica onto the third node: when the stream ends, every object reads at ALL and the sharding state names the new node', async () => {
  const client = first()
  const before = await placement(client)
  const [source, kept] = before.replicas
  const target = cluster.nodes.map((n) => n.name).find((n) => !before.replicas.includes(n))
  if (source === undefined || kept === undefined || target === undefined) throw new Error(`unexpected placement ${JSON.stringify(before)}`)

  const updates = await all<ReplicationOperation>(
    client.cluster.replicate({ className: Moved, shard: before.shard, sourceNode: source, targetNode: target, type: 'MOVE', pollIntervalMs: 250 }),
  )

  const states = updates.map((u) => (E.isRight(u) ? u.right.status.state : `Left ${u.left.message}`))
  expect(states[states.length - 1]).toBe('READY')
  expect(new Set(updates.map((u) => (E.isRight(u) ? u.right.id : undefined))).size).toBe(1)
  expect((await placement(client)).replicas).toEqual([kept, target].sort())
  const read = await Promise.all(ids.map((uuid) => right(client.objects.getById({ className: Moved, uuid, consistencyLevel: 'ALL' }))))
  expect(read.filter((o) => o === null)).toEqual([])
  expect(read.map((o) => o?.properties['n']).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: OBJECTS }, (_, n) => n))
})

it('scales a class of one replica to two with a scale plan: the plan adds a node, applying it starts copies that end READY, and the sharding state names two nodes', async () => {
  const client = first()
  const Scaled = uniqueClassName('Scaled')
  const [node0] = cluster.nodes
  if (node0 === undefined) throw new Error('no node')
  await createClass(node0.connection, {
    class: Scaled,
    vectorizer: 'none',
    replicationConfig: { factor: 1 },
    shardingConfig: { desiredCount: 1 },
    properties: [{ name: 'n', dataType: ['int'] }],
  })
  const scaledIds = await insertObjects(node0.connection, Scaled, Array.from({ length: 50 }, (_, n) => ({ n })))
  const state = await right(client.cluster.shardingState({ className: Scaled }))
  const [only] = state.shards
  if (only === undefined || state.shards.length !== 1) throw new Error(`expected one shard, got ${JSON.stringify(state.shards)}`)
  const [holder] = only.replicas

  const plan = await right(client.cluster.scalePlan({ className: Scaled, replicationFactor: 2 }))
  expect(plan.className).toBe(Scaled)
  expect(plan.shards).toHaveLength(1)
  const [action] = plan.shards
  expect(action?.shard).toBe(only.shard)
  expect(action?.removeNodes).toEqual([])
  // One new replica, on a node that has none, copied from the one that has it.
  expect(action?.addNodes).toHaveLength(1)
  expect(only.replicas).not.toContain(action?.addNodes[0]?.node)
  expect(action?.addNodes[0]?.sourceNode).toBe(holder)

  const applied = await right(client.cluster.applyScalePlan({ plan }))
  expect(applied).toMatchObject({ planId: plan.planId, className: Scaled })
  expect(applied.operationIds).toHaveLength(1)
  const ends = await Promise.all(applied.operationIds.map((id) => lastValueFrom(client.cluster.replications.follow({ id, pollIntervalMs: 250 }))))
  expect(ends.map((e) => (E.isRight(e) ? e.right.status.state : `Left ${e.left.message}`))).toEqual(['READY'])
  const after = await right(client.cluster.shardingState({ className: Scaled }))
  expect(after.shards.map((s) => [...s.replicas].sort())).toEqual([[holder, action?.addNodes[0]?.node].sort()])
  const read = await Promise.all(scaledIds.map((uuid) => right(client.objects.getById({ className: Scaled, uuid, consistencyLevel: 'ALL' }))))
  expect(read.filter((o) => o === null)).toEqual([])
}, 120_000)

it('ends a cancelled copy as cancelled: a Left whose body is the operation in state CANCELLED', async () => {
  const { shard, replicas } = await placement(first())
  const target = cluster.nodes.map((n) => n.name).find((n) => !replicas.includes(n))
  // The source is a replica holder that is not the Raft leader, so stopping it needs no election.
  const stats = await right(first().cluster.statistics())
  const leader = stats.statistics.find((s) => typeof s.leaderId === 'string')?.leaderId
  const source = replicas.find((r) => r !== leader)
  if (target === undefined || source === undefined) throw new Error(`unexpected placement ${JSON.stringify({ replicas, leader })}`)
  await nodeNamed(source).stop()
  const client = clientOf(target)

  const copy = client.cluster.replicate({ className: Moved, shard, sourceNode: source, targetNode: target, type: 'COPY', pollIntervalMs: 250 })
  const started = await firstValueFrom(copy.pipe(take(1)))
  if (E.isLeft(started)) throw started.left
  // Unsubscribed after the first value: the copy goes on (it is still listed, not cancelled).
  const listed = await right(client.cluster.replications.get({ id: started.right.id }))
  expect(listed?.status.state).not.toBe('CANCELLED')

  const followed = lastValueFrom(client.cluster.replications.follow({ id: started.right.id, pollIntervalMs: 250 }))
  await right(client.cluster.replications.cancel({ id: started.right.id }))
  const end = await followed

  if (E.isRight(end)) throw new Error(`expected the CANCELLED Left, got ${end.right.status.state}`)
  expect(end.left).toMatchObject({ _tag: 'UnexpectedStatusError', body: { id: started.right.id, status: { state: 'CANCELLED' } } })
  expect(end.left.message).toContain('ended CANCELLED')
}, 120_000)

it('stop() ends every node process the file started', async () => {
  if (guarded === undefined) throw new Error('the cluster never started')
  const pids = guarded.pids()
  await Promise.all(clients.map((c) => c.close()))
  await guarded.stop()
  guarded = undefined
  expect(pids.filter(isAlive)).toEqual([])
})
