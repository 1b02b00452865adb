/**
 * objects.deleteMany against a real server started with QUERY_MAXIMUM_RESULTS=1000, so that more
 * than 1,000 matches take several rounds. Every test works in a class of its own, filled by the
 * test itself, so each passes alone (`-t`) and in any order.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { startEmbedded, type EmbeddedWeaviate } from '../lib/embedded'
import { Client, DeleteManyProgress, Progress, WeaviateError, connect } from '../lib'
import { isUnexpectedStatusError } from '../lib/core/errors'
import { countObjects, createClass, createMultiTenantClass, insertObjects } from './helpers/fixtures'
import { left, recordingClient, right } from './helpers/client'
import { startProxy } from './helpers/proxy'
import { uniqueClassName } from './helpers/server'

let server: EmbeddedWeaviate
let client: Client

beforeAll(async () => {
  server = await startEmbedded({ env: { QUERY_MAXIMUM_RESULTS: '1000' }, log: { write: () => undefined } })
  client = connect({ ...server.connection })
})

afterAll(async () => {
  await client.close()
  await server.stop()
})

const all = (op: import('rxjs').Observable<E.Either<WeaviateError, DeleteManyProgress>>) => lastValueFrom(op.pipe(toArray()))
const old = { path: ['kind'], operator: 'Equal', valueText: 'old' } as const

/** A new class holding `oldCount` objects of kind 'old' and `newCount` of kind 'new' (n from 0). */
const classWith = async (oldCount: number, newCount: number): Promise<string> => {
  const name = uniqueClassName('Doomed')
  await createClass(server.connection, {
    class: name,
    vectorizer: 'none',
    properties: [
      { name: 'kind', dataType: ['text'] },
      { name: 'n', dataType: ['int'] },
    ],
  })
  await insertObjects(server.connection, name, Array.from({ length: oldCount }, (_, n) => ({ kind: 'old', n })))
  await insertObjects(server.connection, name, Array.from({ length: newCount }, (_, n) => ({ kind: 'new', n })))
  return name
}

describe('objects.deleteMany', () => {
  it('dryRun counts every match (beyond the per-call limit) and deletes nothing', async () => {
    const Doomed = await classWith(1_500, 200)
    const results = await all(client.objects.deleteMany({ className: Doomed, where: old, dryRun: true }))
    expect(results.at(-1)).toEqual(E.right({ kind: 'done', rounds: 1, matches: 1_500, deleted: 0, failed: 0, dryRun: true }))
    expect(await countObjects(server.connection, Doomed)).toBe(1_700)
  })

  it('deletes all 5,000 matches in several rounds and keeps the objects that do not match', async () => {
    const Doomed = await classWith(5_000, 700)
    const results = await all(client.objects.deleteMany({ className: Doomed, where: old }))
    const progress = results.flatMap((r) => (E.isRight(r) ? [r.right] : []))
    const rounds = progress.filter((p) => p.kind === 'round')
    expect(rounds.length).toBeGreaterThanOrEqual(5)
    expect(progress.at(-1)).toMatchObject({ kind: 'done', deleted: 5_000, failed: 0 })
    expect(await countObjects(server.connection, Doomed)).toBe(700)
  })

  it('reports progress in the common shape after every round and once done', async () => {
    const Doomed = await classWith(2_500, 0)
    const reports: Progress[] = []
    const results = await all(client.objects.deleteMany({ className: Doomed, where: old, onProgress: (p) => reports.push(p) }))
    const rounds = results.flatMap((r) => (E.isRight(r) && r.right.kind === 'round' ? [r.right] : []))
    expect(reports.map(({ items, failed, requests, done }) => ({ items, failed, requests, done }))).toEqual([
      ...rounds.map((_, i) => ({ items: rounds.slice(0, i + 1).reduce((sum, r) => sum + r.deleted + r.failed, 0), failed: 0, requests: i + 1, done: false })),
      { items: 2_500, failed: 0, requests: rounds.length, done: true },
    ])
  })

  it('on a filter with no matches: one round, nothing deleted', async () => {
    const Doomed = await classWith(0, 10)
    const results = await all(client.objects.deleteMany({ className: Doomed, where: old }))
    expect(results).toEqual([
      E.right({ kind: 'round', round: 1, matches: 0, deleted: 0, failed: 0 }),
      E.right({ kind: 'done', rounds: 1, matches: 0, deleted: 0, failed: 0, dryRun: false }),
    ])
    expect(await countObjects(server.connection, Doomed)).toBe(10)
  })

  it('combines operands with And', async () => {
    const Doomed = await classWith(0, 200)
    const where = { operator: 'And', operands: [{ path: ['kind'], operator: 'Equal', valueText: 'new' }, { path: ['n'], operator: 'LessThan', valueInt: 100 }] } as const
    const results = await all(client.objects.deleteMany({ className: Doomed, where }))
    expect(results.at(-1)).toEqual(E.right(expect.objectContaining({ kind: 'done', deleted: 100 }) as DeleteManyProgress))
    expect(await countObjects(server.connection, Doomed)).toBe(100)
  })

  it('on a class that does not exist: one Left with the status the server refused it with, and no done', async () => {
    const results = await all(client.objects.deleteMany({ className: uniqueClassName('Missing'), where: old }))
    expect(results).toHaveLength(1)
    const [only] = results
    expect(only !== undefined && E.isLeft(only) && isUnexpectedStatusError(only.left) ? only.left.status : only).toBe(422)
  })

  it('a round that fails ends the run with its Left after the rounds before it, and the objects of later rounds stay', async () => {
    const Doomed = await classWith(2_500, 0)
    const proxy = await startProxy(server.connection, { inject: { path: /\/v1\/batch\/objects/, nth: 2, status: 500 } })
    const viaProxy = connect({ ...proxy.connection })
    try {
      const results = await all(viaProxy.objects.deleteMany({ className: Doomed, where: old, retry: false }))
      expect(results.map((r) => (E.isRight(r) ? r.right.kind : isUnexpectedStatusError(r.left) ? r.left.status : r.left._tag))).toEqual(['round', 500])
      expect(await countObjects(server.connection, Doomed)).toBe(1_500)
    } finally {
      await viaProxy.close()
      await proxy.close()
    }
  })

  it("with a tenant, deletes the matches of that tenant only", async () => {
    const Tenanted = uniqueClassName('DoomedTenants')
    await createMultiTenantClass(server.connection, Tenanted, ['a', 'b'], [{ name: 'kind', dataType: ['text'] }])
    await insertObjects(server.connection, Tenanted, Array.from({ length: 30 }, () => ({ kind: 'old' })), 'a')
    await insertObjects(server.connection, Tenanted, Array.from({ length: 20 }, () => ({ kind: 'old' })), 'b')
    const results = await all(client.objects.deleteMany({ className: Tenanted, where: old, tenant: 'a' }))
    expect(results.at(-1)).toEqual(E.right(expect.objectContaining({ kind: 'done', deleted: 30 }) as DeleteManyProgress))
    expect([await countObjects(server.connection, Tenanted, 'a'), await countObjects(server.connection, Tenanted, 'b')]).toEqual([0, 20])
  })
})

