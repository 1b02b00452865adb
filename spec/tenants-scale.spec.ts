/**
 * Tenants at scale on the real 1.39 server: 1,000 tenants through every tenant operation, each
 * result checked by reading the server's own list (`GET /v1/schema/<C>/tenants` with fetch, not
 * through the client). The server takes at most 100 tenants in a status update (422 beyond:
 * `server/limits.ts` names the source), so update, activate and deactivate go as requests of 100
 * and answer as one; create, delete and the list have no cap on 1.39 and go as one request.
 * Offloading needs the offload-s3 module and an S3 store, which no server of the run has: what is
 * shown of it is that it goes through the same requests of 100 and that the module's refusal of the
 * first request is its one Left. Each test makes its own class.
 */
import * as E from 'fp-ts/Either'
import { firstValueFrom } from 'rxjs'
import { TenantActivityStatusInput } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { multiTenantClasses } from './helpers/fixtures'
import { authHeaders, weaviateUrl } from './helpers/server'
import { grpcServerUrl } from './helpers/versions'
import { ownHandles } from './helpers/own-handles'

jest.setTimeout(180_000)

const TENANTS = Array.from({ length: 1000 }, (_, i) => `tenant-${String(i).padStart(4, '0')}`)
const classes = multiTenantClasses('TenantsScale')

// No timer of the library's left after any test; nothing of it at all once each test closed its clients.
ownHandles({ closeAfterAll: () => classes.dropAll() })

/** The server's own list of the tenants of `cls`: name to the status it stores (`HOT`, `COLD`, ...). */
const onServer = async (cls: string): Promise<ReadonlyMap<string, string>> => {
  const res = await fetch(`${weaviateUrl()}/v1/schema/${cls}/tenants`, { headers: authHeaders() })
  if (res.status !== 200) throw new Error(`GET tenants of ${cls}: ${res.status} ${await res.text()}`)
  const tenants = (await res.json()) as Array<{ name: string; activityStatus: string }>
  return new Map(tenants.map((t) => [t.name, t.activityStatus]))
}

/** The names of `cls` the server stores with `status`, sorted. */
const withStatus = async (cls: string, status: string): Promise<readonly string[]> =>
  [...(await onServer(cls)).entries()]
    .filter(([, s]) => s === status)
    .map(([name]) => name)
    .sort()

/** Runs `f` on a fresh recording client; its result and the tenant requests it sent with the number of tenants in each. */
const recorded = async <A>(options: Parameters<typeof recordingClient>[0], f: (client: RecordingClient['client']) => Promise<A>) => {
  const own = recordingClient(options)
  try {
    const result = await f(own.client)
    const sent = own.requests
      .filter((r) => r.path.includes('/tenants'))
      .map((r) => `${r.method} ${Array.isArray(r.body) ? (r.body as unknown[]).length : '-'}`)
    return { result, sent }
  } finally {
    await own.close()
  }
}

/** A new multi-tenant class with the 1,000 tenants, all active. */
const classWithAll = () => classes.make(TENANTS)

const tenPutsOf100 = Array.from({ length: 10 }, () => 'PUT 100')

