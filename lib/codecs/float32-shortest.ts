/**
 * float32 values as REST's JSON gives them. The server keeps vectors and geo coordinates as
 * float32; over REST it prints each one in the fewest digits that read back as the same float32
 * (Go's `strconv.FormatFloat(f, 'g', -1, 32)`), and `JSON.parse` turns those digits into the
 * double nearest to them: `0.1f` arrives as `0.1`, not as `0.10000000149011612`, its exact value.
 * gRPC sends the float32 bits, so a result decoded from gRPC gives the same numbers as REST only
 * through {@link float32sAsJson} (a vector) or {@link jsonFloat32} (one value).
 *
 * This file is the printing: the shortest decimal of a float32, as a double. Reading a gRPC
 * vector's bytes into float32s (and straight into these numbers) is `float32-bytes.ts`.
 *
 * @packageDocumentation
 */

/**
 * The double REST's JSON gives for the float32 `x` (a double holding a float32 value): the
 * shortest decimal that reads back as `x` in float32, parsed as a double. One value through the
 * same path as a vector's ({@link float32sAsJson}).
 */
export const jsonFloat32 = (x: number): number => {
  ONE[0] = x
  writeShortest(ONE, ONE_BITS, ONE_OUT)
  return ONE_OUT[0] ?? x
}

const ONE = new Float32Array(1)
const ONE_BITS = new Int32Array(ONE.buffer)
const ONE_OUT: number[] = [0]

/** Exact powers of ten (10^0 .. 10^22 are exact doubles). */
const POW10 = Float64Array.from({ length: 23 }, (_, i) => 10 ** i)

/**
 * By a float32's biased exponent `e`: the fewest decimals `k` whose step `10^-k` is at most the
 * gap between float32s of that exponent (`2^(e - 150)`), so that the decimal nearest to any of
 * them with `k` decimals is within half a gap of it.
 */
const FINE_DECIMALS = Int32Array.from({ length: 256 }, (_, e) => {
  let k = Math.ceil((150 - e) * Math.log10(2)) - 1
  while (10 ** -k > 2 ** (e - 150)) k++
  return k
})

/**
 * How near to the scaled half gap a scaled distance must be to be settled exactly: the scaled
 * value is within half its last bit (2^-23 below 10^9) of `a · 10^k`.
 */
const MARGIN = 1e-6

/** Half the gap between float32s of biased exponent `e`: `2^(e - 151)`. */
const HALF_GAP = Float64Array.from({ length: 256 }, (_, e) => 2 ** (e - 151))

/**
 * 1 for the exponents the fast path takes: one decimal coarser than {@link FINE_DECIMALS} is
 * still a decimal (at least 1) and both are within the exact powers of ten (at most 22), and the
 * nearest decimal at `FINE_DECIMALS` surely reads back (its half step within the half gap by more
 * than the margin). The values of embedding vectors all have such exponents.
 */
const FAST = Uint8Array.from({ length: 256 }, (_, e) => {
  const fine = FINE_DECIMALS[e] ?? 0
  return fine >= 1 && fine <= 22 && (HALF_GAP[e] ?? 0) * 10 ** fine - 0.5 > 2 * MARGIN ? 1 : 0
})

/**
 * Rounds a double below 2^51 to the nearest integer, a half to the even one: adding 1.5 · 2^52
 * leaves no bits below the point (`Math.round` costs several times more).
 */
const ROUNDER = 6_755_399_441_055_744

/**
 * What the fast path reads per biased exponent `e`, in one row of 4 (32 bytes, one exponent's
 * row within one cache line): `10^k` and `10^(k-1)` for `k` = {@link FINE_DECIMALS}, the half gap
 * scaled by `10^(k-1)` (`HALF_GAP[e] · 10^(k-1)`, the same double product the loop would make),
 * and 1 when {@link FAST}, else all 0 (the loop then writes NaN, `0 / 0`, which `writeSlow` writes
 * over).
 */
