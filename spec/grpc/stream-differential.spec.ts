/**
 * The whole-class read gives the same objects, in the same order, over gRPC `Search` with `after`
 * as over REST `GET /v1/objects` with `after`, on the real 1.39.0 server: with and without
 * vectors, named vectors, tenants, partitions, resumed ranges, a caller's codec, and vectors as
 * Float32Arrays.
 */
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, StreamArgs, WeaviateObject, connect } from '../../lib'
import { createClass, createMultiTenantClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const Plain = uniqueClassName('StreamDiff')
const Named = uniqueClassName('StreamDiffNamed')
const Tenanted = uniqueClassName('StreamDiffTenants')
const COUNT = 1_237
const DIMENSIONS = 16

let client: Client

/** A vector whose float32s need every digit count from 1 to 9 in REST's shortest form. */
const vectorOf = (i: number): number[] => Array.from({ length: DIMENSIONS }, (_, d) => Math.sin(i * 31 + d) * 10 ** ((d % 7) - 3))

const written = async (items: BatchObject[]): Promise<void> => {
  const results = await lastValueFrom(client.objects.batch(items, { transport: 'rest' }).pipe(toArray()))
  expect(results.filter(E.isLeft)).toEqual([])
}

/** Every object of a finished stream; fails on a Left. */
const read = async <V>(stream: ReturnType<Client['objects']['stream']> | ReturnType<typeof float32Stream>): Promise<Array<WeaviateObject<Record<string, unknown>, V>>> => {
  const items = await lastValueFrom((stream as ReturnType<Client['objects']['stream']>).pipe(toArray()))
  return items.map((item) => {
    if (E.isLeft(item)) throw new Error(`unexpected Left: ${item.left.message}`)
    return item.right as unknown as WeaviateObject<Record<string, unknown>, V>
  })
}

/** The same stream over each transport. */
const both = async (args: StreamArgs): Promise<{ grpc: WeaviateObject[]; rest: WeaviateObject[] }> => ({
  grpc: await read(client.objects.stream({ ...args, transport: 'grpc' })),
  rest: await read(client.objects.stream({ ...args, transport: 'rest' })),
})

const float32Stream = (args: StreamArgs, transport: 'grpc' | 'rest') => client.objects.stream({ ...args, transport, vectorFormat: 'float32' })

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    for (const name of [Plain, Named, Tenanted]) await deleteClass(weaviateUrl(), name)
    await client.close()
  },
})

beforeAll(async () => {
  client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(weaviateUrl(), {
    class: Plain,
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'n', dataType: ['int'] },
      { name: 'score', dataType: ['number'] },
      { name: 'tags', dataType: ['text[]'] },
      { name: 'at', dataType: ['date'] },
    ],
  })
  await written(
    Array.from({ length: COUNT }, (_, i) => ({
      className: Plain,
      dataObject: { title: `t${i}`, n: i, score: i / 7, tags: i % 3 === 0 ? [] : [`a${i}`, 'b'], at: new Date(1_700_000_000_000 + i * 1000).toISOString() },
      vector: vectorOf(i),
    })),
  )
  await createClass(weaviateUrl(), {
    class: Named,
    properties: [{ name: 'title', dataType: ['text'] }],
    vectorConfig: { small: { vectorizer: { none: {} }, vectorIndexType: 'flat' }, large: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' } },
  })
  await written(Array.from({ length: 120 }, (_, i) => ({ className: Named, dataObject: { title: `n${i}` }, vectors: { small: vectorOf(i).slice(0, 3), large: vectorOf(i + 1) } })))
  await createMultiTenantClass(weaviateUrl(), Tenanted, ['tenantA', 'tenantB'])
  await written(Array.from({ length: 150 }, (_, i) => ({ className: Tenanted, dataObject: { title: `m${i}` }, tenant: i % 2 === 0 ? 'tenantA' : 'tenantB' })))
}, 180_000)

describe('a whole-class stream over gRPC', () => {
  it.each([1, 100, 1000])('gives the objects REST gives, in the same order, with page size %i', async (pageSize) => {
    const { grpc, rest } = await both({ className: Plain, pageSize })
    expect(rest).toHaveLength(COUNT)
    expect(grpc).toEqual(rest)
  })

  it('gives the vectors REST gives, number for number', async () => {
    const { grpc, rest } = await both({ className: Plain, pageSize: 500, withVector: true })
    expect(rest[0]?.vector).toHaveLength(DIMENSIONS)
    expect(grpc).toEqual(rest)
  })

  it('gives named vectors as REST names them', async () => {
    const { grpc, rest } = await both({ className: Named, withVector: true })
    expect(Object.keys(rest[0]?.vectors ?? {}).sort()).toEqual(['large', 'small'])
    expect(grpc).toEqual(rest)
  })

  it("gives a tenant's objects as REST does", async () => {
    const { grpc, rest } = await both({ className: Tenanted, tenant: 'tenantB', pageSize: 20 })
    expect(rest).toHaveLength(75)
    expect(rest.every((o) => String(o.properties['title']).startsWith('m'))).toBe(true)
    expect(grpc).toEqual(rest)
  })

  it('gives the same objects in partitions, ordered and in arrival order', async () => {
    const { grpc, rest } = await both({ className: Plain, partitions: 4, pageSize: 100 })
    expect(grpc).toEqual(rest)
    const unordered = await read(client.objects.stream({ className: Plain, partitions: 4, ordered: false, transport: 'grpc' }))
    expect(unordered.map((o) => o.id).sort()).toEqual(rest.map((o) => o.id))
  })

  it('gives the same objects for given ranges and after a given id', async () => {
    const all = (await both({ className: Plain })).rest
    const idAt = (i: number): string => all[i]?.id ?? ''
    const middle = idAt(600)
    const ranges = [
      { after: idAt(10), before: middle },
      { after: idAt(1000), before: undefined },
    ]
    const { grpc, rest } = await both({ className: Plain, ranges })
    expect(rest).toHaveLength(600 - 11 + COUNT - 1001)
    expect(grpc).toEqual(rest)
    const after = await both({ className: Plain, after: middle, pageSize: 77 })
    expect(after.grpc).toEqual(after.rest)
  })

  it('decodes the properties with a codec as REST does, and reports a mismatch as a DecodeError', async () => {
    const Row = t.type({ title: t.string, n: t.number })
    const grpc = await read(client.objects.stream({ className: Plain, codec: Row, transport: 'grpc' }))
    const rest = await read(client.objects.stream({ className: Plain, codec: Row, transport: 'rest' }))
    expect(grpc).toEqual(rest)
    const Wrong = t.type({ title: t.number })
    const items = await lastValueFrom(client.objects.stream({ className: Plain, codec: Wrong, transport: 'grpc' }).pipe(toArray()))
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ _tag: 'Left', left: { _tag: 'DecodeError' } })
  })

  it("gives vectors as Float32Arrays with vectorFormat 'float32', the same over both transports", async () => {
    const grpc = await read<Float32Array>(float32Stream({ className: Plain, withVector: true }, 'grpc'))
    const rest = await read<Float32Array>(float32Stream({ className: Plain, withVector: true }, 'rest'))
    expect(grpc[0]?.vector).toBeInstanceOf(Float32Array)
    expect(rest[0]?.vector).toBeInstanceOf(Float32Array)
    expect(grpc).toEqual(rest)
    const first = grpc.find((o) => o.properties['n'] === 0)
    expect(Array.from(first?.vector ?? [])).toEqual(vectorOf(0).map(Math.fround))
  })
})
