/**
 * `grpc: 'web'` and the transport choice: with `transport: 'auto'` a client uses gRPC-Web where
 * the server serves it (1.39.0 here) and falls back to REST, with one warning naming the version,
 * where it does not (1.18.6); `'web'` with `grpcUrl` is refused at `connect`. The default,
 * `grpc: 'auto'`, is gRPC-Web on the url when the client has no gRPC address (the test servers'
 * REST ports are never 8080); with one, batches stream over grpc-js there (seen through a TCP
 * proxy in front of the gRPC port) and unary calls go as gRPC-Web where the server serves it. Each REST or
 * gRPC-Web request's path is recorded by the client's injected dispatcher.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, connect } from '../../lib'
import { GRPC_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { recordingClient } from '../helpers/client'
import { countObjects, createClass, deleteClass } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { startTcpProxy } from '../helpers/tcp-proxy'
import { grpcServerUrl, serverUrl } from '../helpers/versions'

const Current = uniqueClassName('GrpcWebChoice')
const Old = uniqueClassName('GrpcWebChoiceOld')
const rows = (className: string, n: number): BatchObject[] => Array.from({ length: n }, (_, i) => ({ className, dataObject: { n: i } }))

/** What `f` throws (undefined when it returns). */
const thrown = (f: () => unknown): unknown => {
  try {
    f()
    return undefined
  } catch (e) {
    return e
  }
}

const warnings: string[] = []
let spy: jest.SpyInstance | undefined

ownHandles()

beforeAll(async () => {
  spy = jest.spyOn(process, 'emitWarning').mockImplementation((warning: string | Error, options?: unknown) => {
    const code = typeof options === 'object' && options !== null && 'code' in options ? options.code : undefined
    if (code === GRPC_FALLBACK_WARNING) warnings.push(String(warning))
  })
  await createClass(weaviateUrl(), { class: Current, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  await createClass(serverUrl('1.18.6'), { class: Old, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
})

afterAll(async () => {
  spy?.mockRestore()
  await deleteClass(weaviateUrl(), Current)
  await deleteClass(serverUrl('1.18.6'), Old)
})

beforeEach(() => {
  warnings.length = 0
})

describe("grpc: 'web' with transport 'auto'", () => {
  it('writes a batch over gRPC-Web BatchObjects on a server that serves it, after a health check there, without a warning', async () => {
    const { client, requests, close } = recordingClient({ grpc: 'web' })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Current, 10)).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(10)
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path).filter((p) => p !== '/v1/meta')).toEqual(['/v1/grpc-web/grpc.health.v1.Health/Check', '/v1/grpc-web/weaviate.v1.Weaviate/BatchObjects'])
    expect(await countObjects(weaviateUrl(), Current)).toBe(10)
    expect(warnings).toEqual([])
  })

  it('writes over REST into a server without gRPC-Web and warns once, naming the version', async () => {
    const { client, requests, close } = recordingClient({ url: serverUrl('1.18.6'), grpc: 'web' })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Old, 10)).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(10)
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path).filter((p) => p.includes('grpc-web'))).toEqual([])
    expect(await countObjects(serverUrl('1.18.6'), Old)).toBe(10)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/1\.18\.6/)
  })
})

describe("grpc: 'web' with transport 'auto' on a version before gRPC-Web", () => {
  it('writes over REST and warns once, naming the versions that serve gRPC-Web', async () => {
    // The 1.39.0 server taken for a 1.37.0 one (`serverVersion`): the version alone decides.
    const { client, requests, close } = recordingClient({ grpc: 'web', serverVersion: '1.37.0' })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Current, 5)).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(5)
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path).filter((p) => p.includes('grpc-web'))).toEqual([])
    expect(warnings).toEqual([expect.stringContaining('the server is 1.37.0 and gRPC-Web on the REST port needs 1.39.0 (1.38.3 on 1.38.x)')])
  })
})

