/**
 * `transport: 'auto'` writes over REST, with one warning naming the reason, when the server has no
 * gRPC API the client can use: a server older than 1.24 (the 1.18.6 test server), or a gRPC port
 * where nothing answers. With a working gRPC port it writes over gRPC and warns nothing. Every test
 * closes its own client; one that tried a dead gRPC port then outwaits grpc-js's reconnect backoff
 * (RECONNECT_BACKOFF in spec/helpers/own-handles.ts), so the exact own-handles check runs after each.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchGrpcMethod, BatchObject, Client, ConnectOptions, connect } from '../../lib'
import { GRPC_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { createClass, countObjects, deleteClass } from '../helpers/fixtures'
import { startGrpcStub } from '../helpers/grpc-stub'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateConnection, weaviateUrl } from '../helpers/server'
import { apiKeyOption, grpcServerUrl, serverUrl } from '../helpers/versions'

const Old = uniqueClassName('GrpcFallbackOld')
const Current = uniqueClassName('GrpcFallbackCurrent')

const warnings: string[] = []
/** Records the fallback warnings (and lets the others through, silently). */
const recordWarnings = (): jest.SpyInstance =>
  jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, options?: unknown) => {
    const code = typeof options === 'object' && options !== null && 'code' in options ? options.code : undefined
    if (code === GRPC_FALLBACK_WARNING) warnings.push(String(warning))
  })
let spy: jest.SpyInstance | undefined

const rows = (className: string, n: number): BatchObject[] => Array.from({ length: n }, (_, i) => ({ className, dataObject: { n: i } }))

/** Writes `n` objects with a fresh client and returns how many were Rights. */
const importWith = async (options: ConnectOptions, className: string, n: number, grpcMethod?: BatchGrpcMethod): Promise<number> => {
  const client: Client = connect(options)
  try {
    const results = await lastValueFrom(client.objects.batch(rows(className, n), grpcMethod === undefined ? {} : { grpcMethod }).pipe(toArray()))
    return results.filter(E.isRight).length
  } finally {
    await client.close()
  }
}

beforeAll(async () => {
  spy = recordWarnings()
  await createClass(serverUrl('1.18.6'), { class: Old, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  await createClass(weaviateUrl(), { class: Current, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
})

afterAll(async () => {
  spy?.mockRestore()
  await deleteClass(serverUrl('1.18.6'), Old)
  await deleteClass(weaviateUrl(), Current)
})

beforeEach(() => {
  warnings.length = 0
})

// No timer of the library's left after any test; nothing of it at all after the last.
const tracker = ownHandles()

describe("transport 'auto'", () => {
  it('imports over REST into a 1.18.6 server and warns once, naming the version', async () => {
    expect(await importWith({ url: serverUrl('1.18.6'), ...apiKeyOption(serverUrl('1.18.6')) }, Old, 30)).toBe(30)
    expect(await countObjects(serverUrl('1.18.6'), Old)).toBe(30)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/1\.18\.6.*1\.25\.0/)
  })

  it('imports over REST when nothing answers on the gRPC port, and warns once, naming the health check', async () => {
    const client = connect({ ...weaviateConnection(), grpcUrl: 'http://127.0.0.1:1' })
    try {
      for (let round = 0; round < 2; round++) {
        const results = await lastValueFrom(client.objects.batch(rows(Current, 10)).pipe(toArray()))
        expect(results.filter(E.isRight)).toHaveLength(10)
      }
    } finally {
      await client.close()
      await tracker.outwaitReconnectBackoff()
    }
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/health check at http:\/\/127\.0\.0\.1:1 failed/)
  })

  it('imports over gRPC when the server has it, without a warning', async () => {
    expect(await importWith({ ...weaviateConnection(), grpcUrl: grpcServerUrl('1.39.0') }, Current, 10)).toBe(10)
    expect(warnings).toEqual([])
  })

  it('sends the import to the gRPC address when the version and the health check allow it', async () => {
    const stub = await startGrpcStub(() => ({ kind: 'ok' }))
    try {
      // The stub speaks BatchObjects; grpc: 'native' keeps the unary BatchObjects on grpc-js (by
      // default it would go as gRPC-Web on the url, spec/grpc-web/choice.spec.ts).
      expect(await importWith({ ...weaviateConnection(), grpcUrl: stub.url, grpc: 'native' }, Current, 10, 'unary')).toBe(10)
      expect(stub.requests.map((r) => r.objects.length)).toEqual([10])
    } finally {
      await stub.close()
    }
  })
})

describe("transport 'rest'", () => {
  it('imports over REST without probing gRPC and without a warning', async () => {
    expect(await importWith({ ...weaviateConnection(), grpcUrl: 'http://127.0.0.1:1', transport: 'rest' }, Current, 10)).toBe(10)
    expect(warnings).toEqual([])
  })
})

describe("transport 'grpc'", () => {
  it('fails every object with the connection error when nothing answers on the gRPC port', async () => {
    const client = connect({ url: weaviateUrl(), grpcUrl: 'http://127.0.0.1:1', transport: 'grpc', retry: false })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Current, 3)).pipe(toArray()))
      expect(results.map((r) => (E.isLeft(r) && 'cause' in r.left ? (r.left.cause as { code?: string }).code : 'right'))).toEqual(['UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE'])
    } finally {
      await client.close()
      await tracker.outwaitReconnectBackoff()
    }
  })

  it('is chosen per call over the client setting', async () => {
    const client = connect({ ...weaviateConnection(), grpcUrl: 'http://127.0.0.1:1', transport: 'grpc', retry: false })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Current, 3), { transport: 'rest' }).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(3)
    } finally {
      await client.close()
    }
  })
})
