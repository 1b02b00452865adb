/**
 * The rest of client.tenants against the real servers of the run: get by name, getByNames,
 * exists, activate / deactivate / offload, the list over gRPC `TenantsGet`, the statuses read as
 * the new names (`ACTIVE`/`INACTIVE`, never the `HOT`/`COLD` the REST API stores), and the version
 * rules: `GET /tenants/<t>` from 1.28 and `HEAD` from 1.25 (older servers read the list), the new
 * status names from 1.26 (older servers are sent `HOT`/`COLD`), offloading from 1.26 and only with
 * the offload-s3 module, which the run's server does not enable. Each test makes its own class.
 */
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { multiTenantClasses } from './helpers/fixtures'
import { authHeaders, weaviateUrl } from './helpers/server'
import { grpcServerUrl, serverApiKey, serverUrl } from './helpers/versions'
import { ownHandles } from './helpers/own-handles'

const classes = multiTenantClasses('TenantsFull')
let rc: RecordingClient

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles({
  closeAfterAll: async () => {
    await classes.dropAll()
    await rc.close()
  },
})

beforeAll(() => {
  rc = recordingClient()
})

/** A new multi-tenant class with `tenants`. */
const tenantedClass = classes.make

/** Runs `f` on a fresh recording client; returns its result and the tenant requests it sent. */
const recorded = async <A>(options: Parameters<typeof recordingClient>[0], f: (own: RecordingClient['client']) => Promise<A>) => {
  const own = recordingClient(options)
  try {
    const result = await f(own.client)
    return { result, sent: own.requests.filter((r) => r.path.includes('/tenants')).map((r) => `${r.method} ${r.path}`) }
  } finally {
    await own.close()
  }
}

describe('tenants.get, getByNames and exists', () => {
  it('get on 1.28+ sends GET /tenants/<name> and reads the tenant with its status as ACTIVE', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b'])
    const { result, sent } = await recorded({}, (client) => right(client.tenants.get(Tenanted, 'tenant-a')))
    expect(result).toEqual({ name: 'tenant-a', activityStatus: 'ACTIVE' })
    expect(sent).toEqual([`GET /v1/schema/${Tenanted}/tenants/tenant-a`])
  })

  it('1.39 answers the legacy names over REST (HOT, COLD); the client reads them as ACTIVE and INACTIVE', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b'])
    await right(rc.client.tenants.deactivate(Tenanted, ['tenant-b']))
    const res = await fetch(`${weaviateUrl()}/v1/schema/${Tenanted}/tenants`, { headers: authHeaders() })
    const raw = (await res.json()) as Array<{ name: string; activityStatus: string }>
    expect(raw.map((t) => [t.name, t.activityStatus]).sort()).toEqual([
      ['tenant-a', 'HOT'],
      ['tenant-b', 'COLD'],
    ])
    const listed = await right(rc.client.tenants.list(Tenanted))
    expect([...listed].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'tenant-a', activityStatus: 'ACTIVE' },
      { name: 'tenant-b', activityStatus: 'INACTIVE' },
    ])
  })

  it('get of a name the class does not have is null', async () => {
    const Tenanted = await tenantedClass(['tenant-a'])
    expect(await right(rc.client.tenants.get(Tenanted, 'tenant-z'))).toBeNull()
  })

  it('getByNames gives the tenants of those names that exist', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b', 'tenant-c'])
    const found = await right(rc.client.tenants.getByNames(Tenanted, ['tenant-c', 'tenant-a', 'tenant-z']))
    expect([...found].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'tenant-a', activityStatus: 'ACTIVE' },
      { name: 'tenant-c', activityStatus: 'ACTIVE' },
    ])
  })

  it('exists on 1.25+ sends HEAD /tenants/<name>: true for a tenant of the class', async () => {
    const Tenanted = await tenantedClass(['tenant-a'])
    const { result, sent } = await recorded({}, (client) => right(client.tenants.exists(Tenanted, 'tenant-a')))
    expect(result).toBe(true)
    expect(sent).toEqual([`HEAD /v1/schema/${Tenanted}/tenants/tenant-a`])
  })

  it('exists is false for a name the class does not have', async () => {
    const Tenanted = await tenantedClass(['tenant-a'])
    expect(await right(rc.client.tenants.exists(Tenanted, 'tenant-z'))).toBe(false)
  })

  it('on a server known as 1.24, get and exists read the list instead (GET /tenants/<t> is 1.28, HEAD 1.25)', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b'])
    const { result, sent } = await recorded({ serverVersion: '1.24.9', transport: 'rest' }, async (client) => [
      await right(client.tenants.get(Tenanted, 'tenant-b')),
      await right(client.tenants.get(Tenanted, 'tenant-z')),
      await right(client.tenants.exists(Tenanted, 'tenant-a')),
      await right(client.tenants.exists(Tenanted, 'tenant-z')),
    ])
    expect(result).toEqual([{ name: 'tenant-b', activityStatus: 'ACTIVE' }, null, true, false])
    expect(sent).toEqual(Array.from({ length: 4 }, () => `GET /v1/schema/${Tenanted}/tenants`))
  })
})

