/**
 * Multi-vector search on the real 1.39.0 server: `nearVector` with a multi-vector query on a
 * named vector whose index has `multivector` enabled gives the top 10 of a brute-force MaxSim over
 * the same data (ids and distances), over gRPC and over GraphQL alike; a search, `getById` and a
 * stream give each multi-vector back as a list of vectors, typed so, and what they give is written
 * back unchanged without a cast.
 *
 * The server's multi-vector distance (adapters/repos/db/vector/hnsw/search.go computeScore, its
 * distancer `NewDotProductProvider` set in index.go when `multivector.enabled`): for each query
 * vector the smallest negative dot product with any of the object's vectors, summed. For `cosine`
 * the query's vectors are normalised (normalizeVecs in QueryMultiVectorDistancer and the search),
 * the object's are read as stored (multiVectorForID): measured here, an object of vectors that are
 * not unit length scores -Σ_q max_d q̂·d, not -Σ_q max_d cos(q, d). The objects' vectors here are
 * unit length, so both are MaxSim by cosine: -Σ_q max_d cos(q, d).
 */
import * as E from 'fp-ts/Either'
import { Observable, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, SearchResult, WeaviateError, connect } from '../../lib'
import { left, right } from '../helpers/client'
import { createClass, deleteClass } from '../helpers/fixtures'
import { json, startServer } from '../helpers/misbehaving-server'
import { uniqueClassName } from '../helpers/server'
import { random } from '../helpers/vector-math'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const SEED = 29
const COUNT = 200
const DIMENSIONS = 16

const next = random(SEED)
const token = (): Float32Array => Float32Array.from({ length: DIMENSIONS }, () => next() * 2 - 1)

/** A vector scaled to unit length, in float32. */
const normalised = (v: Float32Array): Float32Array => {
  let sum = 0
  for (const x of v) sum += x * x
  const norm = Math.sqrt(sum)
  return v.map((x) => x / norm)
}

/** 2 to 5 unit-length token vectors per object. */
const data = Array.from({ length: COUNT }, () => Array.from({ length: 2 + Math.floor(next() * 4) }, () => normalised(token())))
/** Queries of 3 vectors, not unit length: the server normalises them. */
const queries = Array.from({ length: 5 }, () => Array.from({ length: 3 }, token))
const idOf = (i: number): string => `eeeeeeee-0000-4000-8000-${i.toString(16).padStart(12, '0')}`

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0)

/** MaxSim by cosine, as a distance: -Σ over query vectors of the best cosine with any object vector. */
const maxSimDistance = (query: readonly Float32Array[], object: readonly Float32Array[]): number =>
  query.map(normalised).reduce((sum, q) => sum + Math.min(...object.map((d) => -dot(q, normalised(d)))), 0)

const bruteForceTop10 = (query: readonly Float32Array[]): Array<{ id: string; distance: number }> =>
  data
    .map((object, i) => ({ id: idOf(i), distance: maxSimDistance(query, object) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, 10)

const Tokens = uniqueClassName('MultiVectorTokens')
const Copies = uniqueClassName('MultiVectorCopies')
const colbert = { vectorizer: { none: {} }, vectorIndexType: 'hnsw', vectorIndexConfig: { multivector: { enabled: true }, ef: 1024 } }
let client: Client

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(serverUrl('1.39.0'), Tokens)
    await deleteClass(serverUrl('1.39.0'), Copies)
    await client.close()
  },
})

