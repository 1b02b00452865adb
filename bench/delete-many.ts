/**
 * Delete-by-filter benchmark (issue 23, item 1): does gRPC `BatchDelete` delete faster than REST
 * `DELETE /v1/batch/objects`? Each run fills a fresh class with 50,000 small objects (bench-objects.ts,
 * untimed), then deletes every one of them (`count >= 0`) in rounds, as the server deletes at most
 * `QUERY_MAXIMUM_RESULTS` (10,000) matches per call; contenders interleaved (order reversed every
 * run), a full GC before each:
 *
 * - `grpc`: the plainest grpc-js loop with the generated code: `BatchDeleteRequest` (the filter as
 *   `Filters`), `makeUnaryRequest`, again until a round matches nothing;
 * - `rest`: the plainest undici loop for `DELETE /v1/batch/objects` until a round matches nothing;
 * - `ours`: `objects.deleteMany` (REST).
 *
 * Each sends the server's key (server-key.ts).
 *
 * Prints `bench: batch deleteMany 50k grpc/rest` (the transports, like with like) and
 * `... ours/rest`. Size: BENCH_DELETE_OBJECTS (50000), BENCH_DELETE_RUNS (3).
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf'
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { lastValueFrom, tap } from 'rxjs'
import { request } from 'undici'
import { Where, connect } from '../lib'
import { BatchDeleteReply, BatchDeleteReplySchema, BatchDeleteRequest, BatchDeleteRequestSchema } from '../lib/proto/generated/weaviate/v1/batch_delete_pb'
import { whereToFilters } from '../lib/query/grpc/filters'
import { FiltersSchema } from '../lib/proto/generated/weaviate/v1/common_pb'
import { Filters } from '../lib/proto/static/requests/weaviate/v1/common'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { loadBenchObjects } from './bench-objects'
import { collectGarbage } from './harness'
import { reportRatio, sizeFromEnv } from './report'
import type { BenchServer } from './server-env'
import { authHeaders, authMetadata } from './server-key'

const CLASS = 'BenchDeleteMany'
const OBJECTS = sizeFromEnv('DELETE_OBJECTS', 50_000)
const RUNS = sizeFromEnv('DELETE_RUNS', 3)
const EVERYTHING: Where = { path: ['count'], operator: 'GreaterThanEqual', valueInt: 0 }
const label = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : `${n}`)

/** The plain undici loop: one DELETE per round until nothing matches. */
const rawRest = async (server: BenchServer): Promise<void> => {
  const auth = authHeaders(server)
  for (;;) {
    const res = await request(`${server.url}/v1/batch/objects`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ match: { class: CLASS, where: EVERYTHING }, output: 'minimal' }),
    })
    const body = (await res.body.json()) as { results?: { matches?: number } }
    if (res.statusCode !== 200) throw new Error(`raw REST delete: ${res.statusCode} ${JSON.stringify(body)}`)
    if ((body.results?.matches ?? 0) === 0) return
  }
}

/** The plain grpc-js loop: one BatchDelete per round until nothing matches. */
const rawGrpc = async (client: GrpcClient, server: BenchServer): Promise<void> => {
  const message = create(BatchDeleteRequestSchema, { collection: CLASS, filters: fromBinary(FiltersSchema, Filters.encode(whereToFilters(EVERYTHING)).finish()) })
  for (;;) {
    const reply = await new Promise<BatchDeleteReply>((resolve, reject) =>
      client.makeUnaryRequest(
        '/weaviate.v1.Weaviate/BatchDelete',
        (m: BatchDeleteRequest) => Buffer.from(toBinary(BatchDeleteRequestSchema, m)),
        (b: Buffer): BatchDeleteReply => fromBinary(BatchDeleteReplySchema, b),
        message,
        authMetadata(server),
        (e, r) => (e !== null ? reject(e) : r === undefined ? reject(new Error('no reply')) : resolve(r)),
      ),
    )
    if (reply.matches === 0n) return
  }
}

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchDeleteMany({ url: 'http://127.0.0.1:8080', grpcUrl: 'http://127.0.0.1:50051', apiKey: key })
 * ```
 */
export async function benchDeleteMany(server: BenchServer): Promise<void> {
  const client = connect({ url: server.url, apiKey: server.apiKey, transport: 'rest' })
  const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure())
  const contenders: Record<string, () => Promise<unknown>> = {
    grpc: () => rawGrpc(raw, server),
    rest: () => rawRest(server),
    ours: () =>
      lastValueFrom(
        client.objects.deleteMany({ className: CLASS, where: EVERYTHING }).pipe(
          tap((r) => {
            if (E.isLeft(r)) throw r.left
          }),
        ),
      ),
  }
  const times: Record<string, number[]> = {}
  try {
    const names = Object.keys(contenders)
    for (let run = 0; run < RUNS; run++) {
      for (const name of run % 2 === 0 ? names : [...names].reverse()) {
        const contender = contenders[name]
        if (contender === undefined) continue
        await resetBenchClass(server, CLASS)
        await loadBenchObjects(server, CLASS, { from: 0, to: OBJECTS })
        collectGarbage()
        const start = process.hrtime.bigint()
        await contender()
        ;(times[name] ??= []).push(Number(process.hrtime.bigint() - start) / 1e6)
      }
    }
    const name = `batch deleteMany ${label(OBJECTS)}`
    reportRatio(name, times, 'rest', 'grpc')
    reportRatio(name, times, 'rest')
  } finally {
    await deleteBenchClass(server, CLASS)
    raw.close()
    await client.close()
  }
}
