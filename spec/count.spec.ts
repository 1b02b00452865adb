/**
 * objects.count against the real server: it equals the number of objects streamed, with and
 * without a tenant, and follows deletes.
 */
import { firstValueFrom, toArray } from 'rxjs'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { createClass, createMultiTenantClass, deleteClass, insertObjects } from './helpers/fixtures'
import { uniqueClassName, weaviateUrl } from './helpers/server'

const Counted = uniqueClassName('Counted')
const TenantCounted = uniqueClassName('TenantCounted')
let rc: RecordingClient
let ids: string[]

beforeAll(async () => {
  rc = recordingClient()
  await createClass(weaviateUrl(), { class: Counted, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  ids = await insertObjects(weaviateUrl(), Counted, Array.from({ length: 257 }, (_, n) => ({ n })))
  await createMultiTenantClass(weaviateUrl(), TenantCounted, ['a', 'b'])
  await insertObjects(weaviateUrl(), TenantCounted, Array.from({ length: 30 }, () => ({ title: 'a' })), 'a')
  await insertObjects(weaviateUrl(), TenantCounted, Array.from({ length: 12 }, () => ({ title: 'b' })), 'b')
})

afterAll(async () => {
  await deleteClass(weaviateUrl(), Counted)
  await deleteClass(weaviateUrl(), TenantCounted)
  await rc.close()
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
