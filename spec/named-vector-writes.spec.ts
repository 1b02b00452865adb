/**
 * Named vectors and multi-vectors in writes, on the real servers: `objects.create`, `replace`,
 * `update` and `validate` take `vectors` (a vector, or a multi-vector: a list of vectors of one
 * dimension) and store exactly what was given; `objects.batch` writes multi-vectors over REST and
 * over gRPC alike, and both read back the same over REST and gRPC. Bad shapes are typed errors
 * before any request; a server that would drop `vectors` (1.13.2, 1.14.1, 1.18.6: no named vectors; a
 * multi-vector before 1.29) refuses the write with UnsupportedVersionError before it is sent.
 */
import * as E from 'fp-ts/Either'
import { Observable, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, WeaviateError, WeaviateObject, connect } from '../lib'
import { createClass, deleteClass } from './helpers/fixtures'
import { left, recordingClient, right } from './helpers/client'
import { uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'
import { grpcServerUrl, serverUrl } from './helpers/versions'
import { ownHandles } from './helpers/own-handles'

/** Float32-exact values: what is written is what the server stores and returns. */
const TITLE = [0.5, -0.25, 1.75]
const COLBERT = [
  [0.125, 1],
  [-2, 0.375],
  [3.5, -0.0625],
]

const Pages = uniqueClassName('NamedVectorPages')
const Plain = uniqueClassName('NamedVectorPlain')
let client: Client

const none = { vectorizer: { none: {} }, vectorIndexType: 'hnsw' }

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(weaviateUrl(), Pages)
    await client.close()
  },
})

beforeAll(async () => {
  client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(weaviateUrl(), {
    class: Pages,
    properties: [{ name: 'title', dataType: ['text'] }],
    vectorConfig: { title: none, colbert: { ...none, vectorIndexConfig: { multivector: { enabled: true } } } },
  })
})

const vectorsOf = async (uuid: string): Promise<WeaviateObject['vectors']> =>
  (await right(client.objects.getById({ className: Pages, uuid, withVector: true })))?.vectors

describe('objects.create with vectors', () => {
  it('stores a named vector and a multi-vector as given', async () => {
    const uuid = await right(client.objects.create({ className: Pages, dataObject: { title: 'a' }, vectors: { title: TITLE, colbert: COLBERT } }))
    expect(await vectorsOf(uuid)).toEqual({ title: TITLE, colbert: COLBERT })
  })

  it('takes Float32Arrays, as vectors and as the vectors of a multi-vector', async () => {
    const vectors = { title: new Float32Array(TITLE), colbert: COLBERT.map((v) => new Float32Array(v)) }
    const uuid = await right(client.objects.create({ className: Pages, dataObject: { title: 'f' }, vectors }))
    expect(await vectorsOf(uuid)).toEqual({ title: TITLE, colbert: COLBERT })
  })
})

describe('objects.replace with vectors', () => {
  it('replaces the vectors: a named vector left out is gone', async () => {
    const uuid = await right(client.objects.create({ className: Pages, dataObject: { title: 'a' }, vectors: { title: TITLE, colbert: COLBERT } }))
    await right(client.objects.replace({ className: Pages, uuid, dataObject: { title: 'b' }, vectors: { colbert: [[1, 2]] } }))
    expect(await vectorsOf(uuid)).toEqual({ colbert: [[1, 2]] })
  })
})

describe('objects.update with vectors', () => {
  it('merges the vectors: the multi-vector sent replaces its own, the other named vector stays', async () => {
    const uuid = await right(client.objects.create({ className: Pages, dataObject: { title: 'a' }, vectors: { title: TITLE, colbert: COLBERT } }))
    await right(client.objects.update({ className: Pages, uuid, dataObject: { title: 'c' }, vectors: { colbert: [[4, 5], [6, 7]] } }))
    expect(await vectorsOf(uuid)).toEqual({ title: TITLE, colbert: [[4, 5], [6, 7]] })
  })
})

describe('objects.validate with vectors', () => {
  it('finds a multi-vector of the class valid', async () => {
    expect(await right(client.objects.validate({ className: Pages, dataObject: { title: 'v' }, vectors: { colbert: COLBERT } }))).toEqual({ valid: true, error: null })
  })

  it('sends the vectors: a vector name the class lacks is invalid', async () => {
    const result = await right(client.objects.validate({ className: Pages, dataObject: { title: 'v' }, vectors: { nope: TITLE } }))
    expect(result.valid).toBe(false)
    expect(result.error?.[0]?.message).toContain('nope')
  })
})

