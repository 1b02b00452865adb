/**
 * Vector import benchmark (issue 23): 20,000 objects with 768-dimension vectors (bench-objects.ts),
 * batches of 100, 2 in flight, each run into a freshly created class, contenders interleaved (order
 * reversed every run), all on the same server in one run. Every contender runs in a process of its
 * own on the same Node (22 when it installs, which weaviate-client needs: ipc-child.ts), which makes
 * a full GC before each run and measures the run's wall time and its own CPU, so no contender
 * collects another's garbage or shares its heap (docs/decisions/0015-how-the-bench-measures.md):
 *
 * - `ours`: `objects.batch` over gRPC (`transport: 'grpc'`) as users get it by default
 *   (`grpcMethod: 'auto'`: `BatchObjects`, or `BatchStream` when `STREAM_BY_DEFAULT` in
 *   lib/batch/grpc/batch-method.ts is true), batches of 100 and the default window: 2 requests in flight
 *   over `BatchObjects` and REST, and over `BatchStream` at least `STREAM_WINDOW_OBJECTS` objects
 *   waiting for their results (lib/batch/grpc/batch-stream-framing.ts), as the raw stream loop keeps 2 messages
 *   unacknowledged, not 2 without results;
 * - `ours-stream` or `ours-unary`: `objects.batch` with the gRPC method the default does not use
 *   (`grpcMethod: 'stream'`, server-side batching over `BatchStream`, or `'unary'`, `BatchObjects`);
 *   the ratio lines name each side by its method, whichever is the default;
 * - `ours-rest`: `objects.batch` over REST (`transport: 'rest'`);
 * - `ours-web`: `objects.batch` on a client with `grpc: 'web'` and no gRPC address: `BatchObjects`
 *   as gRPC-Web over undici on the REST URL (gRPC-Web has no `BatchStream`), the same batches and
 *   window as `ours-unary`;
 * - `raw-grpc`: the plainest loop a user would write with `@grpc/grpc-js` and the generated code:
 *   `create()` a `BatchObjectsRequest` of 100 objects (client-made UUIDs, the properties as a
 *   Struct, the vector as float32 bytes), `makeUnaryRequest`, next;
 * - `raw-rest`: the plainest undici loop for `POST /v1/batch/objects` (client-made UUIDs);
 * - `raw-protobufjs`: the same `BatchObjects` loop as a user of `@grpc/proto-loader` (protobufjs)
 *   writes it: the service client made from lib/proto's `.proto` files, plain request objects, the
 *   properties as a hand-written Struct (protobufjs.ts);
 * - `weaviate-client`: the official 3.x client's `collection.data.insertMany` of 100, 2 in flight, in
 *   a child on Node 22 (official-client.ts; its wall time and CPU measured in the child);
 * - `batch-stream`: the plainest grpc-js loop over server-side batching (`BatchStream`, 1.34+):
 *   `Data` messages of the size the server asks for, at most 2 of them unacknowledged (issue 23
 *   item 4: measured against `raw-grpc`, printed as `batch-stream/batch-objects`).
 *
 * Twice: with the vector index skipped (`vectorIndexConfig: { skip: true }`: the transport) and with
 * HNSW (what a default class costs). Prints `bench: vectors import 20k <index> ours/raw-grpc`,
 * `... ours/raw-protobufjs`, `... ours/weaviate-client`,
 * `... ours-grpc/ours-rest`, `... ours/raw-rest`, `... batch-stream/batch-objects`,
 * `... ours-stream/raw-grpc`, `... ours-stream/batch-stream`, `... ours-stream/ours-unary` (the
 * default's switch), `... ours-web/ours-stream`, `... ours-web/ours-unary` and `... ours-web/raw-grpc`
 * (gRPC-Web's `BatchObjects` against our grpc-js writers and the raw loop), each contender's objects/s, `... client cpu ours/<raw-grpc|raw-protobufjs|
 * weaviate-client|batch-stream>`, `... client cpu ours-web/<ours-stream|raw-grpc>` and each
 * contender's client CPU per object; with a local server
 * (server-cpu.ts), `... server cpu batch-stream/raw-protobufjs` (what `BatchStream` costs the
 * server against `BatchObjects`), `... server cpu ours/raw-protobufjs` and each contender's server
 * CPU per object (the server's CPU during the run, all its threads).
 *
 * Each sends the server's key (server-key.ts).
 *
 * Sizes for short development runs: BENCH_VECTORS_OBJECTS (20000), BENCH_VECTORS_RUNS (`TARGET_RUNS`, 10; index
 * skipped: a run takes seconds and the ratio is noisy on a shared machine), BENCH_VECTORS_HNSW_RUNS (1;
 * 0 leaves the HNSW part out), BENCH_VECTORS_CONTENDERS (all; a comma-separated list runs only those)
 * and BENCH_VECTORS_IMPORT_ONLY=1 (run.ts: the group without its stream part, vectors-stream.ts);
 * BENCH_VECTORS_STREAM_WINDOWS=2,10,40 adds contenders `ours-w2`, ... (`grpcMethod: 'stream'`, that
 * many requests of 100 in flight: the stream window's A/B).
 *
 * Run: `npm run bench -- --only vectors`.
 */
