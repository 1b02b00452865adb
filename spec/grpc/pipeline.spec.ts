/**
 * The gRPC pipeline on the real 1.39.0 test server: calls, the status mapping into the client's
 * error union, and cancellation. Every test owns its pipelines: they are closed after it (a test
 * against a dead port closes its own inside the test and outwaits grpc-js's reconnect backoff),
 * so the exact own-handles check runs after each test.
 */
import { create } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { SchedulerAction, SchedulerLike, asyncScheduler, firstValueFrom } from 'rxjs'
import { status } from '@grpc/grpc-js'
import { connect, isWeaviateError } from '../../lib'
import { grpcNodes } from '../../lib/transport/grpc/address'
import { HealthCheckRequestSchema, HealthCheckResponse_ServingStatus } from '../../lib/proto/generated/grpc/health/v1/health_pb'
import { BatchObjectsRequestSchema } from '../../lib/proto/generated/weaviate/v1/batch_pb'
import { METHODS } from '../../lib/transport/grpc/methods'
import type { GrpcEffect } from '../../lib/transport/grpc/calls'
import { createGrpc } from '../../lib/transport/grpc/pipeline'
import { DEFAULT_TIMEOUT, resolveOptions } from '../../lib/transport/http/options'
import { DEFAULT_RETRY } from '../../lib/transport/http/retry'
import { GrpcStub, startGrpcStub } from '../helpers/grpc-stub'
import { ownHandles } from '../helpers/own-handles'
import { authHeaders, weaviateUrl } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'

const grpcTo = (grpcUrl: string, attempts = 1): GrpcEffect =>
  createGrpc({ nodes: grpcNodes([weaviateUrl()], grpcUrl), headers: authHeaders(), retry: { ...DEFAULT_RETRY, attempts, baseDelayMs: 1 }, timeout: DEFAULT_TIMEOUT })

/** The pipelines the running test made; closed after it. */
const open: GrpcEffect[] = []
const client = (grpcUrl: string, attempts = 1): GrpcEffect => {
  const g = grpcTo(grpcUrl, attempts)
  open.push(g)
  return g
}

// No timer of the library's left after any test; nothing of it at all once its pipelines are closed.
const tracker = ownHandles({ closeAfterEach: async () => open.splice(0).forEach((g) => g.close()) })

/**
 * Runs `use` on a pipeline to a port where nothing listens, closes it, and outwaits the
 * subchannel's reconnect backoff, which the close does not stop (RECONNECT_BACKOFF in
 * spec/helpers/own-handles.ts), so that it ends inside the test.
 */
const withDeadPort = async <T>(use: (g: GrpcEffect) => Promise<T>): Promise<T> => {
  const g = grpcTo('http://127.0.0.1:1', 1)
  try {
    return await use(g)
  } finally {
    g.close()
    await tracker.outwaitReconnectBackoff()
  }
}

describe('a gRPC call', () => {
  it('answers the health check with SERVING', async () => {
    const reply = await firstValueFrom(client(grpcServerUrl('1.39.0')).call(METHODS.health, create(HealthCheckRequestSchema, {})))
    expect(reply.status).toBe(HealthCheckResponse_ServingStatus.SERVING)
  })

  it('fails with a ConnectionError UNAVAILABLE when nothing listens on the port', async () => {
    const result = await withDeadPort((g) => firstValueFrom(g.run(METHODS.health, create(HealthCheckRequestSchema, {}))))
    expect(E.isLeft(result) && result.left._tag === 'ConnectionError' && result.left.code).toBe('UNAVAILABLE')
  })

  it('maps a search of a class that does not exist to an UnexpectedStatusError with the server message', async () => {
    const result = await firstValueFrom(client(grpcServerUrl('1.39.0')).run(METHODS.search, { collection: 'NoSuchClass_x1', limit: 1, uses127Api: true }))
    expect(E.isLeft(result)).toBe(true)
    if (E.isLeft(result)) {
      expect(result.left._tag).toBe('UnexpectedStatusError')
      expect(result.left.message).toMatch(/NoSuchClass_x1/)
    }
  })

  it('writes an empty batch', async () => {
    const reply = await firstValueFrom(client(grpcServerUrl('1.39.0')).call(METHODS.batchObjects, create(BatchObjectsRequestSchema, { objects: [] })))
    expect(reply.errors).toEqual([])
  })

  it('is a WeaviateError on every failure path', async () => {
    const result = await withDeadPort((g) => firstValueFrom(g.run(METHODS.batchObjects, create(BatchObjectsRequestSchema, {}))))
    expect(E.isLeft(result) && isWeaviateError(result.left)).toBe(true)
  })
})

