/**
 * float32 values as REST's JSON gives them. The server keeps vectors and geo coordinates as
 * float32; over REST it prints each one in the fewest digits that read back as the same float32
 * (Go's `strconv.FormatFloat(f, 'g', -1, 32)`), and `JSON.parse` turns those digits into the
 * double nearest to them: `0.1f` arrives as `0.1`, not as `0.10000000149011612`, its exact value.
 * gRPC sends the float32 bits, so a result decoded from gRPC gives the same numbers as REST only
 * through {@link jsonFloat32}.
 *
 * @packageDocumentation
 */

/** Exact powers of ten (10^0 .. 10^22 are exact doubles). */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => 10 ** i)

/**
 * The double REST's JSON gives for the float32 `x` (a double holding a float32 value): the
 * shortest decimal that reads back as `x` in float32, parsed as a double.
 *
 * Arithmetic, not `toPrecision` strings: a 768-dimension vector is 768 of these. The nearest
 * decimal of p significant digits is `m · 10^-k`, an integer `m` over an exact power of ten, so
 * the division rounds it exactly as parsing its digits would. Whether p digits read back as `x`
 * only grows with p, and random float32s need 7 or 8 digits (measured: 94 %), so the search
 * starts at 7 and walks down or up: about two tries a number. Nine digits always read back; a
 * value whose scale is beyond the exact powers takes the strings. Where two p-digit decimals are
 * equally near, Go prints the one ending in an even digit (`16.7890625f` is `16.789062`), and so
 * does this.
 *
 * @example
 * ```ts
 * jsonFloat32(Math.fround(0.1)) // 0.1
 * ```
 */
export const jsonFloat32 = (x: number): number => {
  if (x === 0 || !Number.isFinite(x)) return x
  const magnitude = Math.floor(Math.log10(Math.abs(x)))
  // Beyond 10^±22 at either end of the search, the decimals are not an exact power apart: strings.
  if (magnitude > 22 || magnitude < -13) return viaStrings(x)
  const first = nearest(x, magnitude, START_DIGITS)
  if (Math.fround(first) === x) {
    let shortest = first
    for (let digits = START_DIGITS - 1; digits >= 1; digits--) {
      const candidate = nearest(x, magnitude, digits)
      if (Math.fround(candidate) !== x) break
      shortest = candidate
    }
    return shortest
  }
  for (let digits = START_DIGITS + 1; digits <= 9; digits++) {
    const candidate = nearest(x, magnitude, digits)
    if (Math.fround(candidate) === x) return candidate
  }
  return viaStrings(x)
}

const START_DIGITS = 7

/** The double nearest to the `digits`-digit decimal nearest to `x`, for |digits - 1 - magnitude| ≤ 22. */
const nearest = (x: number, magnitude: number, digits: number): number => {
  const k = digits - 1 - magnitude // decimals kept: x · 10^k has `digits` digits before the point
  const power = POW10[k < 0 ? -k : k] ?? Number.NaN
  const exact = k < 0 ? x / power : x * power
  let m = Math.round(exact)
  if (m - exact === 0.5 && m % 2 !== 0) m -= 1 // a tie goes to the even digit, as Go rounds it
  return k < 0 ? m * power : m / power
}

const viaStrings = (x: number): number => {
  for (let digits = 1; digits < 9; digits++) {
    const candidate = Number(x.toPrecision(digits))
    if (Math.fround(candidate) === x) return candidate
  }
  return Number(x.toPrecision(9))
}

/**
 * Little-endian float32 bytes (a gRPC vector) as the numbers REST's JSON gives for them.
 *
 * @example
 * ```ts
 * float32BytesAsJson(new Uint8Array([205, 204, 204, 61])) // [0.1]
 * ```
 */
export const float32BytesAsJson = (bytes: Uint8Array): number[] => {
  const floats = float32BytesToArray(bytes)
  const out = new Array<number>(floats.length)
  for (let i = 0; i < floats.length; i++) out[i] = jsonFloat32(floats[i] ?? 0)
  return out
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/**
 * Little-endian float32 bytes as a Float32Array of their own (a copy: the bytes are a view into
 * the reply's buffer, which the vector must not keep alive). On a little-endian host this is one
 * memory copy.
 *
 * @example
 * ```ts
 * float32BytesToArray(new Uint8Array([0, 0, 128, 63])) // Float32Array [1]
 * ```
 */
export const float32BytesToArray = (bytes: Uint8Array): Float32Array => {
  const length = bytes.byteLength >>> 2
  if (LITTLE_ENDIAN_HOST) {
    // One copy of the bytes into a buffer of its own (`ArrayBuffer.prototype.slice` copies; a
    // Buffer's `slice` would be a view of grpc-js's pooled buffer).
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + length * 4))
  }
  const out = new Float32Array(length)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < length; i++) out[i] = view.getFloat32(i * 4, true)
  return out
}

/** The size of the blocks {@link float32Copier} copies vectors into. */
export const FLOAT32_BLOCK_BYTES = 64 * 1024

/**
 * A copier of little-endian float32 bytes into Float32Arrays that share blocks of
 * {@link FLOAT32_BLOCK_BYTES}: the vectors of a reply copied one after another into a block, a
 * new block when one is full, a vector larger than a block in a buffer of its own. Like
 * {@link float32BytesToArray}, a vector never keeps the reply's buffer alive, and costs one
 * memory copy; one allocation serves a block's worth of vectors instead of one each (a stream page
 * of 768-dimension vectors decoded about 4x faster, and with less garbage). A vector kept alone
 * keeps at most its block alive.
 *
 * @example
 * ```ts
 * const copy = float32Copier()
 * const vectors = results.map((r) => copy(r.metadata.vectorBytes))
 * ```
 */
export const float32Copier = (): ((bytes: Uint8Array) => Float32Array) => {
  if (!LITTLE_ENDIAN_HOST) return float32BytesToArray
  let block = new ArrayBuffer(0)
  let used = 0
  return (bytes) => {
    const length = bytes.byteLength >>> 2
    const size = length * 4
    if (size > FLOAT32_BLOCK_BYTES) return float32BytesToArray(bytes)
    if (used + size > block.byteLength) {
      block = new ArrayBuffer(FLOAT32_BLOCK_BYTES)
      used = 0
    }
    new Uint8Array(block, used, size).set(size === bytes.byteLength ? bytes : bytes.subarray(0, size))
    const out = new Float32Array(block, used, length)
    used += size
    return out
  }
}
