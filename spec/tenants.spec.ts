/**
 * client.tenants against the real server: create 100, list, write to one, update activity, delete;
 * and the version rule (multi-tenancy needs 1.20, activity status 1.21) before any request.
 */
import { connect } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { deleteClass, getObjectRaw } from './helpers/fixtures'
import { uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'

const Tenanted = uniqueClassName('Tenanted')
const names = Array.from({ length: 100 }, (_, i) => `tenant-${String(i).padStart(3, '0')}`)
let rc: RecordingClient

beforeAll(async () => {
  rc = recordingClient()
  await right(
    rc.client.schema.createClass({
      class: Tenanted,
      vectorizer: 'none',
      multiTenancyConfig: { enabled: true },
      properties: [{ name: 'title', dataType: ['text'] }],
    }),
  )
})

afterAll(async () => {
  await deleteClass(weaviateUrl(), Tenanted)
  await rc.close()
})

describe('tenants', () => {
  it('creates 100 tenants and lists them all', async () => {
    const created = await right(rc.client.tenants.create(Tenanted, names))
    expect(created.map((t) => t.name).sort()).toEqual(names)
    const listed = await right(rc.client.tenants.list(Tenanted))
    expect(listed.map((t) => t.name).sort()).toEqual(names)
  })

  it('an object written to one tenant is read from that tenant only', async () => {
    const id = await right(rc.client.objects.create({ className: Tenanted, tenant: 'tenant-007', dataObject: { title: 'mine' } }))
    expect((await getObjectRaw(weaviateUrl(), Tenanted, id, 'tenant-007'))?.['properties']).toEqual({ title: 'mine' })
    expect(await getObjectRaw(weaviateUrl(), Tenanted, id, 'tenant-008')).toBeUndefined()
  })

  it('update changes the activity status of a tenant', async () => {
    await right(rc.client.tenants.update(Tenanted, [{ name: 'tenant-099', activityStatus: 'INACTIVE' }]))
    const listed = await right(rc.client.tenants.list(Tenanted))
    expect(listed.find((t) => t.name === 'tenant-099')?.activityStatus).toMatch(/INACTIVE|COLD/)
  })

  it('delete removes the tenants named and keeps the others', async () => {
    await right(rc.client.tenants.delete(Tenanted, ['tenant-007', 'tenant-008']))
    const listed = (await right(rc.client.tenants.list(Tenanted))).map((t) => t.name)
    expect(listed).not.toContain('tenant-007')
    expect(listed).toHaveLength(98)
  })

  it('a malformed tenant name is an ArgumentValueError and nothing is sent', async () => {
    const before = rc.requests.length
    const error = await left(rc.client.tenants.create(Tenanted, ['has space']))
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'tenants[0]' })
    expect(rc.requests.length).toBe(before)
  })

  it('an empty list of tenants is an ArgumentValueError', async () => {
    expect(await left(rc.client.tenants.delete(Tenanted, []))).toMatchObject({ _tag: 'ArgumentValueError', argument: 'names' })
  })

  it('on a server before 1.20 listing tenants is an UnsupportedVersionError and nothing is sent', async () => {
    const old = recordingClient({ serverVersion: '1.19.3' })
    try {
      const error = await left(old.client.tenants.list(Tenanted))
      expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.20.0', serverVersion: '1.19.3' })
      expect(old.requests).toEqual([])
    } finally {
      await old.close()
    }
  })

  it('on a 1.20 server an activity status is an UnsupportedVersionError (it needs 1.21)', async () => {
    const client = connect({ ...weaviateConnection(), serverVersion: '1.20.5' })
    try {
      const error = await left(client.tenants.create(Tenanted, [{ name: 'x', activityStatus: 'HOT' }]))
      expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.21.0' })
    } finally {
      await client.close()
    }
  })
})
