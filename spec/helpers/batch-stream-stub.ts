/**
 * A hand-made gRPC server on 127.0.0.1 speaking Weaviate's `BatchStream`, for what a real Weaviate
 * does not do on demand: ask for another batch size (`Backoff`), refuse a message under memory
 * pressure (`OutOfMemory`, then end the stream), announce a shutdown (`ShuttingDown`), hold every
 * result back, never answer some objects or answer them late, not know `BatchStream` at all
 * (UNIMPLEMENTED, as a server or proxy without it answers; `BatchObjects` then writes), and report
 * that the client cancelled the call, refuse some objects, answer `BatchObjects` slowly enough that
 * its calls overlap. It acknowledges every `Data` message
 * and reports each of its objects as written (unless told otherwise), as the real server does
 * (adapters/handlers/grpc/v1/batch/stream.go at v1.39.0). Built with grpc-js and the library's
 * generated codecs.
 */
import { MessageInitShape, create, fromBinary, toBinary } from '@bufbuild/protobuf'
import { Server, ServerCredentials, ServerDuplexStream, ServerUnaryCall, sendUnaryData, status } from '@grpc/grpc-js'
import { BatchObjectsReply, BatchObjectsReplySchema, BatchObjectsRequest, BatchObjectsRequestSchema } from '../../lib/proto/generated/weaviate/v1/batch_pb'
import {
  BatchStreamReply,
  BatchStreamReplySchema,
  BatchStreamRequest,
  BatchStreamRequestSchema,
  BatchStreamRequest_Start,
} from '../../lib/proto/generated/weaviate/v1/batch_stream_pb'

/** What the stub does on the n-th stream (0-based) with its m-th `Data` message (0-based). */
export interface BatchStreamScript {
  /** Sent right after `Started`. */
  readonly backoff?: number
  /** `OutOfMemory` naming this message's objects (not queued), then the end of the stream. */
  readonly outOfMemory?: (stream: number, data: number) => boolean
  /** `ShuttingDown` after this message (its objects acknowledged, their results held back and lost). */
  readonly shutDown?: (stream: number, data: number) => boolean
  /** Acknowledge, never report results (on the streams this says). */
  readonly holdResults?: (stream: number) => boolean
  /** Acknowledge these objects, never report their results. */
  readonly neverAnswer?: (uuid: string) => boolean
  /**
   * Report these objects' results only when the stream's next `Data` message arrives, in a `Results`
   * message of their own ahead of that message's; `occurrence` counts the UUID's earlier arrivals
   * (0 the first time it arrives, over every stream).
   */
  readonly late?: (uuid: string, occurrence: number) => boolean
  /** Report this object as failed with this message instead of written (`occurrence` as for `late`). */
  readonly refuse?: (uuid: string, occurrence: number) => string | undefined
  /** `BatchObjects` answers after this many ms (so that calls in flight overlap). Default 0. */
  readonly unaryDelayMs?: number
  /** No `BatchStream`: every stream is answered UNIMPLEMENTED at once (`BatchObjects` still writes). */
  readonly streamUnimplemented?: boolean
}

/**
 * The stub and what it saw.
 *
 * @example
 * ```ts
 * const stub = await startBatchStreamStub({ backoff: 7 })
 * ```
 */
export interface BatchStreamStub {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  /** Objects per `Data` message, in arrival order over every stream. */
  readonly dataSizes: number[]
  /** The `Start` message of every stream. */
  readonly starts: BatchStreamRequest_Start[]
  /** The UUIDs of each stream's `Data` messages, by stream (0-based, every stream opened), in arrival order. */
  readonly streamUuids: string[][]
  /** The `authorization` metadata of each stream (0-based, every stream opened); undefined when it had none. */
  readonly streamAuthorizations: Array<string | undefined>
  /** The UUIDs of every `BatchObjects` call, in arrival order. */
  readonly unaryUuids: string[]
  /** How often each UUID was reported written. */
  readonly written: Map<string, number>
  /** For each `BatchObjects` call, in arrival order: the calls in flight when it arrived, itself included. */
  readonly unaryInFlight: number[]
  /** Streams the client cancelled while they were open. */
  cancelled(): number
  /** Resolves when `n` objects have arrived (over every stream). */
  received(n: number): Promise<void>
  /** Resolves when the client has cancelled `n` streams. */
  cancellations(n: number): Promise<void>
  close(): Promise<void>
}