describe('1,000 tenants on 1.39', () => {
  it('create sends the 1,000 in one request (1.39 does not cap creation) and the server holds them all', async () => {
    const cls = await classes.make([])
    const { result, sent } = await recorded({}, (client) => right(client.tenants.create(cls, TENANTS)))
    expect(sent).toEqual(['POST 1000'])
    expect(result.map((t) => t.name).sort()).toEqual(TENANTS)
    expect(await withStatus(cls, 'HOT')).toEqual(TENANTS)
  })

  it('deactivate sends ten requests of 100, answers with the 1,000 as INACTIVE, and the server stores every one COLD', async () => {
    const cls = await classWithAll()
    const { result, sent } = await recorded({}, (client) => right(client.tenants.deactivate(cls, TENANTS)))
    expect(sent).toEqual(tenPutsOf100)
    expect(result.map((t) => t.name).sort()).toEqual(TENANTS)
    expect(new Set(result.map((t) => t.activityStatus))).toEqual(new Set(['INACTIVE']))
    expect(await withStatus(cls, 'COLD')).toEqual(TENANTS)
  })

  it('activate turns the 1,000 back on in ten requests; the server stores every one HOT', async () => {
    const cls = await classWithAll()
    await recorded({}, (client) => right(client.tenants.deactivate(cls, TENANTS)))
    const { result, sent } = await recorded({}, (client) => right(client.tenants.activate(cls, TENANTS)))
    expect(sent).toEqual(tenPutsOf100)
    expect(result).toHaveLength(1000)
    expect(await withStatus(cls, 'HOT')).toEqual(TENANTS)
  })

  it('update sets each of the 1,000 to its own status in ten requests; the server stores each as asked', async () => {
    const cls = await classWithAll()
    const status = (i: number): TenantActivityStatusInput => (i % 3 === 0 ? 'INACTIVE' : 'ACTIVE')
    const wanted = TENANTS.map((name, i) => ({ name, activityStatus: status(i) }))
    const { sent } = await recorded({}, (client) => right(client.tenants.update(cls, wanted)))
    expect(sent).toEqual(tenPutsOf100)
    const stored = await onServer(cls)
    expect(TENANTS.filter((name) => stored.get(name) !== (status(TENANTS.indexOf(name)) === 'INACTIVE' ? 'COLD' : 'HOT'))).toEqual([])
  })

  it('list reads the 1,000 in one request over REST and one TenantsGet over gRPC, equal to the server list', async () => {
    const cls = await classWithAll()
    await recorded({}, (client) => right(client.tenants.deactivate(cls, TENANTS.slice(0, 250))))
    const rest = await recorded({ transport: 'rest' }, (client) => right(client.tenants.list(cls)))
    const grpc = await recorded({ grpcUrl: grpcServerUrl('1.39.0'), transport: 'grpc' }, (client) => right(client.tenants.list(cls)))
    const stored = await onServer(cls)
    const expected = TENANTS.map((name) => ({ name, activityStatus: stored.get(name) === 'COLD' ? 'INACTIVE' : 'ACTIVE' }))
    const byName = (ts: typeof rest.result) => [...ts].sort((a, b) => a.name.localeCompare(b.name))
    expect(byName(rest.result)).toEqual(expected)
    expect(byName(grpc.result)).toEqual(expected)
    expect(rest.sent).toEqual(['GET -'])
    expect(grpc.sent).toEqual([])
  })

  it('delete removes the 1,000 in one request (no version caps deletion); the server holds none', async () => {
    const cls = await classWithAll()
    const { sent } = await recorded({}, (client) => right(client.tenants.delete(cls, TENANTS)))
    expect(sent).toEqual(['DELETE 1000'])
    expect((await onServer(cls)).size).toBe(0)
  })

  it('the typed handle deactivates and removes the 1,000 through the same requests of the flat operations', async () => {
    const cls = await classWithAll()
    const { sent } = await recorded({}, async (client) => {
      await right(client.collection(cls).tenants.deactivate(TENANTS))
      expect(await withStatus(cls, 'COLD')).toEqual(TENANTS)
      await right(client.collection(cls).tenants.remove(TENANTS))
    })
    expect(sent).toEqual([...tenPutsOf100, 'DELETE 1000'])
    expect((await onServer(cls)).size).toBe(0)
  })
})

