/**
 * The search path's per-call A/B (issue 42): ours against the raw protobufjs loop, one call at a
 * time or 16 at once, with the bytes each sends and receives per call (through a counting TCP
 * proxy) and the client CPU per call (`process.cpuUsage`), plus variants of a bare `createCall`
 * that change one thing each (channel options, deadline, metadata), to see which costs what.
 *
 * `npx ts-node --transpile-only bench/search-ab.ts [bytes] [cpu] [variant ...]`
 * (`bare-ours-work`: the bare call doing all of our per-query work around it, without our
 * Observable and attempt loop.)
 * Sizes: BENCH_AB_OBJECTS (2000), BENCH_AB_CALLS (1500), BENCH_AB_ROUNDS (3), BENCH_AB_LANES (16). Findings:
 * docs/benchmarks.md, "Node http2 and grpc-js per search call".
 */
import { Client as GrpcClient, type ChannelOptions, credentials, Metadata, type StatusObject, status as Status } from '@grpc/grpc-js'
import * as E from 'fp-ts/Either'
import * as net from 'node:net'
import { firstValueFrom } from 'rxjs'
import { connect, type Client } from '../lib'
import { METHODS } from '../lib/transport/grpc/methods'
import type { SearchRequest } from '../lib/proto/static/requests/weaviate/v1/search'
import { argsOf } from '../lib/input/check'
import { SEARCH_KEYS, nearVectorInput } from '../lib/query/check'
import { decodeResult } from '../lib/query/decode'
import { searchReplyToResult } from '../lib/query/grpc/search-decode'
import { searchRequest } from '../lib/query/grpc/search-request'
import { collectGarbage } from './harness'
import { gcMs, watchGcPauses } from './gc-pauses'
import { deleteBenchClass, resetBenchClass } from './bench-class'
import { latencies } from './query-lanes'
import { protobufjsClient, protobufjsNearVector } from './protobufjs'
import { type BenchServer, withBenchServer } from './server-env'
import { seededVectors } from './seeded'
import { sizeFromEnv } from './report'
import { loadSeededObjects } from './seeded-load'

const CLASS = 'BenchSearchAB'
const DIMENSIONS = 128
const LIMIT = 10
const OBJECTS = sizeFromEnv('AB_OBJECTS', 2_000)
const CALLS = sizeFromEnv('AB_CALLS', 1_500)
const ROUNDS = sizeFromEnv('AB_ROUNDS', 3)
const LANES = sizeFromEnv('AB_LANES', 16)

type Search = (vector: number[]) => Promise<number>

const load = (client: Client): Promise<void> => loadSeededObjects(client, CLASS, OBJECTS, DIMENSIONS)

const ours =
  (client: Client): Search =>
  async (vector) => {
    const result = await firstValueFrom(client.query.nearVector({ className: CLASS, vector, limit: LIMIT, returnProperties: [], returnMetadata: ['distance'] }))
    if (E.isLeft(result)) throw result.left
    return result.right.objects.length
  }

const OUR_OPTIONS: ChannelOptions = { 'grpc.max_receive_message_length': -1, 'grpc.max_send_message_length': -1, 'grpc-node.flow_control_window': 8 * 1024 * 1024 }
const PLAIN_OPTIONS: ChannelOptions = { 'grpc.max_receive_message_length': -1, 'grpc.max_send_message_length': -1 }

const authMetadata = (server: BenchServer): Metadata => {
  const m = new Metadata()
  if (server.apiKey !== undefined) m.set('authorization', `Bearer ${server.apiKey}`)
  return m
}

/** A bare createCall with our static codecs: `deadlineMs` (or none), shared or fresh metadata. */
const bare =
  (client: GrpcClient, server: BenchServer, how: { readonly deadlineMs?: number; readonly freshMetadata?: boolean }): Search => {
    const shared = authMetadata(server)
    return (vector) =>
      new Promise((resolve, reject) => {
        const request = {
          collection: CLASS,
          limit: LIMIT,
          nearVector: { vectorBytes: new Uint8Array(new Float32Array(vector).buffer) },
          properties: { nonRefProperties: [], objectProperties: [] },
          metadata: { uuid: true, distance: true },
          uses123Api: true,
          uses125Api: true,
          uses127Api: true,
        } as unknown as SearchRequest
        const call = client.getChannel().createCall(METHODS.search.path, how.deadlineMs === undefined ? Infinity : Date.now() + how.deadlineMs, null, null, null)
        let n = -1
        call.start(how.freshMetadata === true ? authMetadata(server) : shared, {
          onReceiveMetadata: () => undefined,
          onReceiveMessage: (bytes: Buffer) => {
            n = METHODS.search.deserialize(bytes).results.length
          },
          onReceiveStatus: (status: StatusObject) => (status.code === Status.OK ? resolve(n) : reject(new Error(status.details))),
        })
        call.sendMessageWithContext({}, METHODS.search.serialize(request))
        call.halfClose()
        call.startRead()
      })
  }