beforeAll(async () => {
  const url = serverUrl('1.39.0')
  client = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(url, { class: Tokens, properties: [{ name: 'i', dataType: ['int'] }], vectorConfig: { colbert } })
  await createClass(url, { class: Copies, properties: [{ name: 'i', dataType: ['int'] }], vectorConfig: { colbert, title: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' } } })
  const objects: BatchObject[] = data.map((tokens, i) => ({ className: Tokens, uuid: idOf(i), vectors: { colbert: tokens }, dataObject: { i } }))
  const written = await lastValueFrom(client.objects.batch(objects).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

const search = (query: readonly Float32Array[], transport: 'grpc' | 'rest'): Observable<E.Either<WeaviateError, SearchResult>> =>
  client.query.nearVector({ className: Tokens, vector: query, targetVector: 'colbert', limit: 10, returnMetadata: ['distance'], returnProperties: [], transport })

describe('nearVector with a multi-vector query', () => {
  it.each([0, 1, 2, 3, 4])(`gives the brute-force MaxSim top 10, ids and distances (seed ${SEED}, query %i)`, async (q) => {
    const query = queries[q] ?? []
    const result = await right(search(query, 'grpc'))
    const truth = bruteForceTop10(query)
    expect(result.objects.map((o) => o.id)).toEqual(truth.map((t) => t.id))
    result.objects.forEach((o, i) => expect(o.metadata.distance).toBeCloseTo(truth[i]?.distance ?? NaN, 4))
  })

  it('is answered the same over GraphQL as over gRPC', async () => {
    for (const query of queries) {
      const [grpc, rest] = await Promise.all([right(search(query, 'grpc')), right(search(query, 'rest'))])
      expect(grpc.objects).toHaveLength(10)
      expect(rest).toStrictEqual(grpc)
    }
  })

  it('takes number[][] as well as Float32Array[]', async () => {
    const query = queries[0] ?? []
    const numbers = await right(client.query.nearVector({ className: Tokens, vector: query.map((v) => Array.from(v)), targetVector: 'colbert', limit: 10, returnProperties: [] }))
    expect(numbers.objects.map((o) => o.id)).toEqual(bruteForceTop10(query).map((t) => t.id))
  })

  it("searches the class's only named vector when no targetVector is given (the server picks it)", async () => {
    const query = queries[1] ?? []
    const result = await right(client.query.nearVector({ className: Tokens, vector: query, limit: 10, returnProperties: [] }))
    expect(result.objects.map((o) => o.id)).toEqual(bruteForceTop10(query).map((t) => t.id))
  })

  it.each(['grpc', 'rest'] as const)('nearObject on the multi-vector finds the object itself first, at minus its number of vectors (%s)', async (transport) => {
    const result = await right(client.query.nearObject({ className: Tokens, id: idOf(5), targetVector: 'colbert', limit: 3, returnMetadata: ['distance'], returnProperties: [], transport }))
    expect(result.objects[0]?.id).toBe(idOf(5))
    // Each of its unit vectors' best match is itself: a cosine of 1 each.
    expect(result.objects[0]?.metadata.distance).toBeCloseTo(-(data[5]?.length ?? 0), 4)
  })

  it.each(['grpc', 'rest'] as const)("a multi-vector query on a plain named vector is the server's refusal, an UnexpectedStatusError naming multi-vectors (%s)", async (transport) => {
    const refusal = await left(client.query.nearVector({ className: Copies, vector: [[1, 2]], targetVector: 'title', transport }))
    expect(refusal).toEqual(expect.objectContaining({ _tag: 'UnexpectedStatusError', message: expect.stringMatching(/multi ?vector/) }))
  })
})

describe('a multi-vector as read', () => {
  /** A multi-vector read as numbers, in float32: REST prints each float32 in its shortest form. */
  const float32s = (vectors: Readonly<Record<string, readonly number[] | ReadonlyArray<readonly number[]>>> | undefined): Float32Array[] =>
    (vectors?.['colbert'] ?? []).map((v: number | readonly number[]) => Float32Array.from(typeof v === 'number' ? [v] : v))

  it.each(['grpc', 'rest'] as const)('a search over %s gives it as a list of vectors, the stored float32 values', async (transport) => {
    const result = await right(client.query.nearVector({ className: Tokens, vector: queries[0] ?? [], targetVector: 'colbert', limit: 3, includeVector: ['colbert'], vectorFormat: 'float32', transport }))
    for (const o of result.objects) {
      const i = Number(o.properties['i'])
      expect(o.vectors).toEqual({ colbert: data[i] })
    }
  })

  it.each(['array', 'float32'] as const)("is the same over GraphQL as over gRPC, vectorFormat '%s'", async (vectorFormat) => {
    const run = (transport: 'grpc' | 'rest'): Promise<SearchResult<Record<string, unknown>, unknown>> =>
      right(client.query.nearVector({ className: Tokens, vector: queries[2] ?? [], targetVector: 'colbert', limit: 5, includeVector: ['colbert'], vectorFormat, transport }))
    const [grpc, rest] = await Promise.all([run('grpc'), run('rest')])
    expect(grpc.objects).toHaveLength(5)
    expect(rest).toStrictEqual(grpc)
  })

  it('a search result is written back unchanged', async () => {
    const result = await right(client.query.fetchObjects({ className: Tokens, limit: 3, includeVector: ['colbert'] }))
    for (const o of result.objects) {
      // No cast: a search's named vectors are what a write takes.
      const uuid = await right(client.objects.create({ className: Copies, dataObject: { i: -1 }, ...(o.vectors === undefined ? {} : { vectors: o.vectors }) }))
      const copy = await right(client.objects.getById({ className: Copies, uuid, withVector: true }))
      expect(copy?.vectors).toEqual(o.vectors)
      expect(float32s(copy?.vectors)).toEqual(data[Number(o.properties['i'])])
    }
  })

  it('an object read by getById is written back unchanged', async () => {
    const o = await right(client.objects.getById({ className: Tokens, uuid: idOf(7), withVector: true }))
    expect(float32s(o?.vectors)).toEqual(data[7])
    const uuid = await right(client.objects.create({ className: Copies, dataObject: { i: 7 }, ...(o?.vectors === undefined ? {} : { vectors: o.vectors }) }))
    expect((await right(client.objects.getById({ className: Copies, uuid, withVector: true })))?.vectors).toEqual(o?.vectors)
  })

  it.each(['grpc', 'rest'] as const)("a stream's float32 objects over %s are batched back unchanged", async (transport) => {
    const streamed = await lastValueFrom(client.objects.stream({ className: Tokens, withVector: true, vectorFormat: 'float32', transport }).pipe(toArray()))
    const objects = streamed.filter(E.isRight).map((r) => r.right)
    expect(objects).toHaveLength(COUNT)
    const first = objects.find((o) => o.id === idOf(11))
    expect(first?.vectors).toEqual({ colbert: data[11] })
    const copyId = idOf(100_000 + (transport === 'grpc' ? 1 : 2))
    const written = await lastValueFrom(client.objects.batch([{ className: Copies, uuid: copyId, dataObject: { i: 11 }, ...(first?.vectors === undefined ? {} : { vectors: first.vectors }) }]).pipe(toArray()))
    expect(written.filter(E.isLeft)).toEqual([])
    expect(float32s((await right(client.objects.getById({ className: Copies, uuid: copyId, withVector: true })))?.vectors)).toEqual(data[11])
  })
})

describe("the REST object's codec checks named vectors (a stub: a real server sends only numbers)", () => {
  it.each([
    ['a vector of strings', { colbert: ['x'] }],
    ['a multi-vector with a string', { colbert: [[1], ['x']] }],
    ['a named vector that is no list', { colbert: 1 }],
  ])('%s is a DecodeError naming vectors', async (_name, vectors) => {
    const server = await startServer(json(200, { class: 'A', id: idOf(1), properties: {}, vectors }))
    const stub = connect({ url: server.url, serverVersion: '1.39.0', retry: false })
    try {
      expect(await left(stub.objects.getById({ className: 'A', uuid: idOf(1), withVector: true }))).toEqual(
        expect.objectContaining({ _tag: 'DecodeError', report: expect.arrayContaining([expect.stringContaining('vectors')]) }),
      )
    } finally {
      await stub.close()
      await server.close()
    }
  })
})
