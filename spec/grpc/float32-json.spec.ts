/**
 * float32s from gRPC bytes as the numbers REST's JSON gives: the shortest decimal that reads back
 * as the same float32 (Go's `FormatFloat(f, 'g', -1, 32)`), ties to the even digit as Go rounds.
 */
import { FLOAT32_BLOCK_BYTES, float32BytesAsJson, float32BytesToArray, float32Copier } from '../../lib/codecs/float32-bytes'
import { float32sAsJson, jsonFloat32 } from '../../lib/codecs/float32-shortest'
import { ownHandles } from '../helpers/own-handles'

/** A decimal `digits · 10^exponent` or a dyadic `digits · 2^exponent`, exactly. */
interface Exact {
  readonly digits: bigint
  readonly exponent: number
}

/** The sign of `d · 10^dexp - q · 2^qexp` (both non-negative), in integers. */
const compare = (d: Exact, q: Exact): number => {
  let left = d.digits
  let right = q.digits
  if (d.exponent >= 0) left *= 10n ** BigInt(d.exponent)
  else right *= 10n ** BigInt(-d.exponent)
  if (q.exponent >= 0) right *= 2n ** BigInt(q.exponent)
  else left *= 2n ** BigInt(-q.exponent)
  return left === right ? 0 : left > right ? 1 : -1
}

/** A decimal string without its sign as digits and a power of ten. */
const decimalOf = (s: string): Exact => {
  const [mantissa = '', exp = '0'] = s.replace(/^-/, '').split('e')
  const [whole = '', fraction = ''] = mantissa.split('.')
  return { digits: BigInt(whole + fraction), exponent: Number(exp) - fraction.length }
}

/** The float32 `x` (not zero) as its bits, its magnitude as a dyadic, and its rounding interval's ends. */
const float32Of = (x: number) => {
  const bits = new Uint32Array(new Float32Array([x]).buffer)[0] ?? 0
  const e = (bits >>> 23) & 0xff
  const fraction = BigInt(bits & 0x7fffff)
  const m = e === 0 ? fraction : fraction | 0x800000n
  const q = e === 0 ? -149 : e - 150
  const powerOfTwo = e > 1 && fraction === 0n
  return {
    value: { digits: m, exponent: q },
    low: powerOfTwo ? { digits: 4n * m - 1n, exponent: q - 2 } : { digits: 2n * m - 1n, exponent: q - 1 },
    high: { digits: 2n * m + 1n, exponent: q - 1 },
    evenMantissa: (bits & 1) === 0,
  }
}

/** Whether the decimal reads back as the float32 `x` in float32 (nearest, ties to the even mantissa), exactly. */
const readsBack = (decimal: Exact, x: number): boolean => {
  const f = float32Of(x)
  const low = compare(decimal, f.low)
  const high = compare(decimal, f.high)
  return (low > 0 || (low === 0 && f.evenMantissa)) && (high < 0 || (high === 0 && f.evenMantissa))
}

/**
 * The reference, in exact integers: the shortest decimal that reads back as `x` in float32
 * (decided exactly, not through a double), the nearest of its length. Where `x` lies exactly
 * half-way between two decimals of as many digits, the one ending in an even digit, but the upper
 * one at a power of two (JavaScript breaks such ties upwards; Go as said, measured against the
 * server in float32-rest.spec.ts). At a power of two the nearest may lie below, out of the narrow
 * side, while the decimal above reads back: that one.
 */
const reference = (x: number): number => {
  if (x === 0) return x
  const sign = x < 0 ? '-' : ''
  const f = float32Of(x)
  const powerOfTwo = f.value.digits === 0x800000n
  for (let p = 1; p <= 9; p++) {
    const up = decimalOf(Math.abs(x).toPrecision(p))
    const exact = decimalOf(Math.abs(x).toPrecision(p + 1))
    let chosen = up
    if (!powerOfTwo && compare(exact, f.value) === 0 && exact.digits % 10n === 5n && up.exponent === exact.exponent + 1) {
      const down = { digits: (2n * exact.digits - 10n * up.digits) / 10n, exponent: up.exponent }
      if (down.digits % 2n === 0n) chosen = down
    }
    if (readsBack(chosen, x)) return Number(`${sign}${chosen.digits}e${chosen.exponent}`)
    const above = { digits: chosen.digits + 1n, exponent: chosen.exponent }
    if (powerOfTwo && compare(chosen, f.value) < 0 && readsBack(above, x)) return Number(`${sign}${above.digits}e${above.exponent}`)
  }
  throw new Error(`no decimal of 9 digits reads back as ${x}`)
}

/** float32s from their bits. */
const fromBits = (bits: readonly number[]): number[] => Array.from(new Float32Array(new Uint32Array(bits).buffer))

/** Deterministic bits spread over every exponent and mantissa (an LCG). */
const randomBits = (n: number, seed: number): number[] => {
  let state = seed
  return Array.from({ length: n }, () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return (state ^ (state << 13) ^ Math.imul(state >>> 7, 2_654_435_761)) >>> 0
  })
}

/** The shortest `toPrecision` that reads back, JavaScript's way (a tie goes up): differs from {@link reference} only at ties. */
const tiesUp = (x: number): number => {
  for (let p = 1; p <= 9; p++) {
    const s = Number(x.toPrecision(p))
    if (readsBack(decimalOf(Math.abs(s).toPrecision(p)), x)) return s
  }
  return Number.NaN
}

