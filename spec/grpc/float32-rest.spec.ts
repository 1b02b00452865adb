/**
 * The numbers `jsonFloat32` gives are the ones the real server's REST JSON prints (Go's
 * `FormatFloat(f, 'g', -1, 32)`, then `JSON.parse`), for float32s of every magnitude, ties between
 * two decimals, powers of two and subnormals: vectors written over gRPC as their float32 bytes;
 * the float32s the server keeps (read over gRPC as Float32Arrays: it keeps -0 as 0) against
 * REST's numbers and a gRPC stream's, on 1.39.0.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { Client, connect } from '../../lib'
import { jsonFloat32 } from '../../lib/codecs/float32-shortest'
import { createClass, deleteClass } from '../helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'
import { ownHandles } from '../helpers/own-handles'

const Floats = uniqueClassName('Float32Rest')
const DIMENSIONS = 256

/** Finite float32s from bits: random over every exponent, then the edges and ties. */
const values = (): Float32Array => {
  let state = 23
  const bits: number[] = []
  for (let i = 0; i < 40 * DIMENSIONS; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    const b = (state ^ (state << 13) ^ Math.imul(state >>> 7, 2_654_435_761)) >>> 0
    if (((b >>> 23) & 0xff) !== 0xff) bits.push(b)
  }
  for (let e = 0; e < 255; e++) for (const m of [0, 1, 0x7fffff, 0x400000]) bits.push((e << 23) | m, (0x80000000 | (e << 23) | m) >>> 0)
  const floats = Float32Array.from(new Float32Array(new Uint32Array(bits).buffer))
  // float32s exactly half-way between two decimals of as many digits (16.7890625 prints as 16.789062).
  const ties = Array.from({ length: 12 }, (_, j) => Array.from({ length: 60 }, (_, i) => ((2 * i + 1) / 2 ** (j + 1)) * 10 ** (j % 6))).flat()
  const all = Float32Array.from([...floats, 16.7890625, -16.7890625, ...ties])
  return all.subarray(0, all.length - (all.length % DIMENSIONS))
}

let client: Client
/** The server's float32s by object id. */
let kept: Map<string, Float32Array>

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(weaviateUrl(), Floats)
    await client.close()
  },
})

beforeAll(async () => {
  client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') })
  await createClass(weaviateUrl(), { class: Floats, vectorizer: 'none', vectorIndexConfig: { skip: true }, properties: [{ name: 'n', dataType: ['int'] }] })
  const all = values()
  const vectors = Array.from({ length: all.length / DIMENSIONS }, (_, i) => all.slice(i * DIMENSIONS, (i + 1) * DIMENSIONS))
  const results = await lastValueFrom(client.objects.batch(vectors.map((vector, n) => ({ className: Floats, dataObject: { n }, vector })), { transport: 'grpc' }).pipe(toArray()))
  expect(results.filter(E.isLeft)).toEqual([])
  const read = await lastValueFrom(client.objects.stream({ className: Floats, withVector: true, vectorFormat: 'float32', transport: 'grpc' }).pipe(toArray()))
  kept = new Map(read.flatMap((item) => (E.isRight(item) && item.right.vector !== undefined ? [[item.right.id, item.right.vector] as const] : [])))
  expect(kept.size).toBe(vectors.length)
}, 120_000)

/** The float32s whose number read differs from what jsonFloat32 makes of the server's float32: [float32, ours, read]. */
const differences = async (transport: 'grpc' | 'rest'): Promise<{ objects: number; differ: Array<[number, number, number | undefined]> }> => {
  const items = await lastValueFrom(client.objects.stream({ className: Floats, withVector: true, transport }).pipe(toArray()))
  const differ = items.flatMap((item) => {
    if (E.isLeft(item)) throw item.left
    const floats = Array.from(kept.get(item.right.id) ?? [])
    const read = item.right.vector ?? []
    return floats.flatMap((x, i): Array<[number, number, number | undefined]> => (Object.is(jsonFloat32(x), read[i]) ? [] : [[x, jsonFloat32(x), read[i]]]))
  })
  return { objects: items.length, differ }
}

describe('jsonFloat32 against the server', () => {
  it("gives the numbers REST's JSON gives for float32s of every magnitude, ties, powers of two and subnormals", async () => {
    const { objects, differ } = await differences('rest')
    expect(objects).toBe(kept.size)
    expect(differ.slice(0, 20)).toEqual([])
  })

  it("gives them in a gRPC stream's vectors as REST's numbers", async () => {
    const { objects, differ } = await differences('grpc')
    expect(objects).toBe(kept.size)
    expect(differ.slice(0, 20)).toEqual([])
  })
})