describe("the default grpc: 'auto' without a gRPC address", () => {
  it('searches over gRPC-Web on the url of a server that serves it, without a warning', async () => {
    // A REST port other than 8080: no gRPC address is paired with it.
    expect(new URL(weaviateUrl()).port).not.toBe('8080')
    const { client, requests, close } = recordingClient()
    try {
      const found = await lastValueFrom(client.query.fetchObjects({ className: Current, limit: 1 }))
      expect(E.isRight(found)).toBe(true)
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path).filter((p) => p !== '/v1/meta')).toEqual(['/v1/grpc-web/grpc.health.v1.Health/Check', '/v1/grpc-web/weaviate.v1.Weaviate/Search'])
    expect(warnings).toEqual([])
  })

  it('writes a batch with gRPC-Web BatchObjects on the url, each object once', async () => {
    const className = uniqueClassName('GrpcWebDefault')
    await createClass(weaviateUrl(), { class: className, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    const { client, requests, close } = recordingClient()
    try {
      const results = await lastValueFrom(client.objects.batch(rows(className, 25), { batchSize: 10 }).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(25)
      expect(new Set(requests.map((r) => r.path).filter((p) => p.includes('Weaviate/')))).toEqual(new Set(['/v1/grpc-web/weaviate.v1.Weaviate/BatchObjects']))
      expect(await countObjects(weaviateUrl(), className)).toBe(25)
    } finally {
      await close()
      await deleteClass(weaviateUrl(), className)
    }
  })

  it("answers grpcMethod 'stream' with one ArgumentValueError naming grpcUrl, and writes nothing", async () => {
    const { client, requests, close } = recordingClient()
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Current, 3), { grpcMethod: 'stream' }).pipe(toArray()))
      expect(results).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'grpcMethod', message: expect.stringContaining('grpcUrl') as unknown }))])
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path).filter((p) => p.includes('Weaviate/') || p.startsWith('/v1/batch'))).toEqual([])
  })

  it('writes over REST into a 1.18.6 server and warns once, naming the version the gRPC API needs', async () => {
    const { client, requests, close } = recordingClient({ url: serverUrl('1.18.6') })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Old, 4)).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(4)
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path)).toContain('/v1/batch/objects')
    expect(warnings).toEqual([expect.stringMatching(/the server is 1\.18\.6 and the gRPC API needs 1\.25\.0/)])
  })

  it('on a version before gRPC-Web, warns once naming that version and how to pass grpcUrl', async () => {
    // The 1.39.0 server taken for a 1.37.0 one (`serverVersion`): the version alone decides.
    const { client, close } = recordingClient({ serverVersion: '1.37.0' })
    try {
      await lastValueFrom(client.objects.batch(rows(Current, 2)).pipe(toArray()))
    } finally {
      await close()
    }
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('the server is 1.37.0 and gRPC-Web on the REST port needs 1.39.0 (1.38.3 on 1.38.x); no grpcUrl was given')
    expect(warnings[0]).toContain('pass the server\'s gRPC address as grpcUrl')
  })

  it("writes over REST with grpc: 'native', warning once how to pass grpcUrl, as before gRPC-Web", async () => {
    const { client, requests, close } = recordingClient({ grpc: 'native' })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(Current, 3)).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(3)
    } finally {
      await close()
    }
    expect(requests.map((r) => r.path).filter((p) => p.includes('grpc-web'))).toEqual([])
    expect(warnings).toEqual([expect.stringContaining(`no grpcUrl was given, and ${weaviateUrl()} is not on Weaviate's default REST port 8080`)])
  })
})

describe("the default grpc: 'auto' with a gRPC address", () => {
  it('searches over gRPC-Web on the url of a server that serves it, after health checks at both', async () => {
    const { client, requests, close } = recordingClient({ grpcUrl: grpcServerUrl('1.39.0') })
    try {
      const found = await lastValueFrom(client.query.fetchObjects({ className: Current, limit: 1 }))
      expect(E.isRight(found)).toBe(true)
    } finally {
      await close()
    }
    // The grpc-js health check is not a REST request; the gRPC-Web one and the search are.
    expect(requests.map((r) => r.path)).toEqual(['/v1/meta', '/v1/grpc-web/grpc.health.v1.Health/Check', '/v1/grpc-web/weaviate.v1.Weaviate/Search'])
    expect(warnings).toEqual([])
  })

  it('writes a batch over grpc-js at that address (BatchStream, which gRPC-Web lacks), sending nothing to /v1/grpc-web/', async () => {
    const className = uniqueClassName('GrpcWebBoth')
    await createClass(weaviateUrl(), { class: className, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    const proxy = await startTcpProxy(grpcServerUrl('1.39.0'), { cutEveryBytes: Number.MAX_SAFE_INTEGER, maxCuts: 0 })
    const { client, requests, close } = recordingClient({ grpcUrl: proxy.url })
    try {
      const results = await lastValueFrom(client.objects.batch(rows(className, 25), { batchSize: 10 }).pipe(toArray()))
      expect(results.filter(E.isRight)).toHaveLength(25)
      expect(proxy.connections()).toBeGreaterThan(0)
      expect(requests.map((r) => r.path).filter((p) => p.includes('Weaviate/'))).toEqual([])
      expect(await countObjects(weaviateUrl(), className)).toBe(25)
    } finally {
      await close()
      await proxy.close()
      await deleteClass(weaviateUrl(), className)
    }
  })

  it('keeps unary calls on grpc-js on a version before gRPC-Web, without a warning', async () => {
    // The 1.39.0 server taken for a 1.37.0 one (`serverVersion`): the version alone decides.
    const { client, requests, close } = recordingClient({ grpcUrl: grpcServerUrl('1.39.0'), serverVersion: '1.37.0' })
    try {
      const found = await lastValueFrom(client.query.fetchObjects({ className: Current, limit: 1 }))
      expect(E.isRight(found)).toBe(true)
    } finally {
      await close()
    }
    // Nothing over the REST connections: no gRPC-Web, no GraphQL.
    expect(requests.map((r) => r.path)).toEqual([])
    expect(warnings).toEqual([])
  })

  it("keeps unary calls on grpc-js with grpc: 'native'", async () => {
    const { client, requests, close } = recordingClient({ grpcUrl: grpcServerUrl('1.39.0'), grpc: 'native' })
    try {
      const found = await lastValueFrom(client.query.fetchObjects({ className: Current, limit: 1 }))
      expect(E.isRight(found)).toBe(true)
    } finally {
      await close()
    }
    // Only the version probe went through the REST connections: no gRPC-Web, no GraphQL.
    expect(requests.map((r) => r.path)).toEqual(['/v1/meta'])
    expect(warnings).toEqual([])
  })
})

describe("grpc: 'web' at connect", () => {
  it('refuses grpcUrl beside it', () => {
    expect(thrown(() => connect({ url: weaviateUrl(), grpc: 'web', grpcUrl: grpcServerUrl('1.39.0') }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'grpcUrl' })
  })

  it('refuses a value other than auto, native and web', () => {
    expect(thrown(() => connect({ url: weaviateUrl(), grpc: 'http2' as 'web' }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'grpc' })
  })
})
