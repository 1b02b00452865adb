/**
 * The search path's transports side by side (issue 42): the same nearVector `Search` (the request
 * bytes our static encoder makes, top 10, id and distance) over
 *
 * - `grpc-js`: `Channel.createCall` with our channel options and a 90 s deadline, as
 *   `lib/transport/grpc/unary.ts` calls it;
 * - `connect`: `@connectrpc/connect-node`'s `createGrpcTransport` (HTTP/2, the gRPC protocol) with
 *   `createClient` and protobuf-es' codecs (the request's bytes checked equal to ours);
 * - `connect-http`: connect-node's HTTP/2 client alone (`Http2SessionManager`,
 *   `createNodeHttpClient`) carrying our static codecs' bytes, the gRPC envelope and status read
 *   here: what connect's HTTP layer costs without its protocol layer;
 * - `http2`: a Node `http2` session used directly, gRPC's 5-byte framing by hand (a reference
 *   floor only; the project's wire code comes from maintained libraries).
 *
 * Client CPU per call (`process.cpuUsage`) at 1 and at 16 in flight, rounds interleaved (the
 * order reversed every other round). Every contender must return the same 10 ids for a probe
 * query first.
 *
 * `npx ts-node --transpile-only bench/search-transport-ab.ts [contender ...]`
 * Sizes: BENCH_TAB_OBJECTS (2000), BENCH_TAB_CALLS_C1 (300), BENCH_TAB_CALLS_C16 (1500),
 * BENCH_TAB_ROUNDS (3). Findings: docs/benchmarks.md, "The unary transport under Search".
 */
import { create, fromBinary, toBinary } from '@bufbuild/protobuf'
import { createClient, type Client as ConnectClient } from '@connectrpc/connect'
import { createAsyncIterable } from '@connectrpc/connect/protocol'
import { createGrpcTransport, createNodeHttpClient, Http2SessionManager } from '@connectrpc/connect-node'
import { Client as GrpcClient, credentials, Metadata, type StatusObject, status as Status } from '@grpc/grpc-js'
import * as http2 from 'node:http2'
import { connect, type Client } from '../lib'
import { SearchReplySchema, SearchRequestSchema } from '../lib/proto/generated/weaviate/v1/search_pb'
import { Weaviate } from '../lib/proto/generated/weaviate/v1/service_pb'
import type { SearchRequest } from '../lib/proto/static/requests/weaviate/v1/search'
import type { SearchReply } from '../lib/proto/static/replies/weaviate/v1/search'
import { METHODS } from '../lib/transport/grpc/methods'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { collectGarbage } from './harness'
import { latencies } from './query-lanes'
import { sizeFromEnv } from './report'
import { loadSeededObjects } from './seeded-load'
import { seededVectors } from './seeded'
import { type BenchServer, withBenchServer } from './server-env'

const CLASS = 'BenchSearchTransport'
const DIMENSIONS = 128
const LIMIT = 10
const DEADLINE_MS = 90_000
const OBJECTS = sizeFromEnv('TAB_OBJECTS', 2_000)
const CALLS_C1 = sizeFromEnv('TAB_CALLS_C1', 300)
const CALLS_C16 = sizeFromEnv('TAB_CALLS_C16', 1_500)
const ROUNDS = sizeFromEnv('TAB_ROUNDS', 3)

/** One search: the vector in, the ids found out. */
type Search = (vector: number[]) => Promise<readonly string[]>

const load = (client: Client): Promise<void> => loadSeededObjects(client, CLASS, OBJECTS, DIMENSIONS)

/** The request as our static encoder gets it from `query/grpc/search-request.ts` for this query. */
const staticRequest = (vector: number[]): SearchRequest =>
  ({
    collection: CLASS,
    limit: LIMIT,
    nearVector: { vectorBytes: new Uint8Array(new Float32Array(vector).buffer) },
    properties: { nonRefProperties: [], objectProperties: [] },
    metadata: { uuid: true, distance: true },
    uses123Api: true,
    uses125Api: true,
    uses127Api: true,
  })

/** The same request as a protobuf-es message, for connect's own codecs. */
const esRequest = (vector: number[]) =>
  create(SearchRequestSchema, {
    collection: CLASS,
    limit: LIMIT,
    nearVector: { vectorBytes: new Uint8Array(new Float32Array(vector).buffer) },
    properties: { nonRefProperties: [], objectProperties: [] },
    metadata: { uuid: true, distance: true },
    uses123Api: true,
    uses125Api: true,
    uses127Api: true,
  })

const idsOf = (reply: SearchReply): readonly string[] => reply.results.map((r) => r.metadata?.id ?? '')

