/**
 * `grpc: 'web'` and the transport choice: with `transport: 'auto'` a client uses gRPC-Web where
 * the server serves it (1.39.0 here) and falls back to REST, with one warning naming the version,
 * where it does not (1.18.6); `'web'` with `grpcUrl` is refused at `connect`. Each request's path
 * is recorded by the client's injected dispatcher.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { BatchObject, connect } from '../../lib'
import { GRPC_FALLBACK_WARNING } from '../../lib/context/fallback-warnings'
import { recordingClient } from '../helpers/client'
import { countObjects, createClass, deleteClass } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
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

describe("grpc: 'web' at connect", () => {
  it('refuses grpcUrl beside it', () => {
    expect(thrown(() => connect({ url: weaviateUrl(), grpc: 'web', grpcUrl: grpcServerUrl('1.39.0') }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'grpcUrl' })
  })

  it('refuses a value other than native and web', () => {
    expect(thrown(() => connect({ url: weaviateUrl(), grpc: 'http2' as 'web' }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'grpc' })
  })
})
