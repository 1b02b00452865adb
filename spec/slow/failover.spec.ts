/**
 * Failover across the nodes of a real 3-node cluster: a client given all three URLs while node 0
 * is stopped. Idempotent operations (GET, HEAD, PUT, DELETE) meet the refused connection, move
 * to the next node and succeed; a create (POST) is not sent a second time unless it says
 * `idempotent: true`; and the client stays with the node that answered.
 *
 * Every test uses a fresh client whose requests are recorded with their origin, method and path,
 * so each one meets the stopped node first. The clients are told the server version, so no
 * version probe goes first: the request that meets the dead node is the operation's own, and the
 * specs assert its method and path. One cluster serves the file; the last test stops it.
 */
import * as E from 'fp-ts/Either'
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import * as path from 'node:path'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, connect } from '../../lib'
import type { EmbeddedCluster, EmbeddedNode } from '../../lib/embedded'
import { left, right } from '../helpers/client'
import { GuardedCluster, SentRequest, originRecorder, startGuardedCluster } from '../helpers/embedded-fixtures'
import { createClass, getObjectRaw, insertObjects } from '../helpers/fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from '../helpers/server'

const Author = uniqueClassName('Author')
const Article = uniqueClassName('Article')
const ARTICLES = 250
const leaks = guardAgainstLeaks()
let guarded: GuardedCluster | undefined
let cluster: EmbeddedCluster
let articles: string[] = []
let authors: string[] = []
/** Recorders of the clients made by `freshClient`, closed after each test. */
let open: Array<{ client: Client; close: () => Promise<void> }> = []

const nodeAt = (i: number): EmbeddedNode => {
  const node = cluster.nodes[i]
  if (node === undefined) throw new Error(`no node ${i}`)
  return node
}
const originOf = (i: number): string => new URL(nodeAt(i).url).origin
const article = (i: number): string => articles[i] ?? ''
const author = (i: number): string => authors[i] ?? ''

beforeAll(async () => {
  guarded = await startGuardedCluster(leaks, 3)
  cluster = guarded.cluster
  const url = nodeAt(1).connection
  await createClass(url, { class: Author, vectorizer: 'none', replicationConfig: { factor: 3 }, properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(url, {
    class: Article,
    vectorizer: 'none',
    replicationConfig: { factor: 3 },
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'writtenBy', dataType: [Author] },
    ],
  })
  authors = await insertObjects(url, Author, [{ name: 'a' }, { name: 'b' }, { name: 'c' }])
  articles = await insertObjects(url, Article, Array.from({ length: ARTICLES }, (_, n) => ({ title: `t${n}` })))
  await nodeAt(0).stop()
})

afterEach(async () => {
  await Promise.all(open.map((o) => o.close()))
  open = []
})

afterAll(async () => {
  await guarded?.stop()
})

/** A client on [node 0 (stopped), node 1, node 2] recording where each request went. */
const freshClient = (): { client: Client; sent: SentRequest[] } => {
  const recorder = originRecorder()
  const client = connect({ ...cluster.connection, dispatcher: recorder.dispatcher, serverVersion: '1.39.0' })
  open.push({
    client,
    close: async () => {
      await client.close()
      await recorder.close()
    },
  })
  return { client, sent: recorder.sent }
}

/**
 * Where the requests went: the operation's own request (`method`, a path starting with `path`)
 * refused on node 0, then the same request and everything after it on node 1.
 */
const expectFailedOverOnce = (sent: readonly SentRequest[], method: string, path: string): void => {
  expect(sent.length).toBeGreaterThanOrEqual(2)
  expect(sent[0]).toEqual({ method, origin: originOf(0), path: expect.stringMatching(new RegExp(`^${path.replace(/[?]/g, '\\?')}`)) as unknown })
  expect(sent[1]).toEqual({ method, origin: originOf(1), path: sent[0]?.path })
  expect(sent.slice(1).map((r) => r.origin)).toEqual(sent.slice(1).map(() => originOf(1)))
}

