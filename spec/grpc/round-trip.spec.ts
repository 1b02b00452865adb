/**
 * Every Weaviate data type written over gRPC `BatchObjects` reads back over REST exactly as the
 * same object written over REST: text, int, number, boolean, date, uuid, geo coordinates, phone
 * number, blob, their arrays (packed number arrays, empty lists), nested objects and arrays of
 * them, references, and the vector given as a Float32Array or as numbers, named vectors too.
 */
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, connect } from '../../lib'
import { createClass, deleteClass, getObjectRaw } from '../helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { allTypesObject, allTypesProperties } from '../helpers/all-types'
import { ownHandles } from '../helpers/own-handles'

const Everything = uniqueClassName('GrpcEverything')
const Target = uniqueClassName('GrpcTarget')
const Named = uniqueClassName('GrpcNamed')
const TARGET_ID = '0b6a6f3a-3f7e-4d55-9c1f-0d3a8c1c2b11'

const properties = allTypesProperties(Target)
/** With the date given as a `Date`, which the batch writes as RFC 3339 in UTC. */
const dataObject = { ...allTypesObject(Target, TARGET_ID), date: new Date('2024-02-29T12:34:56.789Z') }

const VECTOR = [0.1, -0.2, 0.3, 1e-3]

let grpcClient: Client
let restClient: Client

const written = async (client: Client, items: BatchObject[]): Promise<void> => {
  const results = await lastValueFrom(client.objects.batch(items).pipe(toArray()))
  expect(results.filter(E.isLeft)).toEqual([])
}

/** The object with its vectors, read over REST. */
const withVector = async (className: string, uuid: string): Promise<{ vector?: unknown; vectors?: unknown } | null> => {
  const read = await firstValueFrom(restClient.objects.getById({ className, uuid, withVector: true }))
  if (E.isLeft(read)) throw read.left
  return read.right
}

const withoutIdentity = (raw: Record<string, unknown> | undefined): Record<string, unknown> => {
  if (raw === undefined) throw new Error('object not found')
  const { id: _id, creationTimeUnix: _c, lastUpdateTimeUnix: _u, ...rest } = raw
  return rest
}

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    for (const name of [Everything, Named, Target]) await deleteClass(weaviateUrl(), name)
    await grpcClient.close()
    await restClient.close()
  },
})

beforeAll(async () => {
  grpcClient = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc' })
  restClient = connect({ ...weaviateConnection(), transport: 'rest' })
  await createClass(weaviateUrl(), { class: Target, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(weaviateUrl(), { class: Everything, vectorizer: 'none', properties })
  await createClass(weaviateUrl(), {
    class: Named,
    properties: [{ name: 'title', dataType: ['text'] }],
    vectorConfig: {
      small: { vectorizer: { none: {} }, vectorIndexType: 'flat' },
      large: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' },
    },
  })
  await written(restClient, [{ className: Target, uuid: TARGET_ID, dataObject: { name: 't' } }])
})

describe('an object of every data type', () => {
  it('reads back over REST identically whether written over gRPC or over REST', async () => {
    const viaGrpc = '11111111-1111-4111-8111-111111111111'
    const viaRest = '22222222-2222-4222-8222-222222222222'
    await written(grpcClient, [{ className: Everything, uuid: viaGrpc, dataObject, vector: new Float32Array(VECTOR) }])
    await written(restClient, [{ className: Everything, uuid: viaRest, dataObject, vector: VECTOR }])
    const fromGrpc = withoutIdentity(await getObjectRaw(weaviateUrl(), Everything, viaGrpc))
    const fromRest = withoutIdentity(await getObjectRaw(weaviateUrl(), Everything, viaRest))
    expect(fromGrpc).toEqual(fromRest)
  })

  it('keeps the properties REST keeps, the reference and the empty lists included', async () => {
    const id = '33333333-3333-4333-8333-333333333333'
    await written(grpcClient, [{ className: Everything, uuid: id, dataObject }])
    const raw = await getObjectRaw(weaviateUrl(), Everything, id)
    const props = (raw?.['properties'] ?? {}) as Record<string, unknown>
    expect(props['ints']).toEqual([1, -2, 3_000_000_000])
    expect(props['numbers']).toEqual([0.1, -2.5, 1e-7])
    expect(props['ref']).toEqual([expect.objectContaining({ beacon: `weaviate://localhost/${Target}/${TARGET_ID}` })])
    expect(props['nested']).toEqual({ label: 'n', count: 7, weights: [1, 2.5], inner: { flag: true } })
    expect(props['date']).toBe('2024-02-29T12:34:56.789Z')
  })

  it('writes the vector given as numbers or as a Float32Array as the same float32 values over both transports', async () => {
    const ids = ['44444444-4444-4444-8444-444444444441', '44444444-4444-4444-8444-444444444442', '44444444-4444-4444-8444-444444444443'] as const
    await written(grpcClient, [{ className: Target, uuid: ids[0], dataObject: {}, vector: VECTOR }])
    await written(grpcClient, [{ className: Target, uuid: ids[1], dataObject: {}, vector: new Float32Array(VECTOR) }])
    await written(restClient, [{ className: Target, uuid: ids[2], dataObject: {}, vector: new Float32Array(VECTOR) }])
    const vectors = await Promise.all(ids.map(async (id) => (await withVector(Target, id))?.vector))
    expect(vectors[0]).toEqual(VECTOR) // the server prints each float32 in its shortest form
    expect(vectors[1]).toEqual(vectors[0])
    expect(vectors[2]).toEqual(vectors[0])
  })

  it('writes named vectors over gRPC as REST writes them', async () => {
    const small = new Float32Array([1, 2, 3])
    const large = [0.5, 0.25, 0.125, 0.0625]
    await written(grpcClient, [{ className: Named, uuid: '55555555-5555-4555-8555-555555555551', dataObject: { title: 'g' }, vectors: { small, large } }])
    await written(restClient, [{ className: Named, uuid: '55555555-5555-4555-8555-555555555552', dataObject: { title: 'g' }, vectors: { small, large } }])
    const read = async (id: string): Promise<unknown> => (await withVector(Named, id))?.vectors
    const fromGrpc = await read('55555555-5555-4555-8555-555555555551')
    expect(fromGrpc).toEqual({ small: [1, 2, 3], large })
    expect(fromGrpc).toEqual(await read('55555555-5555-4555-8555-555555555552'))
  })
})
