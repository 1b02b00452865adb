/**
 * `objects.batch` over server-side batching (`grpcMethod: 'stream'`, `BatchStream`): the same
 * per-object results as `BatchObjects` on the 1.39.0 test server, every object exactly once when
 * connections are cut mid-import, older servers unaffected; and, against a stub for what a real
 * server does not do on demand, the batch size the server asks for, the objects it refuses under
 * memory pressure, a shutdown, and cancellation. Every test closes the clients it makes (a
 * describe's shared client at its end); the test with a dead node outwaits grpc-js's reconnect
 * backoff (RECONNECT_BACKOFF in spec/helpers/own-handles.ts), so the exact own-handles check runs
 * after each test.
 */
import { randomBytes } from 'node:crypto'
import * as net from 'node:net'
import * as E from 'fp-ts/Either'
import { asyncScheduler, interval, lastValueFrom, mergeMap, take, toArray } from 'rxjs'
import { BatchObject, Client, WeaviateError, connect } from '../../lib'
import type { BatchWritten } from '../../lib/objects/batch'
import { EmbeddedWeaviate, startEmbedded } from '../../lib/embedded'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { createClass, countObjects, deleteClass } from '../helpers/fixtures'
import { BatchStreamScript, BatchStreamStub, startBatchStreamStub } from '../helpers/batch-stream-stub'
import { guardAgainstLeaks, uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { batchStreamSender } from '../../lib/batch/grpc/batch-stream'
import { STREAM_WINDOW_OBJECTS } from '../../lib/batch/grpc/batch-stream-framing'
import { grpcNodes } from '../../lib/transport/grpc/address'
import { prepareGrpcObject } from '../../lib/batch/grpc/batch-object'
import { createGrpc } from '../../lib/transport/grpc/pipeline'
import { DEFAULT_TIMEOUT, StreamBearer } from '../../lib/transport/http/options'
import { DEFAULT_RETRY } from '../../lib/transport/http/retry'
import { BATCH_STREAM_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { startGrpcStub } from '../helpers/grpc-stub'
import { ownHandles } from '../helpers/own-handles'
import { startTcpProxy } from '../helpers/tcp-proxy'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'

// No timer of the library's left after any test; nothing of it at all after the last.
const tracker = ownHandles()

const id = (i: number): string => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`

const properties = [
  { name: 'title', dataType: ['text'] },
  { name: 'n', dataType: ['int'] },
  { name: 'when', dataType: ['date'] },
]

/** Written rows, rows the server refuses, malformed rows, an overwrite, a UUID given twice. */
const script = (className: string): unknown[] => [
  { className, uuid: id(1), dataObject: { title: 'plain', n: 1 } },
  { className, uuid: id(2), dataObject: { title: 'with a vector' }, vector: [0.1, 0.2, 0.3] },
  { className, uuid: id(3), dataObject: { n: 'not a number' } },
  { className, uuid: id(4), dataObject: { n: 1.5 } },
  { className, uuid: id(5), dataObject: { when: 'yesterday' } },
  { className, dataObject: 'not an object' },
  { className, uuid: 'not-a-uuid', dataObject: {} },
  { className, uuid: id(1), dataObject: { title: 'overwritten', n: 2 } },
  { className, uuid: id(9), dataObject: { title: 'a vector of another length' }, vector: [1, 2] },
  { className, uuid: id(10), dataObject: {}, vector: [1, Number.NaN] },
  { className, uuid: id(11), dataObject: { unknownProperty: 'auto-schema adds it' } },
  { className, uuid: id(13), dataObject: {}, tenant: 'a tenant of a class without tenants' },
  { className, uuid: id(14), dataObject: { title: 'last' }, vector: new Float32Array([0, 1, 0]) },
]

type Outcome = readonly [number, string, string | readonly string[]]

const outcome =
  (className: string) =>
  (r: E.Either<WeaviateError, BatchWritten>): Outcome =>
    E.isRight(r)
      ? [r.right.index, 'right', r.right.uuid]
      : [
          'index' in r.left && typeof r.left.index === 'number' ? r.left.index : -1,
          r.left._tag,
          'messages' in r.left ? r.left.messages.map((m) => m.replaceAll(className, 'C')) : [],
        ]

const results = (client: Client, rows: unknown[], options: Parameters<Client['objects']['batch']>[1]) =>
  lastValueFrom(client.objects.batch(rows as BatchObject[], options).pipe(toArray()))

const rows = (className: string, count: number): BatchObject[] =>
  Array.from({ length: count }, (_, n) => ({ className, uuid: id(100_000 + n), dataObject: { n }, vector: [n / count, 1, 0] }))

/** Every index once, each a Right: the import's results are complete and all written. */
const everyIndexWritten = (all: ReadonlyArray<E.Either<WeaviateError, BatchWritten>>, count: number): void => {
  expect(all.filter(E.isLeft)).toEqual([])
  const indexes = all.flatMap((r) => (E.isRight(r) ? [r.right.index] : [])).sort((a, b) => a - b)
  expect(indexes).toEqual(Array.from({ length: count }, (_, n) => n))
}

describe('objects.batch over BatchStream on the 1.39.0 server', () => {
  const ViaUnary = uniqueClassName('StreamDiffUnary')
  const ViaStream = uniqueClassName('StreamDiffStream')
  let client: Client

  beforeAll(async () => {
    client = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc' })
    await createClass(weaviateUrl(), { class: ViaUnary, vectorizer: 'none', properties })
    await createClass(weaviateUrl(), { class: ViaStream, vectorizer: 'none', properties })
  })

  afterAll(async () => {
    await deleteClass(weaviateUrl(), ViaUnary)
    await deleteClass(weaviateUrl(), ViaStream)
    await client.close()
  })

  it('gives every object the same result as BatchObjects: the same index, tag and server reasons', async () => {
    const unary = (await results(client, script(ViaUnary), { batchSize: 4, concurrency: 1, grpcMethod: 'unary' })).map(outcome(ViaUnary))
    const stream = (await results(client, script(ViaStream), { batchSize: 4, concurrency: 1, grpcMethod: 'stream' })).map(outcome(ViaStream))
    const byIndex = (a: Outcome, b: Outcome) => a[0] - b[0]
    expect(stream.sort(byIndex)).toEqual(unary.sort(byIndex))
    expect(unary.filter((o) => o[1] === 'right').length).toBeGreaterThan(3)
    expect(unary.filter((o) => o[1] !== 'right').length).toBeGreaterThan(3)
  })

  it('leaves the same objects on the server as BatchObjects', async () => {
    const state = async (className: string) =>
      (await lastValueFrom(client.objects.stream({ className, withVector: true }).pipe(toArray())))
        .map((o) => {
          if (E.isLeft(o)) throw o.left
          const { class: _c, creationTimeUnix: _t1, lastUpdateTimeUnix: _t2, ...rest } = o.right
          return rest
        })
        .sort((a, b) => a.id.localeCompare(b.id))
    expect(await state(ViaStream)).toEqual(await state(ViaUnary))
  })

  it('fails every object once, with the 401 as its cause, when the API key is wrong', async () => {
    const wrong = connect({ ...weaviateConnection(), apiKey: 'not-the-key', grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc', retry: false })
    try {
      const all = await results(wrong, rows(ViaStream, 5), { grpcMethod: 'stream' })
      expect(all.map((r) => (E.isLeft(r) && r.left._tag === 'BatchObjectError' ? [r.left.index, (r.left.cause as { status?: number } | undefined)?.status] : r))).toEqual([
        [0, 401],
        [1, 401],
        [2, 401],
        [3, 401],
        [4, 401],
      ])
    } finally {
      await wrong.close()
    }
  })

  it('gives every object of classes autoschema creates, mixed in one batch, its result on the first stream', async () => {
    const classes = [uniqueClassName('StreamNewA'), uniqueClassName('StreamNewB'), uniqueClassName('StreamNewC')]
    // No retry and a short attempt timeout: an object the stream leaves without a result fails.
    const strict = connect({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc', retry: false, timeout: { attemptMs: 5_000, totalMs: 60_000 } })
    try {
      const mixed = Array.from({ length: 200 }, (_, n) => ({ className: classes[n % 3] ?? '', uuid: id(200_000 + n), dataObject: { title: `t${n}`, n } }))
      everyIndexWritten(await results(strict, mixed, { batchSize: 100, concurrency: 2, grpcMethod: 'stream' }), 200)
    } finally {
      await strict.close()
      for (const c of classes) await deleteClass(weaviateUrl(), c)
    }
  })

  it.each([['rest'], ['unary'], ['stream']] as const)(
    'writes every object of one class autoschema creates while four batches are in flight (%s)',
    async (method) => {
      const NewClass = uniqueClassName('StreamRace')
      const racing = method === 'rest' ? connect({ ...weaviateConnection(), transport: 'rest' }) : client
      try {
        const all = Array.from({ length: 400 }, (_, n) => ({ className: NewClass, uuid: id(300_000 + n), dataObject: { title: `t${n}`, n } }))
        everyIndexWritten(await results(racing, all, { batchSize: 50, concurrency: 4, ...(method === 'rest' ? {} : { grpcMethod: method }) }), 400)
      } finally {
        if (racing !== client) await racing.close()
        await deleteClass(weaviateUrl(), NewClass)
      }
    },
  )

  it('refuses a grpcMethod it does not know before sending anything', async () => {
    const all = await results(client, script(ViaStream), { grpcMethod: 'bidi' as 'stream' })
    expect(all).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'grpcMethod' }))])
  })
})

describe('objects.batch over BatchStream when connections are cut mid-import', () => {
  const Cut = uniqueClassName('StreamCut')
  const COUNT = 3_000

  beforeAll(() => createClass(weaviateUrl(), { class: Cut, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
  afterAll(() => deleteClass(weaviateUrl(), Cut))

  it('writes every object exactly once and reports each once as written', async () => {
    const proxy = await startTcpProxy(grpcServerUrl('1.39.0'), { cutEveryBytes: 60_000, maxCuts: 3 })
    const cut = connect({ ...weaviateConnection(), grpcUrl: proxy.url, transport: 'grpc', retry: { attempts: 6, baseDelayMs: 20 } })
    try {
      const all = await results(cut, rows(Cut, COUNT), { batchSize: 100, concurrency: 2, grpcMethod: 'stream' })
      expect(proxy.cuts()).toBe(3)
      everyIndexWritten(all, COUNT)
      expect(all.length).toBe(COUNT)
      expect(await countObjects(weaviateUrl(), Cut)).toBe(COUNT)
    } finally {
      await cut.close()
      await proxy.close()
    }
  })
})

/** A port on 127.0.0.1 that nothing listens on (bound, then closed): connections to it are refused. */
const closedPort = async (): Promise<number> => {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('objects.batch over gRPC with two nodes, the first one dead (a closed port)', () => {
  const COUNT = 500

  it.each([['stream'], ['unary']] as const)('writes every object exactly once through the second node (%s)', async (method) => {
    const Failover = uniqueClassName('StreamFailover')
    await createClass(weaviateUrl(), { class: Failover, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    const twoNodes = connect({
      ...weaviateConnection(),
      grpcUrl: [`http://127.0.0.1:${await closedPort()}`, grpcServerUrl('1.39.0')],
      transport: 'grpc',
      retry: { attempts: 3, baseDelayMs: 10 },
    })
    try {
      const all = await results(twoNodes, rows(Failover, COUNT), { batchSize: 50, concurrency: 2, grpcMethod: method })
      everyIndexWritten(all, COUNT)
      expect(all.length).toBe(COUNT)
      expect(await countObjects(weaviateUrl(), Failover)).toBe(COUNT)
    } finally {
      await twoNodes.close()
      // The dead node's subchannel keeps its reconnect backoff after the close: outwaited here, in the test.
      await tracker.outwaitReconnectBackoff()
      await deleteClass(weaviateUrl(), Failover)
    }
  })
})