const grpcJs = (server: BenchServer): { readonly search: Search; readonly close: () => void } => {
  const client = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure(), {
    'grpc.max_receive_message_length': -1,
    'grpc.max_send_message_length': -1,
    'grpc-node.flow_control_window': 8 * 1024 * 1024,
  })
  const metadata = new Metadata()
  if (server.apiKey !== undefined) metadata.set('authorization', `Bearer ${server.apiKey}`)
  const search: Search = (vector) =>
    new Promise((resolve, reject) => {
      const call = client.getChannel().createCall(METHODS.search.path, Date.now() + DEADLINE_MS, null, null, null)
      let ids: readonly string[] = []
      call.start(metadata, {
        onReceiveMetadata: () => undefined,
        onReceiveMessage: (bytes: Buffer) => {
          ids = idsOf(METHODS.search.deserialize(bytes))
        },
        onReceiveStatus: (status: StatusObject) => (status.code === Status.OK ? resolve(ids) : reject(new Error(status.details))),
      })
      call.sendMessageWithContext({}, METHODS.search.serialize(staticRequest(vector)))
      call.halfClose()
      call.startRead()
    })
  return { search, close: () => client.close() }
}

const connectTransport = (server: BenchServer): { readonly search: Search; readonly close: () => void } => {
  const sessions = new Http2SessionManager(server.grpcUrl)
  const transport = createGrpcTransport({ baseUrl: server.grpcUrl, sessionManager: sessions })
  const client: ConnectClient<typeof Weaviate> = createClient(Weaviate, transport)
  const headers: Record<string, string> = server.apiKey === undefined ? {} : { authorization: `Bearer ${server.apiKey}` }
  const search: Search = async (vector) => {
    const reply = await client.search(esRequest(vector), { headers, timeoutMs: DEADLINE_MS })
    return reply.results.map((r) => r.metadata?.id ?? '')
  }
  return { search, close: () => sessions.abort() }
}

/** gRPC's length-prefixed message: a flag byte (0, uncompressed) and the length, big-endian. */
const envelope = (message: Uint8Array): Uint8Array => {
  const out = new Uint8Array(5 + message.byteLength)
  new DataView(out.buffer).setUint32(1, message.byteLength)
  out.set(message, 5)
  return out
}

const unwrap = (chunks: readonly Uint8Array[]): Buffer => {
  const all = Buffer.concat(chunks)
  if (all.byteLength < 5 || all[0] !== 0) throw new Error('not one uncompressed gRPC message')
  const length = all.readUInt32BE(1)
  return all.subarray(5, 5 + length)
}

const connectHttp = (server: BenchServer): { readonly search: Search; readonly close: () => void } => {
  const sessions = new Http2SessionManager(server.grpcUrl)
  const httpClient = createNodeHttpClient({ httpVersion: '2', sessionProvider: () => sessions })
  const url = `${server.grpcUrl}${METHODS.search.path}`
  const search: Search = async (vector) => {
    const header = new Headers({ 'content-type': 'application/grpc+proto', te: 'trailers', 'grpc-timeout': `${DEADLINE_MS}m` })
    if (server.apiKey !== undefined) header.set('authorization', `Bearer ${server.apiKey}`)
    const body = envelope(METHODS.search.serialize(staticRequest(vector)))
    const response = await httpClient({
      url,
      method: 'POST',
      header,
      body: createAsyncIterable([body]),
    })
    const chunks: Uint8Array[] = []
    for await (const chunk of response.body) chunks.push(chunk)
    const code = response.trailer.get('grpc-status') ?? response.header.get('grpc-status')
    if (code !== '0') throw new Error(`grpc-status ${code ?? 'missing'}`)
    return idsOf(METHODS.search.deserialize(unwrap(chunks)))
  }
  return { search, close: () => sessions.abort() }
}

const rawHttp2 = (server: BenchServer): { readonly search: Search; readonly close: () => void } => {
  const session = http2.connect(server.grpcUrl)
  const headers: http2.OutgoingHttpHeaders = {
    ':method': 'POST',
    ':path': METHODS.search.path,
    'content-type': 'application/grpc',
    te: 'trailers',
    'grpc-timeout': `${DEADLINE_MS}m`,
    ...(server.apiKey === undefined ? {} : { authorization: `Bearer ${server.apiKey}` }),
  }
  const search: Search = (vector) =>
    new Promise((resolve, reject) => {
      const stream = session.request(headers)
      const chunks: Buffer[] = []
      let code: string | undefined
      stream.on('response', (h) => {
        const s = h['grpc-status']
        if (s !== undefined) code = String(s)
      })
      stream.on('trailers', (t: http2.IncomingHttpHeaders) => {
        code = String(t['grpc-status'])
      })
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', reject)
      stream.on('end', () => {
        if (code !== '0') reject(new Error(`grpc-status ${code ?? 'missing'}`))
        else resolve(idsOf(METHODS.search.deserialize(unwrap(chunks))))
      })
      stream.end(envelope(METHODS.search.serialize(staticRequest(vector))))
    })
  return { search, close: () => session.close() }
}

