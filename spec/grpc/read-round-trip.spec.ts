/**
 * One object of every Weaviate data type, written over REST and over gRPC `BatchObjects`, reads
 * back over gRPC `Search` exactly as REST reads it: text, int, number, boolean, date, uuid, geo
 * coordinates, phone number, blob, their arrays (packed int64/float64 lists, empty lists), nested
 * objects and lists of them, references, and the vector.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, WeaviateObject, connect } from '../../lib'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { allTypesObject, allTypesProperties } from '../helpers/all-types'
import { ownHandles } from '../helpers/own-handles'

const Everything = uniqueClassName('ReadEverything')
const Target = uniqueClassName('ReadTarget')
const TARGET_ID = '0b6a6f3a-3f7e-4d55-9c1f-0d3a8c1c2b11'
const VIA_REST = '11111111-1111-4111-8111-111111111111'
const VIA_GRPC = '22222222-2222-4222-8222-222222222222'
const SPARSE = '33333333-3333-4333-8333-333333333333'

const properties = allTypesProperties(Target)
const dataObject = allTypesObject(Target, TARGET_ID)

const VECTOR = [0.1, -0.2, 0.3, 1e-3, 16.7890625, 3.4028234e38, -1.5e-45]

let client: Client

const written = async (items: BatchObject[], transport: 'grpc' | 'rest'): Promise<void> => {
  const results = await lastValueFrom(client.objects.batch(items, { transport }).pipe(toArray()))
  expect(results.filter(E.isLeft)).toEqual([])
}

const streamed = async (transport: 'grpc' | 'rest'): Promise<Map<string, WeaviateObject>> => {
  const items = await lastValueFrom(client.objects.stream({ className: Everything, withVector: true, transport }).pipe(toArray()))
  return new Map(
    items.map((item) => {
      if (E.isLeft(item)) throw item.left
      return [item.right.id, item.right]
    }),
  )
}

let overGrpc: Map<string, WeaviateObject>
let overRest: Map<string, WeaviateObject>

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    for (const name of [Everything, Target]) await deleteClass(weaviateUrl(), name)
    await client.close()
  },
})

beforeAll(async () => {
  client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(weaviateUrl(), { class: Target, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(weaviateUrl(), { class: Everything, vectorizer: 'none', properties })
  await written([{ className: Target, uuid: TARGET_ID, dataObject: { name: 't' } }], 'rest')
  await written([{ className: Everything, uuid: VIA_REST, dataObject, vector: VECTOR }], 'rest')
  await written([{ className: Everything, uuid: VIA_GRPC, dataObject, vector: new Float32Array(VECTOR) }], 'grpc')
  await written([{ className: Everything, uuid: SPARSE, dataObject: { text: 'only text' } }], 'rest')
  overGrpc = await streamed('grpc')
  overRest = await streamed('rest')
})

describe('an object of every data type read over gRPC', () => {
  it.each([
    ['written over REST', VIA_REST],
    ['written over gRPC', VIA_GRPC],
    ['with only one property set', SPARSE],
  ])('equals what REST reads, %s', (_, id) => {
    expect(overRest.get(id)).toBeDefined()
    expect(overGrpc.get(id)).toEqual(overRest.get(id))
  })

  it('gives each type as REST does: ints as numbers, dates as strings, geo and vector float32s in their shortest form', () => {
    const o = overGrpc.get(VIA_REST)
    expect(o?.properties).toMatchObject({
      int: 9_007_199_254_740_991,
      ints: [1, -2, 3_000_000_000],
      numbers: [0.1, -2.5, 1e-7],
      date: '2024-02-29T12:34:56.789+02:00',
      geo: { latitude: 52.3676, longitude: -4.9041 },
      emptyInts: [],
      emptyNumbers: [],
      nested: { label: 'n', count: 7, weights: [1, 2.5], inner: { flag: true } },
      ref: [{ beacon: `weaviate://localhost/${Target}/${TARGET_ID}`, href: `/v1/objects/${Target}/${TARGET_ID}` }],
    })
    expect(o?.vector).toEqual([0.1, -0.2, 0.3, 1e-3, 16.789062, 3.4028235e38, -1e-45])
  })

  it('leaves out the properties an object does not have, as REST does', () => {
    expect(Object.keys(overGrpc.get(SPARSE)?.properties ?? {})).toEqual(['text'])
  })
})