import { create, toBinary, fromBinary } from '@bufbuild/protobuf'
import { Client as GrpcClient, credentials } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import { randomUUID } from 'node:crypto'
import { lastValueFrom, tap } from 'rxjs'
import { request } from 'undici'
import { type Client, connect } from '../lib'
import { STREAM_BY_DEFAULT } from '../lib/batch/grpc/batch-method'
import { BatchObject, BatchObjectsReply, BatchObjectsReplySchema, BatchObjectsRequest, BatchObjectsRequestSchema } from '../lib/proto/generated/weaviate/v1/batch_pb'
import { BatchStreamReply, BatchStreamReplySchema, BatchStreamRequest, BatchStreamRequestSchema } from '../lib/proto/generated/weaviate/v1/batch_stream_pb'
import { BENCH_PROPERTIES, deleteBenchClass, recreateClass } from './bench-class'
import { benchObjectBody, benchObjects, benchProperties, benchVector } from './bench-objects'
import { interleavedRuns, type MeasuredElsewhere, measuredHere, median as medianOf } from './harness'
import { childNode, forkChild, type IpcChild, serveParent } from './ipc-child'
import { OFFICIAL_CLIENT, startOfficialClient } from './official-client'
import { protobufjsClient, protobufjsImport } from './protobufjs'
import { reportRatio as reportRatioOf, reportValue, sizeFromEnv, TARGET_RUNS } from './report'
import { type BenchServer, givenBenchServer } from './server-env'
import { authHeaders, authMetadata } from './server-key'
import { cpuMicrosOf, serverPid } from './server-cpu'
import { checkStored } from './stored-check'

const CLASS = 'BenchVectors'
const OBJECTS = sizeFromEnv('VECTORS_OBJECTS', 20_000)
const RUNS = sizeFromEnv('VECTORS_RUNS', TARGET_RUNS)
const HNSW_RUNS = process.env['BENCH_VECTORS_HNSW_RUNS'] === '0' ? 0 : sizeFromEnv('VECTORS_HNSW_RUNS', 1)
/** Development runs: only the contenders named here (comma-separated), e.g. `ours,raw-protobufjs,batch-stream`. */
const ONLY = process.env['BENCH_VECTORS_CONTENDERS']?.split(',').map((c) => c.trim()).filter((c) => c !== '')
const wanted = (name: string): boolean => ONLY === undefined || ONLY.includes(name)
/** Development runs: extra `ours-w<n>` contenders, the stream with `n` requests of BATCH in flight (comma-separated `n`). */
const STREAM_WINDOWS = (process.env['BENCH_VECTORS_STREAM_WINDOWS'] ?? '')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
const BATCH = 100
const LANES = 2
const label = (n: number): string => (n % 1000 === 0 ? `${n / 1000}k` : `${n}`)

