/**
 * Seeded query vectors, the same in every process: the search benchmark's contenders, in this
 * process and in the weaviate-client child (official-client.ts), ask the same questions.
 */

/** A seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export const seeded = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** `n` vectors of `dimensions` numbers in [-1, 1) from `seed`. */
export const seededVectors = (seed: number, n: number, dimensions: number): number[][] => {
  const next = seeded(seed)
  return Array.from({ length: n }, () => Array.from({ length: dimensions }, () => next() * 2 - 1))
}

/** The nearest-rank percentile `p` of ascending `sorted`. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
