/**
 * A client never writes to a gRPC address it guessed. Two real servers on one host that accept
 * the same API key (two copies of one service): A on Weaviate's default ports (REST 8080, gRPC
 * 50051), B on free ports. Before, a client given only B's URL sent its gRPC to B's host on port
 * 50051, that is into A. Now a REST URL is paired with port 50051 only when it is on port 8080:
 * B's client writes to B as gRPC-Web on B's own URL (`grpc: 'auto'`, the default; with
 * `grpc: 'native'` over REST, with one warning saying how to pass `grpcUrl`), and A's client,
 * given only A's URL, still writes over gRPC on 50051. A needs 8080 and 50051 free on 127.0.0.1:
 * when another program holds one, its start fails with a `PortInUse` error naming the port.
 */
import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, ConnectOptions, connect } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { GRPC_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { DEFAULT_GRPC_PORT, DEFAULT_REST_PORT } from '../../lib/transport/grpc/address'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { countObjects, createClass } from '../helpers/fixtures'
import { guardAgainstLeaks, uniqueClassName } from '../helpers/server'
import { ownHandles } from '../helpers/own-handles'

const Rows = uniqueClassName('GrpcAddressRows')
const COUNT = 40
const KEY = randomBytes(24).toString('base64url')
/** Both servers take the same key, so a batch sent to the wrong one would be written there. */
const SHARED_KEY = {
  AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
  AUTHENTICATION_APIKEY_ENABLED: 'true',
  AUTHENTICATION_APIKEY_ALLOWED_KEYS: KEY,
  AUTHENTICATION_APIKEY_USERS: 'spec-user',
}
const leaks = guardAgainstLeaks()
const servers: { a?: EmbeddedWeaviate; b?: EmbeddedWeaviate } = {}
const releases: Array<() => void> = []

const started = (name: 'a' | 'b'): EmbeddedWeaviate => {
  const server = servers[name]
  if (server === undefined) throw new Error(`server ${name} never started`)
  return server
}
const target = (name: 'a' | 'b') => ({ url: started(name).url, apiKey: KEY })

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

beforeAll(async () => {
  // A's ports are fixed: a clash is not retried, it is reported with the port.
  servers.a = await startEmbedded({ log: quietLog, port: DEFAULT_REST_PORT, grpcPort: DEFAULT_GRPC_PORT, env: SHARED_KEY })
  releases.push(leaks.allow({ pid: servers.a.pid, dataDir: servers.a.dataDir }))
  servers.b = await retryOnPortClash(() => startEmbedded({ log: quietLog, env: SHARED_KEY }))
  releases.push(leaks.allow({ pid: servers.b.pid, dataDir: servers.b.dataDir }))
  for (const name of ['a', 'b'] as const) await createClass(target(name), { class: Rows, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
}, 240_000)

const warnings: string[] = []
let spy: jest.SpyInstance | undefined
beforeEach(() => {
  warnings.length = 0
  spy = jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, options?: unknown) => {
    const code = typeof options === 'object' && options !== null && 'code' in options ? options.code : undefined
    if (code === GRPC_FALLBACK_WARNING) warnings.push(String(warning))
  })
})
afterEach(() => spy?.mockRestore())

const rows = (from: number, n: number): BatchObject[] => Array.from({ length: n }, (_, i) => ({ className: Rows, dataObject: { n: from + i }, vector: [from + i, 1] }))

/** Writes `items` with a fresh client, twice the batch size apart, and returns its results. */
const write = async (options: ConnectOptions, items: BatchObject[], transport?: 'grpc'): Promise<E.Either<unknown, unknown>[]> => {
  const client = connect(options)
  try {
    return await lastValueFrom(client.objects.batch(items, { batchSize: 10, ...(transport === undefined ? {} : { transport }) }).pipe(toArray()))
  } finally {
    await client.close()
  }
}

describe('two servers on one host, A on ports 8080 and 50051', () => {
  // Inside the describe, so the servers stop before the leak guard's own afterAll looks.
  afterAll(async () => {
    await Promise.all([servers.a?.stop(), servers.b?.stop()])
    releases.forEach((release) => release())
  })

  it("a client given only B's URL writes every object to B (gRPC-Web on B's URL) and none to A, without a warning", async () => {
    const before = { a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }
    const results = await write(target('b'), rows(0, COUNT))
    expect(results.filter(E.isRight)).toHaveLength(COUNT)
    expect(await countObjects(target('b'), Rows)).toBe(before.b + COUNT)
    expect(await countObjects(target('a'), Rows)).toBe(before.a)
    expect(warnings).toEqual([])
  })

  it("a client given only B's URL and grpc: 'native' writes every object to B and none to A, warning once how to pass grpcUrl", async () => {
    const before = { a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }
    const results = await write({ ...target('b'), grpc: 'native' }, rows(400, COUNT))
    expect(results.filter(E.isRight)).toHaveLength(COUNT)
    expect(await countObjects(target('b'), Rows)).toBe(before.b + COUNT)
    expect(await countObjects(target('a'), Rows)).toBe(before.a)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(`no grpcUrl was given, and ${started('b').url} is not on Weaviate's default REST port 8080`)
    expect(warnings[0]).toContain('grpcUrl')
  })

  it("a call that asks for gRPC on B's client without grpcUrl writes to B as gRPC-Web, and none to A", async () => {
    const before = { a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }
    const results = await write(target('b'), rows(500, 5), 'grpc')
    expect(results.filter(E.isRight)).toHaveLength(5)
    expect({ a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }).toEqual({ a: before.a, b: before.b + 5 })
  })

  it("a call that asks for gRPC on B's client with grpc: 'native' and without grpcUrl is one ArgumentValueError, and neither server gets an object", async () => {
    const before = { a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }
    const results = await write({ ...target('b'), grpc: 'native' }, rows(100, 5), 'grpc')
    expect(results).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'transport' }))])
    expect({ a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }).toEqual(before)
  })

  it("B's client writes over gRPC to B when given B's gRPC address as host:port", async () => {
    const before = { a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }
    const results = await write({ ...target('b'), grpcUrl: `127.0.0.1:${started('b').ports.grpc}`, transport: 'grpc' }, rows(200, COUNT))
    expect(results.filter(E.isRight)).toHaveLength(COUNT)
    expect({ a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }).toEqual({ a: before.a, b: before.b + COUNT })
  })

  it("a client given only A's URL on port 8080 writes to A over gRPC on 50051, without a warning", async () => {
    expect(started('a').url).toBe(`http://127.0.0.1:${DEFAULT_REST_PORT}`)
    const before = { a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }
    const results = await write(target('a'), rows(300, COUNT))
    expect(results.filter(E.isRight)).toHaveLength(COUNT)
    expect(warnings).toEqual([])
    expect({ a: await countObjects(target('a'), Rows), b: await countObjects(target('b'), Rows) }).toEqual({ a: before.a + COUNT, b: before.b })
  })
})