type Contender = () => Promise<unknown>

/** Drops and re-creates the class, with the vector index skipped or HNSW. */
const resetVectorClass = (server: BenchServer, skip: boolean): Promise<void> =>
  recreateClass(server, { class: CLASS, vectorizer: 'none', vectorIndexConfig: skip ? { skip: true } : {}, properties: BENCH_PROPERTIES })

/**
 * Milliseconds of every run per contender, interleaved, each into a fresh class; after each run,
 * outside its time, the class must hold every object and one of them read back must be exactly the
 * bench's (stored-check.ts), so no contender makes the server do less.
 */
const timeRuns = (
  server: BenchServer,
  skip: boolean,
  contenders: Readonly<Record<string, Contender>>,
  runs: number,
  cpu: Record<string, number[]>,
): Promise<Record<string, number[]>> =>
  interleavedRuns(contenders, runs, () => resetVectorClass(server, skip), cpu, (name) => checkStored(server, CLASS, OBJECTS, 1, name))

/** `lanes` loops, each sending the next `BATCH` objects (from `build`) with `send` and waiting. */
const lanes = async (build: (from: number, to: number) => unknown, send: (batch: unknown) => Promise<void>): Promise<void> => {
  let next = 0
  const lane = async (): Promise<void> => {
    while (next < OBJECTS) {
      const start = next
      next = Math.min(OBJECTS, next + BATCH)
      await send(build(start, next))
    }
  }
  await Promise.all(Array.from({ length: LANES }, lane))
}

/** The plain undici loop, client-made UUIDs. */
const rawRest = (server: BenchServer): Promise<void> => {
  const auth = authHeaders(server)
  return lanes(
    (from, to) => Array.from({ length: to - from }, (_, k) => benchObjectBody(CLASS, from + k, { vectors: true, id: randomUUID() })),
    async (objects) => {
      const res = await request(`${server.url}/v1/batch/objects`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ objects }) })
      await res.body.json()
      if (res.statusCode !== 200) throw new Error(`raw REST batch: ${res.statusCode}`)
    },
  )
}

/** Objects `from` .. `to` - 1 as the generated `BatchObject` init (client-made UUIDs, float32 bytes). */
const rawObjects = (from: number, to: number, className = CLASS) =>
  Array.from({ length: to - from }, (_, k) => {
    const vector = new Float32Array(benchVector(from + k))
    return {
      uuid: randomUUID(),
      collection: className,
      properties: { nonRefProperties: { ...benchProperties(from + k) } },
      vectorBytes: new Uint8Array(vector.buffer),
    }
  })

/** The plain grpc-js loop with the generated code. */
const rawGrpc = (client: GrpcClient, server: BenchServer): Promise<void> =>
  lanes(
    (from, to) => create(BatchObjectsRequestSchema, { objects: rawObjects(from, to) }),
    (batch) =>
      new Promise<void>((resolve, reject) => {
        client.makeUnaryRequest(
          '/weaviate.v1.Weaviate/BatchObjects',
          (m: BatchObjectsRequest) => Buffer.from(toBinary(BatchObjectsRequestSchema, m)),
          (b: Buffer): BatchObjectsReply => fromBinary(BatchObjectsReplySchema, b),
          batch as BatchObjectsRequest,
          authMetadata(server),
          (e, reply) => (e !== null ? reject(e) : reply !== undefined && reply.errors.length > 0 ? reject(new Error(reply.errors[0]?.error)) : resolve()),
        )
      }),
  )

/**
 * The plain grpc-js loop over server-side batching (`BatchStream`, 1.34+), as its protocol asks:
 * `Start`, then `Data` messages of the batch size the server last asked for (`Backoff`, first
 * `BATCH`), at most `LANES` x that many objects not yet acknowledged (`Acks`) at a time, then
 * `Stop` and the end of the stream; done when every object has its result (`Results`).
 */