describe('a gRPC call against a server that misbehaves on demand', () => {
  let stub: GrpcStub | undefined
  afterEach(async () => {
    await stub?.close()
    stub = undefined
  })

  it('is sent again after UNAVAILABLE when it is idempotent, and succeeds', async () => {
    const s = (stub = await startGrpcStub((n) => (n === 0 ? { kind: 'status', code: status.UNAVAILABLE, details: 'shutting down' } : { kind: 'ok' })))
    const result = await firstValueFrom(client(s.url, 3).run(METHODS.batchObjects, create(BatchObjectsRequestSchema, {}), { idempotent: true }))
    expect(E.isRight(result)).toBe(true)
    expect(s.requests).toHaveLength(2)
  })

  it('waits between its attempts on the clock the client was given', async () => {
    const s = (stub = await startGrpcStub((n) => (n < 2 ? { kind: 'status', code: status.UNAVAILABLE, details: 'shutting down' } : { kind: 'ok' })))
    const waits: number[] = []
    const clock: SchedulerLike = {
      now: () => asyncScheduler.now(),
      schedule: <T>(work: (this: SchedulerAction<T>, state?: T) => void, delay?: number, state?: T) => {
        waits.push(delay ?? 0)
        return asyncScheduler.schedule(work, delay, state)
      },
    }
    const g = createGrpc(
      { nodes: grpcNodes([weaviateUrl()], s.url), headers: authHeaders(), retry: { ...DEFAULT_RETRY, attempts: 3, baseDelayMs: 1 }, timeout: DEFAULT_TIMEOUT },
      { scheduler: clock },
    )
    open.push(g)
    const result = await firstValueFrom(g.run(METHODS.batchObjects, create(BatchObjectsRequestSchema, {}), { idempotent: true }))
    expect({ ok: E.isRight(result), waits: waits.length, requests: s.requests.length }).toEqual({ ok: true, waits: 2, requests: 3 })
  })

  it('is not sent again after UNAVAILABLE when it is not idempotent', async () => {
    const s = (stub = await startGrpcStub(() => ({ kind: 'status', code: status.UNAVAILABLE, details: 'shutting down' })))
    const result = await firstValueFrom(client(s.url, 3).run(METHODS.batchObjects, create(BatchObjectsRequestSchema, {})))
    expect(E.isLeft(result) && result.left._tag).toBe('ConnectionError')
    expect(s.requests).toHaveLength(1)
  })

  it('fails with a TimeoutError when the server does not answer within the attempt timeout', async () => {
    const s = (stub = await startGrpcStub(() => ({ kind: 'never' })))
    const result = await firstValueFrom(
      client(s.url).run(METHODS.batchObjects, create(BatchObjectsRequestSchema, {}), { timeout: { attemptMs: 300, totalMs: 300 } }),
    )
    expect(E.isLeft(result) && result.left._tag).toBe('TimeoutError')
  })

  it('is cancelled at the server when the subscriber unsubscribes', async () => {
    const s = (stub = await startGrpcStub(() => ({ kind: 'never' })))
    // A deadline far beyond the test's timeout: only the unsubscription can end the call in time.
    const subscription = client(s.url).call(METHODS.batchObjects, create(BatchObjectsRequestSchema, {}), { timeout: FAR }).subscribe()
    await s.received(1)
    subscription.unsubscribe()
    await until(() => s.cancelled() === 1)
    expect(s.cancelled()).toBe(1)
  })

  it('cancels the server call of objects.batch when the import is unsubscribed', async () => {
    const s = (stub = await startGrpcStub(() => ({ kind: 'never' })))
    const viaStub = connect({ url: weaviateUrl(), grpcUrl: s.url, transport: 'grpc', timeout: FAR })
    try {
      const subscription = viaStub.objects.batch([{ className: 'A', dataObject: { n: 1 } }], { grpcMethod: 'unary' }).subscribe()
      await s.received(1)
      subscription.unsubscribe()
      await until(() => s.cancelled() === 1)
      expect(s.cancelled()).toBe(1)
    } finally {
      await viaStub.close()
    }
  })

  it('sends the API key as authorization metadata, as REST sends the header', async () => {
    const s = (stub = await startGrpcStub(() => ({ kind: 'ok' })))
    const g = createGrpc({ nodes: grpcNodes([weaviateUrl()], s.url), headers: resolveOptions({ urls: [weaviateUrl()], apiKey: 'k-1' }).headers, retry: DEFAULT_RETRY, timeout: DEFAULT_TIMEOUT })
    open.push(g)
    const seen: string[] = []
    s.onMetadata((m) => seen.push(String(m.get('authorization')[0])))
    await firstValueFrom(g.call(METHODS.batchObjects, create(BatchObjectsRequestSchema, {})))
    expect(seen).toEqual(['Bearer k-1'])
  })
})

/** Timeouts no test waits for. */
const FAR = { attemptMs: 600_000, totalMs: 600_000 }

/** Polls `done` every 20 ms until it holds (the test's own timeout bounds it). */
const until = async (done: () => boolean): Promise<void> => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20))
}
