/**
 * The float32 conversion's fast path (`writeShortest`) against the exact search
 * (`exactShortest`, one value at a time), bit for bit (`Object.is`, so -0 and NaN count): every
 * 97th float32 bit pattern of the exponents the fast path takes (both signs), and every 9973rd of
 * the others (which the fast path sends to the exact search). Run once, reported in docs/benchmarks.md
 * ("The float32 conversion, in-process"): `npx ts-node --transpile-only bench/float32-differential.ts`.
 * `FLOAT32_STRIDE` sets the first stride (default 97). Exits 1 on a difference.
 */
import { exactShortest, writeShortest } from '../lib/codecs/float32-shortest'

const STRIDE = Number(process.env.FLOAT32_STRIDE ?? 97)
const OTHER_STRIDE = 9973
const CHUNK = 1 << 16

/** The exponents the fast path takes (FINE_DECIMALS and FAST of float32-shortest.ts). */
const fastExponent = (e: number): boolean => {
  let k = Math.ceil((150 - e) * Math.log10(2)) - 1
  while (10 ** -k > 2 ** (e - 150)) k++
  return k >= 1 && k <= 22 && 2 ** (e - 151) * 10 ** k - 0.5 > 2e-6
}

const bits = new Int32Array(CHUNK)
const values = new Float32Array(bits.buffer)
const now: number[] = new Array<number>(CHUNK).fill(0.5)
let checked = 0
let differ = 0
let fill = 0

const flush = (): void => {
  const v = values.subarray(0, fill)
  const b = bits.subarray(0, fill)
  const n1: number[] = now.slice(0, fill)
  writeShortest(v, b, n1)
  for (let i = 0; i < fill; i++) {
    const exact = exactShortest(v[i] ?? Number.NaN, (b[i] ?? 0) >>> 0)
    if (!Object.is(n1[i], exact)) {
      if (differ < 10) console.log(`differ: bits 0x${((b[i] ?? 0) >>> 0).toString(16)} fast path ${n1[i]} exact ${exact}`)
      differ++
    }
  }
  checked += fill
  fill = 0
}

const started = Date.now()
let fastExponents = 0
for (let e = 0; e < 256; e++) {
  const fast = fastExponent(e)
  if (fast) fastExponents++
  const stride = fast ? STRIDE : OTHER_STRIDE
  for (const sign of [0, 1]) {
    const base = ((sign << 31) | (e << 23)) >>> 0
    for (let m = e % stride; m < 0x800000; m += stride) {
      bits[fill++] = (base | m) | 0
      if (fill === CHUNK) flush()
    }
    // Every power of two (mantissa 0) and the largest mantissa, whatever the stride.
    bits[fill++] = base | 0
    if (fill === CHUNK) flush()
    bits[fill++] = (base | 0x7fffff) | 0
    if (fill === CHUNK) flush()
  }
}
flush()
console.log(`float32 differential: ${checked} float32s (${fastExponents} fast exponents at every ${STRIDE}th, the rest at every ${OTHER_STRIDE}th), ${differ} differ, ${((Date.now() - started) / 1000).toFixed(1)} s`)
process.exit(differ === 0 ? 0 : 1)
