/**
 * The same scripted import over gRPC and over REST, into two classes with the same schema on the
 * 1.39.0 test server, gives the same per-object results (Rights and Lefts by index, with the
 * server's reasons) and the same server state, read back over REST.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, WeaviateError, connect } from '../../lib'
import type { BatchWritten } from '../../lib/objects/batch'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const ViaGrpc = uniqueClassName('DiffGrpc')
const ViaRest = uniqueClassName('DiffRest')

const properties = [
  { name: 'title', dataType: ['text'] },
  { name: 'n', dataType: ['int'] },
  { name: 'score', dataType: ['number'] },
  { name: 'tags', dataType: ['text[]'] },
  { name: 'counts', dataType: ['int[]'] },
  { name: 'weights', dataType: ['number[]'] },
  { name: 'flags', dataType: ['boolean[]'] },
  { name: 'when', dataType: ['date'] },
  { name: 'meta', dataType: ['object'], nestedProperties: [{ name: 'k', dataType: ['text'] }] },
]

const id = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

/** The script: written rows, rows the server refuses, malformed rows, overwrites. */
const script = (className: string): unknown[] => [
  { className, uuid: id(1), dataObject: { title: 'plain', n: 1, score: 0.5 } },
  { className, uuid: id(2), dataObject: { tags: ['a', 'b'], counts: [1, 2, 3], weights: [0.25, 1.5], flags: [true] }, vector: [0.1, 0.2, 0.3] },
  { className, uuid: id(3), dataObject: { n: 'not a number' } },
  { className, uuid: id(4), dataObject: { n: 1.5 } },
  { className, uuid: id(5), dataObject: { counts: [1, 2.5] } },
  { className, uuid: id(6), dataObject: { when: 'yesterday' } },
  { className, dataObject: 'not an object' },
  { className, uuid: 'not-a-uuid', dataObject: {} },
  { className, uuid: id(9), dataObject: { meta: { k: 'v' }, tags: [], weights: [] }, vector: new Float32Array([1, 0, 0]) },
  { className, uuid: id(1), dataObject: { title: 'overwritten', n: 2 } },
  { className, uuid: id(11), dataObject: { when: '2024-05-01T10:00:00Z', score: -0 } },
  { className, uuid: id(12), dataObject: { title: 'with a vector of another length' }, vector: [1, 2] },
  { className, uuid: id(13), dataObject: { unknownProperty: 'auto-schema adds it' } },
  { className, uuid: id(14), dataObject: {}, vector: [1, Number.NaN] },
  { className, uuid: id(15), dataObject: {}, vector: 'not a vector' },
  { className, uuid: id(16), dataObject: {}, vector: new Float32Array([1, Number.POSITIVE_INFINITY]) },
  { className, uuid: id(17), dataObject: { title: 'negative zero in a vector' }, vector: [-0, 1, 0] },
  // Rows a fast path must hand to the checked one, or read exactly as it would.
  { className, uuid: id(18).toUpperCase(), dataObject: { title: 'uppercase uuid' } },
  { className, uuid: `urn:uuid:${id(19)}`, dataObject: { title: 'urn uuid' } },
  { className, uuid: 20, dataObject: {} },
  { className, uuid: id(21), dataObject: {}, tenant: '' },
  { className, uuid: id(22), dataObject: { title: 'null vector' }, vector: null },
  { className: 5, uuid: id(23), dataObject: {} },
  { className, uuid: id(24), dataObject: { title: 'a string in a vector' }, vector: [1, '2', 3] },
  { className, uuid: id(25), dataObject: { title: 'a null tenant' }, tenant: null, vector: new Float32Array([0, -0, 1]) },
]

type Outcome = readonly [number, 'right', string] | readonly [number, string, readonly string[]]

const outcome = (r: E.Either<WeaviateError, BatchWritten>): Outcome =>
  E.isRight(r)
    ? [r.right.index, 'right', r.right.uuid]
    : [
        'index' in r.left && typeof r.left.index === 'number' ? r.left.index : -1,
        r.left._tag,
        'messages' in r.left ? r.left.messages : 'argument' in r.left ? [String(r.left.argument)] : [],
      ]

const run = async (client: Client, className: string): Promise<Outcome[]> => {
  const results = await lastValueFrom(client.objects.batch(script(className) as BatchObject[], { batchSize: 4, concurrency: 1 }).pipe(toArray()))
  return results.map(outcome).sort((a, b) => a[0] - b[0])
}

const state = async (client: Client, className: string): Promise<unknown[]> => {
  const objects = await lastValueFrom(client.objects.stream({ className, withVector: true }).pipe(toArray()))
  return objects
    .map((o) => {
      if (E.isLeft(o)) throw o.left
      const { class: _c, creationTimeUnix: _t1, lastUpdateTimeUnix: _t2, ...rest } = o.right
      return rest
    })
    .sort((a, b) => a.id.localeCompare(b.id))
}

let grpc: Client
let rest: Client

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(weaviateUrl(), ViaGrpc)
    await deleteClass(weaviateUrl(), ViaRest)
    await grpc.close()
    await rest.close()
  },
})

beforeAll(async () => {
  grpc = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc' })
  rest = connect({ ...weaviateConnection(), transport: 'rest' })
  await createClass(weaviateUrl(), { class: ViaGrpc, vectorizer: 'none', properties })
  await createClass(weaviateUrl(), { class: ViaRest, vectorizer: 'none', properties })
})

describe('the same scripted import over gRPC and over REST', () => {
  let fromGrpc: Outcome[] = []
  let fromRest: Outcome[] = []

  beforeAll(async () => {
    fromGrpc = await run(grpc, ViaGrpc)
    fromRest = await run(rest, ViaRest)
  })

  it('gives the same result for every object, the same tag and the same reason', () => {
    // The server words the detail of a refused value by the Go type it decoded: a JSON number
    // ("the JSON number '1.5' could not be converted to an int") or gRPC's float64 ("requires an
    // integer, the given value is '1.5'"). The reason before that detail is the same.
    const reason = (className: string) => (s: string) => s.replaceAll(className, 'C').replace(/(on class 'C'): .*$/, '$1')
    const comparable = (className: string) => ([i, tag, m]: Outcome) => [i, tag, typeof m === 'string' ? m : m.map(reason(className))]
    expect(fromGrpc.map(comparable(ViaGrpc))).toEqual(fromRest.map(comparable(ViaRest)))
  })

  it('reports every written object under its UUID in canonical spelling (lower case, dashed)', () => {
    const uuids = [...fromGrpc, ...fromRest].flatMap((o) => (o[1] === 'right' && typeof o[2] === 'string' ? [o[2]] : []))
    expect(uuids.filter((u) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(u))).toEqual([])
    expect(uuids).toContain(id(18))
    expect(uuids).toContain(id(19))
  })

  it('writes some objects and refuses others (the script covers both)', () => {
    expect(fromRest.filter((o) => o[1] === 'right').length).toBeGreaterThan(3)
    expect(fromRest.filter((o) => o[1] !== 'right').length).toBeGreaterThan(3)
  })

  it('leaves the same objects, properties and vectors on the server', async () => {
    expect(await state(rest, ViaGrpc)).toEqual(await state(rest, ViaRest))
  })
})
