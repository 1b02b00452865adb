/**
 * Rebuilding a property's inverted index on the real 1.39.0 server: `schema.rebuildIndex` follows
 * the reindex task the server lists in `GET /v1/tasks` to `FINISHED` (each emission the same task,
 * the last one finished, its units complete) and the index still answers the searches it serves;
 * `schema.cancelIndexRebuild` stops a running task (the followed rebuild then ends as one Left
 * naming CANCELLED) and is a `NO_OP` when nothing runs. The server's refusals (an index the
 * property lacks, an unknown property) are one Left each; bad arguments are one ArgumentError with
 * nothing sent; on 1.18.6 each operation is an UnsupportedVersionError with nothing sent but the
 * version probe.
 */
import * as E from 'fp-ts/Either'
import { Observable, lastValueFrom, toArray } from 'rxjs'
import type { DistributedTask, WeaviateError } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { insertObjects } from './helpers/fixtures'
import { uniqueClassName, weaviateConnection } from './helpers/server'
import { serverUrl } from './helpers/versions'

let rc: RecordingClient
const made: string[] = []

beforeAll(() => {
  rc = recordingClient()
})

afterAll(async () => {
  for (const name of made) await right(rc.client.schema.deleteClass(name))
  await rc.close()
})

/** A class with a text and an int property (every index on) and `count` objects. */
const indexed = async (count: number): Promise<string> => {
  const name = uniqueClassName('Rebuilt')
  made.push(name)
  await right(
    rc.client.schema.createClass({
      class: name,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'n', dataType: ['int'], indexRangeFilters: true },
      ],
    }),
  )
  await insertObjects(
    weaviateConnection(),
    name,
    Array.from({ length: count }, (_, i) => ({ title: `hello world ${i % 7 === 0 ? 'seventh' : 'other'} ${i}`, n: i })),
  )
  return name
}

/** Every emission of a stream. */
const all = <A>(op: Observable<E.Either<WeaviateError, A>>): Promise<ReadonlyArray<E.Either<WeaviateError, A>>> =>
  lastValueFrom(op.pipe(toArray()))

const rights = (emitted: ReadonlyArray<E.Either<WeaviateError, DistributedTask>>): readonly DistributedTask[] =>
  emitted.map((e) => {
    if (E.isLeft(e)) throw new Error(`a Left: ${e.left.message}`)
    return e.right
  })

