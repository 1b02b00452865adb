/**
 * `client.query` against real servers: exact vector search on a flat index (1.39.0, gRPC) and a
 * brute-force-forced HNSW (1.18.6, GraphQL: a filter matching every object keeps the allow-list
 * below `flatSearchCutoff`), hybrid at alpha 0 and 1 against bm25 and nearVector, gRPC and
 * GraphQL giving the same results on 1.39.0, and bad input as typed errors.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, SearchObject, Where, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName } from '../helpers/server'
import { cosineDistance, random } from '../helpers/vector-math'
import { apiKeyOption, ServerVersionUnderTest, grpcServerUrl, serverUrl } from '../helpers/versions'

const SEED = 20261124
const COUNT = 2_000
const DIMENSIONS = 32
const QUERIES = 20
const WORDS = ['fox', 'dog', 'cat', 'owl', 'bee', 'elk', 'ant', 'yak', 'emu', 'hen', 'ram', 'cod', 'eel', 'gnu', 'koi']


interface Item {
  readonly id: string
  readonly vector: Float32Array
  readonly title: string
  readonly year: number
}

const uuidOf = (i: number): string => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const items = (): Item[] => {
  const next = random(SEED)
  return Array.from({ length: COUNT }, (_, i) => ({
    id: uuidOf(i),
    vector: Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1),
    title: Array.from({ length: 2 + Math.floor(next() * 7) }, () => WORDS[Math.floor(next() * WORDS.length)] ?? 'fox').join(' '),
    year: 1900 + Math.floor(next() * 120),
  }))
}

const queries = (): Float32Array[] => {
  const next = random(SEED + 1)
  return Array.from({ length: QUERIES }, () => Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1))
}


const bruteForce = (data: readonly Item[], q: Float32Array, k: number): Array<{ id: string; distance: number }> =>
  data
    .map((item) => ({ id: item.id, distance: cosineDistance(item.vector, q) }))
    .sort((x, y) => x.distance - y.distance)
    .slice(0, k)

const right = async <A>(op: import('rxjs').Observable<E.Either<unknown, A>>): Promise<A> => {
  const values = await lastValueFrom(op.pipe(toArray()))
  expect(values).toHaveLength(1)
  const [value] = values
  if (value === undefined || E.isLeft(value)) throw new Error(`expected a Right, got ${JSON.stringify(value)}`)
  return value.right
}

const ids = (objects: readonly SearchObject[]): string[] => objects.map((o) => o.id)

/** Every object matches: on 1.18.6 this keeps vector search exact (allow-list below flatSearchCutoff). */
const EVERY: Where = { path: ['year'], operator: 'GreaterThanEqual', valueInt: 0 }

const importData = async (client: Client, className: string, data: readonly Item[]): Promise<void> => {
  const objects: BatchObject[] = data.map((item) => ({ className, uuid: item.id, vector: item.vector, dataObject: { title: item.title, year: item.year } }))
  const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}

/** Ids grouped by equal bm25 score, every group but the last (which the limit may cut). */
const tieGroups = (objects: readonly SearchObject[]): string[][] => {
  const groups: string[][] = []
  let score: number | undefined
  for (const o of objects) {
    if (o.metadata.score !== score || groups.length === 0) groups.push([])
    score = o.metadata.score
    groups[groups.length - 1]?.push(o.id)
  }
  return groups.slice(0, -1).map((g) => [...g].sort())
}

const sameGroups = (reference: readonly SearchObject[], other: readonly string[]): string[][] => {
  const groups = tieGroups(reference)
  let at = 0
  return groups.map((g) => {
    const slice = other.slice(at, at + g.length)
    at += g.length
    return [...slice].sort()
  })
}

// No timer of the library's left after any test; nothing of it at all once each block's client is closed.
ownHandles()

