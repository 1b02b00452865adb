/**
 * `schema.upsertPropertyIndex` on the real 1.39.0 server: creating a `searchable` index on a text
 * property that had none follows the reindex task to `FINISHED`, after which a keyword search the
 * server refused before finds the objects and the class reads the index as on; asking again for
 * what is in place is one `{ changed: false }` (the server's NO_OP); creating `rangeFilters` on an
 * int property makes a range filter work; the server's refusals and bad arguments are one Left
 * each; on 1.18.6 it is an UnsupportedVersionError with nothing sent but the version probe.
 */
import * as E from 'fp-ts/Either'
import { Observable, lastValueFrom, toArray } from 'rxjs'
import type { PropertyIndexUpsert, WeaviateError } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { insertObjects } from './helpers/fixtures'
import { uniqueClassName, weaviateConnection } from './helpers/server'
import { serverUrl } from './helpers/versions'

let rc: RecordingClient
const made: string[] = []
const COUNT = 40

beforeAll(() => {
  rc = recordingClient()
})

afterAll(async () => {
  for (const name of made) await right(rc.client.schema.deleteClass(name))
  await rc.close()
})

/** A class whose text property has no searchable index and whose int property has no range index. */
const bare = async (): Promise<string> => {
  const name = uniqueClassName('Upserted')
  made.push(name)
  await right(
    rc.client.schema.createClass({
      class: name,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'], indexSearchable: false, tokenization: 'word' },
        { name: 'n', dataType: ['int'], indexRangeFilters: false },
      ],
    }),
  )
  await insertObjects(weaviateConnection(), name, Array.from({ length: COUNT }, (_, i) => ({ title: `hello ${i % 4 === 0 ? 'fourth' : 'other'} ${i}`, n: i })))
  return name
}

const all = (op: Observable<E.Either<WeaviateError, PropertyIndexUpsert>>): Promise<ReadonlyArray<E.Either<WeaviateError, PropertyIndexUpsert>>> =>
  lastValueFrom(op.pipe(toArray()))

const rights = (emitted: ReadonlyArray<E.Either<WeaviateError, PropertyIndexUpsert>>): readonly PropertyIndexUpsert[] =>
  emitted.map((e) => {
    if (E.isLeft(e)) throw new Error(`a Left: ${e.left.message}`)
    return e.right
  })

describe('schema.upsertPropertyIndex on 1.39.0', () => {
  it('creates a searchable index through a reindex task followed to FINISHED, after which bm25 finds the objects', async () => {
    const name = await bare()
    expect(await left(rc.client.query.bm25({ className: name, query: 'fourth', queryProperties: ['title'], transport: 'rest' }))).toEqual(
      expect.objectContaining({ _tag: 'UnexpectedStatusError' }),
    )
    const emitted = rights(await all(rc.client.schema.upsertPropertyIndex(name, 'title', 'searchable', { tokenization: 'word' }, { pollIntervalMs: 100 })))
    const last = emitted[emitted.length - 1]
    expect(emitted.every((u) => u.changed)).toBe(true)
    expect(last?.changed === true ? last.task.status : undefined).toBe('FINISHED')
    const found = await right(rc.client.query.bm25({ className: name, query: 'fourth', queryProperties: ['title'], limit: COUNT, transport: 'rest' }))
    expect(found.objects).toHaveLength(COUNT / 4)
    const title = (await right(rc.client.schema.getClass(name)))?.properties?.find((p) => p.name === 'title')
    expect(title?.indexSearchable).toBe(true)
  })

  it('answers { changed: false } once when the index is already as wanted', async () => {
    const name = await bare()
    expect(rights(await all(rc.client.schema.upsertPropertyIndex(name, 'title', 'filterable')))).toEqual([{ changed: false }])
  })

  it('creates rangeFilters on an int property: the class reads it as on, and a range filter finds the matches', async () => {
    const name = await bare()
    const emitted = rights(await all(rc.client.schema.upsertPropertyIndex(name, 'n', 'rangeFilters', {}, { pollIntervalMs: 100 })))
    const last = emitted[emitted.length - 1]
    expect(last?.changed === true ? last.task.status : undefined).toBe('FINISHED')
    const n = (await right(rc.client.schema.getClass(name)))?.properties?.find((p) => p.name === 'n')
    expect(n?.indexRangeFilters).toBe(true)
    const found = await right(rc.client.query.fetchObjects({ className: name, where: { path: ['n'], operator: 'GreaterThanEqual', valueInt: 30 }, limit: COUNT }))
    expect(found.objects).toHaveLength(10)
  })

  it('is the 404 of an unknown property as one Left', async () => {
    const name = await bare()
    const error = await left(rc.client.schema.upsertPropertyIndex(name, 'missing', 'filterable'))
    expect(error).toEqual(expect.objectContaining({ _tag: 'UnexpectedStatusError', status: 404 }))
  })

  it.each([
    ['a tokenization the server does not know', () => rc.client.schema.upsertPropertyIndex('Any', 'title', 'searchable', { tokenization: 'letters' as never })],
    ['a tokenization and an algorithm at once', () => rc.client.schema.upsertPropertyIndex('Any', 'title', 'searchable', { tokenization: 'word', algorithm: 'blockmax' })],
    ['configuration for rangeFilters', () => rc.client.schema.upsertPropertyIndex('Any', 'n', 'rangeFilters', { tokenization: 'word' })],
    ['an index type the server does not know', () => rc.client.schema.upsertPropertyIndex('Any', 'n', 'rangeable' as never)],
  ])('refuses %s with an ArgumentValueError, nothing sent', async (_what, op) => {
    const before = rc.requests.length
    expect(await left(op())).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError' }))
    expect(rc.requests.length).toBe(before)
  })
})

describe('schema.upsertPropertyIndex on 1.18.6', () => {
  it('is an UnsupportedVersionError with nothing sent but the version probe', async () => {
    const old = recordingClient({ url: serverUrl('1.18.6') })
    try {
      expect(await left(old.client.schema.upsertPropertyIndex('Any', 'title', 'filterable'))).toEqual(expect.objectContaining({ _tag: 'UnsupportedVersionError' }))
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })
})