const FAST_ROWS = (() => {
  const rows = new Float64Array(256 * 4)
  for (let e = 0; e < 256; e++) {
    if (FAST[e] !== 1) continue
    const k = FINE_DECIMALS[e] ?? 0
    const coarse = POW10[k - 1] ?? Number.NaN
    rows[e * 4] = POW10[k] ?? Number.NaN
    rows[e * 4 + 1] = coarse
    rows[e * 4 + 2] = (HALF_GAP[e] ?? Number.NaN) * coarse
    rows[e * 4 + 3] = 1
  }
  return rows
})()

/**
 * Writes into `out` the shortest decimal of each float32 of `values` (`bits`: the same memory as
 * IEEE bits), as Go prints it (`strconv.FormatFloat(x, 'g', -1, 32)`) and `JSON.parse` reads it.
 *
 * The nearest decimal with `k` decimals kept is `m · 10^-k` for the integer `m` nearest to
 * `x · 10^k`; it reads back as `x` when it lies within `x`'s rounding interval (half a gap each
 * side; at a power of two a quarter below). With `fine` = {@link FINE_DECIMALS}, the decimals
 * with `fine - 1` are a step wider than the interval, so at most one of them lies in it: if the
 * nearest one reads back, every shorter decimal that reads back is that same number (`0.50` is
 * `0.5`), and it is the shortest decimal's value; if not, nothing coarser reads back, and the
 * shortest is the nearest with `fine` decimals, which always reads back (a step no wider than the
 * interval). So one value costs two tries (a multiplication and a rounding each, the distance
 * `|x · 10^k - m|` against the scaled half gap), a choice between them without a branch (which one
 * reads back is a coin toss, and a branch on it, mispredicted half the time, costs more than all
 * the arithmetic), and one division of `m` by an exact power of ten, which rounds exactly as
 * parsing its digits would. The per-exponent reads come from one row ({@link FAST_ROWS}) and the
 * sign is carried by the value rather than a table (docs/decisions/0005-float32-shortest-printing.md).
 *
 * Where a tie or a distance within rounding error of the half gap could decide, the doubles
 * decide as the exact search does: against {@link exactShortest} on every positive float32 of the
 * {@link FAST} exponents (a negative one is its magnitude's negation), the two tries differ only at
 * the powers of two, which go to it with the other exponents.
 */
export const writeShortest = (values: Float32Array, bits: Int32Array, out: number[]): void => {
  // values.length, not a count passed in: the loop's reads then need no bounds checks.
  const n = values.length
  let slow = 0
  for (let i = 0; i < n; i++) {
    const x = values[i] ?? Number.NaN
    const b = bits[i] ?? 0
    const row = ((b >>> 23) & 0xff) << 2
    // The signed value scaled and rounded: rounding half to even is symmetric about 0 (so the
    // integers, their distances and the quotient below are those of |x|, negated: no sign table),
    // and at the FAST exponents neither integer is 0 (|x| · 10^(k-1) is above 2^23 / 10).
    const fine = FAST_ROWS[row] ?? Number.NaN
    const coarse = FAST_ROWS[row + 1] ?? Number.NaN
    const scaledFine = x * fine
    const scaledCoarse = x * coarse
    const mFine = scaledFine + ROUNDER - ROUNDER
    const mCoarse = scaledCoarse + ROUNDER - ROUNDER
    // How far inside the half gap the coarser decimal lies (negative: outside, it does not read back).
    const inside = (FAST_ROWS[row + 2] ?? Number.NaN) - Math.abs(mCoarse - scaledCoarse)
    // The others (not FAST, or a power of two) are written over after the loop, which so makes no call.
    if (FAST_ROWS[row + 3] !== 1 || (b & 0x7fffff) === 0) slow = 1
    // The comparison as 0 or 1 (`+`), not a branch; the differences of integers (and of exact
    // powers of ten) below 2^53 are exact, so these are mCoarse and coarse, or mFine and fine.
    const readsBack = +(inside > 0)
    out[i] = (mFine + readsBack * (mCoarse - mFine)) / (fine + readsBack * (coarse - fine))
  }
  if (slow === 1) writeSlow(values, bits, out)
}

