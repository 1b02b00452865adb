/**
 * The `BatchStream` window probe (issue 42): how many objects are written and still without their
 * result over a run, for ours (`grpcMethod: 'stream'` at the default window and at `concurrency` 2
 * and 60) and the raw `BatchStream` loop of vectors.ts, so an idle server (nothing outstanding) or
 * a slow client (a long gap from a `Results` message to the next `Data` write) shows. grpc-js'
 * `Client.prototype.makeBidiStreamRequest` is wrapped for the probe's process: each `Data` write
 * (its objects counted) and each `Results` message are timed.
 *
 * Prints per run: wall ms, `Data` writes, `Results` messages, mean and largest number outstanding,
 * the time with none and with at most 200 outstanding, and the p50 and p90 of the time from a
 * `Results` message to the next `Data` write.
 *
 * Sizes: BENCH_PROBE_OBJECTS (5000), BENCH_PROBE_ROUNDS (2). Diagnostic, not part of `npm run bench`;
 * run under the machine lock:
 * `flock /tmp/weaviate-rx-test.lock npx ts-node --transpile-only bench/stream-window-probe.ts`.
 */
import { fromBinary } from '@bufbuild/protobuf'
import * as grpc from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { lastValueFrom, tap } from 'rxjs'
import { connect } from '../lib'
import { BatchStreamRequestSchema } from '../lib/proto/generated/weaviate/v1/batch_stream_pb'
import { BENCH_PROPERTIES, deleteBenchClass, recreateClass } from './bench-class'
import { benchObjects } from './bench-objects'
import { sizeFromEnv } from './report'
import { withBenchServer } from './server-env'
import { rawBatchStream } from './vectors'

const CLASS = 'BenchStreamWindow'
const OBJECTS = sizeFromEnv('PROBE_OBJECTS', 5_000)
const ROUNDS = sizeFromEnv('PROBE_ROUNDS', 2)

/** One timed event: `delta` objects outstanding more (a write) or fewer (a result). */
interface Event {
  readonly at: number
  readonly delta: number
  readonly kind: 'write' | 'results'
}

let events: Event[] = []

/** A request or reply as either side holds it: protobuf-es' `case` (raw loop) or the static `$case` (ours' replies). */
interface AnyMessage {
  readonly message: { readonly case?: string; readonly $case?: string; readonly value: { readonly objects?: { readonly values: readonly unknown[] }; readonly successes?: readonly unknown[]; readonly errors?: readonly unknown[] } }
}

const bidi = grpc.Client.prototype as unknown as { makeBidiStreamRequest: (...args: unknown[]) => grpc.ClientDuplexStream<unknown, AnyMessage> }
const original = bidi.makeBidiStreamRequest
bidi.makeBidiStreamRequest = function (this: unknown, ...args: unknown[]) {
  const call = original.apply(this, args)
  const write = call.write.bind(call) as (...a: unknown[]) => boolean
  call.write = ((m: unknown, ...rest: unknown[]) => {
    // Ours writes encoded bytes, the raw loop message objects.
    const request = (m instanceof Uint8Array ? fromBinary(BatchStreamRequestSchema, m) : m) as AnyMessage
    if ((request.message.case ?? request.message.$case) === 'data') events.push({ at: performance.now(), delta: request.message.value.objects?.values.length ?? 0, kind: 'write' })
    return write(m, ...rest)
  }) as typeof call.write
  call.on('data', (reply: AnyMessage) => {
    if ((reply.message.case ?? reply.message.$case) !== 'results') return
    events.push({ at: performance.now(), delta: -((reply.message.value.successes?.length ?? 0) + (reply.message.value.errors?.length ?? 0)), kind: 'results' })
  })
  return call
}

const summary = (name: string, ms: number): string => {
  const start = events[0]?.at ?? 0
  const end = events[events.length - 1]?.at ?? start
  let outstanding = 0
  let previous = start
  let none = 0
  let low = 0
  let area = 0
  let most = 0
  for (const e of events) {
    const dt = e.at - previous
    if (outstanding === 0) none += dt
    if (outstanding <= 200) low += dt
    area += outstanding * dt
    outstanding += e.delta
    previous = e.at
    most = Math.max(most, outstanding)
  }
  // For each Results message, the time to the next Data write (none after the last write).
  const gaps: number[] = []
  let nextWrite: number | undefined
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]
    if (e === undefined) continue
    if (e.kind === 'write') nextWrite = e.at
    else if (nextWrite !== undefined) gaps.push(nextWrite - e.at)
  }
  gaps.sort((a, b) => a - b)
  const at = (q: number): string => (gaps.length === 0 ? '-' : (gaps[Math.min(gaps.length - 1, Math.floor(gaps.length * q))] ?? Number.NaN).toFixed(2))
  const writes = events.filter((e) => e.kind === 'write').length
  const results = events.length - writes
  return `${name}: ${ms.toFixed(0)} ms, ${writes} Data, ${results} Results, outstanding mean ${(area / Math.max(1, end - start)).toFixed(0)} max ${most}, none for ${none.toFixed(0)} ms, <= 200 for ${low.toFixed(0)} ms, Results -> next Data p50 ${at(0.5)} p90 ${at(0.9)} ms`
}

withBenchServer(async (server) => {
  const raw = new grpc.Client(new URL(server.grpcUrl).host, grpc.credentials.createInsecure(), { 'grpc.max_send_message_length': -1 })
  const ours = connect({ ...server, transport: 'grpc' })
  const oursStream = (concurrency?: number) => () =>
    lastValueFrom(
      ours.objects.batch(benchObjects(CLASS, 0, OBJECTS, { vectors: true }), { batchSize: 100, grpcMethod: 'stream', ...(concurrency === undefined ? {} : { concurrency }) }).pipe(
        tap((r) => {
          if (E.isLeft(r)) throw r.left
        }),
      ),
    )
  const runs: ReadonlyArray<readonly [string, () => Promise<unknown>]> = [
    ['ours (default window)', oursStream()],
    ['ours concurrency 2', oursStream(2)],
    ['ours concurrency 60', oursStream(60)],
    ['raw BatchStream loop', () => rawBatchStream(raw, server, CLASS, OBJECTS)],
  ]
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of runs) {
        await recreateClass(server, { class: CLASS, vectorizer: 'none', vectorIndexConfig: { skip: true }, properties: BENCH_PROPERTIES })
        events = []
        const start = performance.now()
        await run()
        console.log(summary(name, performance.now() - start))
      }
    }
  } finally {
    await deleteBenchClass(server, CLASS)
    raw.close()
    await ours.close()
  }
}).catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
