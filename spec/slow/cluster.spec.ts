/**
 * Replication on a real 3-node cluster (weaviate-server.md §3.3, contract item 41): a class with
 * `replicationConfig.factor: 3`, written with consistency ALL through node 0 and read back from
 * every node with `nodeName`; then one node crashes (SIGKILL), is restarted, and another is
 * stopped gracefully, and each consistency level shows what it promises.
 *
 * What Weaviate 1.39 does, as pinned here:
 * - a crashed node is still a cluster member until memberlist declares it dead (a few seconds);
 *   an ALL read that starts in that window fails with 500 `cannot achieve consistency level
 *   "ALL"` (after the coordinator's own ~20 s of retries), while QUORUM and ONE reads succeed.
 *   Writes sent in that window are not tested: under CPU load Weaviate sometimes leaves them
 *   unanswered for over 120 s (QUORUM ones included), see the report of issue 7;
 * - once the crashed node is dropped from `/v1/nodes`, QUORUM writes and reads succeed;
 * - a node stopped gracefully leaves the cluster at once and is no longer counted as a replica,
 *   so even ALL succeeds on the remaining two.
 *
 * One cluster serves the whole file; the tests run in order and the last one stops it.
 */
import * as E from 'fp-ts/Either'
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { request } from 'undici'
import { Client, ConsistencyLevel, WeaviateError, WeaviateObject, connect } from '../../lib'
import type { EmbeddedCluster, EmbeddedNode } from '../../lib/embedded'
import { once, right } from '../helpers/client'
import { GuardedCluster, bearer, pollFor, startGuardedCluster } from '../helpers/embedded-fixtures'
import { createClass } from '../helpers/fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from '../helpers/server'

const Replicated = uniqueClassName('Replicated')
const leaks = guardAgainstLeaks()
let guarded: GuardedCluster | undefined
let cluster: EmbeddedCluster
/** One client per node, no retries (a 500 must surface as it is), generous attempt timeouts. */
let clients: Client[] = []

const nodeAt = (i: number): EmbeddedNode => {
  const node = cluster.nodes[i]
  if (node === undefined) throw new Error(`no node ${i}`)
  return node
}
const clientAt = (i: number): Client => {
  const client = clients[i]
  if (client === undefined) throw new Error(`no client for node ${i}`)
  return client
}

beforeAll(async () => {
  guarded = await startGuardedCluster(leaks, 3)
  cluster = guarded.cluster
  await createClass(nodeAt(0).connection, {
    class: Replicated,
    vectorizer: 'none',
    replicationConfig: { factor: 3 },
    properties: [{ name: 'title', dataType: ['text'] }],
  })
  clients = cluster.nodes.map((node) => connect({ ...node.connection, retry: false, timeout: { attemptMs: 120_000, totalMs: 120_000 } }))
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await guarded?.stop()
})

/** Creates an object through node 0 with the given level and returns its id. */
const createVia0 = (title: string, consistencyLevel: ConsistencyLevel): Promise<string> =>
  right(clientAt(0).objects.create({ className: Replicated, uuid: randomUUID(), dataObject: { title }, consistencyLevel }))

/** The object as `nodeName` stores it, read through that node's own URL. */
const readOnNode = (i: number, uuid: string): Promise<WeaviateObject | null> =>
  right(clientAt(i).objects.getById({ className: Replicated, uuid, nodeName: nodeAt(i).name }))

/** The node names `GET /v1/nodes` on `url` lists. */
const memberNames = async (url: string): Promise<string[]> => {
  const response = await request(`${url}/v1/nodes`, { headers: bearer(cluster.connection) })
  const body = (await response.body.json()) as { readonly nodes?: ReadonlyArray<{ readonly name: string }> }
  return (body.nodes ?? []).map((n) => n.name)
}

const expectClassified500 = (error: WeaviateError): void => {
  expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 500 })
  if (error._tag !== 'UnexpectedStatusError') throw error
  expect(error.messages.length).toBeGreaterThan(0)
  expect(error.messages.join(' ')).toContain('cannot achieve consistency level "ALL"')
}

it('replicates an object written with ALL through node 0 to every node, each reading it with nodeName', async () => {
  const id = await createVia0('everywhere', 'ALL')
  for (let i = 0; i < cluster.nodes.length; i++) {
    expect(await readOnNode(i, id)).toMatchObject({ id, class: Replicated, properties: { title: 'everywhere' } })
  }
})

