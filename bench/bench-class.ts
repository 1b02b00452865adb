/**
 * The class the object and stream benchmarks write to: two small properties, no vectorizer.
 * Created fresh (any earlier one dropped) and removed afterwards over plain fetch, with the
 * server's key.
 */
import type { BenchServer } from './server-env'
import { authHeaders } from './server-key'

/** Drops the class if it exists. */
export const deleteBenchClass = async (server: BenchServer, className: string): Promise<void> => {
  await fetch(`${server.url}/v1/schema/${className}`, { method: 'DELETE', headers: authHeaders(server) })
}

/**
 * Drops the class `definition.class` names, then creates it from `definition` (the body of
 * `POST /v1/schema`); throws with the server's answer when it refuses.
 *
 * @example
 * ```ts
 * await recreateClass(server, { class: 'BenchAggregate', vectorizer: 'none', properties: [{ name: 'count', dataType: ['int'] }] })
 * ```
 */
export const recreateClass = async (server: BenchServer, definition: { readonly class: string } & Record<string, unknown>): Promise<void> => {
  await deleteBenchClass(server, definition.class)
  const res = await fetch(`${server.url}/v1/schema`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders(server) },
    body: JSON.stringify(definition),
  })
  if (!res.ok) throw new Error(`create class ${definition.class}: ${res.status} ${await res.text()}`)
}

/** The bench class's properties: `title` (text) and `count` (int). */
export const BENCH_PROPERTIES = [
  { name: 'title', dataType: ['text'] },
  { name: 'count', dataType: ['int'] },
] as const

/** Drops and re-creates the class with properties `title` (text) and `count` (int); with `skipVectorIndex`, no vector index is built. */
export const resetBenchClass = (server: BenchServer, className: string, options: { readonly skipVectorIndex?: boolean } = {}): Promise<void> =>
  recreateClass(server, {
    class: className,
    vectorizer: 'none',
    ...(options.skipVectorIndex === true ? { vectorIndexConfig: { skip: true } } : {}),
    properties: BENCH_PROPERTIES,
  })