const MAKERS: Record<string, (server: BenchServer) => { readonly search: Search; readonly close: () => void }> = {
  'grpc-js': grpcJs,
  connect: connectTransport,
  'connect-http': connectHttp,
  http2: rawHttp2,
}

/** One reply's bytes, as the server sends them for `vector`. */
const replyBytes = (server: BenchServer, vector: number[]): Promise<Buffer> => {
  const client = new GrpcClient(new URL(server.grpcUrl).host, credentials.createInsecure())
  const metadata = new Metadata()
  if (server.apiKey !== undefined) metadata.set('authorization', `Bearer ${server.apiKey}`)
  return new Promise<Buffer>((resolve, reject) =>
    client.makeUnaryRequest(
      METHODS.search.path,
      (b: Buffer) => b,
      (b: Buffer) => b,
      METHODS.search.serialize(staticRequest(vector)),
      metadata,
      (e, r) => (e !== null || r === undefined ? reject(e ?? new Error('no reply')) : resolve(r)),
    ),
  ).finally(() => client.close())
}

/** The codecs' share of a call: encode the request and decode the reply, static against protobuf-es (µs per call). */
const codecCost = (vector: number[], reply: Buffer): { readonly static: number; readonly protobufEs: number } => {
  const time = (f: () => unknown): number => {
    for (let i = 0; i < 2_000; i++) f()
    const start = process.cpuUsage()
    for (let i = 0; i < 20_000; i++) f()
    const used = process.cpuUsage(start)
    return (used.user + used.system) / 20_000
  }
  return {
    static: time(() => METHODS.search.deserialize(reply).results.length + METHODS.search.serialize(staticRequest(vector)).byteLength),
    protobufEs: time(() => fromBinary(SearchReplySchema, reply).results.length + toBinary(SearchRequestSchema, esRequest(vector)).byteLength),
  }
}

const med = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

const main = async (server: BenchServer): Promise<void> => {
  const picked = process.argv.slice(2).filter((a) => a in MAKERS)
  const names = picked.length > 0 ? picked : Object.keys(MAKERS)
  const client = connect({ ...server })
  const made = names.map((name) => [name, (MAKERS[name] as (s: BenchServer) => { readonly search: Search; readonly close: () => void })(server)] as const)
  try {
    await resetBenchClass(server, CLASS)
    await load(client)
    const probe = seededVectors(5, 1, DIMENSIONS)[0] as number[]
    const staticBytes = Buffer.from(METHODS.search.serialize(staticRequest(probe)))
    const esBytes = Buffer.from(toBinary(SearchRequestSchema, esRequest(probe)))
    console.log(`tab request bytes: static ${staticBytes.byteLength} B, protobuf-es ${esBytes.byteLength} B, equal ${staticBytes.equals(esBytes)}`)
    let expected: string | undefined
    for (const [name, c] of made) {
      const ids = (await c.search(probe)).join(',')
      expected ??= ids
      if (ids !== expected || ids.split(',').length !== LIMIT) throw new Error(`${name} returned other results: ${ids}`)
    }
    const codecs = codecCost(probe, await replyBytes(server, probe))
    console.log(`tab codecs: static ${codecs.static.toFixed(1)} µs/call, protobuf-es ${codecs.protobufEs.toFixed(1)} µs/call (encode the request, decode the reply)`)
    console.log(`tab results: all ${made.length} contenders return the same ${LIMIT} ids`)
    const asCount = (search: Search) => async (v: number[]) => (await search(v)).length
    for (const [lanes, calls] of [
      [1, CALLS_C1],
      [16, CALLS_C16],
    ] as const) {
      const cpu: Record<string, number[]> = {}
      for (const [name, c] of made) await latencies(name, asCount(c.search), seededVectors(3, 200, DIMENSIONS), lanes, LIMIT)
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? made : [...made].reverse()
        for (const [name, c] of order) {
          const queries = seededVectors(100 + round, calls, DIMENSIONS)
          collectGarbage()
          await latencies(name, asCount(c.search), seededVectors(7, 100, DIMENSIONS), lanes, LIMIT)
          await new Promise((r) => setTimeout(r, 200))
          const start = process.cpuUsage()
          await latencies(name, asCount(c.search), queries, lanes, LIMIT)
          const used = process.cpuUsage(start)
          ;(cpu[name] ??= []).push((used.user + used.system) / calls)
        }
      }
      const base = med(cpu['grpc-js'] ?? [])
      for (const [name] of made) {
        const m = med(cpu[name] ?? [])
        console.log(`tab cpu c=${lanes} ${name}: ${m.toFixed(0)} µs/call (runs ${(cpu[name] ?? []).map((x) => x.toFixed(0)).join(' ')}), /grpc-js ${(m / base).toFixed(2)}`)
      }
    }
  } finally {
    for (const [, c] of made) c.close()
    await deleteBenchClass(server, CLASS)
    await client.close()
  }
}

withBenchServer(main).catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
