/**
 * The default `vectorFormat: 'array'` conversion in-process, no server (issue 42): a gRPC vector's
 * float32 bytes to the numbers REST's JSON gives (`float32BytesAsJson`), in ns per value, against
 * the exact search per value (what the fast path saves) and against plain copies (the floor: no
 * printing at all). The variants tried and the code before: docs/benchmarks.md ("The float32
 * conversion, in-process").
 *
 * 200 seeded 768-d vectors (most ~N(0, 0.04) like normalised embeddings, every tenth with values
 * of wider magnitudes, ~N(0, 3)), each at an odd byte offset of a larger buffer as in a reply;
 * the contenders interleaved, the order turned every round, median of the rounds printed.
 *
 * `npx ts-node --transpile-only bench/float32-json.ts` (or `npm run bench:build` and
 * `node build/bench/bench/float32-json.js`); `FLOAT32_ROUNDS` (default 15).
 */
import { float32BytesAsJson } from '../lib/codecs/float32-bytes'
import { exactShortest } from '../lib/codecs/float32-shortest'
import { seeded } from './seeded'

const DIM = 768
const VECTORS = 200
const ROUNDS = Number(process.env.FLOAT32_ROUNDS ?? 15)

/** Normal values (Box-Muller) from a seeded generator. */
const next = seeded(42)
const normal = (sd: number): number => sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())

/** Each vector's bytes at offset 3 of a buffer of its own (a reply's vectors sit at any offset). */
const vectors: Uint8Array[] = Array.from({ length: VECTORS }, (_, v) => {
  const values = Float32Array.from({ length: DIM }, () => normal(v % 10 === 9 ? 3 : 0.04))
  const buffer = new Uint8Array(DIM * 4 + 8)
  buffer.set(new Uint8Array(values.buffer), 3)
  return buffer.subarray(3, 3 + DIM * 4)
})

/** The exact search for every value (what the fast path leaves to it), to see what the fast path saves. */
const exact = (bytes: Uint8Array): number[] => {
  const copy = bytes.slice()
  const values = new Float32Array(copy.buffer)
  const bits = new Uint32Array(copy.buffer)
  return Array.from(values, (x, i) => exactShortest(x, bits[i] ?? 0))
}

const floor = (bytes: Uint8Array): number[] => Array.from(new Float32Array(bytes.slice().buffer))

/** A copy loop into a packed double array: what the conversion costs with no printing at all. */
const copyLoop = (() => {
  let doubles: number[] = []
  return (bytes: Uint8Array): number[] => {
    const values = new Float32Array(bytes.slice().buffer)
    const n = values.length
    if (doubles.length !== n) {
      doubles = [0.5]
      for (let i = 1; i < n; i++) doubles.push(0.5)
    }
    const out = doubles.slice()
    for (let i = 0; i < n; i++) out[i] = values[i] ?? 0
    return out
  }
})()

const contenders: ReadonlyArray<readonly [string, (bytes: Uint8Array) => number[]]> = [
  ['floor Array.from(Float32Array)', floor],
  ['floor copy loop', copyLoop],
  ['exact search per value (exactShortest)', exact],
  ['float32BytesAsJson (now)', float32BytesAsJson],
]

let sink = 0
const timeOne = (convert: (bytes: Uint8Array) => number[]): number => {
  const start = process.hrtime.bigint()
  for (const bytes of vectors) {
    const out = convert(bytes)
    sink += out[out.length - 1] ?? 0
  }
  return Number(process.hrtime.bigint() - start) / (VECTORS * DIM)
}

const times = new Map<string, number[]>(contenders.map(([name]) => [name, []]))
for (let round = 0; round < ROUNDS + 3; round++) {
  const order = round % 2 === 0 ? contenders : [...contenders].reverse()
  for (const [name, convert] of order) {
    const ns = timeOne(convert)
    if (round >= 3) times.get(name)?.push(ns) // the first rounds warm up
  }
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
for (const [name, ns] of times) console.log(`float32 json ${name}: ${median(ns).toFixed(2)} ns per value`)
if (sink === 42) console.log('')