export const rawBatchStream = (client: GrpcClient, server: BenchServer, className = CLASS, total = OBJECTS): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const call = client.makeBidiStreamRequest(
      '/weaviate.v1.Weaviate/BatchStream',
      (m: BatchStreamRequest) => Buffer.from(toBinary(BatchStreamRequestSchema, m)),
      (b: Buffer): BatchStreamReply => fromBinary(BatchStreamReplySchema, b),
      authMetadata(server),
    )
    let next = 0
    let unacked = 0
    let results = 0
    let batchSize = BATCH
    let stopped = false
    const pump = (): void => {
      while (next < total && unacked < LANES * batchSize) {
        const from = next
        next = Math.min(total, next + batchSize)
        unacked += next - from
        const values = rawObjects(from, next, className) as unknown as BatchObject[]
        call.write(create(BatchStreamRequestSchema, { message: { case: 'data', value: { objects: { values } } } }))
      }
      if (next >= total && !stopped) {
        stopped = true
        call.write(create(BatchStreamRequestSchema, { message: { case: 'stop', value: {} } }))
        call.end()
      }
    }
    call.on('data', (reply: BatchStreamReply) => {
      const m = reply.message
      if (m.case === 'started') pump()
      else if (m.case === 'acks') {
        unacked -= m.value.uuids.length
        pump()
      } else if (m.case === 'backoff') batchSize = Math.max(1, m.value.batchSize)
      else if (m.case === 'results') {
        if (m.value.errors.length > 0) reject(new Error(m.value.errors[0]?.error))
        results += m.value.successes.length + m.value.errors.length
      } else if (m.case === 'outOfMemory' || m.case === 'shuttingDown') reject(new Error(`raw BatchStream: ${m.case}`))
    })
    call.on('error', reject)
    call.on('end', () => (results === total ? resolve() : reject(new Error(`raw BatchStream: ${results} results of ${total}`))))
    call.write(create(BatchStreamRequestSchema, { message: { case: 'start', value: {} } }))
  })

/** The import contenders of this group that run in a child of their own (weaviate-client has its own child, official-client.ts). */
const IMPORT_CONTENDERS = ['ours', STREAM_BY_DEFAULT ? 'ours-unary' : 'ours-stream', 'ours-rest', 'ours-web', 'raw-grpc', 'raw-rest', 'batch-stream', 'raw-protobufjs'] as const

/** One import contender in its child: its run (OBJECTS objects into CLASS) and what closes its clients. */
interface ImportContender {
  readonly run: () => Promise<unknown>
  readonly close: () => Promise<void>
}

/** `objects.batch` of every object through `client` (the method and window when given), failing on the first failed object. */
const oursImport = (client: Client, grpcMethod?: 'stream' | 'unary', concurrency?: number): (() => Promise<unknown>) => () =>
  lastValueFrom(
    client.objects
      .batch(benchObjects(CLASS, 0, OBJECTS, { vectors: true }), {
        batchSize: BATCH,
        ...(grpcMethod === undefined ? {} : { grpcMethod }),
        ...(concurrency === undefined ? {} : { concurrency }),
      })
      .pipe(
        tap((r) => {
          if (E.isLeft(r)) throw r.left
        }),
      ),
  )

