/**
 * float32s from gRPC bytes as the numbers REST's JSON gives: the shortest decimal that reads back
 * as the same float32 (Go's `FormatFloat(f, 'g', -1, 32)`), ties to the even digit as Go rounds.
 */
import { FLOAT32_BLOCK_BYTES, float32BytesAsJson, float32BytesToArray, float32Copier, jsonFloat32 } from '../../lib/grpc/float32-json'

/** The reference: the shortest `toPrecision` that reads back (JavaScript breaks ties upwards). */
const shortest = (x: number): string => {
  for (let p = 1; p < 9; p++) {
    const s = x.toPrecision(p)
    if (Math.fround(Number(s)) === x) return s
  }
  return x.toPrecision(9)
}

/** A deterministic float32 spread over every magnitude. */
const sample = (n: number): number[] => {
  let state = 7
  return Array.from({ length: n }, () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    const bits = new Uint32Array([state ^ (state << 13)])
    return new Float32Array(bits.buffer)[0] ?? 0
  }).filter(Number.isFinite)
}

describe('jsonFloat32', () => {
  it('gives the shortest decimal that reads back as the same float32, at every magnitude', () => {
    const mismatches = sample(50_000).filter((x) => {
      const ours = jsonFloat32(x)
      return Math.fround(ours) !== x || String(ours).replace(/e\+?/, 'e').length > Number(shortest(x)).toString().replace(/e\+?/, 'e').length
    })
    expect(mismatches).toEqual([])
  })

  it.each([
    [Math.fround(0.1), 0.1],
    [Math.fround(-0.2), -0.2],
    [Math.fround(1e-3), 0.001],
    [3.4028234663852886e38, 3.4028235e38],
    [-1.401298464324817e-45, -1e-45],
    [0, 0],
  ])('gives %p as %p', (x, json) => {
    expect(jsonFloat32(x)).toBe(json)
  })

  it('breaks a tie between two decimals of as many digits towards the even digit, as Go prints it', () => {
    expect(jsonFloat32(16.7890625)).toBe(16.789062)
    expect(jsonFloat32(-16.7890625)).toBe(-16.789062)
  })
})

describe('float32 bytes', () => {
  it('read as numbers equal to their shortest decimals and as a Float32Array of their own', () => {
    const floats = new Float32Array([0.1, -2.5, 16.7890625])
    const inPool = Buffer.alloc(64)
    inPool.set(new Uint8Array(floats.buffer), 4)
    const bytes = inPool.subarray(4, 16)
    expect(float32BytesAsJson(bytes)).toEqual([0.1, -2.5, 16.789062])
    const copy = float32BytesToArray(bytes)
    expect(copy).toEqual(floats)
    expect(copy.buffer.byteLength).toBe(12)
  })

  it('copied by a copier into blocks of their own, never into the reply buffer, each vector its own values', () => {
    const reply = Buffer.alloc(3 * 3072 + 8)
    const vectors = [0, 1, 2].map((k) => Float32Array.from({ length: 768 }, (_, i) => k * 1000 + i + 0.25))
    vectors.forEach((v, k) => reply.set(new Uint8Array(v.buffer), 1 + k * 3072))
    const copy = float32Copier()
    const copies = vectors.map((_, k) => copy(reply.subarray(1 + k * 3072, 1 + (k + 1) * 3072)))
    copies.forEach((c, k) => expect(c).toEqual(vectors[k]))
    expect(copies.every((c) => c.buffer !== reply.buffer && c.buffer.byteLength === FLOAT32_BLOCK_BYTES)).toBe(true)
    copies[0]?.fill(0)
    expect(copies[1]).toEqual(vectors[1])
  })

  it('copied by a copier into a buffer of its own when larger than a block', () => {
    const big = new Float32Array(FLOAT32_BLOCK_BYTES / 4 + 1).fill(1.5)
    const copied = float32Copier()(new Uint8Array(big.buffer))
    expect(copied).toEqual(big)
    expect(copied.buffer).not.toBe(big.buffer)
    expect(copied.buffer.byteLength).toBe(big.byteLength)
  })
})