describe('objects.batch with a multi-vector', () => {
  /** Every object of the class with its vectors, by id, read over `transport`. */
  const streamed = async (transport: 'grpc' | 'rest'): Promise<Record<string, unknown>> => {
    const read = await lastValueFrom(client.objects.stream({ className: Pages, withVector: true, transport }).pipe(toArray()))
    return Object.fromEntries(read.filter(E.isRight).map((r) => [r.right.id, r.right.vectors]))
  }

  it.each([
    ['REST', { transport: 'rest' }, 'a'],
    ['gRPC BatchStream', { transport: 'grpc', grpcMethod: 'stream' }, 'b'],
    ['gRPC BatchObjects', { transport: 'grpc', grpcMethod: 'unary' }, 'c'],
  ] as const)('over %s stores every object with its vectors, read back the same over REST and gRPC', async (_, options, tag) => {
    const uuids = [0, 1, 2].map((i) => `0000000${i}-0000-4000-8000-00000000000${tag}`)
    const items = uuids.map((uuid, i): BatchObject => ({
      className: Pages,
      uuid,
      dataObject: { title: `${tag} ${i}` },
      vectors: { title: TITLE.map((x) => x * (i + 1)), colbert: COLBERT.slice(0, i + 1).map((v) => new Float32Array(v)) },
    }))
    const results = await lastValueFrom(client.objects.batch(items, options).pipe(toArray()))
    expect(results.filter(E.isLeft)).toEqual([])
    expect(results).toHaveLength(items.length)
    const overRest = await streamed('rest')
    const overGrpc = await streamed('grpc')
    uuids.forEach((uuid, i) => expect(overRest[uuid]).toEqual({ title: TITLE.map((x) => x * (i + 1)), colbert: COLBERT.slice(0, i + 1) }))
    expect(overGrpc).toEqual(overRest)
  })
})

describe('bad vectors', () => {
  const cases: ReadonlyArray<readonly [string, unknown, 'ArgumentTypeError' | 'ArgumentValueError', string]> = [
    ['a ragged multi-vector', { colbert: [[1, 2], [3]] }, 'ArgumentValueError', 'vectors.colbert[1]'],
    ['an empty multi-vector or vector', { colbert: [] }, 'ArgumentValueError', 'vectors.colbert'],
    ['a zero-length vector in a multi-vector', { colbert: [new Float32Array(0)] }, 'ArgumentValueError', 'vectors.colbert[0]'],
    ['a zero-length Float32Array', { title: new Float32Array(0) }, 'ArgumentValueError', 'vectors.title'],
    ['a non-finite number', { colbert: [[1, 2], [Number.NaN, 1]] }, 'ArgumentValueError', 'vectors.colbert[1][0]'],
    ['an infinite number in a vector', { title: [1, Number.POSITIVE_INFINITY] }, 'ArgumentValueError', 'vectors.title[1]'],
    ['a vector item that is not a number', { colbert: [[1, 2], [1, '2']] }, 'ArgumentTypeError', 'vectors.colbert[1][1]'],
    ['a multi-vector item that is not a vector', { colbert: [[1, 2], 3] }, 'ArgumentTypeError', 'vectors.colbert[1]'],
    ['a value that is neither', { title: 'x' }, 'ArgumentTypeError', 'vectors.title'],
    ['a non-object vectors', [[1, 2]], 'ArgumentTypeError', 'vectors'],
  ]

  it.each(cases)('%s is a typed error naming the vector, and nothing is sent (create, replace, update, validate)', async (_, vectors, tag, argument) => {
    const recorded = recordingClient()
    try {
      const uuid = '00000000-0000-4000-8000-0000000000cc'
      const base = { className: Pages, dataObject: { title: 'x' }, vectors } as unknown as { className: string; dataObject: Record<string, unknown> }
      const ops: ReadonlyArray<Observable<E.Either<WeaviateError, unknown>>> = [
        recorded.client.objects.create(base),
        recorded.client.objects.replace({ ...base, uuid }),
        recorded.client.objects.update({ ...base, uuid }),
        recorded.client.objects.validate(base),
      ]
      for (const op of ops) {
        const error = await left(op)
        expect(error).toMatchObject({ _tag: tag })
        expect(error.message).toContain(`'${argument}'`)
      }
      expect(recorded.requests).toEqual([])
    } finally {
      await recorded.close()
    }
  })

  it.each(['rest', 'grpc'] as const)('fail their own object in objects.batch over %s, named at its index, and the others are written', async (transport) => {
    const good: BatchObject = { className: Pages, dataObject: { title: 'good' }, vectors: { colbert: COLBERT } }
    const ragged = { className: Pages, dataObject: { title: 'bad' }, vectors: { colbert: [[1, 2], [3]] } } as BatchObject
    const results = await lastValueFrom(client.objects.batch([good, ragged], { transport }).pipe(toArray()))
    expect(results.filter(E.isRight)).toHaveLength(1)
    expect(results.filter(E.isLeft).map((r) => r.left)).toEqual([
      expect.objectContaining({ _tag: 'BatchObjectError', index: 1, cause: expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'objects[1].vectors.colbert[1]' }) }),
    ])
  })
})

