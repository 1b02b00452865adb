/**
 * objects.count against the real server: it equals the number of objects streamed, with and
 * without a tenant, and follows deletes; over GraphQL (a client with `transport: 'rest'`: without
 * a gRPC address a client now counts over gRPC-Web) and over gRPC `Aggregate` (a client with the
 * gRPC port, no GraphQL sent).
 */
import { firstValueFrom, toArray } from 'rxjs'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { createClass, createMultiTenantClass, deleteClass, insertObjects } from './helpers/fixtures'
import { uniqueClassName, weaviateUrl } from './helpers/server'
import { CURRENT_VERSION, grpcServerUrl } from './helpers/versions'
import { ownHandles } from './helpers/own-handles'

const Counted = uniqueClassName('Counted')
const TenantCounted = uniqueClassName('TenantCounted')
let rc: RecordingClient
let grpc: RecordingClient
let ids: string[]

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await deleteClass(weaviateUrl(), Counted)
    await deleteClass(weaviateUrl(), TenantCounted)
    await rc.close()
    await grpc.close()
  },
})

beforeAll(async () => {
  rc = recordingClient({ transport: 'rest' })
  grpc = recordingClient({ grpcUrl: grpcServerUrl(CURRENT_VERSION) })
  await createClass(weaviateUrl(), { class: Counted, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  ids = await insertObjects(weaviateUrl(), Counted, Array.from({ length: 257 }, (_, n) => ({ n })))
  await createMultiTenantClass(weaviateUrl(), TenantCounted, ['a', 'b'])
  await insertObjects(weaviateUrl(), TenantCounted, Array.from({ length: 30 }, () => ({ title: 'a' })), 'a')
  await insertObjects(weaviateUrl(), TenantCounted, Array.from({ length: 12 }, () => ({ title: 'b' })), 'b')
})

const streamed = async (className: string, tenant?: string): Promise<number> =>
  (await firstValueFrom(rc.client.objects.stream({ className, ...(tenant === undefined ? {} : { tenant }) }).pipe(toArray()))).length

describe('objects.count', () => {
  it('equals the number of objects streamed', async () => {
    expect(await right(rc.client.objects.count({ className: Counted }))).toBe(await streamed(Counted))
    expect(await streamed(Counted)).toBe(257)
  })

  it('counts one tenant of a multi-tenant class', async () => {
    expect(await right(rc.client.objects.count({ className: TenantCounted, tenant: 'a' }))).toBe(await streamed(TenantCounted, 'a'))
    expect(await right(rc.client.objects.count({ className: TenantCounted, tenant: 'b' }))).toBe(12)
  })

  it('follows deletes', async () => {
    for (const uuid of ids.slice(0, 7)) await right(rc.client.objects.delete({ className: Counted, uuid }))
    expect(await right(rc.client.objects.count({ className: Counted }))).toBe(250)
    expect(await streamed(Counted)).toBe(250)
  })

  it('of a class that does not exist is an UnexpectedStatusError with the GraphQL message', async () => {
    const error = await left(rc.client.objects.count({ className: uniqueClassName('Missing') }))
    expect(error._tag).toBe('UnexpectedStatusError')
    expect(error.message).toMatch(/Cannot query field/)
  })

  it('without a tenant on a multi-tenant class is an UnexpectedStatusError', async () => {
    expect((await left(rc.client.objects.count({ className: TenantCounted })))._tag).toBe('UnexpectedStatusError')
  })

  it('on a server before 1.20 a tenant is an UnsupportedVersionError and nothing is sent', async () => {
    const old = recordingClient({ serverVersion: '1.19.0' })
    try {
      expect(await left(old.client.objects.count({ className: TenantCounted, tenant: 'a' }))).toMatchObject({ _tag: 'UnsupportedVersionError' })
      expect(old.requests).toEqual([])
    } finally {
      await old.close()
    }
  })

  it('a malformed class name is an ArgumentValueError', async () => {
    expect(await left(rc.client.objects.count({ className: '1bad' }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'className' })
  })
})

describe('objects.count over gRPC Aggregate', () => {
  const graphqlRequests = (): number => grpc.requests.filter((r) => r.path === '/v1/graphql').length

  it('equals the GraphQL count of the class and of each tenant, and sends no GraphQL', async () => {
    expect(await right(grpc.client.objects.count({ className: Counted }))).toBe(await right(rc.client.objects.count({ className: Counted, transport: 'rest' })))
    expect(await right(grpc.client.objects.count({ className: TenantCounted, tenant: 'a' }))).toBe(30)
    expect(await right(grpc.client.objects.count({ className: TenantCounted, tenant: 'b' }))).toBe(12)
    expect(graphqlRequests()).toBe(0)
  })

  it("with transport 'rest' asks GraphQL", async () => {
    const before = graphqlRequests()
    expect(await right(grpc.client.objects.count({ className: TenantCounted, tenant: 'b', transport: 'rest' }))).toBe(12)
    expect(graphqlRequests()).toBe(before + 1)
  })

  it('of a class that does not exist is an UnexpectedStatusError naming the class', async () => {
    const missing = uniqueClassName('Missing')
    const error = await left(grpc.client.objects.count({ className: missing }))
    expect(error._tag).toBe('UnexpectedStatusError')
    expect(error.message).toContain(missing)
  })

  it('without a tenant on a multi-tenant class is an UnexpectedStatusError', async () => {
    expect((await left(grpc.client.objects.count({ className: TenantCounted })))._tag).toBe('UnexpectedStatusError')
  })

  it("a transport that is not 'auto', 'grpc' or 'rest' is an ArgumentValueError", async () => {
    expect(await left(grpc.client.objects.count({ className: Counted, transport: 'http' as 'rest' }))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'transport' })
  })
})