/** One object's result, as the stub will report it. */
interface Answer {
  readonly uuid: string
  readonly late: boolean
  /** Its error message; undefined: written. */
  readonly error: string | undefined
}

const reply = (message: NonNullable<MessageInitShape<typeof BatchStreamReplySchema>['message']>): BatchStreamReply => create(BatchStreamReplySchema, { message })

/** Resolves the waiters whose count is reached. */
const counter = () => {
  let count = 0
  const waiters: Array<{ n: number; resolve: () => void }> = []
  return {
    get: () => count,
    add: (k: number) => {
      count += k
      for (const w of waiters.filter((w) => count >= w.n)) w.resolve()
    },
    reached: (n: number) => (count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve }))),
  }
}

/**
 * Starts the stub.
 *
 * @example
 * ```ts
 * const stub = await startBatchStreamStub({ outOfMemory: (stream, data) => stream === 0 && data === 1 })
 * ```
 */
export const startBatchStreamStub = async (script: BatchStreamScript = {}): Promise<BatchStreamStub> => {
  const server = new Server()
  const dataSizes: number[] = []
  const starts: BatchStreamRequest_Start[] = []
  const streamUuids: string[][] = []
  const streamAuthorizations: Array<string | undefined> = []
  const unaryUuids: string[] = []
  const written = new Map<string, number>()
  const unaryInFlight: number[] = []
  let unaryCalls = 0
  /** How often each UUID arrived in a `Data` message. */
  const arrivals = new Map<string, number>()
  const objects = counter()
  const cancelled = counter()
  let streams = 0
  server.addService(
    {
      BatchObjects: {
        path: '/weaviate.v1.Weaviate/BatchObjects',
        requestStream: false,
        responseStream: false,
        requestSerialize: (m: BatchObjectsRequest) => Buffer.from(toBinary(BatchObjectsRequestSchema, m)),
        requestDeserialize: (b: Buffer) => fromBinary(BatchObjectsRequestSchema, b),
        responseSerialize: (m: BatchObjectsReply) => Buffer.from(toBinary(BatchObjectsReplySchema, m)),
        responseDeserialize: (b: Buffer) => fromBinary(BatchObjectsReplySchema, b),
      },
    },
    {
      BatchObjects: (call: ServerUnaryCall<BatchObjectsRequest, unknown>, callback: sendUnaryData<unknown>) => {
        unaryInFlight.push(++unaryCalls)
        for (const o of call.request.objects) {
          unaryUuids.push(o.uuid)
          written.set(o.uuid, (written.get(o.uuid) ?? 0) + 1)
        }
        setTimeout(() => {
          unaryCalls -= 1
          callback(null, create(BatchObjectsReplySchema, {}))
        }, script.unaryDelayMs ?? 0)
      },
    },
  )
  server.addService(
    {
      BatchStream: {
        path: '/weaviate.v1.Weaviate/BatchStream',
        requestStream: true,
        responseStream: true,
        requestSerialize: (m: BatchStreamRequest) => Buffer.from(toBinary(BatchStreamRequestSchema, m)),
        requestDeserialize: (b: Buffer) => fromBinary(BatchStreamRequestSchema, b),
        responseSerialize: (m: BatchStreamReply) => Buffer.from(toBinary(BatchStreamReplySchema, m)),
        responseDeserialize: (b: Buffer) => fromBinary(BatchStreamReplySchema, b),
      },
    },
    {
      BatchStream: (call: ServerDuplexStream<BatchStreamRequest, BatchStreamReply>) => {
        const stream = streams++
        const uuidsOfStream: string[] = []
        streamUuids.push(uuidsOfStream)
        const authorization = call.metadata.get('authorization')[0]
        streamAuthorizations.push(typeof authorization === 'string' ? authorization : undefined)
        if (script.streamUnimplemented === true) {
          // What grpc-js answers for a method it does not serve (a server or proxy without it).
          call.emit('error', { code: status.UNIMPLEMENTED, details: 'unknown method BatchStream for service weaviate.v1.Weaviate' })
          return
        }
        /** Results held for the next `Data` message (`late`). */
        let held: Answer[] = []
        let data = 0
        /** No more data taken on this stream (memory pressure, shutdown). */
        let refusing = false
        let ended = false
        const results = (answered: readonly Answer[]): BatchStreamReply => {
          for (const a of answered) if (a.error === undefined) written.set(a.uuid, (written.get(a.uuid) ?? 0) + 1)
          return reply({
            case: 'results',
            value: {
              errors: answered.flatMap((a) => (a.error === undefined ? [] : [{ error: a.error, detail: { case: 'uuid' as const, value: a.uuid } }])),
              successes: answered.flatMap((a) => (a.error === undefined ? [{ detail: { case: 'uuid' as const, value: a.uuid } }] : [])),
            },
          })
        }
        const end = (): void => {
          if (ended) return
          ended = true
          call.end()
        }
        // grpc-js also reports a call the stub ended itself as cancelled: only a cancel before counts.
        call.on('cancelled', () => {
          if (!ended) cancelled.add(1)
        })
        // The client stopped sending: the server ends the stream (after a cancel, which grpc-js
        // also reports as the end of the client's messages, has had its turn to be counted).
        call.on('end', () => setImmediate(end))
        call.on('data', (request: BatchStreamRequest) => {
          if (refusing) return
          const m = request.message
          if (m.case === 'start') {
            starts.push(m.value)
            call.write(reply({ case: 'started', value: {} }))
            if (script.backoff !== undefined) call.write(reply({ case: 'backoff', value: { batchSize: script.backoff } }))
            return
          }
          if (m.case !== 'data') return
          const n = data++
          const values = m.value.objects?.values ?? []
          const uuids = values.map((v) => v.uuid)
          const answers = uuids.map((uuid): Answer => {
            const occurrence = arrivals.get(uuid) ?? 0
            arrivals.set(uuid, occurrence + 1)
            return { uuid, late: script.late?.(uuid, occurrence) === true, error: script.refuse?.(uuid, occurrence) }
          })
          uuidsOfStream.push(...uuids)
          dataSizes.push(values.length)
          objects.add(values.length)
          if (script.outOfMemory?.(stream, n) === true) {
            call.write(reply({ case: 'outOfMemory', value: { uuids, beacons: [], waitTime: 0 } }))
            refusing = true
            end()
            return
          }
          call.write(reply({ case: 'acks', value: { uuids, beacons: [] } }))
          if (script.shutDown?.(stream, n) === true) {
            call.write(reply({ case: 'shuttingDown', value: { } }))
            // The results of this stream's objects are lost: the client sends them again elsewhere.
            refusing = true
            return
          }
          if (script.holdResults?.(stream) === true) return
          if (held.length > 0) call.write(results(held))
          held = answers.filter((a) => a.late)
          call.write(results(answers.filter((a) => !a.late && script.neverAnswer?.(a.uuid) !== true)))
        })
      },
    },
  )
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e === null ? resolve(p) : reject(e))),
  )
  return {
    url: `http://127.0.0.1:${port}`,
    dataSizes,
    starts,
    streamUuids,
    streamAuthorizations,
    unaryUuids,
    written,
    unaryInFlight,
    cancelled: () => cancelled.get(),
    received: (n) => objects.reached(n),
    cancellations: (n) => cancelled.reached(n),
    close: () =>
      new Promise<void>((resolve) => {
        server.forceShutdown()
        resolve()
      }),
  }
}
