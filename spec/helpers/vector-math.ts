/**
 * Vector helpers of the search specs: a seeded generator, so every run sees the same data, and the
 * brute-force distance the server's answers are checked against.
 */

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export const random = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Cosine distance in float64 of the stored float32 values. */
export const cosineDistance = (a: Float32Array, b: Float32Array): number => {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  return 1 - dot / Math.sqrt(na * nb)
}