/** What {@link writeShortest}'s loop leaves: the values not FAST, and the powers of two. */
const writeSlow = (values: Float32Array, bits: Int32Array, out: number[]): void => {
  const n = values.length
  for (let i = 0; i < n; i++) {
    const b = bits[i] ?? 0
    if (FAST_ROWS[(((b >>> 23) & 0xff) << 2) + 3] !== 1 || (b & 0x7fffff) === 0) out[i] = exactShortest(values[i] ?? Number.NaN, b >>> 0)
  }
}

/**
 * The complete search, for what {@link writeShortest}'s fast path leaves; `x` a float32 value and
 * `bits` its IEEE bits (unsigned). Exported as the oracle the fast path is checked against
 * (docs/decisions/0005-float32-shortest-printing.md).
 */
export const exactShortest = (x: number, bits: number): number => {
  const e = (bits >>> 23) & 0xff
  const fine = FINE_DECIMALS[e] ?? 0
  const powerOfTwo = (bits & 0x7fffff) === 0 && e > 1
  // Zero, subnormals, infinities and NaN have exponent 0 or 255, far outside these decimals:
  // every k tried (fine + 1 down to fine - 9: at least one digit) is within the exact powers.
  if (fine > 21 || fine < -13) return x === 0 || !Number.isFinite(x) ? x : viaStrings(x, powerOfTwo)
  const halfGap = HALF_GAP[e] ?? 0
  const a = Math.abs(x)
  // A midpoint reads back as the float32 whose mantissa is even.
  const closed = (bits & 1) === 0
  const within = powerOfTwo ? (k: number) => powerOfTwoWithin(a, k, halfGap) : (k: number) => nearestWithin(a, k, halfGap, halfGap, closed)
  let k = fine
  let m = within(k)
  if (m < 0) m = within(++k) // only at a power of two
  for (let coarser = within(k - 1); coarser >= 0 && k > fine - 9; coarser = within(k - 1)) {
    m = coarser
    k--
  }
  if (m < 0) return viaStrings(x, powerOfTwo)
  return (k < 0 ? m * (POW10[-k] ?? Number.NaN) : m / (POW10[k] ?? Number.NaN)) * (bits >>> 31 === 0 ? 1 : -1)
}

/**
 * At a power of two `a` (a quarter gap down to the float32 below it, half a gap up; both ends
 * read back, its mantissa being even): of the two decimals with `k` decimals around `a`, the
 * nearer that reads back, or -1. The nearer one may lie below, out of the narrow side, while the
 * other reads back: Go prints that one (2^-96 is 1.2621775e-29, not 1.26217745e-29). Equally
 * near, Go prints the upper one at a power of two (2^-12 is 0.00024414063), as 1.39.0's REST
 * prints them (spec/grpc/float32-rest.spec.ts).
 */
const powerOfTwoWithin = (a: number, k: number, halfGap: number): number => {
  const power = POW10[k < 0 ? -k : k] ?? Number.NaN
  const scaled = k < 0 ? a / power : a * power
  let lower = Math.floor(scaled)
  // The sign of a · 10^k - scaled, exactly, where the double may have rounded onto the integer or the half.
  const off = (): number => (k < 0 ? a - scaled * power - productError(scaled, power, scaled * power) : productError(a, power, scaled))
  if (lower === scaled && off() < 0) lower -= 1
  const upper = lower + 1
  const lowerIn = beyond(lower, k, power, a - halfGap / 2) >= 0
  const upperIn = beyond(upper, k, power, a + halfGap) <= 0
  if (lowerIn && upperIn) {
    const fraction = scaled - lower
    if (fraction !== 0.5) return fraction < 0.5 ? lower : upper
    return off() < 0 ? lower : upper
  }
  return lowerIn ? lower : upperIn ? upper : -1
}

/**
 * The integer `m` nearest to `a · 10^k` (`a` positive, |k| ≤ 22) if `m · 10^-k` reads back as
 * `a`: within `above` over it and `below` (≤ `above`) under it, the ends included when
 * `closed`; else -1.
 */