describe('schema.rebuildIndex (1.39+)', () => {
  it('follows the rebuild of a searchable index to FINISHED: one task throughout, the last read finished with its units complete', async () => {
    const name = await indexed(500)
    const tasks = rights(await all(rc.client.schema.rebuildIndex(name, 'title', 'searchable', { pollIntervalMs: 100 })))
    expect(new Set(tasks.map((t) => t.id)).size).toBe(1)
    const last = tasks[tasks.length - 1]
    expect(last).toMatchObject({ status: 'FINISHED', payload: { collection: name, migrationType: 'rebuild-searchable', properties: ['title'] } })
    expect(last?.finishedAt).toEqual(expect.any(String))
    expect(last?.units.every((u) => u.status === 'COMPLETED' && u.progress === 1)).toBe(true)
    expect(tasks.slice(0, -1).every((t) => t.status !== 'FINISHED')).toBe(true)
  })

  it('the rebuilt searchable index answers a keyword search as before', async () => {
    const name = await indexed(140)
    const before = await right(rc.client.query.bm25({ className: name, query: 'seventh', queryProperties: ['title'], limit: 100 }))
    await all(rc.client.schema.rebuildIndex(name, 'title', 'searchable'))
    const after = await right(rc.client.query.bm25({ className: name, query: 'seventh', queryProperties: ['title'], limit: 100 }))
    expect(after.objects).toHaveLength(20)
    expect(after.objects.map((o) => o.id).sort()).toEqual(before.objects.map((o) => o.id).sort())
  })

  it('rebuilds a range index: the task is a repair-rangeable one and a range filter still finds its objects', async () => {
    const name = await indexed(100)
    const tasks = rights(await all(rc.client.schema.rebuildIndex(name, 'n', 'rangeFilters')))
    expect(tasks[tasks.length - 1]).toMatchObject({ status: 'FINISHED', payload: { migrationType: 'repair-rangeable', properties: ['n'] } })
    const found = await right(rc.client.query.fetchObjects({ className: name, where: { path: ['n'], operator: 'GreaterThanEqual', valueInt: 90 }, limit: 100 }))
    expect(found.objects).toHaveLength(10)
  })

  it('an index the property does not have is the server refusal (400) as one Left, and no task starts', async () => {
    const name = await indexed(1)
    const emitted = await all(rc.client.schema.rebuildIndex(name, 'title', 'rangeFilters'))
    expect(emitted).toHaveLength(1)
    expect(emitted[0]).toMatchObject(E.left({ _tag: 'UnexpectedStatusError', status: 400 }))
    expect(await right(rc.client.schema.cancelIndexRebuild(name, 'title', 'rangeFilters'))).toEqual({ status: 'NO_OP' })
  })

  it('a property the class does not have is the server 404 as one Left', async () => {
    const name = await indexed(1)
    expect(await left(rc.client.schema.rebuildIndex(name, 'missing', 'filterable'))).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })

  it.each<readonly [string, string, () => ReturnType<typeof rc.client.schema.rebuildIndex>]>([
    ['an index name the server does not know', 'index', () => rc.client.schema.rebuildIndex('AnyClass', 'title', 'rangeable' as 'rangeFilters')],
    ['a poll interval of 0', 'pollIntervalMs', () => rc.client.schema.rebuildIndex('AnyClass', 'title', 'searchable', { pollIntervalMs: 0 })],
    ['an unknown option', 'tenant', () => rc.client.schema.rebuildIndex('AnyClass', 'title', 'searchable', { tenant: 'a' } as never)],
  ])('%s is an ArgumentValueError naming %s, nothing sent', async (_case, argument, run) => {
    rc.requests.length = 0
    expect(await left(run())).toMatchObject({ _tag: 'ArgumentValueError', argument })
    expect(rc.requests).toEqual([])
  })
})

describe('schema.cancelIndexRebuild (1.39+)', () => {
  it('is NO_OP when no task runs on the index', async () => {
    const name = await indexed(1)
    expect(await right(rc.client.schema.cancelIndexRebuild(name, 'title', 'searchable'))).toEqual({ status: 'NO_OP' })
  })

  it('stops a running rebuild: CANCELLED with its task id, and the followed rebuild ends as one Left naming CANCELLED', async () => {
    const name = await indexed(20_000)
    const emitted: Array<E.Either<WeaviateError, DistributedTask>> = []
    let cancelled: Promise<unknown> | undefined
    await new Promise<void>((resolve) => {
      rc.client.schema.rebuildIndex(name, 'title', 'searchable', { pollIntervalMs: 50 }).subscribe({
        next: (e) => {
          emitted.push(e)
          if (cancelled === undefined) cancelled = right(rc.client.schema.cancelIndexRebuild(name, 'title', 'searchable'))
        },
        complete: resolve,
      })
    })
    const first = emitted[0]
    const taskId = first !== undefined && E.isRight(first) ? first.right.id : undefined
    expect(await cancelled).toEqual({ status: 'CANCELLED', taskId })
    const last = emitted[emitted.length - 1]
    expect(last).toMatchObject(E.left({ _tag: 'UnexpectedStatusError', body: { id: taskId, status: 'CANCELLED' } }))
    expect(last !== undefined && E.isLeft(last) ? last.left.message : '').toContain('ended CANCELLED')
  }, 120_000)
})

describe('index rebuild on an older server of the run', () => {
  it.each<readonly [string, (c: RecordingClient) => Promise<unknown>]>([
    ['rebuildIndex', (c) => left(c.client.schema.rebuildIndex('AnyClass', 'title', 'searchable'))],
    ['cancelIndexRebuild', (c) => left(c.client.schema.cancelIndexRebuild('AnyClass', 'title', 'searchable'))],
  ])('1.18.6: %s is an UnsupportedVersionError (needs 1.39.0) and only the version probe is sent', async (_op, run) => {
    const old = recordingClient({ url: serverUrl('1.18.6') })
    try {
      expect(await run(old)).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.39.0', serverVersion: '1.18.6' })
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })
})
