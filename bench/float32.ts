/**
 * The `float32` group: the default `vectorFormat: 'array'` conversion in-process, no server: a
 * gRPC vector's float32 bytes to the numbers REST's JSON gives (`float32BytesAsJson`), in ns per
 * value, against the exact search for every value (`exactShortest`: what the fast path saves) and
 * against a plain copy into a packed double array (the floor: no printing at all).
 *
 * 200 seeded 768-d vectors (most ~N(0, 0.04) like normalised embeddings, every tenth with values
 * of wider magnitudes, ~N(0, 3)), each at an odd byte offset of a larger buffer as in a reply;
 * the contenders interleaved, the order turned every round, a full GC before each, the first 3
 * rounds a warm-up.
 * Lines: `bench: float32 json ours/copy`, `bench: float32 json ours/exact` and
 * `bench: float32 json ours = <ns> ns/value`.
 *
 * Run alone: `npx ts-node --transpile-only bench/float32.ts`; `BENCH_FLOAT32_ROUNDS` (default 15).
 */
import { float32BytesAsJson } from '../lib/codecs/float32-bytes'
import { exactShortest } from '../lib/codecs/float32-shortest'
import { collectGarbage, median } from './harness'
import { reportRatio, reportValue, sizeFromEnv } from './report'
import { seeded } from './seeded'

const DIM = 768
const VECTORS = 200
const WARMUP_ROUNDS = 3
const ROUNDS = sizeFromEnv('FLOAT32_ROUNDS', 15)

/** The bench's vectors: each one's bytes at offset 3 of a buffer of its own (a reply's vectors sit at any offset). */
const benchVectors = (): Uint8Array[] => {
  const next = seeded(42)
  // Normal values (Box-Muller) from the seeded generator.
  const normal = (sd: number): number => sd * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next())
  return Array.from({ length: VECTORS }, (_, v) => {
    const values = Float32Array.from({ length: DIM }, () => normal(v % 10 === 9 ? 3 : 0.04))
    const buffer = new Uint8Array(DIM * 4 + 8)
    buffer.set(new Uint8Array(values.buffer), 3)
    return buffer.subarray(3, 3 + DIM * 4)
  })
}

/** The exact search for every value (what the fast path leaves to it), to see what the fast path saves. */
const exact = (bytes: Uint8Array): number[] => {
  const copy = bytes.slice()
  const values = new Float32Array(copy.buffer)
  const bits = new Uint32Array(copy.buffer)
  return Array.from(values, (x, i) => exactShortest(x, bits[i] ?? 0))
}

/** A copy loop into a packed double array: what the conversion costs with no printing at all. */
const copyLoop = (): ((bytes: Uint8Array) => number[]) => {
  let doubles: number[] = []
  return (bytes) => {
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
}

/**
 * Runs the group and prints its lines.
 *
 * @example
 * ```ts
 * await benchFloat32() // bench: float32 json ours/copy = 1.90 (spread 1.80-2.00) ...
 * ```
 */
export async function benchFloat32(): Promise<void> {
  const vectors = benchVectors()
  const contenders: ReadonlyArray<readonly [string, (bytes: Uint8Array) => number[]]> = [
    ['copy', copyLoop()],
    ['exact', exact],
    ['ours', float32BytesAsJson],
  ]
  let sink = 0
  const nsPerValue = (convert: (bytes: Uint8Array) => number[]): number => {
    const start = process.hrtime.bigint()
    for (const bytes of vectors) {
      const out = convert(bytes)
      sink += out[out.length - 1] ?? 0
    }
    return Number(process.hrtime.bigint() - start) / (VECTORS * DIM)
  }
  const times: Record<string, number[]> = Object.fromEntries(contenders.map(([name]) => [name, []]))
  for (let round = 0; round < ROUNDS + WARMUP_ROUNDS; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse()
    for (const [name, convert] of order) {
      // A full GC first, so no contender pays for the garbage of the one before (the exact search leaves much).
      collectGarbage()
      const ns = nsPerValue(convert)
      if (round >= WARMUP_ROUNDS) times[name]?.push(ns)
    }
    // Yields to the event loop between rounds, as every group's runs do.
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  reportRatio('float32 json', times, 'copy')
  reportRatio('float32 json', times, 'exact')
  reportValue('float32 json ours', median(times['ours'] ?? []), 'ns/value')
  // The sink keeps every conversion's result alive to the end, so none is optimised away.
  if (sink === 42) console.log('')
}

if (require.main === module) {
  benchFloat32().catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