describe('a tenant operation of several requests that fails', () => {
  it('at its third request, is a TenantsPartialError naming the 200 applied, the 100 of that request and the 50 not sent', async () => {
    const names = TENANTS.slice(0, 350)
    const cls = await classes.make(names.filter((n) => n !== 'tenant-0250'))
    const { result, sent } = await recorded({}, (client) => left(client.tenants.deactivate(cls, names)))
    expect(sent).toEqual(['PUT 100', 'PUT 100', 'PUT 100'])
    if (result._tag !== 'TenantsPartialError') throw new Error(`expected a TenantsPartialError, got ${result._tag}: ${result.message}`)
    expect(result.applied).toEqual(names.slice(0, 200))
    expect(result.failed).toEqual(names.slice(200, 300))
    expect(result.notSent).toEqual(names.slice(300))
    expect(result.cause).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(result.message).toContain('tenants.deactivate')
  })

  it('the server agrees: the tenants applied are changed, those not sent are not, and the failed request changed the tenants it found', async () => {
    const names = TENANTS.slice(0, 350)
    const cls = await classes.make(names.filter((n) => n !== 'tenant-0250'))
    await recorded({}, (client) => left(client.tenants.deactivate(cls, names)))
    expect(await withStatus(cls, 'COLD')).toEqual(names.slice(0, 300).filter((n) => n !== 'tenant-0250'))
    expect(await withStatus(cls, 'HOT')).toEqual(names.slice(300))
  })

  it('at its first request, is a TenantsPartialError with nothing applied and the later requests not sent', async () => {
    const names = TENANTS.slice(0, 150)
    const cls = await classes.make(names.filter((n) => n !== 'tenant-0050'))
    const { result, sent } = await recorded({}, (client) => left(client.tenants.deactivate(cls, names)))
    expect(sent).toEqual(['PUT 100'])
    expect(result).toMatchObject({ _tag: 'TenantsPartialError', applied: [], failed: names.slice(0, 100), notSent: names.slice(100) })
    expect(await withStatus(cls, 'HOT')).toEqual(names.slice(100))
  })

  it('of one request, is that request\'s own error', async () => {
    const names = TENANTS.slice(0, 100)
    const cls = await classes.make(names.slice(1))
    const { result: error } = await recorded({}, (client) => left(client.tenants.deactivate(cls, names)))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
  })

  it('offload of 150 without the offload-s3 module: the first request of 100 is refused and the rest not sent; nothing changes', async () => {
    const names = TENANTS.slice(0, 150)
    const cls = await classes.make(names)
    const { result, sent } = await recorded({}, (client) => left(client.tenants.offload(cls, names)))
    expect(sent).toEqual(['PUT 100'])
    expect(result).toMatchObject({ _tag: 'TenantsPartialError', applied: [], notSent: names.slice(100) })
    expect(result.message).toContain('offload-s3 module is not enabled')
    expect(await withStatus(cls, 'HOT')).toEqual(names)
  })
})

describe('the caps follow the server version', () => {
  it('on a server known as 1.26.0, which caps creation at 100 too, create of 250 goes as 100, 100 and 50', async () => {
    const cls = await classes.make([])
    const names = TENANTS.slice(0, 250)
    const { sent } = await recorded({ serverVersion: '1.26.0' }, (client) => right(client.tenants.create(cls, names)))
    expect(sent).toEqual(['POST 100', 'POST 100', 'POST 50'])
    expect(await withStatus(cls, 'HOT')).toEqual(names)
  })

  it('on a server known as 1.25, which has no cap, deactivate of 150 is one request (which the 1.39 server refuses)', async () => {
    const names = TENANTS.slice(0, 150)
    const cls = await classes.make(names)
    const { result, sent } = await recorded({ serverVersion: '1.25.4' }, (client) => firstValueFrom(client.tenants.deactivate(cls, names)))
    expect(sent).toEqual(['PUT 150'])
    expect(E.isLeft(result) && result.left.message).toContain('maximum number of tenants allowed to be updated simultaneously is 100')
  })

  it('a name given twice is an ArgumentValueError and nothing is sent (two requests would not see it as the server does)', async () => {
    const names = [...TENANTS.slice(0, 150), 'tenant-0003']
    const { result, sent } = await recorded({ serverVersion: '1.39.0' }, (client) => left(client.tenants.deactivate('AnyClass', names)))
    expect(result).toMatchObject({ _tag: 'ArgumentValueError', argument: 'names[150]' })
    expect(sent).toEqual([])
  })
})
