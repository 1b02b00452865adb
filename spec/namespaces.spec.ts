/**
 * client.cluster.namespaces against the run's namespace-enabled server (`NAMESPACES` of
 * spec/helpers/versions.ts: 1.39.0 with NAMESPACES_ENABLED, RBAC and GraphQL off), as its root
 * user; the refusal of a server without namespaces (the run's plain 1.39.0), bad input, and an old
 * server. Each test works on its own namespace names (`rx-ns-<n>`), so the file can run again on
 * the same server.
 */
import { randomBytes } from 'node:crypto'
import { Client, connect } from '../lib'
import { left, recordingClient, right } from './helpers/client'
import { configuredServer, serverUrl } from './helpers/versions'

/** A namespace name of this run: lower-case letters and digits, 3 to 36 characters. */
const fresh = (label: string): string => `rx-${label}-${randomBytes(4).toString('hex')}`

let client: Client

beforeAll(() => {
  const { url, apiKey } = configuredServer('NAMESPACES')
  client = connect({ url, apiKey })
})

afterAll(() => client.close())

describe('cluster.namespaces on 1.39.0 with namespaces enabled', () => {
  it('creates a namespace that is active and placed on the only node', async () => {
    const name = fresh('create')
    const [node] = await right(client.cluster.nodes())
    const created = await right(client.cluster.namespaces.create({ name }))
    expect(created).toEqual({ name, homeNode: node?.name, state: 'active' })
  })

  it('reads a namespace back with get, as create answered it', async () => {
    const name = fresh('get')
    const created = await right(client.cluster.namespaces.create({ name }))
    expect(await right(client.cluster.namespaces.get({ name }))).toEqual(created)
  })

  it('answers get of a namespace that does not exist with null', async () => {
    expect(await right(client.cluster.namespaces.get({ name: fresh('missing') }))).toBeNull()
  })

  it('lists the namespaces created', async () => {
    const names = [fresh('list'), fresh('list')]
    for (const name of names) await right(client.cluster.namespaces.create({ name }))
    const listed = (await right(client.cluster.namespaces.list())).map((n) => n.name)
    expect(listed).toEqual(expect.arrayContaining(names))
  })

  it('refuses to create a namespace twice with a 409 Left', async () => {
    const name = fresh('twice')
    await right(client.cluster.namespaces.create({ name }))
    const error = await left(client.cluster.namespaces.create({ name }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(409)
  })

  it('creates a namespace on the home node given, and update sets it again', async () => {
    const name = fresh('home')
    const [node] = await right(client.cluster.nodes())
    const homeNode = node?.name ?? ''
    expect((await right(client.cluster.namespaces.create({ name, homeNode }))).homeNode).toBe(homeNode)
    expect(await right(client.cluster.namespaces.update({ name, homeNode }))).toEqual({ name, homeNode, state: 'active' })
  })

  it('passes on the refusal of an update to a node that is not in the cluster as a 422 Left', async () => {
    const name = fresh('badnode')
    await right(client.cluster.namespaces.create({ name }))
    const error = await left(client.cluster.namespaces.update({ name, homeNode: 'no-such-node' }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(422)
  })

  it('suspends a namespace, and resume makes it active again', async () => {
    const name = fresh('suspend')
    await right(client.cluster.namespaces.create({ name }))
    await right(client.cluster.namespaces.suspend({ name }))
    expect((await right(client.cluster.namespaces.get({ name })))?.state).toBe('suspended')
    await right(client.cluster.namespaces.resume({ name }))
    expect((await right(client.cluster.namespaces.get({ name })))?.state).toBe('active')
  })

  it('marks a deleted namespace for deletion: get then reads it deleting or finds none', async () => {
    const name = fresh('delete')
    await right(client.cluster.namespaces.create({ name }))
    await right(client.cluster.namespaces.delete({ name }))
    const after = await right(client.cluster.namespaces.get({ name }))
    expect(after === null || after.state === 'deleting').toBe(true)
  })

  it('answers the suspension of a namespace that does not exist with a 404 Left', async () => {
    const error = await left(client.cluster.namespaces.suspend({ name: fresh('nothing') }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(404)
  })

  it('passes on the refusal of a reserved name as a 422 Left', async () => {
    const error = await left(client.cluster.namespaces.create({ name: 'admin' }))
    expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(422)
  })
})

describe('cluster.namespaces input checks', () => {
  const bad: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
    ['a name with upper-case letters', { name: 'Customer' }, 'name'],
    ['a name of two characters', { name: 'ab' }, 'name'],
    ['a name of 37 characters', { name: 'a'.repeat(37) }, 'name'],
    ['a name that ends with a hyphen', { name: 'abc-' }, 'name'],
    ['an empty home node', { name: 'abc', homeNode: '' }, 'homeNode'],
  ]
  let rc: ReturnType<typeof recordingClient>

  beforeAll(() => {
    const { url, apiKey } = configuredServer('NAMESPACES')
    rc = recordingClient({ url, apiKey })
  })

  afterAll(() => rc.close())

  it.each(bad)('refuses %s with an ArgumentValueError and sends nothing', async (_, args, argument) => {
    const error = await left(rc.client.cluster.namespaces.create(args as { name: string }))
    expect(error._tag).toBe('ArgumentValueError')
    expect(error._tag === 'ArgumentValueError' && error.argument).toBe(argument)
    expect(rc.requests).toEqual([])
  })

  it('refuses an update without a home node with an ArgumentTypeError and sends nothing', async () => {
    const error = await left(rc.client.cluster.namespaces.update({ name: 'abc' } as { name: string; homeNode: string }))
    expect([error._tag, rc.requests]).toEqual(['ArgumentTypeError', []])
  })
})

describe('cluster.namespaces on servers without them', () => {
  it('turns the 404 of a 1.39.0 server run without NAMESPACES_ENABLED into a Left that says how to turn them on', async () => {
    const rc = recordingClient({ url: serverUrl('1.39.0') })
    try {
      const error = await left(rc.client.cluster.namespaces.list())
      expect(error._tag === 'UnexpectedStatusError' && error.status).toBe(404)
      expect(error.message).toContain('NAMESPACES_ENABLED=true')
    } finally {
      await rc.close()
    }
  })

  it('refuses on 1.18.6 with an UnsupportedVersionError and sends no namespace request', async () => {
    const rc = recordingClient({ url: serverUrl('1.18.6') })
    try {
      const error = await left(rc.client.cluster.namespaces.get({ name: 'abc' }))
      expect(error._tag).toBe('UnsupportedVersionError')
      expect(error.message).toContain('1.38.0')
      expect(rc.requests.map((r) => r.path)).not.toContainEqual(expect.stringContaining('/namespaces'))
    } finally {
      await rc.close()
    }
  })
})
