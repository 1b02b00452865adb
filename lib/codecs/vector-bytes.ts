/**
 * Vectors as Weaviate's gRPC API carries them: raw little-endian float32 bytes; a multi-vector as
 * its dimension (a little-endian uint16), then every vector's float32s one after another
 * (`Vectors.type` `MULTI_FP32`, the server's usecases/byteops Fp32SliceOfSlicesFromBytes).
 *
 * @packageDocumentation
 */

import type { VectorInput } from '../input/vectors'

const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/**
 * The little-endian float32 bytes of a vector (a view, not a copy, of a Float32Array on a
 * little-endian host; numbers are written with -0 as 0, as JSON writes them).
 */
export const vectorToBytes = (vector: VectorInput): Uint8Array => {
  if (vector instanceof Float32Array && LITTLE_ENDIAN_HOST) return new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength)
  // `|| 0` turns -0 into 0, as REST's JSON does.
  if (LITTLE_ENDIAN_HOST) {
    // A typed array's own stores: far cheaper than a DataView call per number (a search sends one per call).
    const floats = new Float32Array(vector.length)
    for (let i = 0; i < vector.length; i++) floats[i] = vector[i] || 0
    return new Uint8Array(floats.buffer)
  }
  const bytes = new Uint8Array(vector.length * 4)
  const view = new DataView(bytes.buffer)
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i] || 0, true)
  return bytes
}

/**
 * The `MULTI_FP32` bytes of a multi-vector: its dimension as a little-endian uint16, then each
 * vector's little-endian float32s (-0 written as 0). Its vectors are checked: non-empty, one
 * dimension, at most 65,535 (`lib/input/vectors.ts`).
 */
export const multiVectorToBytes = (vectors: ReadonlyArray<VectorInput>): Uint8Array => {
  const dimension = vectors[0]?.length ?? 0
  const bytes = new Uint8Array(2 + vectors.length * dimension * 4)
  new DataView(bytes.buffer).setUint16(0, dimension, true)
  // Each vector's bytes as `vectorToBytes` makes them (a view of a Float32Array, no DataView call
  // per number), copied in after the dimension.
  let at = 2
  for (const v of vectors) {
    bytes.set(vectorToBytes(v), at)
    at += dimension * 4
  }
  return bytes
}

/**
 * The vector in little-endian float32 `bytes` (a copy: the bytes may live in a larger buffer).
 */
export const bytesToFloat32Array = (bytes: Uint8Array): Float32Array => {
  const out = new Float32Array(Math.floor(bytes.byteLength / 4))
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true)
  return out
}

/**
 * The vector in little-endian float32 `bytes` as plain numbers (what REST returns).
 */
export const bytesToNumbers = (bytes: Uint8Array): number[] => Array.from(bytesToFloat32Array(bytes))
