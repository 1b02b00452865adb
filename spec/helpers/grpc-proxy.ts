/**
 * A recording gRPC proxy on 127.0.0.1 in front of a real Weaviate's gRPC port, for what the real
 * server cannot do on demand: it forwards every `Search`, `Aggregate` (counts) and health check byte for byte (no
 * decoding), records each Search call, notices when the client cancels one (and cancels the
 * call to the server with it), and can hold a call unanswered, fail it with UNAVAILABLE, or answer
 * it with bytes that are no reply (a message cut short).
 */
import { Client, Metadata, Server, ServerCredentials, ServerUnaryCall, credentials, sendUnaryData, status } from '@grpc/grpc-js'

/** What the proxy does with the n-th Search call (0-based). */
export type ProxyAnswer = 'forward' | 'hold' | 'unavailable' | 'garbled'

export interface GrpcProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  /** Search calls received. */
  searches(): number
  /** The method path and metadata of every call received, in order (values of text keys only). */
  readonly calls: ReadonlyArray<{ readonly path: string; readonly metadata: Readonly<Record<string, string>> }>
  /** Search calls the client cancelled while they were open. */
  cancelled(): number
  /** Resolves when `n` Search calls have arrived. */
  received(n: number): Promise<void>
  /** Resolves when `n` Search calls have been cancelled by the client. */
  cancellations(n: number): Promise<void>
  close(): Promise<void>
}

const identity = {
  requestStream: false,
  responseStream: false,
  requestSerialize: (b: Buffer) => b,
  requestDeserialize: (b: Buffer) => b,
  responseSerialize: (b: Buffer) => b,
  responseDeserialize: (b: Buffer) => b,
}

const SEARCH = '/weaviate.v1.Weaviate/Search'
const HEALTH = '/grpc.health.v1.Health/Check'
const AGGREGATE = '/weaviate.v1.Weaviate/Aggregate'

/** Resolves the waiters whose count is reached. */
const counter = () => {
  let count = 0
  const waiters: Array<{ n: number; resolve: () => void }> = []
  return {
    get: () => count,
    add: () => {
      count += 1
      for (const w of waiters.filter((w) => count >= w.n)) w.resolve()
    },
    reached: (n: number) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
  }
}

/**
 * Starts a proxy to the gRPC server at `upstream` (`http://127.0.0.1:<port>`).
 *
 * @example
 * ```ts
 * const proxy = await startGrpcProxy(grpcServerUrl('1.39.0'), (n) => (n === 1 ? 'hold' : 'forward'))
 * ```
 */
export const startGrpcProxy = async (upstream: string, answer: (n: number) => ProxyAnswer = () => 'forward'): Promise<GrpcProxy> => {
  const target = new Client(new URL(upstream).host, credentials.createInsecure())
  const searches = counter()
  const cancelled = counter()
  const calls: Array<{ path: string; metadata: Record<string, string> }> = []
  const forward =
    (path: string, isSearch: boolean) =>
    (call: ServerUnaryCall<Buffer, Buffer>, callback: sendUnaryData<Buffer>): void => {
      const seen: Record<string, string> = {}
      for (const [key, value] of Object.entries(call.metadata.getMap())) if (typeof value === 'string') seen[key] = value
      calls.push({ path, metadata: seen })
      const n = searches.get()
      if (isSearch) searches.add()
      let open = true
      const what = isSearch ? answer(n) : 'forward'
      if (what === 'unavailable') {
        callback({ code: status.UNAVAILABLE, details: 'the proxy failed this call' })
        return
      }
      if (what === 'garbled') {
        // Field 1, length-delimited, 255 bytes long, of which none follow.
        callback(null, Buffer.from([0x0a, 0xff, 0x01]))
        return
      }
      const upstreamCall =
        what === 'forward'
          ? target.makeUnaryRequest(path, identity.requestSerialize, identity.responseDeserialize, call.request, call.metadata ?? new Metadata(), (error, reply) => {
              if (!open) return
              open = false
              if (error !== null) callback(error)
              else callback(null, reply)
            })
          : undefined
      call.on('cancelled', () => {
        if (!open) return
        open = false
        if (isSearch) cancelled.add()
        upstreamCall?.cancel()
      })
    }
  const server = new Server()
  server.addService(
    { Search: { path: SEARCH, ...identity }, Aggregate: { path: AGGREGATE, ...identity }, Check: { path: HEALTH, ...identity } },
    { Search: forward(SEARCH, true), Aggregate: forward(AGGREGATE, false), Check: forward(HEALTH, false) },
  )
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e === null ? resolve(p) : reject(e))),
  )
  return {
    url: `http://127.0.0.1:${port}`,
    searches: searches.get,
    calls,
    cancelled: cancelled.get,
    received: searches.reached,
    cancellations: cancelled.reached,
    close: async () => {
      server.forceShutdown()
      target.close()
    },
  }
}