const mismatches = (xs: readonly number[]): Array<[number, number, number]> =>
  xs.filter(Number.isFinite).flatMap((x): Array<[number, number, number]> => {
    const ours = jsonFloat32(x)
    const expected = reference(x)
    return Object.is(ours, expected) ? [] : [[x, ours, expected]]
  })

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe('jsonFloat32', () => {
  it('gives the shortest decimal that reads back as the same float32, for random float32s of every magnitude', () => {
    expect(mismatches(fromBits(randomBits(100_000, 7)))).toEqual([])
  })

  it('gives the shortest decimal for random float32s between -1 and 1 (the values of embedding vectors)', () => {
    expect(mismatches(fromBits(randomBits(100_000, 11).map((b) => (b & 0x807fffff) | (((b >>> 23) % 8) + 119) << 23)))).toEqual([])
  })

  it('gives the shortest decimal at the edges of every exponent: powers of two, their neighbours, the largest mantissas', () => {
    const edges = [0, 1, 2, 3, 0x400000, 0x3fffff, 0x7ffffe, 0x7fffff]
    const bits = Array.from({ length: 255 }, (_, e) => edges.flatMap((m) => [(e << 23) | m, (0x80000000 | (e << 23) | m) >>> 0])).flat()
    expect(mismatches(fromBits(bits))).toEqual([])
  })

  it('gives the shortest decimal of subnormals', () => {
    const bits = [1, 2, 3, 0x7fffff, 0x400000, ...randomBits(2_000, 3).map((b) => b & 0x807fffff)]
    expect(mismatches(fromBits(bits))).toEqual([])
  })

  it('breaks every tie between two decimals of as many digits towards the even digit, as Go prints it', () => {
    // float32s with few exact decimals: odd numerators over powers of two, at several scales.
    const ties = Array.from({ length: 24 }, (_, j) => Array.from({ length: 500 }, (_, i) => Math.fround(((2 * i + 1) / 2 ** (j + 1)) * 10 ** (j % 6)))).flat()
    const tied = ties.filter((x) => reference(x) !== tiesUp(x))
    expect(tied.length).toBeGreaterThan(100)
    expect(mismatches([...ties, ...ties.map((x) => -x)])).toEqual([])
  })

  it.each([
    [Math.fround(0.1), 0.1],
    [Math.fround(-0.2), -0.2],
    [Math.fround(1e-3), 0.001],
    [3.4028234663852886e38, 3.4028235e38],
    [-1.401298464324817e-45, -1e-45],
    [2 ** -12, 0.00024414063],
    [2 ** -96, 1.2621775e-29],
    [3, 3],
    [0, 0],
  ])('gives %p as %p', (x, json) => {
    expect(jsonFloat32(x)).toBe(json)
  })

  it('breaks a tie between two decimals of as many digits towards the even digit, as Go prints it', () => {
    expect(jsonFloat32(16.7890625)).toBe(16.789062)
    expect(jsonFloat32(-16.7890625)).toBe(-16.789062)
  })
})

describe('float32sAsJson', () => {
  /** Vectors of 768 values: random values between -1 and 1, with every edge case of jsonFloat32's specs strewn among them. */
  const vectorValues = (): number[] => {
    const edges = [0, 1, 2, 0x400000, 0x7ffffe, 0x7fffff]
    const edgeBits = Array.from({ length: 255 }, (_, e) => edges.flatMap((m) => [(e << 23) | m, (0x80000000 | (e << 23) | m) >>> 0])).flat()
    const inRange = randomBits(20_000, 13).map((b) => (b & 0x807fffff) | ((((b >>> 23) % 8) + 119) << 23))
    const ties = Array.from({ length: 12 }, (_, j) => Array.from({ length: 100 }, (_, i) => Math.fround(((2 * i + 1) / 2 ** (j + 1)) * 10 ** (j % 6)))).flat()
    const values = fromBits([...inRange, ...edgeBits])
    ties.forEach((t, i) => values.splice((i * 37) % values.length, 0, t))
    return values.filter(Number.isFinite)
  }
  const vectorMismatches = (ours: readonly number[], values: readonly number[]): Array<[number, number, number]> =>
    values.flatMap((x, i): Array<[number, number, number]> => (Object.is(ours[i], reference(x)) ? [] : [[x, ours[i] ?? Number.NaN, reference(x)]]))

  it('gives every value of a vector its shortest decimal, each decided on its own whatever its neighbours are', () => {
    const values = vectorValues()
    const ours = Array.from({ length: Math.ceil(values.length / 768) }, (_, v) => float32sAsJson(Float32Array.from(values.slice(v * 768, (v + 1) * 768)))).flat()
    expect(ours).toHaveLength(values.length)
    expect(vectorMismatches(ours, values)).toEqual([])
  })

  it('gives the same numbers from little-endian bytes at any offset of a reply buffer, aligned or not', () => {
    const values = vectorValues().slice(0, 3_000)
    const bytes = new Uint8Array(Float32Array.from(values).buffer)
    for (const offset of [0, 1, 2, 3, 4]) {
      const reply = new Uint8Array(bytes.byteLength + 8)
      reply.set(bytes, offset)
      expect(vectorMismatches(float32BytesAsJson(reply.subarray(offset, offset + bytes.byteLength)), values)).toEqual([])
    }
  })

  it('gives each vector of a sequence its own numbers when the vectors have different lengths', () => {
    const values = vectorValues()
    const lengths = [768, 3, 768, 1_536, 1, 768]
    const starts = lengths.map((_, i) => lengths.slice(0, i).reduce((a, b) => a + b, 0))
    const vectors = lengths.map((n, i) => values.slice(starts[i], (starts[i] ?? 0) + n))
    const ours = vectors.map((v) => float32BytesAsJson(new Uint8Array(Float32Array.from(v).buffer)))
    expect(ours.map((v) => v.length)).toEqual(lengths)
    expect(vectorMismatches(ours.flat(), vectors.flat())).toEqual([])
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