describe('a server that would drop the vectors', () => {
  it.each(['1.13.2', '1.14.1', '1.18.6'] as const)('%s stores no named vectors: every write with vectors is UnsupportedVersionError, and none is sent', async (version) => {
    const url = serverUrl(version)
    await createClass(url, { class: Plain, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
    const recorded = recordingClient({ url })
    try {
      const uuid = await right(recorded.client.objects.create({ className: Plain, dataObject: { title: 'a' } }))
      const args = { className: Plain, dataObject: { title: 'b' }, vectors: { title: TITLE } }
      const ops: ReadonlyArray<Observable<E.Either<WeaviateError, unknown>>> = [
        recorded.client.objects.create(args),
        recorded.client.objects.replace({ ...args, uuid }),
        recorded.client.objects.update({ ...args, uuid }),
        recorded.client.objects.validate(args),
      ]
      for (const op of ops) {
        expect(await left(op)).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.24.0', serverVersion: version })
      }
      expect(recorded.requests.filter((r) => r.path.startsWith('/v1/objects'))).toHaveLength(1)
    } finally {
      await recorded.close()
      await deleteClass(url, Plain)
    }
  })

  it('1.18.6: objects.batch fails each object with vectors with UnsupportedVersionError, and writes the others', async () => {
    const url = serverUrl('1.18.6')
    await createClass(url, { class: Plain, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] })
    const recorded = recordingClient({ url })
    try {
      const items: BatchObject[] = [
        { className: Plain, dataObject: { title: 'plain' } },
        { className: Plain, dataObject: { title: 'named' }, vectors: { title: TITLE } },
      ]
      const results = await lastValueFrom(recorded.client.objects.batch(items, { transport: 'rest' }).pipe(toArray()))
      expect(results.filter(E.isRight).map((r) => r.right.index)).toEqual([0])
      expect(results.filter(E.isLeft).map((r) => r.left)).toEqual([
        expect.objectContaining({ _tag: 'BatchObjectError', index: 1, cause: expect.objectContaining({ _tag: 'UnsupportedVersionError', requires: '1.24.0' }) }),
      ])
      const sent = recorded.requests.filter((r) => r.path.startsWith('/v1/batch/objects')).flatMap((r) => (r.body as { objects: unknown[] }).objects)
      expect(sent).toEqual([expect.objectContaining({ properties: { title: 'plain' } })])
    } finally {
      await recorded.close()
      await deleteClass(url, Plain)
    }
  })

  it('a multi-vector before 1.29 (a client told the server is 1.28.0) is UnsupportedVersionError, and nothing is sent', async () => {
    const recorded = recordingClient({ serverVersion: '1.28.0' })
    try {
      const args = { className: Pages, dataObject: { title: 'm' }, vectors: { colbert: COLBERT } }
      expect(await left(recorded.client.objects.create(args))).toMatchObject({ _tag: 'UnsupportedVersionError', feature: 'multi-vectors', requires: '1.29.0' })
      const results = await lastValueFrom(recorded.client.objects.batch([args], { transport: 'rest' }).pipe(toArray()))
      expect(results).toEqual([E.left(expect.objectContaining({ index: 0, cause: expect.objectContaining({ _tag: 'UnsupportedVersionError', requires: '1.29.0' }) }))])
      expect(recorded.requests).toEqual([])
    } finally {
      await recorded.close()
    }
  })

  it('a named vector that is not a multi-vector is written on 1.28.0 (a client told so)', async () => {
    const recorded = recordingClient({ serverVersion: '1.28.0' })
    try {
      const uuid = await right(recorded.client.objects.create({ className: Pages, dataObject: { title: 'n' }, vectors: { title: TITLE } }))
      expect(await vectorsOf(uuid)).toEqual({ title: TITLE })
    } finally {
      await recorded.close()
    }
  })
})