/**
 * The bare call with a 90 s deadline doing all of our per-query work around it, but without our
 * Observable and attempt loop: the arguments checked (`nearVectorInput`), the request built
 * (`searchRequest`), encoded and decoded by the same codecs, the reply read into a result
 * (`searchReplyToResult`, `decodeResult`). What separates it from `ours` is the plumbing; what
 * separates it from `bare-ours-options-deadline` is the work.
 */
const bareWithOurWork =
  (client: GrpcClient, server: BenchServer): Search => {
    const shared = authMetadata(server)
    return (vector) =>
      new Promise((resolve, reject) => {
        const input = nearVectorInput(argsOf(SEARCH_KEYS.nearVector, { className: CLASS, vector, limit: LIMIT, returnProperties: [], returnMetadata: ['distance'] }))
        const options = { className: CLASS, metadata: input.metadata, vectorFormat: input.vectorFormat, grouped: false, reranked: false, single: false }
        const call = client.getChannel().createCall(METHODS.search.path, Date.now() + 90_000, null, null, null)
        let n = -1
        call.start(shared, {
          onReceiveMetadata: () => undefined,
          onReceiveMessage: (bytes: Buffer) => {
            const result = decodeResult(searchReplyToResult(METHODS.search.deserialize(bytes), options), input, '')
            n = E.isRight(result) ? result.right.objects.length : -1
          },
          onReceiveStatus: (status: StatusObject) => (status.code === Status.OK ? resolve(n) : reject(new Error(status.details))),
        })
        call.sendMessageWithContext({}, METHODS.search.serialize(searchRequest(input)))
        call.halfClose()
        call.startRead()
      })
  }

/** A TCP proxy in front of `target` that counts the bytes each way. */
const countingProxy = async (target: string): Promise<{ readonly port: number; readonly counts: { up: number; down: number }; readonly close: () => void }> => {
  const [host, port] = [new URL(`http://${target}`).hostname, Number(new URL(`http://${target}`).port)]
  const counts = { up: 0, down: 0 }
  const sockets = new Set<net.Socket>()
  const proxy = net.createServer((inbound) => {
    const outbound = net.connect(port, host)
    sockets.add(inbound).add(outbound)
    inbound.on('data', (b: Buffer) => {
      counts.up += b.length
      outbound.write(b)
    })
    outbound.on('data', (b: Buffer) => {
      counts.down += b.length
      inbound.write(b)
    })
    inbound.on('error', () => outbound.destroy())
    outbound.on('error', () => inbound.destroy())
    inbound.on('close', () => outbound.destroy())
    outbound.on('close', () => inbound.destroy())
  })
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
  const address = proxy.address() as net.AddressInfo
  return {
    port: address.port,
    counts,
    close: () => {
      for (const s of sockets) s.destroy()
      proxy.close()
    },
  }
}

const contenders = (server: BenchServer, client: Client, grpcTarget: string): { readonly searches: Record<string, Search>; readonly close: () => void } => {
  const viaUrl: BenchServer = { ...server, grpcUrl: `http://${grpcTarget}` }
  const pjs = protobufjsClient(viaUrl)
  const ourOptions = new GrpcClient(grpcTarget, credentials.createInsecure(), OUR_OPTIONS)
  const plainOptions = new GrpcClient(grpcTarget, credentials.createInsecure(), PLAIN_OPTIONS)
  return {
    searches: {
      ours: ours(client),
      'raw-protobufjs': (v) => protobufjsNearVector(pjs, viaUrl, CLASS, v, LIMIT),
      'bare-ours-options-deadline': bare(ourOptions, server, { deadlineMs: 90_000 }),
      'bare-ours-options': bare(ourOptions, server, {}),
      'bare-ours-work': bareWithOurWork(ourOptions, server),
      'bare-plain-options': bare(plainOptions, server, {}),
      'bare-plain-fresh-metadata': bare(plainOptions, server, { freshMetadata: true }),
    },
    close: () => {
      pjs.close()
      ourOptions.close()
      plainOptions.close()
    },
  }
}

