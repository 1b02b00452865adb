/**
 * The objects the benchmarks write and read, and the one loader that fills a class with them.
 *
 * An object is `{ title: 'object <i>', count: i }` in the class of bench-class.ts; with
 * `vectors: true` it also carries a 768-dimension vector (the size of common text-embedding
 * models), derived from `i` so every run sends the same numbers.
 *
 * - {@link benchObjects}: the objects as the library's `BatchObject`s, generated lazily (what an
 *   import reads from a file), for the batch benchmark's contenders.
 * - {@link benchObjectBody}: one object as the REST body of `POST /v1/batch/objects`, for the plain
 *   undici loops.
 * - {@link loadBenchObjects}: fills a class with objects `from` .. `to` - 1 through the batch
 *   endpoint (plain undici, client-made ids, 4 requests of 1,000 in flight), failing on any
 *   per-object error: the setup of the read benchmarks, never itself measured.
 */
import { randomUUID } from 'node:crypto'
import { Pool } from 'undici'
import type { BatchObject } from '../lib'
import type { BenchServer } from './server-env'
import { authHeaders } from './server-key'

/** Dimensions of a vector when `vectors` is asked for. */
export const VECTOR_DIMENSIONS = 768

/** What every generator and the loader accept. */
export interface BenchObjectOptions {
  /** Give every object a {@link VECTOR_DIMENSIONS}-dimension vector. Default false. */
  readonly vectors?: boolean
}

/** The properties of object `i`. */
export const benchProperties = (i: number): { readonly title: string; readonly count: number } => ({ title: `object ${i}`, count: i })

/** Object `i`'s vector: VECTOR_DIMENSIONS numbers in [-1, 1), the same on every run. */
export const benchVector = (i: number): number[] => {
  const vector = new Array<number>(VECTOR_DIMENSIONS)
  for (let d = 0; d < VECTOR_DIMENSIONS; d++) vector[d] = Math.sin(i * 0.618 + d * 1.618)
  return vector
}

/** Objects `from` .. `to` - 1 of `className` as the library's batch input, generated lazily. */
export function* benchObjects(className: string, from: number, to: number, options: BenchObjectOptions = {}): Generator<BatchObject> {
  for (let i = from; i < to; i++) {
    yield options.vectors === true
      ? { className, dataObject: benchProperties(i), vector: benchVector(i) }
      : { className, dataObject: benchProperties(i) }
  }
}

/** Object `i` as the REST body of the batch endpoint; `id` when given (else the server makes one). */
export const benchObjectBody = (className: string, i: number, options: BenchObjectOptions & { readonly id?: string } = {}): Record<string, unknown> => ({
  class: className,
  ...(options.id === undefined ? {} : { id: options.id }),
  properties: benchProperties(i),
  ...(options.vectors === true ? { vector: benchVector(i) } : {}),
})

/** Objects per request of the loader. */
const LOAD_BATCH_SIZE = 1_000
/** Requests of the loader in flight. */
const LOAD_LANES = 4

/** One request of the loader: objects `from` .. `from + size` - 1 with client-made ids; throws on any per-object error. */
const loadBatch = async (pool: Pool, headers: Record<string, string>, className: string, from: number, size: number, options: BenchObjectOptions): Promise<void> => {
  const objects = Array.from({ length: size }, (_, k) => benchObjectBody(className, from + k, { ...options, id: randomUUID() }))
  const res = await pool.request({
    method: 'POST',
    path: '/v1/batch/objects',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ objects }),
  })
  const body: unknown = await res.body.json()
  if (res.statusCode !== 200 || !Array.isArray(body)) throw new Error(`batch: ${res.statusCode} ${JSON.stringify(body)}`)
  const failed: unknown = (body as unknown[]).find((r) => JSON.stringify(r).includes('"errors"'))
  if (failed !== undefined) throw new Error(`batch object failed: ${JSON.stringify(failed)}`)
}

/**
 * Fills `className` (which must exist: see bench-class.ts) with objects `from` .. `to` - 1.
 *
 * @example
 * ```ts
 * await resetBenchClass(server, 'BenchStream')
 * await loadBenchObjects(server, 'BenchStream', { from: 0, to: 100_000, vectors: true })
 * ```
 */
export const loadBenchObjects = async (
  server: BenchServer,
  className: string,
  range: BenchObjectOptions & { readonly from: number; readonly to: number },
): Promise<void> => {
  const pool = new Pool(new URL(server.url).origin, { connections: LOAD_LANES })
  const headers = authHeaders(server)
  let next = range.from
  const lane = async (): Promise<void> => {
    while (next < range.to) {
      const start = next
      next += LOAD_BATCH_SIZE
      await loadBatch(pool, headers, className, start, Math.min(LOAD_BATCH_SIZE, range.to - start), range)
    }
  }
  try {
    await Promise.all(Array.from({ length: LOAD_LANES }, lane))
  } finally {
    await pool.close()
  }
}
