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

/** Drops and re-creates the class with properties `title` (text) and `count` (int); with `skipVectorIndex`, no vector index is built. */
export const resetBenchClass = async (server: BenchServer, className: string, options: { readonly skipVectorIndex?: boolean } = {}): Promise<void> => {
  await deleteBenchClass(server, className)
  const res = await fetch(`${server.url}/v1/schema`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders(server) },
    body: JSON.stringify({
      class: className,
      vectorizer: 'none',
      ...(options.skipVectorIndex === true ? { vectorIndexConfig: { skip: true } } : {}),
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'count', dataType: ['int'] },
      ],
    }),
  })
  if (!res.ok) throw new Error(`create class ${className}: ${res.status} ${await res.text()}`)
}
