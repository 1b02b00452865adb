/**
 * Aggregate benchmark (issue 38): an aggregate with metrics over 10,000 objects, the latency of
 * each call at concurrency 1, both contenders on the same server in the same run:
 *
 * - `ours`: `client.query.aggregate({ className, metrics })` through `firstValueFrom`, the public
 *   API over gRPC (1.39.0), the answer decoded, normalized and checked (`Right`);
 * - `raw-grpc`: the plainest call a user would write: one grpc-js client, `makeUnaryRequest` with
 *   the generated protobuf-es codecs (`toBinary`/`fromBinary`), an `AggregateRequest` asking the
 *   same metrics (ours encodes and decodes with its generated static code, `lib/proto/static`).
 *
 * The metrics: count, mean, median, minimum, maximum of an int property, mean and sum of a number,
 * the top 5 values of a text, the percentage true of a boolean. Runs are interleaved (a new order
 * every run; before each, a quiet second, a full GC and an untimed settle batch), each timing every
 * call and taking its p50 and p99. Lines: `bench: aggregate metrics c=1 <p50|p99> ours/raw-grpc =
 * <ratio> (spread a-b)`, `bench: aggregate metrics c=1 client cpu ours/raw-grpc` (this process's
 * CPU over a run's calls), `bench: aggregate metrics c=1 <contender> <p50|p99> = <ms> ms` and
 * `... <contender> client cpu = <µs> µs/call`.
 *
 * Sizes for development runs: BENCH_AGGREGATE_OBJECTS (10000), BENCH_AGGREGATE_CALLS (200),
 * BENCH_AGGREGATE_RUNS (5).
 *
 * Run: `npm run bench -- --only aggregate`, or alone: `npx ts-node --transpile-only bench/aggregate.ts`
 * (uses WEAVIATE_URL, WEAVIATE_GRPC_URL and WEAVIATE_API_KEY when set: server-env.ts).
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf'
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, connect } from '../lib'
import { AggregateReply, AggregateReplySchema, AggregateRequest, AggregateRequestSchema } from '../lib/proto/generated/weaviate/v1/aggregate_pb'
import { METHODS } from '../lib/transport/grpc/methods'
import { recreateClass } from './bench-class'
import { percentileRuns, reportPercentileRuns, timedRun } from './percentile-runs'
import { quietMachine } from './quiet-machine'
import { sizeFromEnv } from './report'
import { type BenchServer, withBenchServer } from './server-env'
import { authHeaders, authMetadata } from './server-key'

const OBJECTS = sizeFromEnv('AGGREGATE_OBJECTS', 10_000)
const CALLS = sizeFromEnv('AGGREGATE_CALLS', 200)
const RUNS = sizeFromEnv('AGGREGATE_RUNS', 5)
const CLASS = 'BenchAggregate'
const SETTLE = 50
const QUIET_MS = 1_000
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta']

const METRICS = {
  count: { kind: 'int', metrics: ['count', 'mean', 'median', 'minimum', 'maximum'] },
  score: { kind: 'number', metrics: ['mean', 'sum'] },
  word: { kind: 'text', metrics: ['topOccurrences'], topOccurrencesLimit: 5 },
  flag: { kind: 'boolean', metrics: ['percentageTrue'] },
} as const

/** Drops and re-creates the aggregate class. */
export const resetAggregateClass = (server: BenchServer): Promise<void> =>
  recreateClass(server, {
    class: CLASS,
    vectorizer: 'none',
    vectorIndexConfig: { skip: true },
    properties: [
      { name: 'count', dataType: ['int'] },
      { name: 'score', dataType: ['number'] },
      { name: 'word', dataType: ['text'], tokenization: 'field' },
      { name: 'flag', dataType: ['boolean'] },
    ],
  })