describe('with node 0 stopped, an idempotent operation moves on to the next node and succeeds', () => {
  it('getById', async () => {
    const { client, sent } = freshClient()
    expect(await right(client.objects.getById({ className: Article, uuid: article(0) }))).toMatchObject({ id: article(0) })
    expectFailedOverOnce(sent, 'GET', `/v1/objects/${Article}/${article(0)}`)
  })

  it('list', async () => {
    const { client, sent } = freshClient()
    expect(await right(client.objects.list({ className: Article, limit: 10 }))).toHaveLength(10)
    expectFailedOverOnce(sent, 'GET', `/v1/objects?class=${Article}&limit=10`)
  })

  it('exists', async () => {
    const { client, sent } = freshClient()
    expect(await right(client.objects.exists({ className: Article, uuid: article(1) }))).toBe(true)
    expectFailedOverOnce(sent, 'HEAD', `/v1/objects/${Article}/${article(1)}`)
  })

  it('replace', async () => {
    const { client, sent } = freshClient()
    await right(client.objects.replace({ className: Article, uuid: article(2), dataObject: { title: 'replaced' } }))
    expectFailedOverOnce(sent, 'PUT', `/v1/objects/${Article}/${article(2)}`)
    expect((await getObjectRaw(nodeAt(1).connection, Article, article(2)))?.['properties']).toEqual({ title: 'replaced' })
  })

  it('delete', async () => {
    const { client, sent } = freshClient()
    await right(client.objects.delete({ className: Article, uuid: article(3) }))
    expectFailedOverOnce(sent, 'DELETE', `/v1/objects/${Article}/${article(3)}`)
    expect(await getObjectRaw(nodeAt(2).connection, Article, article(3))).toBeUndefined()
  })

  it('references.replace', async () => {
    const { client, sent } = freshClient()
    await right(
      client.references.replace({
        fromClassName: Article,
        fromUuid: article(4),
        fromPropertyName: 'writtenBy',
        toUuids: [author(0), author(1)],
        toClassNames: Author,
      }),
    )
    expectFailedOverOnce(sent, 'PUT', `/v1/objects/${Article}/${article(4)}/references/writtenBy`)
    const beacons = (await getObjectRaw(nodeAt(1).connection, Article, article(4)))?.['properties']
    expect(JSON.stringify(beacons)).toContain(author(0))
    expect(JSON.stringify(beacons)).toContain(author(1))
  })

  it('references.delete', async () => {
    const { client: setup } = freshClient()
    await right(
      setup.references.replace({ fromClassName: Article, fromUuid: article(5), fromPropertyName: 'writtenBy', toUuids: [author(2)], toClassNames: Author }),
    )
    const { client, sent } = freshClient()
    await right(
      client.references.delete({ fromClassName: Article, fromUuid: article(5), fromPropertyName: 'writtenBy', toClassName: Author, toUuid: author(2) }),
    )
    expectFailedOverOnce(sent, 'DELETE', `/v1/objects/${Article}/${article(5)}/references/writtenBy`)
    expect(JSON.stringify(await getObjectRaw(nodeAt(1).connection, Article, article(5)))).not.toContain(author(2))
  })

  it('stream', async () => {
    const { client, sent } = freshClient()
    const items = await lastValueFrom(client.objects.stream({ className: Article, pageSize: 50 }).pipe(toArray()))
    expect(items.filter(E.isLeft)).toEqual([])
    const ids = items.flatMap((i) => (E.isRight(i) ? [i.right.id] : []))
    // article 3 was deleted above
    expect(ids).toEqual(articles.filter((id) => id !== article(3)).sort())
    expectFailedOverOnce(sent, 'GET', `/v1/objects?class=${Article}&limit=50`)
  })
})

describe('with node 0 stopped, a create (POST)', () => {
  it('is not sent to another node: one refused attempt, a ConnectionError, and no object', async () => {
    const { client, sent } = freshClient()
    const uuid = randomUUID()
    const error = await left(client.objects.create({ className: Article, uuid, dataObject: { title: 'not retried' } }))
    expect(error).toMatchObject({ _tag: 'ConnectionError', method: 'POST', code: 'ECONNREFUSED' })
    expect(sent).toEqual([{ method: 'POST', origin: originOf(0), path: expect.stringMatching(/\/v1\/objects/) }])
    expect(await getObjectRaw(nodeAt(1).connection, Article, uuid)).toBeUndefined()
  })

  it('marked idempotent: true moves on to the next node and succeeds', async () => {
    const { client, sent } = freshClient()
    const uuid = randomUUID()
    expect(await right(client.objects.create({ className: Article, uuid, dataObject: { title: 'retried' }, idempotent: true }))).toBe(uuid)
    expect(sent.map((r) => `${r.method} ${r.origin}`)).toEqual([`POST ${originOf(0)}`, `POST ${originOf(1)}`])
    expect((await getObjectRaw(nodeAt(2).connection, Article, uuid))?.['properties']).toEqual({ title: 'retried' })
  })

  it('goes to the node the client moved to after an earlier failover', async () => {
    const { client, sent } = freshClient()
    await right(client.objects.exists({ className: Article, uuid: article(0) }))
    const uuid = randomUUID()
    expect(await right(client.objects.create({ className: Article, uuid, dataObject: { title: 'after failover' } }))).toBe(uuid)
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.origin)).toEqual([originOf(1)])
  })
})

it('keeps using the node that answered: node 0 sees a single attempt over many operations', async () => {
  const { client, sent } = freshClient()
  for (let i = 0; i < 10; i++) {
    expect(await right(client.objects.getById({ className: Article, uuid: article(10 + i) }))).toMatchObject({ id: article(10 + i) })
  }
  expect(sent.filter((r) => r.origin === originOf(0))).toHaveLength(1)
  expect(sent.filter((r) => r.origin === originOf(1)).length).toBeGreaterThanOrEqual(10)
})

it('stop() ends every node process the file started and removes the cluster dir', async () => {
  if (guarded === undefined) throw new Error('the cluster never started')
  const pids = guarded.pids()
  expect(pids).toHaveLength(3)
  const root = path.dirname(nodeAt(0).dataDir)
  await guarded.stop()
  expect(pids.filter(isAlive)).toEqual([])
  await expect(fs.access(root)).rejects.toThrow('ENOENT')
})
