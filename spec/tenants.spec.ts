/**
 * client.tenants against the real server: create 100, list, write to one, update activity, delete;
 * and the version rule (multi-tenancy needs 1.20, activity status 1.21) before any request. Every
 * test works in a class of its own, made by the test itself, so each passes alone (`-t`).
 */
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { getObjectRaw, multiTenantClasses } from './helpers/fixtures'
import { weaviateUrl } from './helpers/server'

const names = Array.from({ length: 100 }, (_, i) => `tenant-${String(i).padStart(3, '0')}`)
const classes = multiTenantClasses('Tenanted')
let rc: RecordingClient

beforeAll(() => {
  rc = recordingClient()
})

afterAll(async () => {
  await classes.dropAll()
  await rc.close()
})

/** A new multi-tenant class with `tenants`. */
const tenantedClass = classes.make

/** The requests `op` sent on a fresh recording client, and its Left. */
const refused = async (options: Parameters<typeof recordingClient>[0], op: (client: RecordingClient['client']) => Parameters<typeof left>[0]) => {
  const own = recordingClient(options)
  try {
    const error = await left(op(own.client))
    return { error, sent: own.requests.map((r) => `${r.method} ${r.path}`) }
  } finally {
    await own.close()
  }
}

describe('tenants', () => {
  it('creates 100 tenants and lists them all', async () => {
    const Tenanted = await tenantedClass([])
    const created = await right(rc.client.tenants.create(Tenanted, names))
    expect(created.map((t) => t.name).sort()).toEqual(names)
    const listed = await right(rc.client.tenants.list(Tenanted))
    expect(listed.map((t) => t.name).sort()).toEqual(names)
  })

  it('an object written to one tenant is read from that tenant only', async () => {
    const Tenanted = await tenantedClass(['tenant-007', 'tenant-008'])
    const id = await right(rc.client.objects.create({ className: Tenanted, tenant: 'tenant-007', dataObject: { title: 'mine' } }))
    expect((await getObjectRaw(weaviateUrl(), Tenanted, id, 'tenant-007'))?.['properties']).toEqual({ title: 'mine' })
    expect(await getObjectRaw(weaviateUrl(), Tenanted, id, 'tenant-008')).toBeUndefined()
  })

  it('update changes the activity status of a tenant', async () => {
    const Tenanted = await tenantedClass(['tenant-098', 'tenant-099'])
    await right(rc.client.tenants.update(Tenanted, [{ name: 'tenant-099', activityStatus: 'INACTIVE' }]))
    const listed = await right(rc.client.tenants.list(Tenanted))
    expect(listed.find((t) => t.name === 'tenant-099')?.activityStatus).toBe('INACTIVE')
    expect(listed.find((t) => t.name === 'tenant-098')?.activityStatus).toBe('ACTIVE')
  })

  it('delete removes the tenants named and keeps the others', async () => {
    const Tenanted = await tenantedClass(names.slice(0, 10))
    await right(rc.client.tenants.delete(Tenanted, ['tenant-007', 'tenant-008']))
    const listed = (await right(rc.client.tenants.list(Tenanted))).map((t) => t.name)
    expect(listed.sort()).toEqual(names.slice(0, 10).filter((n) => n !== 'tenant-007' && n !== 'tenant-008'))
  })

  it('a malformed tenant name is an ArgumentValueError and nothing is sent', async () => {
    const { error, sent } = await refused({ serverVersion: '1.39.0' }, (client) => client.tenants.create('AnyClass', ['has space']))
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'tenants[0]' })
    expect(sent).toEqual([])
  })

  it('an empty list of tenants is an ArgumentValueError and nothing is sent', async () => {
    const { error, sent } = await refused({ serverVersion: '1.39.0' }, (client) => client.tenants.delete('AnyClass', []))
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'names' })
    expect(sent).toEqual([])
  })

  it('on a server before 1.20 listing tenants is an UnsupportedVersionError and nothing is sent', async () => {
    const { error, sent } = await refused({ serverVersion: '1.19.3' }, (client) => client.tenants.list('AnyClass'))
    expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.20.0', serverVersion: '1.19.3' })
    expect(sent).toEqual([])
  })

  it('on a 1.20 server an activity status is an UnsupportedVersionError (it needs 1.21) and nothing is sent', async () => {
    const { error, sent } = await refused({ serverVersion: '1.20.5' }, (client) => client.tenants.create('AnyClass', [{ name: 'x', activityStatus: 'INACTIVE' }]))
    expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.21.0' })
    expect(sent).toEqual([])
  })
})