/** The contender `name` (one of IMPORT_CONTENDERS, or `ours-w<n>`) with only its own clients. */
const importContender = (name: string, server: BenchServer): ImportContender => {
  const window = /^ours-w(\d+)$/.exec(name)?.[1]
  const ours = (grpcMethod?: 'stream' | 'unary', concurrency?: number): ImportContender => {
    const client = connect({ ...server, transport: 'grpc' })
    return { run: oursImport(client, grpcMethod, concurrency), close: () => client.close() }
  }
  const grpc = (run: (raw: GrpcClient) => Promise<void>): ImportContender => {
    const raw = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure(), { 'grpc.max_send_message_length': -1, 'grpc.max_receive_message_length': -1 })
    return { run: () => run(raw), close: () => Promise.resolve(raw.close()) }
  }
  if (window !== undefined) return ours('stream', Number(window))
  switch (name) {
    case 'ours':
      return ours()
    case 'ours-unary':
      return ours('unary')
    case 'ours-stream':
      return ours('stream')
    case 'ours-rest': {
      const client = connect({ url: server.url, apiKey: server.apiKey, transport: 'rest' })
      return { run: oursImport(client), close: () => client.close() }
    }
    case 'ours-web': {
      const client = connect({ url: server.url, apiKey: server.apiKey, grpc: 'web', transport: 'grpc' })
      return { run: oursImport(client), close: () => client.close() }
    }
    case 'raw-grpc':
      return grpc((raw) => rawGrpc(raw, server))
    case 'batch-stream':
      return grpc((raw) => rawBatchStream(raw, server))
    case 'raw-rest':
      return { run: () => rawRest(server), close: () => Promise.resolve() }
    case 'raw-protobufjs': {
      const client = protobufjsClient(server)
      return {
        run: () => protobufjsImport(client, server, { className: CLASS, total: OBJECTS, batch: BATCH, lanes: LANES, object: (i) => ({ properties: benchProperties(i), vector: benchVector(i) }) }),
        close: () => Promise.resolve(client.close()),
      }
    }
    default:
      throw new Error(`no import contender ${name}`)
  }
}

/** In a contender's child: every request is one run into the class the parent has just re-created, after a full GC; its wall time and this process's CPU. */
const serveImports = (contender: ImportContender): void => serveParent(() => measuredHere(contender.run), contender.close)

/**
 * Runs the benchmark and prints its lines.
 *
 * @example
 * ```ts
 * await benchVectors({ url: 'http://127.0.0.1:8080', grpcUrl: 'http://127.0.0.1:50051', apiKey: key })
 * ```
 */
