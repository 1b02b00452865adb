/**
 * `connect({ url, grpc: 'web' })` on the real 1.39.0 server, which serves gRPC-Web on its REST
 * port: every unary method the client calls goes to `/v1/grpc-web/weaviate.v1.Weaviate/<Method>`
 * on the REST URL, and answers (replies and errors) exactly as the same call over grpc-js does.
 * Each request's path is recorded on the way out by the client's injected dispatcher.
 */
import { create } from '@bufbuild/protobuf'
import * as E from 'fp-ts/Either'
import { firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { BatchObject, Client, connect } from '../../lib'
import { BatchDeleteRequestSchema } from '../../lib/proto/generated/weaviate/v1/batch_delete_pb'
import { Filters_Operator } from '../../lib/proto/generated/weaviate/v1/common_pb'
import { METHODS } from '../../lib/transport/grpc/methods'
import { createGrpcWeb } from '../../lib/transport/grpc-web/pipeline'
import { undiciExchange } from '../../lib/transport/grpc-web/undici-exchange'
import { DEFAULT_TIMEOUT, resolveOptions } from '../../lib/transport/http/options'
import { createPools } from '../../lib/transport/http/pools'
import { RecordingClient, left, recordingClient, right } from '../helpers/client'
import { countObjects, createClass, createMultiTenantClass, deleteClass, getObjectRaw } from '../helpers/fixtures'
import { ownHandles } from '../helpers/own-handles'
import { uniqueClassName, weaviateUrl } from '../helpers/server'
import { apiKeyOption, grpcServerUrl } from '../helpers/versions'

const Notes = uniqueClassName('GrpcWebNotes')
const Written = uniqueClassName('GrpcWebWritten')
const Tenanted = uniqueClassName('GrpcWebTenanted')
const COUNT = 40
const DIM = 8

const vectorOf = (i: number): number[] => Array.from({ length: DIM }, (_, d) => Math.sin(i + d))
const notes = (className: string, n: number): BatchObject[] =>
  Array.from({ length: n }, (_, i) => ({ className, dataObject: { title: `note ${i} ${i % 2 === 0 ? 'even' : 'odd'}`, n: i }, vector: vectorOf(i) }))

let web: RecordingClient
let native: Client
ownHandles({ closeAfterAll: () => Promise.all([web.close(), native.close()]) })

const GRPC_WEB = '/v1/grpc-web/weaviate.v1.Weaviate/'
/** The paths of the web client's gRPC-Web requests since `from` (the version probe aside). */
const pathsSince = (from: number): string[] =>
  web.requests
    .slice(from)
    .map((r) => r.path)
    .filter((path) => path.startsWith('/v1/grpc-web/'))

beforeAll(async () => {
  web = recordingClient({ grpc: 'web', transport: 'grpc' })
  native = connect({ url: weaviateUrl(), ...apiKeyOption(weaviateUrl()), grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc' })
  const properties = [
    { name: 'title', dataType: ['text'] },
    { name: 'n', dataType: ['int'] },
  ]
  await createClass(weaviateUrl(), { class: Notes, vectorizer: 'none', properties })
  await createClass(weaviateUrl(), { class: Written, vectorizer: 'none', properties })
  await createMultiTenantClass(weaviateUrl(), Tenanted, ['t1', 't2'])
  const written = await lastValueFrom(native.objects.batch(notes(Notes, COUNT)).pipe(toArray()))
  expect(written.filter(E.isLeft)).toEqual([])
}, 60_000)

afterAll(async () => {
  await Promise.all([deleteClass(weaviateUrl(), Notes), deleteClass(weaviateUrl(), Written), deleteClass(weaviateUrl(), Tenanted)])
})

describe('a client with grpc: web', () => {
  it('searches nearVector over /v1/grpc-web/.../Search, with the results grpc-js gets', async () => {
    const from = web.requests.length
    const args = { className: Notes, vector: vectorOf(3), limit: 5, returnProperties: ['title', 'n'], returnMetadata: ['distance' as const] }
    const overWeb = await right(web.client.query.nearVector(args))
    expect(pathsSince(from)).toEqual([`${GRPC_WEB}Search`])
    expect(overWeb).toEqual(await right(native.query.nearVector(args)))
    expect(overWeb.objects[0]?.properties).toEqual({ title: 'note 3 odd', n: 3 })
  })

  it('searches bm25 and fetches objects with the results grpc-js gets', async () => {
    const bm25 = { className: Notes, query: 'even', limit: 50, returnProperties: ['title'] }
    const fetch = { className: Notes, limit: COUNT, returnProperties: ['n'], includeVector: true }
    const from = web.requests.length
    const [byWords, all] = [await right(web.client.query.bm25(bm25)), await right(web.client.query.fetchObjects(fetch))]
    expect(pathsSince(from)).toEqual([`${GRPC_WEB}Search`, `${GRPC_WEB}Search`])
    expect(byWords.objects).toHaveLength(COUNT / 2)
    expect(byWords).toEqual(await right(native.query.bm25(bm25)))
    expect(all).toEqual(await right(native.query.fetchObjects(fetch)))
  })

  it('aggregates over /v1/grpc-web/.../Aggregate, with the answer grpc-js gets', async () => {
    const args = { className: Notes, metrics: { n: { kind: 'number' as const, metrics: ['sum' as const, 'count' as const] } } }
    const from = web.requests.length
    const overWeb = await right(web.client.query.aggregate(args))
    expect(pathsSince(from)).toEqual([`${GRPC_WEB}Aggregate`])
    expect(overWeb).toEqual(await right(native.query.aggregate(args)))
  })

  it('writes a batch with BatchObjects, each object stored once and read back as written', async () => {
    const from = web.requests.length
    const results = await lastValueFrom(web.client.objects.batch(notes(Written, 120), { batchSize: 50 }).pipe(toArray()))
    expect(results.filter(E.isLeft)).toEqual([])
    expect(new Set(pathsSince(from))).toEqual(new Set([`${GRPC_WEB}BatchObjects`]))
    expect(await countObjects(weaviateUrl(), Written)).toBe(120)
    const ids = results.flatMap((r) => (E.isRight(r) ? [r.right] : []))
    const last = ids.find((w) => w.index === 119)
    const stored = await getObjectRaw(weaviateUrl(), Written, last?.uuid ?? '')
    expect(stored?.['properties']).toEqual({ title: 'note 119 odd', n: 119 })
  })

  it("refuses grpcMethod 'stream' (BatchStream has no gRPC-Web form) before sending anything", async () => {
    const from = web.requests.length
    const error = await left(web.client.objects.batch(notes(Written, 1), { grpcMethod: 'stream' }))
    expect([error._tag, error._tag === 'ArgumentValueError' && error.argument]).toEqual(['ArgumentValueError', 'grpcMethod'])
    expect(pathsSince(from)).toEqual([])
  })

  it('lists tenants over /v1/grpc-web/.../TenantsGet', async () => {
    const from = web.requests.length
    const tenants = await right(web.client.tenants.list(Tenanted))
    expect(pathsSince(from)).toContain(`${GRPC_WEB}TenantsGet`)
    expect(tenants.map((t) => t.name).sort()).toEqual(['t1', 't2'])
  })

  it('fails a search of a missing class with the very error grpc-js gives, its URL aside', async () => {
    const args = { className: uniqueClassName('GrpcWebMissing'), limit: 1 }
    const [overWeb, overNative] = [await left(web.client.query.fetchObjects(args)), await left(native.query.fetchObjects(args))]
    const { url: webUrl, ...webRest } = overWeb as unknown as Record<string, unknown>
    const { url: nativeUrl, ...nativeRest } = overNative as unknown as Record<string, unknown>
    expect(webRest).toEqual(nativeRest)
    expect(overWeb._tag).toBe('UnexpectedStatusError')
    expect(webUrl).toBe(`${weaviateUrl()}${GRPC_WEB}Search`)
    expect(nativeUrl).not.toBe(webUrl)
  })

  it('sends the API key as the Authorization header, the gRPC-Web content type and the attempt limit as grpc-timeout', async () => {
    const from = web.requests.length
    await right(web.client.query.fetchObjects({ className: Notes, limit: 1, timeout: { attemptMs: 7_000 } }))
    const headers = web.requests[from]?.headers ?? {}
    const key = apiKeyOption(weaviateUrl()).apiKey
    expect({ type: headers['content-type'], timeout: headers['grpc-timeout'], auth: headers['authorization'] }).toEqual({
      type: 'application/grpc-web+proto',
      timeout: '7000m',
      auth: key === undefined ? undefined : `Bearer ${key}`,
    })
  })
})

describe('the gRPC side of a grpc: web client', () => {
  it('deletes by BatchDelete over /v1/grpc-web/.../BatchDelete', async () => {
    const className = uniqueClassName('GrpcWebDelete')
    await createClass(weaviateUrl(), { class: className, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
    try {
      const written = await lastValueFrom(native.objects.batch(Array.from({ length: 6 }, (_, i) => ({ className, dataObject: { n: i % 2 } }))).pipe(toArray()))
      expect(written.filter(E.isLeft)).toEqual([])
      const resolved = resolveOptions({ urls: [weaviateUrl()], ...apiKeyOption(weaviateUrl()) })
      const pools = createPools(resolved)
      try {
        const grpc = createGrpcWeb({
          nodes: resolved.nodes,
          headers: resolved.headers,
          retry: resolved.retry,
          timeout: DEFAULT_TIMEOUT,
          exchange: undiciExchange((origin) => pools.for(origin)),
          closed: () => pools.closed,
        })
        const request = create(BatchDeleteRequestSchema, {
          collection: className,
          filters: { operator: Filters_Operator.EQUAL, target: { target: { case: 'property', value: 'n' } }, testValue: { case: 'valueInt', value: 1n } },
        })
        const reply = await firstValueFrom(grpc.call(METHODS.batchDelete, request))
        expect({ matches: reply.matches, successful: reply.successful }).toEqual({ matches: 3n, successful: 3n })
        expect(await countObjects(weaviateUrl(), className)).toBe(3)
      } finally {
        await pools.close()
      }
    } finally {
      await deleteClass(weaviateUrl(), className)
    }
  })
})