const bytesPhase = async (server: BenchServer, names: readonly string[]): Promise<void> => {
  const target = new URL(server.grpcUrl).host
  const proxy = await countingProxy(target)
  const via = `127.0.0.1:${proxy.port}`
  const client = connect({ ...server, grpcUrl: `http://${via}` })
  const { searches, close } = contenders(server, client, via)
  try {
    const queries = seededVectors(11, 200, DIMENSIONS)
    for (const name of names) {
      const search = searches[name]
      if (search === undefined) continue
      await latencies(name, search, seededVectors(3, 50, DIMENSIONS), 1, LIMIT)
      const before = { ...proxy.counts }
      await latencies(name, search, queries, 1, LIMIT)
      const up = (proxy.counts.up - before.up) / queries.length
      const down = (proxy.counts.down - before.down) / queries.length
      console.log(`ab bytes ${name}: up ${up.toFixed(1)} B/call, down ${down.toFixed(1)} B/call`)
    }
  } finally {
    close()
    await client.close()
    proxy.close()
  }
}

const cpuPhase = async (server: BenchServer, client: Client, names: readonly string[]): Promise<void> => {
  const { searches, close } = contenders(server, client, new URL(server.grpcUrl).host)
  const cpu: Record<string, number[]> = {}
  const wall: Record<string, number[]> = {}
  const gcTime: Record<string, number[]> = {}
  try {
    for (const name of names) await latencies(name, searches[name] as Search, seededVectors(3, 400, DIMENSIONS), LANES, LIMIT)
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse()
      for (const name of order) {
        const search = searches[name] as Search
        const queries = seededVectors(100 + round, CALLS, DIMENSIONS)
        collectGarbage()
        await latencies(name, search, seededVectors(7, 200, DIMENSIONS), LANES, LIMIT)
        await new Promise((r) => setTimeout(r, 300))
        const start = process.cpuUsage()
        const t0 = process.hrtime.bigint()
        const gcPauses = watchGcPauses()
        await latencies(name, search, queries, LANES, LIMIT)
        const used = process.cpuUsage(start)
        ;(gcTime[name] ??= []).push((gcMs(await gcPauses.stop()) * 1000) / CALLS)
        ;(wall[name] ??= []).push(Number(process.hrtime.bigint() - t0) / 1e3 / CALLS)
        ;(cpu[name] ??= []).push((used.user + used.system) / CALLS)
      }
    }
    const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
    for (const name of names) {
      console.log(
        `ab cpu c=${LANES} ${name}: ${med(cpu[name] ?? []).toFixed(0)} µs/call cpu (runs ${(cpu[name] ?? []).map((x) => x.toFixed(0)).join(' ')}), wall ${med(wall[name] ?? []).toFixed(0)} µs/call, gc pauses ${med(gcTime[name] ?? []).toFixed(0)} µs/call`,
      )
    }
  } finally {
    close()
  }
}

const main = async (server: BenchServer): Promise<void> => {
  const args = process.argv.slice(2)
  const phases = args.filter((a) => a === 'bytes' || a === 'cpu')
  const picked = args.filter((a) => a !== 'bytes' && a !== 'cpu' && a !== 'noload')
  const names = picked.length > 0 ? picked : ['ours', 'raw-protobufjs', 'bare-ours-options-deadline', 'bare-ours-options', 'bare-plain-options', 'bare-plain-fresh-metadata']
  const client = connect({ ...server })
  try {
    if (!args.includes('noload')) {
      await resetBenchClass(server, CLASS)
      await load(client)
    }
    if (phases.length === 0 || phases.includes('bytes')) await bytesPhase(server, names)
    if (phases.length === 0 || phases.includes('cpu')) await cpuPhase(server, client, names)
  } finally {
    if (!args.includes('noload')) await deleteBenchClass(server, CLASS)
    await client.close()
  }
}

withBenchServer(main).catch((e: unknown) => {
  console.error(e)
  process.exitCode = 1
})