/** Fills the aggregate class with OBJECTS objects. */
export const loadAggregateClass = async (client: Client): Promise<void> => {
  const rows = function* (): Generator<BatchObject> {
    for (let i = 0; i < OBJECTS; i++) {
      yield { className: CLASS, dataObject: { count: (i * 7919) % 1000, score: ((i * 104729) % 10007) / 7, word: WORDS[(i * 31) % WORDS.length] ?? 'alpha', flag: i % 3 === 0 } }
    }
  }
  const results = await lastValueFrom(client.objects.batch(rows(), { batchSize: 500, concurrency: 2 }).pipe(toArray()))
  const failed = results.filter(E.isLeft)
  if (failed.length > 0) throw new Error(`import: ${failed.length} objects failed, e.g. ${failed[0]?.left.message ?? ''}`)
}

/** One aggregate of a contender: the count it found. */
export type Call = () => Promise<number>

/** `query.aggregate` with METRICS. */
export const oursAggregate =
  (client: Client): Call =>
  async () => {
    const result = await firstValueFrom(client.query.aggregate({ className: CLASS, metrics: METRICS }))
    if (E.isLeft(result)) throw result.left
    return result.right.metrics.count.count
  }

/** The same `AggregateRequest` by hand. */
export const rawAggregate =
  (raw: GrpcClient, server: BenchServer): Call =>
  () =>
    new Promise((resolve, reject) =>
      raw.makeUnaryRequest(
        METHODS.aggregate.path,
        (message: AggregateRequest) => Buffer.from(toBinary(AggregateRequestSchema, message)),
        (bytes: Buffer) => fromBinary(AggregateReplySchema, bytes),
        create(AggregateRequestSchema, {
          collection: CLASS,
          objectsCount: true,
          aggregations: [
            { property: 'count', aggregation: { case: 'int', value: { count: true, mean: true, median: true, minimum: true, maximum: true } } },
            { property: 'score', aggregation: { case: 'number', value: { mean: true, sum: true } } },
            { property: 'word', aggregation: { case: 'text', value: { topOccurences: true, topOccurencesLimit: 5 } } },
            { property: 'flag', aggregation: { case: 'boolean', value: { percentageTrue: true } } },
          ],
        }),
        authMetadata(server),
        (error, reply?: AggregateReply) => {
          if (error !== null || reply === undefined) return reject(error ?? new Error('no reply'))
          const single = reply.result.case === 'singleResult' ? reply.result.value : undefined
          const count = single?.aggregations?.aggregations.find((a) => a.property === 'count')?.aggregation
          resolve(count?.case === 'int' ? Number(count.value.count ?? 0n) : 0)
        },
      ),
    )

const latencies = async (name: string, call: Call, n: number): Promise<number[]> => {
  const ms: number[] = []
  for (let i = 0; i < n; i++) {
    const start = process.hrtime.bigint()
    const found = await call()
    ms.push(Number(process.hrtime.bigint() - start) / 1e6)
    if (found !== OBJECTS) throw new Error(`${name} counted ${found} values, expected ${OBJECTS}`)
  }
  return ms
}

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchAggregate(server) // bench: aggregate metrics c=1 p50 ours/raw-grpc = 1.01 ...
 * ```
 */
export async function benchAggregate(server: BenchServer): Promise<void> {
  const client = connect({ ...server })
  const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure())
  try {
    const start = Date.now()
    await resetAggregateClass(server)
    await loadAggregateClass(client)
    console.log(`  aggregate: loaded ${OBJECTS} objects in ${Date.now() - start} ms`)
    console.log(`  aggregate: the machine quiet after ${await quietMachine()} ms`)
    const contenders: Record<string, Call> = { ours: oursAggregate(client), 'raw-grpc': rawAggregate(raw, server) }
    const runs = await percentileRuns(
      Object.fromEntries(Object.entries(contenders).map(([name, call]) => [name, () => timedRun(() => latencies(name, call, SETTLE), () => latencies(name, call, CALLS), CALLS)])),
      RUNS,
      QUIET_MS,
    )
    reportPercentileRuns('aggregate metrics c=1', runs, ['raw-grpc'], 'µs/call')
  } finally {
    raw.close()
    await fetch(`${server.url}/v1/schema/${CLASS}`, { method: 'DELETE', headers: authHeaders(server) })
    await client.close()
  }
}

if (require.main === module) {
  withBenchServer(benchAggregate).catch((e: unknown) => {
    console.error(e)
    process.exitCode = 1
  })
}