describe.each([
  ['1.39.0', 'grpc', { vectorIndexType: 'flat' }, undefined],
  ['1.18.6', 'rest', {}, EVERY],
] as const)('query on %s (transport %s)', (version: ServerVersionUnderTest, transport, indexConfig, exactWhere) => {
  const className = uniqueClassName('Search')
  const data = items()
  let client: Client

  beforeAll(async () => {
    const url = serverUrl(version)
    client = connect({ url, ...apiKeyOption(url), transport, ...(transport === 'grpc' ? { grpcUrl: grpcServerUrl(version) } : {}) })
    await createClass(url, {
      class: className,
      vectorizer: 'none',
      vectorIndexConfig: { distance: 'cosine' },
      ...indexConfig,
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'year', dataType: ['int'] },
      ],
    })
    await importData(client, className, data)
  }, 120_000)

  afterAll(async () => {
    await deleteClass(serverUrl(version), className)
    await client.close()
  })

  it(`nearVector gives exactly the brute-force top 10, ids and distances to float32 precision (seed ${SEED})`, async () => {
    for (const q of queries()) {
      const expected = bruteForce(data, q, 10)
      const result = await right(
        client.query.nearVector({ className, vector: q, limit: 10, returnMetadata: ['distance'], ...(exactWhere === undefined ? {} : { where: exactWhere }) }),
      )
      expect(ids(result.objects)).toEqual(expected.map((e) => e.id))
      result.objects.forEach((o, i) => expect(o.metadata.distance).toBeCloseTo(expected[i]?.distance ?? NaN, 5))
    }
  })

  it('hybrid with alpha 0 orders like bm25', async () => {
    for (const word of ['fox', 'owl', 'koi']) {
      const bm25 = await right(client.query.bm25({ className, query: word, limit: 20, returnMetadata: ['score'] }))
      const hybrid = await right(client.query.hybrid({ className, query: word, alpha: 0, limit: 20 }))
      expect(tieGroups(bm25.objects).length).toBeGreaterThan(2)
      expect(sameGroups(bm25.objects, ids(hybrid.objects))).toEqual(tieGroups(bm25.objects))
    }
  })

  it('hybrid with alpha 1 and a vector orders like nearVector', async () => {
    for (const q of queries().slice(0, 5)) {
      const near = await right(client.query.nearVector({ className, vector: q, limit: 10 }))
      const hybrid = await right(client.query.hybrid({ className, query: 'fox', alpha: 1, vector: q, limit: 10 }))
      expect(ids(hybrid.objects)).toEqual(ids(near.objects))
    }
  })

  it('fetchObjects filters and sorts on the server', async () => {
    const where: Where = { operator: 'And', operands: [{ path: ['year'], operator: 'GreaterThanEqual', valueInt: 2000 }, { path: ['title'], operator: 'Equal', valueText: 'fox' }] }
    const result = await right(client.query.fetchObjects({ className, where, sort: { properties: 'year', orderAsc: false }, limit: 1000 }))
    const expected = data.filter((d) => d.year >= 2000 && d.title.split(' ').includes('fox'))
    expect([...ids(result.objects)].sort()).toEqual(expected.map((d) => d.id).sort())
    const years = result.objects.map((o) => o.properties['year'] as number)
    expect(years).toEqual([...years].sort((a, b) => b - a))
  })

  it('a vector of the wrong dimension is a typed error, not a crash', async () => {
    const answer = await lastValueFrom(client.query.nearVector({ className, vector: [0.1, 0.2, 0.3] }).pipe(toArray()))
    expect(answer).toHaveLength(1)
    expect(answer[0]).toEqual(E.left(expect.objectContaining({ _tag: 'UnexpectedStatusError' })))
  })

  it('a filter on a property the class lacks is a typed error, not a crash', async () => {
    const answer = await lastValueFrom(client.query.fetchObjects({ className, where: { path: ['nope'], operator: 'Equal', valueInt: 1 } }).pipe(toArray()))
    expect(answer).toEqual([E.left(expect.objectContaining({ _tag: 'UnexpectedStatusError' }))])
  })

  it('a property to return that the class lacks is a typed error, not a crash', async () => {
    const answer = await lastValueFrom(client.query.fetchObjects({ className, returnProperties: ['title', 'nope'] }).pipe(toArray()))
    expect(answer).toEqual([E.left(expect.objectContaining({ _tag: 'UnexpectedStatusError' }))])
  })

  it('a bm25 query property the class lacks is a typed error, not a crash', async () => {
    const answer = await lastValueFrom(client.query.bm25({ className, query: 'fox', queryProperties: ['nope'] }).pipe(toArray()))
    expect(answer).toEqual([E.left(expect.objectContaining({ _tag: 'UnexpectedStatusError' }))])
  })
})