export async function benchVectors(server: BenchServer): Promise<void> {
  const { node, without } = await childNode()
  const official = !wanted('weaviate-client') ? 'not among BENCH_VECTORS_CONTENDERS' : (without ?? (await startOfficialClient(server)))
  if (typeof official === 'string') console.log(`  vectors: ${OFFICIAL_CLIENT} left out: ${official}`)
  const children: IpcChild<null, MeasuredElsewhere['measuredElsewhere']>[] = []
  const all: Record<string, Contender> = {}
  for (const name of [...IMPORT_CONTENDERS.filter(wanted), ...STREAM_WINDOWS.map((n) => `ours-w${n}`)]) {
    const child = await forkChild<null, MeasuredElsewhere['measuredElsewhere']>(__filename, [name], node, server, name)
    if (typeof child === 'string') throw new Error(`vectors: the ${name} child: ${child}`)
    children.push(child)
    all[name] = async (): Promise<MeasuredElsewhere> => ({ measuredElsewhere: await child.ask(null) })
  }
  if (typeof official !== 'string') {
    all['weaviate-client'] = async (): Promise<MeasuredElsewhere> => ({
      measuredElsewhere: await official.importObjects({ className: CLASS, total: OBJECTS, batch: BATCH, lanes: LANES }),
    })
  }
  console.log(`  vectors: each contender in its own process on ${without === undefined ? 'Node 22' : process.version}`)
  // The server's CPU in each run (µs, all its threads): what each contender costs the server.
  const pid = await serverPid(server)
  const serverCpu: Record<string, number[]> = {}
  const withServerCpu =
    (name: string, contender: Contender): Contender =>
    async () => {
      const before = await cpuMicrosOf(pid)
      const result = await contender()
      ;(serverCpu[name] ??= []).push((await cpuMicrosOf(pid)) - before)
      return result
    }
  const contenders = Object.fromEntries(Object.entries(all).map(([name, contender]) => [name, withServerCpu(name, contender)]))
  try {
    for (const [index, skip, runs] of [
      ['skip', true, RUNS],
      ['hnsw', false, HNSW_RUNS],
    ] as const) {
      const name = `vectors import ${label(OBJECTS)} ${index}`
      const cpu: Record<string, number[]> = {}
      if (runs === 0) continue
      for (const contender of Object.keys(serverCpu)) delete serverCpu[contender]
      const times = await timeRuns(server, skip, contenders, runs, cpu)
      // A ratio line only when both sides ran (BENCH_VECTORS_CONTENDERS may leave some out).
      const reportRatio = (n: string, t: Readonly<Record<string, readonly number[]>>, peer: string, ours = 'ours'): void => {
        if (t[peer] !== undefined && t[ours] !== undefined) reportRatioOf(n, t, peer, ours)
      }
      reportRatio(name, times, 'raw-grpc')
      reportRatio(name, times, 'raw-protobufjs')
      if (times['weaviate-client'] !== undefined) reportRatio(name, times, 'weaviate-client')
      reportRatio(name, { ...times, 'ours-grpc': times['ours'] ?? [] }, 'ours-rest', 'ours-grpc')
      reportRatio(name, times, 'raw-rest')
      if (times['raw-grpc'] !== undefined) reportRatio(name, { ...times, 'batch-objects': times['raw-grpc'] }, 'batch-objects', 'batch-stream')
      // `ours` is one of the two methods: each side of these lines is named by its method.
      const byMethod = { ...times, [STREAM_BY_DEFAULT ? 'ours-stream' : 'ours-unary']: times['ours'] ?? [] }
      reportRatio(name, byMethod, 'raw-grpc', 'ours-stream')
      reportRatio(name, byMethod, 'batch-stream', 'ours-stream')
      reportRatio(name, byMethod, 'ours-unary', 'ours-stream')
      // gRPC-Web's BatchObjects against our grpc-js writers and the raw loop.
      for (const peer of ['ours-stream', 'ours-unary', 'raw-grpc']) reportRatio(name, byMethod, peer, 'ours-web')
      for (const [contender, ms] of Object.entries(times)) {
        const sorted = [...ms].sort((a, b) => a - b)
        const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
        reportValue(`${name} ${contender}`, OBJECTS / (median / 1000), 'objects/s', 0)
      }
      // Client CPU per object: the ratio line pairs run i of ours with run i of the raw loop.
      reportRatio(`${name} client cpu`, cpu, 'raw-grpc')
      reportRatio(`${name} client cpu`, cpu, 'raw-protobufjs')
      if (cpu['weaviate-client'] !== undefined) reportRatio(`${name} client cpu`, cpu, 'weaviate-client')
      reportRatio(`${name} client cpu`, cpu, 'batch-stream', 'ours')
      const cpuByMethod = { ...cpu, [STREAM_BY_DEFAULT ? 'ours-stream' : 'ours-unary']: cpu['ours'] ?? [] }
      for (const peer of ['ours-stream', 'raw-grpc']) reportRatio(`${name} client cpu`, cpuByMethod, peer, 'ours-web')
      for (const n of STREAM_WINDOWS) reportRatio(name, times, 'raw-protobufjs', `ours-w${n}`)
      for (const n of STREAM_WINDOWS) reportRatio(`${name} client cpu`, cpu, 'raw-protobufjs', `ours-w${n}`)
      for (const [contender, us] of Object.entries(cpu)) reportValue(`${name} ${contender} client cpu`, medianOf(us) / OBJECTS, 'µs/object', 1)
      if (pid !== undefined) {
        reportRatio(`${name} server cpu`, serverCpu, 'raw-protobufjs', 'batch-stream')
        reportRatio(`${name} server cpu`, serverCpu, 'raw-protobufjs')
        for (const [contender, us] of Object.entries(serverCpu)) reportValue(`${name} ${contender} server cpu`, medianOf(us) / OBJECTS, 'µs/object', 1)
      }
    }
  } finally {
    await deleteBenchClass(server, CLASS)
    for (const child of children) await child.close()
    if (typeof official !== 'string') await official.close()
  }
}

if (require.main === module && process.argv[2] === '--child') {
  const given = givenBenchServer()
  if (given === undefined) throw new Error('an import child needs WEAVIATE_URL')
  serveImports(importContender(process.argv[3] ?? '', given))
}
