/**
 * The same query over gRPC `Search` and over GraphQL `Get` on one 1.39.0 server gives the same
 * result, field for field: every search, the metadata, vectors in both formats, nested and
 * geo properties, followed references, filters, sort, cursor, offset and autocut.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, SearchResult, Where, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const Article = uniqueClassName('SearchArticle')
const Author = uniqueClassName('SearchAuthor')
const AUTHORS = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002']
const WORDS = ['red', 'green', 'blue', 'fox', 'owl']
const idOf = (i: number): string => `bbbbbbbb-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const vectorOf = (i: number): number[] => Array.from({ length: 8 }, (_, d) => Math.sin(i * 7 + d * 3) + 0.1 * d)

let client: Client

const both = async <A>(run: (transport: 'grpc' | 'rest') => import('rxjs').Observable<E.Either<unknown, A>>): Promise<[A, A]> => {
  const [grpc, rest] = await Promise.all([lastValueFrom(run('grpc').pipe(toArray())), lastValueFrom(run('rest').pipe(toArray()))])
  const [g] = grpc
  const [r] = rest
  if (grpc.length !== 1 || rest.length !== 1 || g === undefined || r === undefined || E.isLeft(g) || E.isLeft(r)) {
    throw new Error(`expected one Right each, got ${JSON.stringify([grpc, rest])}`)
  }
  return [g.right, r.right]
}

const expectSame = async (run: (transport: 'grpc' | 'rest') => import('rxjs').Observable<E.Either<unknown, SearchResult<Record<string, unknown>, unknown>>>): Promise<void> => {
  const [grpc, rest] = await both(run)
  expect(grpc.objects.length).toBeGreaterThan(0)
  expect(grpc).toStrictEqual(rest)
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(serverUrl('1.39.0'), Article)
    await deleteClass(serverUrl('1.39.0'), Author)
    await client.close()
  },
})

beforeAll(async () => {
  const url = serverUrl('1.39.0')
  client = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(url, { class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(url, {
    class: Article,
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'year', dataType: ['int'] },
      { name: 'rating', dataType: ['number'] },
      { name: 'tags', dataType: ['text[]'] },
      { name: 'location', dataType: ['geoCoordinates'] },
      { name: 'address', dataType: ['object'], nestedProperties: [{ name: 'city', dataType: ['text'] }, { name: 'zip', dataType: ['int'] }] },
      { name: 'writtenBy', dataType: [Author] },
    ],
  })
  const authors: BatchObject[] = AUTHORS.map((uuid, i) => ({ className: Author, uuid, dataObject: { name: `author ${i}` } }))
  const articles: BatchObject[] = Array.from({ length: 60 }, (_, i) => ({
    className: Article,
    uuid: idOf(i),
    vector: vectorOf(i),
    dataObject: {
      title: `${WORDS[i % 5] ?? ''} ${WORDS[(i * 3) % 5] ?? ''} article ${i}`,
      year: 1990 + (i % 30),
      rating: i / 7,
      tags: [WORDS[i % 5] ?? '', WORDS[(i + 2) % 5] ?? ''],
      ...(i % 4 === 0 ? {} : { location: { latitude: 52.1 + i / 100, longitude: 4.3 + i / 1000 } }),
      address: { city: `city ${i % 3}`, zip: 1000 + i },
      ...(i % 2 === 0 ? { writtenBy: [{ beacon: `weaviate://localhost/${Author}/${AUTHORS[i % 4 === 0 ? 0 : 1] ?? ''}` }] } : {}),
    },
  }))
  for (const batch of [authors, articles]) {
    const written = await lastValueFrom(client.objects.batch(batch).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
  }
}, 60_000)

describe('gRPC and GraphQL give the same result on 1.39.0', () => {
  it('nearVector with every metadata field and the vector', () =>
    expectSame((transport) =>
      client.query.nearVector({
        className: Article,
        vector: vectorOf(3),
        limit: 7,
        includeVector: true,
        returnMetadata: ['distance', 'certainty', 'creationTimeUnix', 'lastUpdateTimeUnix'],
        transport,
      }),
    ))

  it('nearVector with float32 vectors', () =>
    expectSame((transport) => client.query.nearVector({ className: Article, vector: new Float32Array(vectorOf(5)), includeVector: true, vectorFormat: 'float32', transport })))

  it('nearVector with a distance threshold, a filter and an offset', () =>
    expectSame((transport) =>
      client.query.nearVector({
        className: Article,
        vector: vectorOf(9),
        distance: 0.6,
        offset: 2,
        where: { path: ['year'], operator: 'LessThan', valueInt: 2010 },
        returnMetadata: ['distance'],
        transport,
      }),
    ))

  it('nearVector with autocut', () => expectSame((transport) => client.query.nearVector({ className: Article, vector: vectorOf(11), autocut: 1, limit: 30, transport })))

  it('nearObject', () => expectSame((transport) => client.query.nearObject({ className: Article, id: idOf(4), limit: 5, returnMetadata: ['distance'], transport })))

  it('bm25 with a weighted property and its score', () =>
    expectSame((transport) => client.query.bm25({ className: Article, query: 'fox', queryProperties: ['title^2', 'tags'], limit: 20, returnMetadata: ['score'], transport })))

  it('hybrid with each fusion type', async () => {
    for (const fusionType of ['ranked', 'relativeScore'] as const) {
      await expectSame((transport) =>
        client.query.hybrid({ className: Article, query: 'owl', alpha: 0.5, vector: vectorOf(2), fusionType, limit: 10, returnMetadata: ['score'], transport }),
      )
    }
  })

  it('fetchObjects with nested filters and a sort', () => {
    const where: Where = {
      operator: 'Or',
      operands: [
        { operator: 'And', operands: [{ path: ['year'], operator: 'GreaterThanEqual', valueInt: 2010 }, { path: ['tags'], operator: 'ContainsAny', valueTextArray: ['fox', 'owl'] }] },
        { path: ['rating'], operator: 'LessThan', valueNumber: 1.5 },
        { path: ['id'], operator: 'Equal', valueText: idOf(40) },
      ],
    }
    return expectSame((transport) => client.query.fetchObjects({ className: Article, where, sort: [{ properties: 'year', orderAsc: false }, { properties: 'rating' }], limit: 100, transport }))
  })

  it('fetchObjects with chosen nested properties and followed references', () =>
    expectSame((transport) =>
      client.query.fetchObjects({
        className: Article,
        returnProperties: ['title', { name: 'address', properties: ['city'] }],
        returnReferences: [{ linkOn: 'writtenBy', returnProperties: ['name'] }],
        sort: { properties: 'year' },
        limit: 20,
        transport,
      }),
    ))

  it('fetchObjects after a cursor', () => expectSame((transport) => client.query.fetchObjects({ className: Article, after: idOf(10), limit: 15, transport })))

  it('a within-geo-range filter', () =>
    expectSame((transport) =>
      client.query.fetchObjects({
        className: Article,
        where: { path: ['location'], operator: 'WithinGeoRange', valueGeoRange: { geoCoordinates: { latitude: 52.3, longitude: 4.32 }, distance: { max: 20_000 } } },
        sort: { properties: 'rating' },
        limit: 100,
        transport,
      }),
    ))
})

describe('grouped searches are the same over both', () => {
  it('nearVector grouped by an int property', async () => {
    const [grpc, rest] = await both((transport) =>
      client.query.nearVector({
        className: Article,
        vector: vectorOf(5),
        groupBy: { property: 'year', numberOfGroups: 4, objectsPerGroup: 3 },
        // GraphQL's group hits have no geo or object properties.
        returnProperties: ['title', 'year', 'rating', 'tags'],
        returnMetadata: ['distance'],
        transport,
      }),
    )
    expect(Object.keys(grpc.groups ?? {})).toHaveLength(4)
    expect(grpc).toStrictEqual(rest)
  })

  it('nearObject grouped by an int property', async () => {
    const [grpc, rest] = await both((transport) =>
      client.query.nearObject({ className: Article, id: idOf(12), groupBy: { property: 'year', numberOfGroups: 3, objectsPerGroup: 2 }, returnProperties: ['title'], transport }),
    )
    expect(Object.keys(grpc.groups ?? {})).toHaveLength(3)
    expect(grpc).toStrictEqual(rest)
  })

  it('a group holds at most objectsPerGroup objects of its value, and the objects are the groups in order', async () => {
    const [result] = await both((transport) =>
      client.query.nearVector({ className: Article, vector: vectorOf(8), groupBy: { property: 'year', numberOfGroups: 5, objectsPerGroup: 2 }, returnProperties: ['year'], transport }),
    )
    for (const [name, group] of Object.entries(result.groups ?? {})) {
      expect(group.objects.length).toBeLessThanOrEqual(2)
      for (const o of group.objects) expect(String(o.properties['year'])).toBe(name)
    }
    expect(result.objects).toEqual(Object.values(result.groups ?? {}).flatMap((g) => g.objects))
  })
})

describe('named vectors', () => {
  const Named = uniqueClassName('SearchNamed')
  const named = (i: number): { small: number[]; large: number[] } => ({ small: vectorOf(i).slice(0, 4), large: [...vectorOf(i), ...vectorOf(i + 1)] })

  beforeAll(async () => {
    await createClass(serverUrl('1.39.0'), {
      class: Named,
      properties: [{ name: 'i', dataType: ['int'] }],
      vectorConfig: { small: { vectorizer: { none: {} }, vectorIndexType: 'flat' }, large: { vectorizer: { none: {} }, vectorIndexType: 'flat' } },
    })
    const objects: BatchObject[] = Array.from({ length: 30 }, (_, i) => ({ className: Named, uuid: idOf(i), vectors: named(i), dataObject: { i } }))
    const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
  })

  afterAll(() => deleteClass(serverUrl('1.39.0'), Named))

  it('nearVector on a target vector, with the named vectors asked for, is the same over both', () =>
    expectSame((transport) =>
      client.query.nearVector({ className: Named, vector: named(7).large, targetVector: 'large', includeVector: ['small', 'large'], returnMetadata: ['distance'], limit: 5, transport }),
    ))

  it('the target vector decides the order', async () => {
    const [result] = await both((transport) => client.query.nearVector({ className: Named, vector: named(7).small, targetVector: 'small', limit: 1, includeVector: ['small'], transport }))
    expect(result.objects[0]?.id).toBe(idOf(7))
    // The stored float32 values, as the numbers REST prints for them.
    // 'small' is a plain vector (a multi-vector would be a list of them).
    const small = (result.objects[0]?.vectors?.['small'] ?? []) as readonly number[]
    expect(Float32Array.from(small)).toEqual(Float32Array.from(named(7).small))
  })
})

describe('a search result', () => {
  it('holds only the metadata asked for', async () => {
    const result = await both((transport) => client.query.nearVector({ className: Article, vector: vectorOf(1), limit: 3, returnMetadata: ['distance'], transport }))
    for (const r of result) for (const o of r.objects) expect(Object.keys(o.metadata)).toEqual(['distance'])
  })

  it('holds the referenced objects with their properties', async () => {
    const [result] = await both((transport) =>
      client.query.fetchObjects({ className: Article, where: { path: ['id'], operator: 'Equal', valueText: idOf(4) }, returnReferences: [{ linkOn: 'writtenBy', returnProperties: ['name'] }], transport }),
    )
    expect(result.objects[0]?.references).toEqual({ writtenBy: [{ className: Author, id: AUTHORS[0], properties: { name: 'author 0' }, metadata: {} }] })
  })
})
