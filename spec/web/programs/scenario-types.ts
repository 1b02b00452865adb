/**
 * The web scenario's input, result and data (programs/scenario.ts runs it): apart from the
 * scenario itself, so the specs in Node read them without the web entry the scenario imports.
 */

/** What the spec hands the scenario: the server, its root key, a read-only user's key, the class to make. */
export interface ScenarioInput {
  readonly url: string
  readonly apiKey: string
  readonly readOnlyKey: string
  readonly className: string
}

/** What the scenario saw, step by step. */
export interface ScenarioResult {
  readonly created: boolean
  readonly batch: { readonly written: number; readonly failed: readonly string[] }
  /** The `n` of every object the stream gave, in the order it gave them, and how many came with the vector they were written with. */
  readonly streamed: { readonly ns: readonly number[]; readonly sameVector: number }
  /** The `n` of the nearest three to object 42's vector, and the first one's distance. */
  readonly nearVector: { readonly ns: readonly number[]; readonly distance: number | undefined }
  /** The titles bm25 found for `fox`, each object's generated line and the answer over them all. */
  readonly bm25: { readonly titles: readonly string[]; readonly lines: readonly string[]; readonly answer: string | undefined }
  /** The object count and the mean of `n`, per `kind`. */
  readonly aggregate: { readonly count: number; readonly groups: readonly { readonly value: string; readonly count: number; readonly meanN: number | null | undefined }[] }
  /** The read-only user's search, and its refused write. */
  readonly readOnly: { readonly found: number; readonly write: { readonly tag: string; readonly message: string } | undefined }
}

/** The objects' count and their vectors' length. */
export const COUNT = 1_000
export const DIMENSIONS = 16

/**
 * Object `n`'s vector: a hash of `n` and the dimension, so no two point the same way (cosine is
 * the default distance), with components that are multiples of 1/64 below 16, exact in float32.
 */
export const vectorOf = (n: number): number[] =>
  Array.from({ length: DIMENSIONS }, (_, d) => ((Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(d + 1, 0x85ebca6b)) >>> 0) % 1021 / 64)

/** Object `n`'s title: every tenth is about a fox. */
export const titleOf = (n: number): string => (n % 10 === 0 ? `The fox number ${n}` : `Item number ${n}`)