const nearestWithin = (a: number, k: number, above: number, below: number, closed: boolean): number => {
  const power = POW10[k < 0 ? -k : k] ?? Number.NaN
  const scaled = k < 0 ? a / power : a * power
  let m = scaled + ROUNDER - ROUNDER
  if (Math.abs(m - scaled) === 0.5) m = settleTie(a, k, power, scaled)
  const distance = Math.abs(m - scaled)
  if (distance < (k < 0 ? below / power : below * power) - MARGIN) return m
  if (distance > (k < 0 ? above / power : above * power) + MARGIN) return -1
  const up = m > scaled
  const side = beyond(m, k, power, up ? a + above : a - below)
  return (up ? side < 0 : side > 0) || (side === 0 && closed) ? m : -1
}

/** The sign of `m · 10^-k - end`, exactly (`power` = 10^|k|). */
const beyond = (m: number, k: number, power: number, end: number): number => {
  if (k < 0) {
    const p = m * power
    return Math.sign(p - end + productError(m, power, p))
  }
  const p = end * power
  return Math.sign(m - p - productError(end, power, p))
}

/**
 * The integer nearest to `a · 10^k` when its double, `scaled`, is an integer and a half: the
 * exact value may lie off the half (the product or quotient rounded); exactly on it, the even
 * integer, as Go prints the even digit.
 */
const settleTie = (a: number, k: number, power: number, scaled: number): number => {
  // The sign of a · 10^k - scaled, from the exact error of a product.
  const off = k < 0 ? a - scaled * power - productError(scaled, power, scaled * power) : productError(a, power, scaled)
  const lower = scaled - 0.5
  if (off > 0) return lower + 1
  if (off < 0) return lower
  return lower % 2 === 0 ? lower : lower + 1
}

/** The exact error `a · b - p` of the double product `p = a · b` (Veltkamp's split, no FMA). */
const productError = (a: number, b: number, p: number): number => {
  const ca = SPLITTER * a
  const ah = ca - (ca - a)
  const al = a - ah
  const cb = SPLITTER * b
  const bh = cb - (cb - b)
  const bl = b - bh
  return ah * bh - p + ah * bl + al * bh + al * bl
}

const SPLITTER = 134_217_729 // 2^27 + 1

/**
 * The shortest decimal through `toPrecision`, for the magnitudes beyond the exact powers of ten
 * (no ties arise there: a float32 that far out has no exact decimal of 10 digits or fewer). At a
 * power of two the decimal above is tried too when the nearest lies below, out of the narrow side
 * (see {@link powerOfTwoWithin}).
 */
const viaStrings = (x: number, powerOfTwo: boolean): number => {
  for (let digits = 1; digits < 9; digits++) {
    const nearest = x.toPrecision(digits)
    if (Math.fround(Number(nearest)) === x) return Number(nearest)
    if (powerOfTwo && Math.abs(Number(nearest)) < Math.abs(x)) {
      const above = nextDecimalAway(nearest)
      if (Math.fround(above) === x) return above
    }
  }
  return Number(x.toPrecision(9))
}

/** The decimal one unit in the last digit further from zero than `s` (a `toPrecision` result). */
const nextDecimalAway = (s: string): number => {
  const [mantissa = '', exponent = '0'] = s.split('e')
  const fraction = mantissa.split('.')[1] ?? ''
  const digits = BigInt(mantissa.replace('.', ''))
  return Number(`${digits < 0n ? digits - 1n : digits + 1n}e${Number(exponent) - fraction.length}`)
}

/**
 * float32 values (a Float32Array's) as the numbers REST's JSON gives for them: each one's
 * shortest decimal, as a double.
 *
 * @example
 * ```ts
 * float32sAsJson(Float32Array.of(0.1, -2.5)) // [0.1, -2.5]
 * ```
 */
export const float32sAsJson = (values: Float32Array): number[] => {
  const out = new Array<number>(values.length)
  writeShortest(values, new Int32Array(values.buffer, values.byteOffset, values.length), out)
  return out
}