describe('with one node crashed (SIGKILL) and still counted as a member', () => {
  // Every read is sent the moment the node dies: once memberlist declares it dead (seconds later)
  // the node no longer counts as a replica, and ALL would succeed again.
  type Outcome<A> = Promise<E.Either<WeaviateError, A>>
  let target: string
  let readWithAll: Outcome<WeaviateObject | null>
  let readWithQuorum: Outcome<WeaviateObject | null>
  let readWithOne: Outcome<WeaviateObject | null>
  let readOnSurvivors: Array<Outcome<WeaviateObject | null>>

  beforeAll(async () => {
    target = await createVia0('before the crash', 'ALL')
    const crashed = nodeAt(2)
    if (crashed.pid === undefined) throw new Error('node 2 is not running')
    process.kill(crashed.pid, 'SIGKILL')
    const read = (consistencyLevel: ConsistencyLevel) =>
      once(clientAt(0).objects.getById({ className: Replicated, uuid: target, consistencyLevel }))
    readWithAll = read('ALL')
    readWithQuorum = read('QUORUM')
    readWithOne = read('ONE')
    readOnSurvivors = [0, 1].map((i) =>
      once(clientAt(i).objects.getById({ className: Replicated, uuid: target, nodeName: nodeAt(i).name })),
    )
    // let every request sent at the crash finish before the tests look at them one by one
    await Promise.allSettled([readWithAll, readWithQuorum, readWithOne, ...readOnSurvivors])
  })

  it('fails an ALL getById with a 500 UnexpectedStatusError saying the consistency level cannot be achieved', async () => {
    const result = await readWithAll
    if (E.isRight(result)) throw new Error('ALL getById succeeded with a crashed replica')
    expectClassified500(result.left)
  })

  it('still serves a QUORUM getById', async () => {
    expect(await readWithQuorum).toMatchObject({ _tag: 'Right', right: { id: target } })
  })

  it('still serves a ONE getById, and reads on each surviving node', async () => {
    expect(await readWithOne).toMatchObject({ _tag: 'Right', right: { id: target } })
    for (const read of readOnSurvivors) expect(await read).toMatchObject({ _tag: 'Right', right: { id: target } })
  })

  describe('once the cluster has declared the crashed node dead', () => {
    let writtenWhileDown: { created: string; updated: string }

    beforeAll(async () => {
      const gone = await pollFor(async () => ((await memberNames(nodeAt(0).url)).includes(nodeAt(2).name) ? undefined : true), {
        tries: 120,
        intervalMs: 500,
      })
      if (gone === undefined) throw new Error(`${nodeAt(2).name} was never dropped from /v1/nodes`)
    })

    it('serves QUORUM create, update and getById', async () => {
      const created = await createVia0('created while down', 'QUORUM')
      await right(clientAt(0).objects.update({ className: Replicated, uuid: target, dataObject: { title: 'updated while down' }, consistencyLevel: 'QUORUM' }))
      expect(await right(clientAt(0).objects.getById({ className: Replicated, uuid: target, consistencyLevel: 'QUORUM' }))).toMatchObject({
        id: target,
        properties: { title: 'updated while down' },
      })
      writtenWhileDown = { created, updated: target }
    })

    describe('once the crashed node is started again', () => {
      beforeAll(async () => {
        const crashed = nodeAt(2)
        await crashed.stop() // reaps the killed process; the data dir stays
        await crashed.start()
      })

      it('serves ALL create, update and getById again', async () => {
        // the node is HEALTHY once start() resolves; give its shards a few bounded tries to load
        const id = await pollFor(
          async () => {
            const result = await once(
              clientAt(0).objects.create({ className: Replicated, uuid: randomUUID(), dataObject: { title: 'back' }, consistencyLevel: 'ALL' }),
            )
            return E.isRight(result) ? result.right : undefined
          },
          { tries: 60, intervalMs: 500 },
        )
        if (id === undefined) throw new Error('ALL create never succeeded after the restart')
        await right(clientAt(0).objects.update({ className: Replicated, uuid: id, dataObject: { title: 'back again' }, consistencyLevel: 'ALL' }))
        expect(await right(clientAt(0).objects.getById({ className: Replicated, uuid: id, consistencyLevel: 'ALL' }))).toMatchObject({
          id,
          properties: { title: 'back again' },
        })
        expect(await readOnNode(2, id)).toMatchObject({ id, properties: { title: 'back again' } })
      })

      it('catches up on the objects written while it was down', async () => {
        // async replication (on by default) copies what the node missed; poll its own copy
        const caughtUp = await pollFor(
          async () => {
            const created = await readOnNode(2, writtenWhileDown.created)
            const updated = await readOnNode(2, writtenWhileDown.updated)
            return created !== null && updated?.properties['title'] === 'updated while down' ? { created, updated } : undefined
          },
          { tries: 120, intervalMs: 500 },
        )
        expect(caughtUp?.created).toMatchObject({ id: writtenWhileDown.created, properties: { title: 'created while down' } })
        expect(caughtUp?.updated).toMatchObject({ id: writtenWhileDown.updated, properties: { title: 'updated while down' } })
      })
    })
  })
})

describe('with one node stopped gracefully (it leaves the cluster)', () => {
  beforeAll(async () => {
    await nodeAt(1).stop()
  })

  it('serves QUORUM create, update and getById', async () => {
    const id = await createVia0('quorum', 'QUORUM')
    await right(clientAt(0).objects.update({ className: Replicated, uuid: id, dataObject: { title: 'quorum 2' }, consistencyLevel: 'QUORUM' }))
    expect(await right(clientAt(0).objects.getById({ className: Replicated, uuid: id, consistencyLevel: 'QUORUM' }))).toMatchObject({
      id,
      properties: { title: 'quorum 2' },
    })
  })

  it('serves ONE reads on every remaining node', async () => {
    const id = await createVia0('one', 'QUORUM')
    expect(await right(clientAt(0).objects.getById({ className: Replicated, uuid: id, consistencyLevel: 'ONE' }))).toMatchObject({ id })
    for (const i of [0, 2]) expect(await readOnNode(i, id)).toMatchObject({ id })
  })

  it('serves ALL too: a node that left is no longer counted as a replica', async () => {
    const id = await createVia0('all without the leaver', 'ALL')
    expect(await right(clientAt(0).objects.getById({ className: Replicated, uuid: id, consistencyLevel: 'ALL' }))).toMatchObject({ id })
  })
})

it('stop() ends every node process the file started and removes the cluster dir', async () => {
  if (guarded === undefined) throw new Error('the cluster never started')
  const pids = guarded.pids()
  expect(pids.length).toBeGreaterThanOrEqual(4) // three nodes plus the restarted one
  const root = path.dirname(nodeAt(0).dataDir)
  await guarded.stop()
  expect(pids.filter(isAlive)).toEqual([])
  await expect(fs.access(root)).rejects.toThrow('ENOENT')
})
