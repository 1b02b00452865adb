/**
 * The concurrency runner of the latency benchmarks (search.ts, near-text.ts and the
 * weaviate-client child of official-client.ts): `lanes` loops at once, each taking the next query
 * of a list until none is left, every query timed on its own and its answer counted.
 */

/** One query of a contender: the query in, the number of results out. */
export type Query<Q> = (query: Q) => Promise<number>

/**
 * The milliseconds of every query, `lanes` loops at once taking the next of `queries`; fails
 * unless every query finds `expected` objects (`who` names the contender in the error).
 *
 * @example
 * ```ts
 * const ms = await latencies('ours', ours(client), vectors, 16, 10)
 * ```
 */
export const latencies = async <Q>(who: string, query: Query<Q>, queries: readonly Q[], lanes: number, expected: number): Promise<number[]> => {
  const ms: number[] = []
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < queries.length) {
      const q = queries[next++] as Q
      const start = process.hrtime.bigint()
      const found = await query(q)
      ms.push(Number(process.hrtime.bigint() - start) / 1e6)
      if (found !== expected) throw new Error(`${who} found ${found} objects, expected ${expected}`)
    }
  }
  await Promise.all(Array.from({ length: lanes }, lane))
  return ms
}
