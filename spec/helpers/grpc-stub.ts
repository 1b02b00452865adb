/**
 * A hand-made gRPC server on 127.0.0.1 speaking Weaviate's `BatchObjects` and the health check,
 * for what a real Weaviate cannot do on demand: answer with a chosen status, never answer, or
 * report that the client cancelled a call. Built with grpc-js and the library's generated codecs.
 */
import { DescMessage, MessageShape, create, fromBinary, toBinary } from '@bufbuild/protobuf'
import type { DescMethodUnary } from '@bufbuild/protobuf'
import { Metadata, Server, ServerCredentials, ServerUnaryCall, sendUnaryData, status } from '@grpc/grpc-js'
import { Health, HealthCheckResponseSchema, HealthCheckResponse_ServingStatus } from '../../lib/proto/generated/grpc/health/v1/health_pb'
import { BatchObjectsReplySchema, BatchObjectsRequest } from '../../lib/proto/generated/weaviate/v1/batch_pb'
import { Weaviate } from '../../lib/proto/generated/weaviate/v1/service_pb'

/** What the stub does with the n-th BatchObjects call (0-based). */
export type StubAnswer =
  | { readonly kind: 'ok' }
  | { readonly kind: 'status'; readonly code: status; readonly details: string }
  | { readonly kind: 'never' }

export interface GrpcStub {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  /** The BatchObjects requests received, in order. */
  readonly requests: BatchObjectsRequest[]
  /** Calls `see` with the metadata of every BatchObjects call from now on. */
  onMetadata(see: (metadata: Metadata) => void): void
  /** How many calls the client cancelled while the stub held them. */
  cancelled(): number
  /** Resolves when `n` BatchObjects calls have arrived. */
  received(n: number): Promise<void>
  close(): Promise<void>
}

const definition = <I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>) => ({
  path: `/${method.parent.typeName}/${method.name}`,
  requestStream: false,
  responseStream: false,
  requestSerialize: (m: MessageShape<I>) => Buffer.from(toBinary(method.input, m)),
  requestDeserialize: (b: Buffer) => fromBinary(method.input, b),
  responseSerialize: (m: MessageShape<O>) => Buffer.from(toBinary(method.output, m)),
  responseDeserialize: (b: Buffer) => fromBinary(method.output, b),
})

/**
 * Starts the stub; `answer(n)` decides the n-th BatchObjects call.
 *
 * @example
 * ```ts
 * const stub = await startGrpcStub((n) => (n === 0 ? { kind: 'status', code: status.UNAVAILABLE, details: 'later' } : { kind: 'ok' }))
 * ```
 */
export const startGrpcStub = async (answer: (n: number) => StubAnswer): Promise<GrpcStub> => {
  const server = new Server()
  const requests: BatchObjectsRequest[] = []
  const waiters: Array<{ n: number; resolve: () => void }> = []
  let cancelled = 0
  let see: (metadata: Metadata) => void = () => undefined
  server.addService(
    { Check: definition(Health.method.check) },
    {
      Check: (_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
        callback(null, create(HealthCheckResponseSchema, { status: HealthCheckResponse_ServingStatus.SERVING })),
    },
  )
  server.addService(
    { BatchObjects: definition(Weaviate.method.batchObjects) },
    {
      BatchObjects: (call: ServerUnaryCall<BatchObjectsRequest, unknown>, callback: sendUnaryData<unknown>) => {
        const n = requests.length
        requests.push(call.request)
        see(call.metadata)
        for (const w of waiters.filter((w) => requests.length >= w.n)) w.resolve()
        call.on('cancelled', () => (cancelled += 1))
        const a = answer(n)
        if (a.kind === 'ok') callback(null, create(BatchObjectsReplySchema, {}))
        else if (a.kind === 'status') callback({ code: a.code, details: a.details })
      },
    },
  )
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e === null ? resolve(p) : reject(e))),
  )
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    onMetadata: (f) => {
      see = f
    },
    cancelled: () => cancelled,
    received: (n) => (requests.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.forceShutdown()
        resolve()
      }),
  }
}