describe('objects.batch over BatchStream on a server whose gRPC messages are limited to 100 kB', () => {
  const leaks = guardAgainstLeaks()

  it('writes every object of a batch larger than the limit, in smaller messages', async () => {
    const server = await retryOnPortClash(() => startEmbedded({ log: quietLog, env: { GRPC_MAX_MESSAGE_SIZE: '100000' } }))
    const release = leaks.allow({ pid: server.pid, dataDir: server.dataDir })
    const client = connect({ ...server.connection, transport: 'grpc' })
    try {
      const Large = uniqueClassName('StreamLarge')
      await createClass(server.connection, { class: Large, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
      const large = Array.from({ length: 200 }, (_, n): BatchObject => ({ className: Large, dataObject: { n }, vector: new Float32Array(256).fill(n) }))
      const all = await results(client, large, { batchSize: 200, maxBytes: 64 * 1024 * 1024, grpcMethod: 'stream' })
      everyIndexWritten(all, 200)
      expect(await countObjects(server.connection, Large)).toBe(200)
    } finally {
      await client.close()
      await server.stop()
      release()
    }
  })
})

/** Each object's `[index, cause tag, cause status, cause messages]`, or `[index, 'written']`. */
const causes = (all: ReadonlyArray<E.Either<WeaviateError, BatchWritten>>) =>
  all
    .map((r) => {
      if (E.isRight(r)) return [r.right.index, 'written'] as const
      const cause = (r.left._tag === 'BatchObjectError' ? r.left.cause : r.left) as WeaviateError | undefined
      const status = cause?._tag === 'UnexpectedStatusError' ? cause.status : undefined
      const index = r.left._tag === 'BatchObjectError' ? r.left.index : -1
      return [index, cause?._tag, status, r.left._tag === 'BatchObjectError' ? r.left.messages : []] as const
    })
    .sort((a, b) => a[0] - b[0])

describe('objects.batch over BatchStream when the 1.39.0 server refuses the caller inside the stream', () => {
  const leaks = guardAgainstLeaks()
  // The server's life is an inner block's, so it ends before the outer block checks for leftovers.
  describe('on a server with RBAC: a root key and a viewer key', () => {
    const rootKey = randomBytes(24).toString('base64url')
    const viewerKey = randomBytes(24).toString('base64url')
    let server: EmbeddedWeaviate | undefined
    let release: () => void = () => undefined
    const Guarded = uniqueClassName('StreamGuarded')

    beforeAll(async () => {
      // RBAC: the root user may do everything; the viewer may read (/v1/meta too) but not write.
      const started = await retryOnPortClash(() =>
        startEmbedded({
          log: quietLog,
          env: {
            AUTHENTICATION_APIKEY_ENABLED: 'true',
            AUTHENTICATION_APIKEY_ALLOWED_KEYS: `${rootKey},${viewerKey}`,
            AUTHENTICATION_APIKEY_USERS: 'root-user,viewer-user',
            AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
            AUTHORIZATION_RBAC_ENABLED: 'true',
            AUTHORIZATION_RBAC_ROOT_USERS: 'root-user',
            EXPERIMENTAL_AUTHORIZATION_RBAC_READONLY_USERS: 'viewer-user',
          },
        }),
      )
      server = started
      release = leaks.allow({ pid: started.pid, dataDir: started.dataDir })
      await createClass(started.connection, { class: Guarded, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    })

    afterAll(async () => {
      await server?.stop()
      release()
    })

    const running = (): EmbeddedWeaviate => {
      if (server === undefined) throw new Error('the server never started')
      return server
    }

    it('fails every object once with the error BatchObjects gives when the key may not write, and writes nothing', async () => {
      const viewer = connect({ ...running().connection, apiKey: viewerKey, transport: 'grpc' })
      try {
        const stream = await results(viewer, rows(Guarded, 5), { grpcMethod: 'stream' })
        const unary = await results(viewer, rows(Guarded, 5), { grpcMethod: 'unary' })
        // The server judges each object (the same text on both methods), as REST's per-object errors.
        expect(causes(stream)).toEqual(causes(unary))
        expect(causes(stream)).toEqual(
          [0, 1, 2, 3, 4].map((i) => [i, undefined, undefined, [expect.stringMatching(/forbidden action: user 'viewer-user' has insufficient permissions to update_data/)]]),
        )
        expect(await countObjects(running().connection, Guarded)).toBe(0)
      } finally {
        await viewer.close()
      }
    })

    it('fails every object once with the 401 BatchObjects gives when the stream opens with a key the server does not know', async () => {
      // The version is given, so nothing is read over REST first: the stream itself meets the key.
      const wrong = connect({ ...running().connection, apiKey: 'not-the-key', serverVersion: '1.39.0', transport: 'grpc' })
      try {
        const stream = await results(wrong, rows(Guarded, 5), { grpcMethod: 'stream' })
        const unary = await results(wrong, rows(Guarded, 5), { grpcMethod: 'unary' })
        const refused = (all: ReturnType<typeof causes>) => all.map(([index, tag, status]) => [index, tag, status])
        expect(refused(causes(stream))).toEqual(refused(causes(unary)))
        expect(causes(stream)).toEqual([0, 1, 2, 3, 4].map((i) => [i, 'UnexpectedStatusError', 401, [expect.stringMatching(/BatchStream .*401.*invalid api key/)]]))
        expect(await countObjects(running().connection, Guarded)).toBe(0)
      } finally {
        await wrong.close()
      }
    })
  })
})

describe('objects.batch with grpcMethod on a server without gRPC (1.18.6)', () => {
  const Old = uniqueClassName('StreamOld')

  beforeAll(() => createClass(serverUrl('1.18.6'), { class: Old, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
  afterAll(() => deleteClass(serverUrl('1.18.6'), Old))

  it('writes over REST as before', async () => {
    const warning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
    const old = connect({ url: serverUrl('1.18.6'), ...apiKeyOption(serverUrl('1.18.6')) })
    try {
      const all = await results(old, rows(Old, 50), { grpcMethod: 'stream' })
      everyIndexWritten(all, 50)
      expect(await countObjects(serverUrl('1.18.6'), Old)).toBe(50)
    } finally {
      warning.mockRestore()
      await old.close()
    }
  })
})

describe('objects.batch over BatchStream, against a stub of the server', () => {
  const open: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    for (const o of open.splice(0)) await o.close()
  })

  /** The REST side is the real 1.39.0 server (its version decides); gRPC goes to the stub. */
  const stubbed = async (stubScript: BatchStreamScript): Promise<{ client: Client; stub: BatchStreamStub }> => {
    const stub = await startBatchStreamStub(stubScript)
    const client = connect({ ...weaviateConnection(), grpcUrl: stub.url, transport: 'grpc', retry: { attempts: 4, baseDelayMs: 10 } })
    open.push(stub, client)
    return { client, stub }
  }

  it('cuts Data messages to the batch size the server asks for (Backoff)', async () => {
    const { client, stub } = await stubbed({ backoff: 7 })
    const all = await results(client, rows('Any', 100), { batchSize: 50, concurrency: 1, grpcMethod: 'stream' })
    everyIndexWritten(all, 100)
    // The first message leaves before the server's first answer; every later one has its size.
    expect(stub.dataSizes[0]).toBe(50)
    expect(stub.dataSizes.slice(1)).toEqual([7, 7, 7, 7, 7, 7, 7, 1])
  })

  it('sends the objects the server refused under memory pressure again, on a new stream, each result once', async () => {
    const { client, stub } = await stubbed({ outOfMemory: (stream, data) => stream === 0 && data === 1 })
    const all = await results(client, rows('Any', 40), { batchSize: 10, concurrency: 2, grpcMethod: 'stream' })
    everyIndexWritten(all, 40)
    expect(all.length).toBe(40)
    expect(stub.starts.length).toBe(2)
    expect([...stub.written.values()].every((n) => n === 1)).toBe(true)
    expect(stub.written.size).toBe(40)
  })

  it('stops sending on a stream the server is shutting down and sends what has no result again on a new one', async () => {
    const { client, stub } = await stubbed({ shutDown: (stream, data) => stream === 0 && data === 0 })
    const all = await results(client, rows('Any', 30), { batchSize: 10, concurrency: 2, grpcMethod: 'stream' })
    everyIndexWritten(all, 30)
    expect(all.length).toBe(30)
    expect(stub.starts.length).toBe(2)
    expect(stub.written.size).toBe(30)
  })

  it('cancels the stream at the server when the import is unsubscribed', async () => {
    const { client, stub } = await stubbed({ holdResults: () => true })
    const subscription = client.objects.batch(rows('Any', 30), { batchSize: 10, grpcMethod: 'stream' }).subscribe()
    await stub.received(10)
    subscription.unsubscribe()
    await stub.cancellations(1)
    expect(stub.cancelled()).toBe(1)
  })

  it('sends what has no result again on a new stream when the server says nothing within the attempt timeout', async () => {
    const { client, stub } = await stubbed({ holdResults: (stream) => stream === 0 })
    const all = await results(client, rows('Any', 20), { batchSize: 10, grpcMethod: 'stream', timeout: { attemptMs: 300 } })
    everyIndexWritten(all, 20)
    expect(all.length).toBe(20)
    expect(stub.starts.length).toBe(2)
  })

  /** An object's Left as `[index, cause tag, cause phase, cause timeoutMs]`. */
  const timedOut = (all: ReadonlyArray<E.Either<WeaviateError, BatchWritten>>) =>
    all.flatMap((r) => {
      if (E.isRight(r) || r.left._tag !== 'BatchObjectError') return []
      const cause = r.left.cause as WeaviateError
      return [[r.left.index, cause._tag, cause._tag === 'TimeoutError' ? cause.phase : undefined, cause._tag === 'TimeoutError' ? cause.timeoutMs : undefined]]
    })

  it("fails an object without its result when its request's total deadline passes, and goes on with the other requests", async () => {
    const { client } = await stubbed({ neverAnswer: (uuid) => uuid === id(100_003) })
    const all = await results(client, rows('Any', 30), { batchSize: 10, concurrency: 1, grpcMethod: 'stream', timeout: { totalMs: 300 } })
    expect(all.length).toBe(30)
    expect(timedOut(all)).toEqual([[3, 'TimeoutError', 'total', 300]])
    expect(all.filter(E.isRight).length).toBe(29)
  })

  it('gives an object whose deadline passed the error BatchObjects gives for the same deadline', async () => {
    const { client } = await stubbed({ neverAnswer: () => true })
    const unaryStub = await startGrpcStub(() => ({ kind: 'never' }))
    const unaryClient = connect({ ...weaviateConnection(), grpcUrl: unaryStub.url, transport: 'grpc' })
    open.push(unaryStub, unaryClient)
    const shape = (r: E.Either<WeaviateError, BatchWritten> | undefined) => {
      if (r === undefined || E.isRight(r) || r.left._tag !== 'BatchObjectError') return r
      const { cause, index, messages } = r.left
      const { _tag, method, phase, timeoutMs } = cause as WeaviateError & { method?: string; phase?: string; timeoutMs?: number }
      return { index, messages: messages.map((m) => m.replace(/http:\/\/\S+/, 'URL')), cause: { _tag, method, phase, timeoutMs } }
    }
    const options = { batchSize: 1, timeout: { totalMs: 300 } } as const
    const [stream] = await results(client, rows('Any', 1), { ...options, grpcMethod: 'stream' })
    const [unary] = await results(unaryClient, rows('Any', 1), { ...options, grpcMethod: 'unary' })
    expect(shape(stream)).toEqual(shape(unary))
    expect(shape(stream)).toEqual(expect.objectContaining({ cause: { _tag: 'TimeoutError', method: 'POST', phase: 'total', timeoutMs: 300 } }))
  })

  it('ignores a result that arrives after its object timed out: every object has one result', async () => {
    const late = id(100_003)
    const { client, stub } = await stubbed({ late: (uuid) => uuid === late })
    const all = await results(client, rows('Any', 30), { batchSize: 10, concurrency: 1, grpcMethod: 'stream', timeout: { totalMs: 300 } })
    expect(stub.written.get(late)).toBe(1)
    expect(all.length).toBe(30)
    expect(all.map((r) => (E.isRight(r) ? r.right.index : r.left._tag === 'BatchObjectError' ? r.left.index : -1)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, n) => n),
    )
    expect(timedOut(all)).toEqual([[3, 'TimeoutError', 'total', 300]])
  })

  it('does not send an object again once its deadline has passed', async () => {
    const never = id(100_003)
    // The second Data message (the second request, sent after the first timed out) is lost to a
    // shutdown: the client sends what still waits on a new stream.
    const { client, stub } = await stubbed({ neverAnswer: (uuid) => uuid === never, shutDown: (stream, data) => stream === 0 && data === 1 })
    const all = await results(client, rows('Any', 30), { batchSize: 10, concurrency: 1, grpcMethod: 'stream', timeout: { totalMs: 300 } })
    expect(timedOut(all)).toEqual([[3, 'TimeoutError', 'total', 300]])
    expect(all.length).toBe(30)
    expect(stub.streamUuids.length).toBe(2)
    expect(stub.streamUuids[1]).toEqual(expect.arrayContaining([id(100_010), id(100_019)]))
    expect(stub.streamUuids[1]).not.toContain(never)
  })

  describe('with a UUID given twice in one run, whose first copy times out before the server answers it', () => {
    const TWICE = id(100_003)
    // Rows 3 and 13 carry the same UUID; each request (10 rows, one at a time) has 300 ms. The
    // server answers the first copy only when the second request's message arrives, after the
    // first request's deadline: that answer is owed to the copy that timed out, not to the second.
    const twice = rows('Any', 20).map((row, n) => (n === 13 ? { ...row, uuid: TWICE } : row))
    /** The results of the object at `index`: 'written', the server's messages, or the cause's tag. */
    const resultOf = (all: ReadonlyArray<E.Either<WeaviateError, BatchWritten>>, index: number) =>
      all.flatMap((r): Array<string | readonly string[]> => {
        if (E.isRight(r)) return r.right.index === index ? ['written'] : []
        if (r.left._tag !== 'BatchObjectError' || r.left.index !== index) return []
        const cause = r.left.cause as WeaviateError | undefined
        return [cause === undefined ? r.left.messages : cause._tag]
      })

    it.each([
      ['refused', 'written', 'written'],
      ['written', 'refused', ['refused: the second copy']],
    ] as const)('gives the second copy its own result (first copy %s, second %s)', async (first, second, expected) => {
      const { client } = await stubbed({
        late: (uuid, occurrence) => uuid === TWICE && occurrence === 0,
        refuse: (uuid, occurrence) => (uuid === TWICE && [first, second][occurrence] === 'refused' ? `refused: the ${occurrence === 0 ? 'first' : 'second'} copy` : undefined),
      })
      const all = await results(client, twice, { batchSize: 10, concurrency: 1, grpcMethod: 'stream', timeout: { totalMs: 300 } })
      expect(all.length).toBe(20)
      expect(resultOf(all, 3)).toEqual(['TimeoutError'])
      expect(resultOf(all, 13)).toEqual([expected])
    })

    it('gives the second copy its result on a new stream, which owes nothing to the first copy', async () => {
      // The first stream shuts down on the second request's message: that request goes again on a
      // second stream, whose first answer for the UUID is the second copy's.
      const { client, stub } = await stubbed({ late: (uuid, occurrence) => uuid === TWICE && occurrence === 0, shutDown: (stream, data) => stream === 0 && data === 1 })
      const all = await results(client, twice, { batchSize: 10, concurrency: 1, grpcMethod: 'stream', timeout: { totalMs: 300 } })
      expect(stub.starts.length).toBe(2)
      expect(resultOf(all, 3)).toEqual(['TimeoutError'])
      expect(resultOf(all, 13)).toEqual(['written'])
    })
  })

  describe('when the server answers BatchStream with UNIMPLEMENTED', () => {
    const warnings: string[] = []
    let spy: jest.SpyInstance | undefined
    beforeEach(() => {
      warnings.length = 0
      spy = jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, options?: unknown) => {
        const code = typeof options === 'object' && options !== null && 'code' in options ? options.code : undefined
        if (code === BATCH_STREAM_FALLBACK_WARNING) warnings.push(String(warning))
      })
    })
    afterEach(() => spy?.mockRestore())

    const uuids = (count: number): string[] => rows('Any', count).map((r) => r.uuid ?? '')

    it("writes every object once with BatchObjects under grpcMethod 'auto', with one warning naming the reason", async () => {
      const { client, stub } = await stubbed({ streamUnimplemented: true })
      const all = await results(client, rows('Any', 30), { batchSize: 10, concurrency: 2 })
      everyIndexWritten(all, 30)
      expect(all.length).toBe(30)
      expect([...stub.unaryUuids].sort()).toEqual(uuids(30))
      expect(warnings).toEqual([expect.stringMatching(/BatchObjects instead of BatchStream: http:\/\/127\.0\.0\.1:\d+\/weaviate\.v1\.Weaviate\/BatchStream answered UNIMPLEMENTED/)])
    })

    it('remembers it: the next batch of the client writes with BatchObjects at once, without a second warning', async () => {
      const { client, stub } = await stubbed({ streamUnimplemented: true })
      everyIndexWritten(await results(client, rows('Any', 10), { batchSize: 10 }), 10)
      const streams = stub.streamUuids.length
      everyIndexWritten(await results(client, rows('Any', 20), { batchSize: 10 }), 20)
      expect(streams).toBe(1)
      expect(stub.streamUuids.length).toBe(1)
      expect(warnings.length).toBe(1)
    })

    // The stub holds each BatchObjects call 20 ms, so that the calls the client lets overlap do.
    it('keeps BatchObjects to the default concurrency after falling back mid-run: 2 calls in flight, every object written once', async () => {
      const { client, stub } = await stubbed({ streamUnimplemented: true, unaryDelayMs: 20 })
      const all = await results(client, rows('Any', 3_000), {})
      everyIndexWritten(all, 3_000)
      expect(all.length).toBe(3_000)
      expect([...stub.unaryUuids].sort()).toEqual(uuids(3_000))
      expect(Math.max(...stub.unaryInFlight)).toBe(2)
    })

    it('starts the next batch of the client on BatchObjects with the default concurrency: 2 calls in flight', async () => {
      const { client, stub } = await stubbed({ streamUnimplemented: true, unaryDelayMs: 20 })
      everyIndexWritten(await results(client, rows('Any', 10), {}), 10)
      const callsBefore = stub.unaryInFlight.length
      everyIndexWritten(await results(client, rows('Any', 3_000), {}), 3_000)
      expect(stub.streamUuids.length).toBe(1)
      expect(Math.max(...stub.unaryInFlight.slice(callsBefore))).toBe(2)
    })

    it("fails every object with the mapped UNIMPLEMENTED error under grpcMethod 'stream', writing nothing", async () => {
      const { client, stub } = await stubbed({ streamUnimplemented: true })
      const all = await results(client, rows('Any', 5), { grpcMethod: 'stream' })
      expect(
        all.map((r) => {
          if (E.isRight(r) || r.left._tag !== 'BatchObjectError') return r
          const cause = r.left.cause as WeaviateError
          return [r.left.index, cause._tag, cause._tag === 'UnexpectedStatusError' ? [cause.status, cause.body] : undefined]
        }),
      ).toEqual(
        [0, 1, 2, 3, 4].map((i) => [i, 'UnexpectedStatusError', [501, { grpcStatus: 'UNIMPLEMENTED', details: expect.stringContaining('BatchStream') }]]),
      )
      expect(stub.unaryUuids).toEqual([])
      expect(warnings).toEqual([])
    })
  })

  // Stream 0 never reports a result: it receives what the run lets wait, then the attempt timeout
  // sends all of it again on stream 1, which reports every object.
  const heldOnFirstStream = async (options: { readonly concurrency?: number }): Promise<number | undefined> => {
    const { client, stub } = await stubbed({ holdResults: (stream) => stream === 0 })
    const all = await results(client, rows('Any', 2_500), { batchSize: 10, ...options, grpcMethod: 'stream', timeout: { attemptMs: 500 } })
    everyIndexWritten(all, 2_500)
    return stub.streamUuids[0]?.length
  }

  // STREAM_WINDOW_OBJECTS 0 turns the window off.
  ;(STREAM_WINDOW_OBJECTS > 0 ? it : it.skip)(`lets ${STREAM_WINDOW_OBJECTS} objects wait for their results when the call gives no concurrency`, async () => {
    expect(await heldOnFirstStream({})).toBe(STREAM_WINDOW_OBJECTS)
  })

  it('keeps to the concurrency the call gives: batchSize x concurrency objects wait', async () => {
    expect(await heldOnFirstStream({ concurrency: 3 })).toBe(30)
  })

  it('sends the consistency level in the Start message', async () => {
    const { client, stub } = await stubbed({})
    await lastValueFrom(client.objects.batch(rows('Any', 3), { grpcMethod: 'stream', consistencyLevel: 'QUORUM' }).pipe(toArray()))
    expect(stub.starts.map((s) => s.consistencyLevel)).toEqual([2])
  })
})

describe('the BatchStream sender of one run, against a stub of the server', () => {
  it("reopens its stream with the next token at each token's half-life, sending every object once and on one stream", async () => {
    // A real server cannot be told to issue short-lived tokens: spec/slow/oidc.spec.ts runs the
    // same against Weaviate and a real OpenID provider; here the stub shows what each stream carried.
    const stub = await startBatchStreamStub({})
    let tokens = 0
    // Tokens that need renewing every 150 ms; every other one comes asynchronously, as a token
    // past its half-life does (the stream waits for it).
    const forStream = (): StreamBearer | Promise<StreamBearer> => {
      tokens += 1
      const next = { authorization: `Bearer t${tokens}`, renewInMs: 150 }
      return tokens % 2 === 0 ? Promise.resolve(next) : next
    }
    const grpc = createGrpc({ nodes: grpcNodes([weaviateUrl()], stub.url), headers: {}, retry: DEFAULT_RETRY, timeout: DEFAULT_TIMEOUT, bearer: { authorization: () => 'Bearer unary', forStream } })
    const sender = batchStreamSender({ grpc, call: {}, consistencyLevel: undefined, batchSize: 10, scheduler: asyncScheduler })
    const row = (index: number) => {
      const prepared = prepareGrpcObject(undefined)({ className: 'Any', uuid: id(index), dataObject: { n: index } }, index)
      if (E.isLeft(prepared)) throw prepared.left
      return prepared.right
    }
    try {
      // Twenty requests of two objects, one every 50 ms: 1 s, several token half-lives.
      const outcomes = await lastValueFrom(
        interval(50).pipe(
          take(20),
          mergeMap((n) => sender.sendItems([row(2 * n), row(2 * n + 1)])),
          toArray(),
        ),
      )
      const all = outcomes.flat()
      expect(all.map((o) => o.ok)).toEqual(Array.from({ length: 40 }, () => true))
      expect(all.map((o) => o.item.index).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i))
      // Several streams, each with a token of its own, in order.
      expect(stub.streamUuids.length).toBeGreaterThanOrEqual(2)
      expect(stub.streamAuthorizations).toEqual(stub.streamAuthorizations.map((_, i) => `Bearer t${i + 1}`))
      // No object sent twice: over every stream, each UUID arrived once.
      const sent = stub.streamUuids.flat()
      expect(sent.sort()).toEqual(Array.from({ length: 40 }, (_, i) => id(i)).sort())
    } finally {
      sender.close()
      grpc.close()
      await stub.close()
    }
  })

  it('gives a copy of a UUID its own result when an earlier copy was unsubscribed before the server answered it', async () => {
    const TWICE = id(7)
    // The first copy's answer (a refusal) comes only when the second copy's message arrives.
    const stub = await startBatchStreamStub({
      late: (uuid, occurrence) => uuid === TWICE && occurrence === 0,
      refuse: (uuid, occurrence) => (uuid === TWICE && occurrence === 0 ? 'refused: the first copy' : undefined),
    })
    const grpc = createGrpc({ nodes: grpcNodes([weaviateUrl()], stub.url), headers: {}, retry: DEFAULT_RETRY, timeout: DEFAULT_TIMEOUT })
    const sender = batchStreamSender({ grpc, call: {}, consistencyLevel: undefined, batchSize: 10, scheduler: asyncScheduler })
    const copy = (index: number) => {
      const prepared = prepareGrpcObject(undefined)({ className: 'Any', uuid: TWICE, dataObject: { n: index } }, index)
      if (E.isLeft(prepared)) throw prepared.left
      return prepared.right
    }
    try {
      const first = sender.sendItems([copy(0)]).subscribe()
      await stub.received(1)
      first.unsubscribe()
      const outcomes = await lastValueFrom(sender.sendItems([copy(1)]))
      expect(outcomes.map((o) => [o.item.index, o.ok])).toEqual([[1, true]])
    } finally {
      sender.close()
      grpc.close()
      await stub.close()
    }
  })
})
