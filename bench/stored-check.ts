/**
 * What an import contender left on the server, read back over REST: the number of objects in the
 * class and a few of them with their vectors, each compared with what bench-objects.ts gives for its
 * `count` (`title` = `object <count>`, the 768-d vector as float32). Every contender of the vectors
 * group must store the same objects, or the one that sends less makes the server do less work and
 * the comparison is unfair (issue 42: a proto-loader request that dropped its Struct or its vector
 * bytes would still be accepted).
 */
import { benchProperties, benchVector } from './bench-objects'
import type { BenchServer } from './server-env'
import { authHeaders } from './server-key'

interface StoredObject {
  readonly id?: string
  readonly properties?: { readonly title?: unknown; readonly count?: unknown }
  readonly vector?: readonly number[]
}

/** The number of objects in `className` (GraphQL `Aggregate { meta { count } }`). */
const countOf = async (server: BenchServer, className: string): Promise<number> => {
  const res = await fetch(`${server.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...authHeaders(server) },
    body: JSON.stringify({ query: `{ Aggregate { ${className} { meta { count } } } }` }),
  })
  const body = (await res.json()) as { data?: { Aggregate?: Record<string, ReadonlyArray<{ meta?: { count?: number } }>> } }
  return body.data?.Aggregate?.[className]?.[0]?.meta?.count ?? Number.NaN
}

/** Why `stored` is not object `count` of bench-objects.ts, or undefined when it is. */
const mismatch = (stored: StoredObject): string | undefined => {
  const count = stored.properties?.count
  if (typeof count !== 'number') return `count is ${JSON.stringify(count)}`
  const want = benchProperties(count)
  if (stored.properties?.title !== want.title) return `title is ${JSON.stringify(stored.properties?.title)}, not ${JSON.stringify(want.title)}`
  const vector = stored.vector ?? []
  const expected = new Float32Array(benchVector(count))
  if (vector.length !== expected.length) return `vector has ${vector.length} dimensions, not ${expected.length}`
  const differs = vector.findIndex((v, d) => Math.fround(v) !== expected[d])
  return differs === -1 ? undefined : `vector[${differs}] is ${vector[differs]}, not ${expected[differs]}`
}

/**
 * Throws unless `className` holds `total` objects and the first `sample` of them (REST list, with
 * vectors) are bench objects with their exact properties and float32 vectors.
 *
 * @example
 * ```ts
 * await checkStored(server, 'BenchVectors', 20_000, 1, 'raw-protobufjs')
 * ```
 */
export const checkStored = async (server: BenchServer, className: string, total: number, sample: number, contender: string): Promise<void> => {
  const count = await countOf(server, className)
  if (count !== total) throw new Error(`${contender} stored ${count} objects in ${className}, not ${total}`)
  const res = await fetch(`${server.url}/v1/objects?class=${className}&limit=${sample}&include=vector`, { headers: authHeaders(server) })
  const body = (await res.json()) as { objects?: readonly StoredObject[] }
  const objects = body.objects ?? []
  if (objects.length !== Math.min(sample, total)) throw new Error(`${contender}: read back ${objects.length} objects of ${className}, not ${Math.min(sample, total)}`)
  for (const stored of objects) {
    const why = mismatch(stored)
    if (why !== undefined) throw new Error(`${contender} stored object ${stored.id ?? '?'} of ${className} differently: ${why}`)
  }
}