describe('tenants.activate, deactivate and offload', () => {
  it('deactivate then activate read back as INACTIVE then ACTIVE', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b'])
    await right(rc.client.tenants.deactivate(Tenanted, ['tenant-a']))
    expect(await right(rc.client.tenants.get(Tenanted, 'tenant-a'))).toEqual({ name: 'tenant-a', activityStatus: 'INACTIVE' })
    await right(rc.client.tenants.activate(Tenanted, ['tenant-a']))
    expect(await right(rc.client.tenants.get(Tenanted, 'tenant-a'))).toEqual({ name: 'tenant-a', activityStatus: 'ACTIVE' })
  })

  it('deactivate sends INACTIVE on 1.26+ and COLD to a server known as 1.25; both read back as INACTIVE', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b'])
    const bodies = async (serverVersion: string | undefined, tenant: string) => {
      const own = recordingClient(serverVersion === undefined ? {} : { serverVersion })
      try {
        await right(own.client.tenants.deactivate(Tenanted, [tenant]))
        return own.requests.filter((r) => r.method === 'PUT').map((r) => r.body)
      } finally {
        await own.close()
      }
    }
    expect(await bodies(undefined, 'tenant-a')).toEqual([[{ name: 'tenant-a', activityStatus: 'INACTIVE' }]])
    expect(await bodies('1.25.4', 'tenant-b')).toEqual([[{ name: 'tenant-b', activityStatus: 'COLD' }]])
    const listed = await right(rc.client.tenants.list(Tenanted))
    expect(listed.map((t) => t.activityStatus)).toEqual(['INACTIVE', 'INACTIVE'])
  })

  it('offload without the offload-s3 module is the server refusal as one Left, sent once', async () => {
    const Tenanted = await tenantedClass(['tenant-a'])
    const { result, sent } = await recorded({}, (client) => left(client.tenants.offload(Tenanted, ['tenant-a'])))
    expect(result).toMatchObject({ _tag: 'UnexpectedStatusError' })
    expect(result.message).toContain('offload-s3 module is not enabled')
    expect(sent).toEqual([`PUT /v1/schema/${Tenanted}/tenants`])
  })

  it('on a server known as 1.25, offload is an UnsupportedVersionError (it needs 1.26) and nothing is sent', async () => {
    const { result, sent } = await recorded({ serverVersion: '1.25.4' }, (client) => left(client.tenants.offload('AnyClass', ['tenant-a'])))
    expect(result).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.26.0', serverVersion: '1.25.4' })
    expect(sent).toEqual([])
  })

  it('a status that cannot be set (a legacy name) is an ArgumentValueError and nothing is sent', async () => {
    const bad = [{ name: 'tenant-a', activityStatus: 'HOT' }] as unknown as Parameters<RecordingClient['client']['tenants']['update']>[1]
    const { result, sent } = await recorded({ serverVersion: '1.39.0' }, (client) => left(client.tenants.update('AnyClass', bad)))
    expect(result).toMatchObject({ _tag: 'ArgumentValueError', argument: 'tenants[0].activityStatus' })
    expect(sent).toEqual([])
  })

  it('a server-set status (OFFLOADING) cannot be set either: ArgumentValueError, nothing sent', async () => {
    const bad = [{ name: 'tenant-a', activityStatus: 'OFFLOADING' }] as unknown as Parameters<RecordingClient['client']['tenants']['create']>[1]
    const { result, sent } = await recorded({ serverVersion: '1.39.0' }, (client) => left(client.tenants.create('AnyClass', bad)))
    expect(result).toMatchObject({ _tag: 'ArgumentValueError', argument: 'tenants[0].activityStatus' })
    expect(sent).toEqual([])
  })
})

describe('tenants.list over gRPC', () => {
  it('a gRPC client lists by TenantsGet (no REST tenant request) with the same result as REST', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b', 'tenant-c'])
    await right(rc.client.tenants.deactivate(Tenanted, ['tenant-b']))
    const rest = await recorded({ transport: 'rest' }, (client) => right(client.tenants.list(Tenanted)))
    const grpc = await recorded({ grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc' }, (client) => right(client.tenants.list(Tenanted)))
    const byName = (ts: typeof rest.result) => [...ts].sort((a, b) => a.name.localeCompare(b.name))
    expect(byName(rest.result)).toEqual([
      { name: 'tenant-a', activityStatus: 'ACTIVE' },
      { name: 'tenant-b', activityStatus: 'INACTIVE' },
      { name: 'tenant-c', activityStatus: 'ACTIVE' },
    ])
    expect(byName(grpc.result)).toEqual(byName(rest.result))
    expect(rest.sent).toEqual([`GET /v1/schema/${Tenanted}/tenants`])
    expect(grpc.sent).toEqual([])
  })

  it('a gRPC client gets by names through TenantsGet, leaving out names the class does not have', async () => {
    const Tenanted = await tenantedClass(['tenant-a', 'tenant-b'])
    const { result, sent } = await recorded({ grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc' }, (client) =>
      right(client.tenants.getByNames(Tenanted, ['tenant-b', 'tenant-z'])),
    )
    expect(result).toEqual([{ name: 'tenant-b', activityStatus: 'ACTIVE' }])
    expect(sent).toEqual([])
  })
})

describe('tenants on the older servers of the run', () => {
  it('on 1.18.6 get and exists are UnsupportedVersionError (multi-tenancy needs 1.20) and no tenant request is sent', async () => {
    const apiKey = serverApiKey('1.18.6')
    const { result, sent } = await recorded({ url: serverUrl('1.18.6'), ...(apiKey === undefined ? {} : { apiKey }) }, async (client) => [
      await left(client.tenants.get('AnyClass', 'tenant-a')),
      await left(client.tenants.exists('AnyClass', 'tenant-a')),
      await left(client.tenants.activate('AnyClass', ['tenant-a'])),
    ])
    for (const error of result) expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.20.0', serverVersion: '1.18.6' })
    expect(sent).toEqual([])
  })
})

