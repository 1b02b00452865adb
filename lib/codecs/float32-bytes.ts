/**
 * A gRPC vector's bytes (little-endian float32s at any offset of the reply's buffer) read two ways:
 * as a Float32Array of their own ({@link float32BytesToArray}, or {@link float32Copier}, which
 * copies a reply's vectors into shared blocks), and as the numbers REST's JSON gives for them
 * ({@link float32BytesAsJson}, through the shortest-decimal printing of `float32-shortest.ts`).
 *
 * @packageDocumentation
 */
import { float32sAsJson, writeShortest } from './float32-shortest'

/**
 * Little-endian float32 bytes (a gRPC vector) as the numbers REST's JSON gives for them, read
 * from a copy in a reused buffer (a little-endian host; else from a copy of their own).
 */
export const float32BytesAsJson = (bytes: Uint8Array): number[] => {
  if (!LITTLE_ENDIAN_HOST) return float32sAsJson(float32BytesToArray(bytes))
  const n = bytes.byteLength >>> 2
  const into = scratchFor(n)
  into.bytes.set(bytes.subarray(0, n * 4))
  const out = doublesFor(n).slice()
  writeShortest(into.values, into.bits, out)
  return out
}

/**
 * An array of `length` doubles that {@link float32BytesAsJson} copies (`slice`) and then
 * overwrites: the copy is born holding doubles, one allocation. `new Array(n)` makes an array of
 * small integers (holes), which the first double written turns into a second allocation of
 * doubles, the first then garbage (docs/decisions/0011-hot-loop-code-shapes.md).
 */
let doubles: number[] = []

const doublesFor = (length: number): number[] => {
  if (doubles.length !== length) {
    // Built by push from a double: packed doubles (no holes), which `slice` keeps.
    const next = [0.5]
    for (let i = 1; i < length; i++) next.push(0.5)
    doubles = length === 0 ? [] : next
  }
  return doubles
}

/** One buffer seen three ways: the bytes copied in, and their float32 values and bits. */
interface Scratch {
  readonly bytes: Uint8Array
  readonly values: Float32Array
  readonly bits: Int32Array
}

const scratchOf = (length: number): Scratch => {
  const buffer = new ArrayBuffer(length * 4)
  return { bytes: new Uint8Array(buffer), values: new Float32Array(buffer), bits: new Int32Array(buffer) }
}

/**
 * Where {@link float32BytesAsJson} copies a vector's bytes before converting them: a vector in a
 * reply lies at any offset of its buffer, where a Float32Array view needs a multiple of 4, and a
 * copy into a reused buffer costs less than a buffer of its own per vector. It has the length of
 * the last vector converted (a reply's vectors have one length; a view of a longer buffer would
 * cost the loop its bounds-check elimination); the conversion is synchronous, so one is enough.
 */
let scratch = scratchOf(0)

const scratchFor = (length: number): Scratch => {
  if (scratch.values.length !== length) scratch = scratchOf(length)
  return scratch
}

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/**
 * Little-endian float32 bytes as a Float32Array of their own (a copy: the bytes are a view into
 * the reply's buffer, which the vector must not keep alive). On a little-endian host this is one
 * memory copy.
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
 * memory copy; one allocation serves a block's worth of vectors instead of one each (fewer
 * allocations and less garbage: docs/decisions/0004-vector-formats.md). A vector kept alone
 * keeps at most its block alive.
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
