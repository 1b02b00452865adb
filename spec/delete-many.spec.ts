/**
 * objects.deleteMany against a real server started with QUERY_MAXIMUM_RESULTS=1000, so that 5,000
 * matches take several rounds.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { startEmbedded, type EmbeddedWeaviate } from '../lib/embedded'
import { Client, DeleteManyProgress, WeaviateError, connect } from '../lib'
import { countObjects, createClass, insertObjects } from './helpers/fixtures'
import { left, recordingClient, right } from './helpers/client'

const Doomed = 'DeleteManyDoomed'
let server: EmbeddedWeaviate
let client: Client

beforeAll(async () => {
  server = await startEmbedded({ env: { QUERY_MAXIMUM_RESULTS: '1000' }, log: { write: () => undefined } })
  client = connect({ ...server.connection })
  await createClass(server.connection, {
    class: Doomed,
    vectorizer: 'none',
    properties: [
      { name: 'kind', dataType: ['text'] },
      { name: 'n', dataType: ['int'] },
    ],
  })
  await insertObjects(server.connection, Doomed, Array.from({ length: 5_000 }, (_, n) => ({ kind: 'old', n })))
  await insertObjects(server.connection, Doomed, Array.from({ length: 700 }, (_, n) => ({ kind: 'new', n })))
})

afterAll(async () => {
  await client.close()
  await server.stop()
})

const all = (op: import('rxjs').Observable<E.Either<WeaviateError, DeleteManyProgress>>) => lastValueFrom(op.pipe(toArray()))
const old = { path: ['kind'], operator: 'Equal', valueText: 'old' } as const

describe('objects.deleteMany', () => {
  it('dryRun counts every match (beyond the per-call limit) and deletes nothing', async () => {
    const results = await all(client.objects.deleteMany({ className: Doomed, where: old, dryRun: true }))
    expect(results.at(-1)).toEqual(E.right({ kind: 'done', rounds: 1, matches: 5_000, deleted: 0, failed: 0, dryRun: true }))
    expect(await countObjects(server.connection, Doomed)).toBe(5_700)
  })

  it('deletes all 5,000 matches in several rounds and keeps the objects that do not match', async () => {
    const results = await all(client.objects.deleteMany({ className: Doomed, where: old }))
    const progress = results.flatMap((r) => (E.isRight(r) ? [r.right] : []))
    const rounds = progress.filter((p) => p.kind === 'round')
    expect(rounds.length).toBeGreaterThanOrEqual(5)
    expect(progress.at(-1)).toMatchObject({ kind: 'done', deleted: 5_000, failed: 0 })
    expect(await countObjects(server.connection, Doomed)).toBe(700)
  })

  it('on a filter with no matches: one round, nothing deleted', async () => {
    const results = await all(client.objects.deleteMany({ className: Doomed, where: old }))
    expect(results).toEqual([
      E.right({ kind: 'round', round: 1, matches: 0, deleted: 0, failed: 0 }),
      E.right({ kind: 'done', rounds: 1, matches: 0, deleted: 0, failed: 0, dryRun: false }),
    ])
  })

  it('combines operands with And', async () => {
    const where = { operator: 'And', operands: [{ path: ['kind'], operator: 'Equal', valueText: 'new' }, { path: ['n'], operator: 'LessThan', valueInt: 100 }] } as const
    const results = await all(client.objects.deleteMany({ className: Doomed, where }))
    expect(results.at(-1)).toEqual(E.right(expect.objectContaining({ kind: 'done', deleted: 100 }) as DeleteManyProgress))
    expect(await countObjects(server.connection, Doomed)).toBe(600)
  })
})

describe('objects.deleteMany input', () => {
  it('a leaf with two values is an ArgumentValueError and nothing is sent', async () => {
    const rc = recordingClient()
    try {
      const error = await left(rc.client.objects.deleteMany({ className: Doomed, where: { path: ['n'], operator: 'Equal', valueInt: 1, valueText: 'x' } }))
      expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'where' })
      expect(rc.requests).toEqual([])
    } finally {
      await rc.close()
    }
  })

  it('an unknown operator is an ArgumentValueError', async () => {
    const error = await left(client.objects.deleteMany({ className: Doomed, where: { path: ['n'], operator: 'Near' as 'Equal', valueInt: 1 } }))
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'where' })
  })

  it('a non-integer valueInt is an ArgumentValueError', async () => {
    expect(await left(client.objects.deleteMany({ className: Doomed, where: { path: ['n'], operator: 'Equal', valueInt: 1.5 } }))).toMatchObject({
      _tag: 'ArgumentValueError',
    })
  })

  it('the filter is copied at call time: a later change is not sent', async () => {
    const where = { path: ['kind'], operator: 'Equal' as const, valueText: 'nothing-matches-this' }
    const op = client.objects.deleteMany({ className: Doomed, where, dryRun: true })
    where.valueText = 'new'
    expect((await lastValueFrom(op)).valueOf()).toEqual(E.right(expect.objectContaining({ matches: 0 }) as DeleteManyProgress))
    expect(await right(client.objects.count({ className: Doomed }))).toBe(600)
  })
})