describe('objects.deleteMany input', () => {
  /** The Left of a call on a recording client, and the requests it sent. */
  const refused = async (args: Parameters<Client['objects']['deleteMany']>[0]): Promise<{ error: WeaviateError; sent: number }> => {
    const rc = recordingClient({ ...server.connection })
    try {
      const error = await left(rc.client.objects.deleteMany(args))
      return { error, sent: rc.requests.length }
    } finally {
      await rc.close()
    }
  }

  it('a leaf with two values is an ArgumentValueError and nothing is sent', async () => {
    const { error, sent } = await refused({ className: 'AnyClass', where: { path: ['n'], operator: 'Equal', valueInt: 1, valueText: 'x' } })
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'where' })
    expect(sent).toBe(0)
  })

  it('an unknown operator is an ArgumentValueError and nothing is sent', async () => {
    const { error, sent } = await refused({ className: 'AnyClass', where: { path: ['n'], operator: 'Near' as 'Equal', valueInt: 1 } })
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'where' })
    expect(sent).toBe(0)
  })

  it('a non-integer valueInt is an ArgumentValueError and nothing is sent', async () => {
    const { error, sent } = await refused({ className: 'AnyClass', where: { path: ['n'], operator: 'Equal', valueInt: 1.5 } })
    expect(error).toMatchObject({ _tag: 'ArgumentValueError' })
    expect(sent).toBe(0)
  })

  it('an onProgress that is not a function is an ArgumentValueError and nothing is sent', async () => {
    const { error, sent } = await refused({ className: 'AnyClass', where: old, onProgress: 5 as unknown as () => void })
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'onProgress' })
    expect(sent).toBe(0)
  })

  it('the filter is copied at call time: a later change is not sent', async () => {
    const Doomed = await classWith(0, 5)
    const where = { path: ['kind'], operator: 'Equal' as const, valueText: 'nothing-matches-this' }
    const op = client.objects.deleteMany({ className: Doomed, where })
    where.valueText = 'new'
    expect(await lastValueFrom(op)).toEqual(E.right(expect.objectContaining({ kind: 'done', matches: 0, deleted: 0 }) as DeleteManyProgress))
    expect(await right(client.objects.count({ className: Doomed }))).toBe(5)
  })
})
