/**
 * client.roles and client.users against the run's role-based access server (`RBAC` of
 * CONFIGURED_SERVERS: 1.39.0 started with `rbac: true`, so its published key is the root user's
 * and database users are on). A database user whose role reads one class reads it, and writing
 * that class or reading another is one ForbiddenError after exactly one request (never retried);
 * rotating a user's key locks the old key out; a role made of every permission kind reads back
 * as it was made. On 1.18.6 every operation is an UnsupportedVersionError and only `GET /v1/meta`
 * is sent. Every test makes its own roles, users and classes, so each passes alone (`-t`).
 */
import * as E from 'fp-ts/Either'
import type { Client, Permission, WeaviateError } from '../lib'
import { RecordedRequest, RecordingClient, left, once, recordingClient, right } from './helpers/client'
import { uniqueClassName } from './helpers/server'
import { configuredServer, serverUrl } from './helpers/versions'

const server = (): { url: string; apiKey: string | undefined } => configuredServer('RBAC')

let root: RecordingClient
const roles: string[] = []
const users: string[] = []
const classes: string[] = []
const clients: RecordingClient[] = []

beforeAll(() => {
  root = recordingClient({ url: server().url, apiKey: server().apiKey })
})

afterAll(async () => {
  for (const role of roles) await right(root.client.roles.delete(role))
  for (const user of users) await right(root.client.users.db.delete(user))
  for (const name of classes) await right(root.client.schema.deleteClass(name))
  for (const c of clients) await c.close()
  await root.close()
})

const newRoleName = (prefix: string): string => {
  const name = `${prefix}-${uniqueClassName('R').toLowerCase()}`
  roles.push(name)
  return name
}

const newUser = async (prefix: string): Promise<{ readonly userId: string; readonly key: string }> => {
  const userId = `${prefix}-${uniqueClassName('U').toLowerCase()}`
  users.push(userId)
  return { userId, key: await right(root.client.users.db.create(userId)) }
}

/** A class `{ title: text }` with one object, made by the root user. */
const newClass = async (prefix: string): Promise<string> => {
  const name = uniqueClassName(prefix)
  classes.push(name)
  await right(root.client.schema.createClass({ class: name, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }] }))
  await right(root.client.objects.create({ className: name, dataObject: { title: 'one' } }))
  return name
}

const clientWith = (apiKey: string): RecordingClient => {
  const c = recordingClient({ url: server().url, apiKey })
  clients.push(c)
  return c
}

/** The requests other than the version read. */
const sent = (requests: readonly RecordedRequest[]): readonly RecordedRequest[] => requests.filter((r) => !r.path.startsWith('/v1/meta'))

/** A user whose one role reads `readable` (its schema and its objects), and that user's client. */
const readerOf = async (readable: string): Promise<{ readonly client: Client; readonly requests: RecordedRequest[]; readonly userId: string }> => {
  const role = newRoleName('reader')
  await right(
    root.client.roles.create(role, [
      { kind: 'collections', collection: readable, actions: ['read'] },
      { kind: 'data', collection: readable, actions: ['read'] },
    ]),
  )
  const { userId, key } = await newUser('reader')
  await right(root.client.users.assignRoles(userId, [role], { userType: 'db' }))
  const c = clientWith(key)
  return { client: c.client, requests: c.requests, userId }
}

describe('a user whose role reads one class', () => {
  it('reads that class', async () => {
    const readable = await newClass('Readable')
    const reader = await readerOf(readable)
    const list = await right(reader.client.objects.list({ className: readable }))
    expect(list.map((o) => o.properties)).toEqual([{ title: 'one' }])
  })

  it('is refused writing it: one ForbiddenError naming the refusal, after exactly one request', async () => {
    const readable = await newClass('Readable')
    const reader = await readerOf(readable)
    const error = await left(reader.client.objects.create({ className: readable, dataObject: { title: 'two' }, retry: { attempts: 5 } }))
    expect(error._tag).toBe('ForbiddenError')
    expect(error._tag === 'ForbiddenError' && error.messages.join(' ')).toMatch(/forbidden/i)
    expect(sent(reader.requests).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/objects'])
  })

  it('is refused reading another class: one ForbiddenError after exactly one request, though GET is retried on transient failures', async () => {
    const readable = await newClass('Readable')
    const hidden = await newClass('Hidden')
    const reader = await readerOf(readable)
    const error = await left(reader.client.objects.list({ className: hidden, retry: { attempts: 5 } }))
    expect(error).toMatchObject({ _tag: 'ForbiddenError', method: 'GET' })
    expect(error.message).toContain(hidden)
    expect(sent(reader.requests)).toHaveLength(1)
  })

  it('sees its own name and role in ownInfo', async () => {
    const readable = await newClass('Readable')
    const reader = await readerOf(readable)
    const me = await right(reader.client.users.ownInfo())
    expect(me.username).toBe(reader.userId)
    expect(me.roles.flatMap((r) => r.permissions)).toEqual(
      expect.arrayContaining([{ kind: 'data', collection: readable, tenant: '*', object: '*', actions: ['read'] }]),
    )
  })
})

describe('database users', () => {
  it("rotating a user's key locks the old key out and lets the new one in", async () => {
    const { userId, key } = await newUser('rotate')
    const before = clientWith(key)
    expect((await right(before.client.users.ownInfo())).username).toBe(userId)
    const fresh = await right(root.client.users.db.rotateKey(userId))
    expect(fresh).not.toBe(key)
    const old = clientWith(key)
    expect(await left(old.client.users.ownInfo())).toMatchObject({ _tag: 'UnexpectedStatusError', status: 401 })
    expect((await right(clientWith(fresh).client.users.ownInfo())).username).toBe(userId)
  })

  it('deactivating a user locks its key out until it is activated again; each change is true once, false when nothing changed', async () => {
    const { userId, key } = await newUser('active')
    expect(await right(root.client.users.db.deactivate(userId))).toBe(true)
    expect(await right(root.client.users.db.deactivate(userId))).toBe(false)
    expect(await right(root.client.users.db.get(userId))).toMatchObject({ userId, active: false, userType: 'db_user' })
    expect(await left(clientWith(key).client.users.ownInfo())).toMatchObject({ status: 401 })
    expect(await right(root.client.users.db.activate(userId))).toBe(true)
    expect(await right(root.client.users.db.activate(userId))).toBe(false)
    expect((await right(clientWith(key).client.users.ownInfo())).username).toBe(userId)
  })

  it('lists, gets and deletes a user; a deleted user is null and deleting it again is false', async () => {
    const { userId } = await newUser('crud')
    const role = newRoleName('crud')
    await right(root.client.roles.create(role, [{ kind: 'cluster', actions: ['read'] }]))
    await right(root.client.users.assignRoles(userId, [role]))
    expect((await right(root.client.users.db.list())).map((u) => u.userId)).toContain(userId)
    expect(await right(root.client.users.db.get(userId, { includeLastUsedTime: true }))).toMatchObject({ userId, active: true, roles: [role] })
    expect((await right(root.client.users.getAssignedRoles(userId, { userType: 'db' }))).map((r) => r.name)).toEqual([role])
    expect(await right(root.client.roles.assignedUsers(role))).toEqual([{ userId, userType: 'db_user' }])
    await right(root.client.users.revokeRoles(userId, [role]))
    expect(await right(root.client.users.getAssignedRoles(userId))).toEqual([])
    expect(await right(root.client.users.db.delete(userId))).toBe(true)
    expect(await right(root.client.users.db.get(userId))).toBeNull()
    expect(await right(root.client.users.db.delete(userId))).toBe(false)
  })
})

describe('roles', () => {
  /** One permission of every kind, every resource field given, actions in the kind's order. */
  const everyKind = (c: string): Permission[] => [
    { kind: 'backups', collection: c, actions: ['manage'] },
    { kind: 'cluster', actions: ['read'] },
    { kind: 'collections', collection: c, actions: ['create', 'read', 'update', 'delete'] },
    { kind: 'data', collection: c, tenant: 'tenant-a', object: '*', actions: ['read', 'update'] },
    { kind: 'tenants', collection: c, tenant: 'tenant-*', actions: ['create', 'read'] },
    { kind: 'nodes', verbosity: 'verbose', collection: c, actions: ['read'] },
    { kind: 'roles', role: 'some-role', scope: 'match', actions: ['read'] },
    { kind: 'users', user: 'some-user', actions: ['assign_and_revoke', 'read'] },
    { kind: 'aliases', collection: c, alias: 'Alias*', actions: ['read', 'delete'] },
    { kind: 'replication', collection: c, shard: '*', actions: ['create', 'read'] },
    { kind: 'groups', group: 'ops', groupType: 'oidc', actions: ['assign_and_revoke', 'read'] },
    { kind: 'mcp', actions: ['create', 'read', 'update'] },
    { kind: 'namespaces', namespace: 'team-*', actions: ['manage'] },
  ]
  const byKind = (ps: readonly Permission[]): Permission[] => [...ps].sort((a, b) => a.kind.localeCompare(b.kind))

  it('a role of every permission kind reads back exactly as it was made, in get and in list', async () => {
    const name = newRoleName('every')
    const permissions = everyKind('Article')
    expect(await right(root.client.roles.create(name, permissions))).toEqual({ name, permissions, otherPermissions: [] })
    const got = await right(root.client.roles.get(name))
    expect(got === null ? null : { ...got, permissions: byKind(got.permissions) }).toEqual({ name, permissions: byKind(permissions), otherPermissions: [] })
    const listed = (await right(root.client.roles.list())).find((r) => r.name === name)
    expect(listed === undefined ? undefined : byKind(listed.permissions)).toEqual(byKind(permissions))
  })

  it('adds and removes permissions, answers hasPermission per action, and deletes; a deleted role is null and does not exist', async () => {
    const name = newRoleName('change')
    await right(root.client.roles.create(name, [{ kind: 'cluster', actions: ['read'] }]))
    const data: Permission = { kind: 'data', collection: 'Article', actions: ['read'] }
    expect(await right(root.client.roles.hasPermission(name, data))).toBe(false)
    await right(root.client.roles.addPermissions(name, [data]))
    expect(await right(root.client.roles.hasPermission(name, data))).toBe(true)
    expect(await right(root.client.roles.hasPermission(name, { ...data, actions: ['update'] }))).toBe(false)
    await right(root.client.roles.removePermissions(name, [data]))
    expect(await right(root.client.roles.hasPermission(name, data))).toBe(false)
    expect(await right(root.client.roles.exists(name))).toBe(true)
    await right(root.client.roles.delete(name))
    expect(await right(root.client.roles.exists(name))).toBe(false)
    expect(await right(root.client.roles.get(name))).toBeNull()
    await right(root.client.roles.delete(name))
  })

  it('assigns roles to a group, lists the group and its roles, and the role names the group', async () => {
    const name = newRoleName('group')
    const group = `group-${uniqueClassName('G').toLowerCase()}`
    await right(root.client.roles.create(name, [{ kind: 'cluster', actions: ['read'] }]))
    await right(root.client.users.groups.assignRoles(group, [name]))
    expect(await right(root.client.users.groups.list())).toContain(group)
    expect((await right(root.client.users.groups.getAssignedRoles(group))).map((r) => r.name)).toEqual([name])
    expect(await right(root.client.roles.assignedGroups(name))).toEqual([{ groupId: group, groupType: 'oidc' }])
    await right(root.client.users.groups.revokeRoles(group, [name]))
    expect(await right(root.client.users.groups.getAssignedRoles(group))).toEqual([])
  })

  it.each<[string, unknown]>([
    ['an unknown kind', { kind: 'everything', actions: ['read'] }],
    ['an action the kind lacks', { kind: 'cluster', actions: ['delete'] }],
    ['no action', { kind: 'data', actions: [] }],
    ['a field of another kind', { kind: 'data', shard: 'x', actions: ['read'] }],
    ['a verbosity the server lacks', { kind: 'nodes', verbosity: 'loud', actions: ['read'] }],
  ])('refuses a permission with %s before any request', async (_, permission) => {
    const rc = clientWith(server().apiKey ?? '')
    const error = await left(rc.client.roles.create('never-made', [permission as Permission]))
    expect(error._tag).toBe('ArgumentValueError')
    expect(rc.requests).toEqual([])
  })

  it('refuses hasPermission of more than one action before any request', async () => {
    const rc = clientWith(server().apiKey ?? '')
    expect(await left(rc.client.roles.hasPermission('any', { kind: 'data', actions: ['read', 'update'] }))).toMatchObject({ _tag: 'ArgumentValueError' })
    expect(rc.requests).toEqual([])
  })
})

describe('on a server without role-based access control (1.18.6)', () => {
  const ops: ReadonlyArray<[string, (c: Client) => ReturnType<typeof once>]> = [
    ['roles.list', (c) => once(c.roles.list())],
    ['roles.create', (c) => once(c.roles.create('r', [{ kind: 'cluster', actions: ['read'] }]))],
    ['users.assignRoles', (c) => once(c.users.assignRoles('u', ['r']))],
    ['users.ownInfo', (c) => once(c.users.ownInfo())],
    ['users.db.create', (c) => once(c.users.db.create('u'))],
    ['users.groups.list', (c) => once(c.users.groups.list())],
    ['roles.assignedGroups', (c) => once(c.roles.assignedGroups('r'))],
  ]
  it.each(ops)('%s is an UnsupportedVersionError and only the version is read', async (_, run) => {
    const rc = recordingClient({ url: serverUrl('1.18.6') })
    clients.push(rc)
    const result: E.Either<WeaviateError, unknown> = await run(rc.client)
    expect(E.isLeft(result) && result.left._tag).toBe('UnsupportedVersionError')
    expect(rc.requests.map((r) => r.path)).toEqual(['/v1/meta'])
  })
})

describe('the cut-offs of permission kinds and operations, for a server of a given version', () => {
  /** A client told the server's version, so nothing at all is sent before the gate. */
  const at = (serverVersion: string): RecordingClient => {
    const rc = recordingClient({ url: server().url, apiKey: server().apiKey, serverVersion })
    clients.push(rc)
    return rc
  }
  it.each<[string, string, (c: Client) => ReturnType<typeof once>]>([
    ['1.28.2', "a 'tenants' permission", (c) => once(c.roles.create('r', [{ kind: 'tenants', actions: ['read'] }]))],
    ['1.28.4', "a 'users' permission", (c) => once(c.roles.create('r', [{ kind: 'users', actions: ['read'] }]))],
    ['1.28.4', "the 'create' role action", (c) => once(c.roles.addPermissions('r', [{ kind: 'roles', actions: ['create'] }]))],
    ['1.29.9', "the 'delete' user action", (c) => once(c.roles.create('r', [{ kind: 'users', actions: ['delete'] }]))],
    ['1.30.9', "a 'replication' permission", (c) => once(c.roles.create('r', [{ kind: 'replication', actions: ['read'] }]))],
    ['1.31.9', "an 'aliases' permission", (c) => once(c.roles.hasPermission('r', { kind: 'aliases', actions: ['read'] }))],
    ['1.32.4', "a 'groups' permission", (c) => once(c.roles.create('r', [{ kind: 'groups', actions: ['read'] }]))],
    ['1.37.0', "an 'mcp' permission", (c) => once(c.roles.create('r', [{ kind: 'mcp', actions: ['read'] }]))],
    ['1.37.9', "a 'namespaces' permission", (c) => once(c.roles.addPermissions('r', [{ kind: 'namespaces', actions: ['manage'] }]))],
    ['1.28.4', 'users.ownInfo', (c) => once(c.users.ownInfo())],
    ['1.28.4', 'users.groups.assignRoles', (c) => once(c.users.groups.assignRoles('g', ['r']))],
    ['1.29.9', 'users.db.rotateKey', (c) => once(c.users.db.rotateKey('u'))],
    ['1.29.9', "a 'userType' in users.assignRoles", (c) => once(c.users.assignRoles('u', ['r'], { userType: 'oidc' }))],
    ['1.29.9', 'roles.assignedUsers', (c) => once(c.roles.assignedUsers('r'))],
    ['1.32.4', 'users.groups.list', (c) => once(c.users.groups.list())],
  ])('on %s, %s is an UnsupportedVersionError and nothing is sent', async (version, _what, run) => {
    const rc = at(version)
    const result: E.Either<WeaviateError, unknown> = await run(rc.client)
    expect(E.isLeft(result) && result.left._tag).toBe('UnsupportedVersionError')
    expect(rc.requests).toEqual([])
  })

  it('on 1.32.5, a groups permission passes the gate (the 1.32.x backport)', async () => {
    const rc = at('1.32.5')
    const name = newRoleName('backport')
    await right(rc.client.roles.create(name, [{ kind: 'groups', actions: ['read'] }]))
    expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/authz/roles'])
  })

  it('on 1.37.1, an mcp permission passes the gate (the 1.37.x backport)', async () => {
    const rc = at('1.37.1')
    const name = newRoleName('mcp-backport')
    await right(rc.client.roles.create(name, [{ kind: 'mcp', actions: ['read'] }]))
    expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/authz/roles'])
  })

  it('on 1.29.0, getAssignedRoles reads the roles without a user type (the path before 1.30)', async () => {
    const rc = at('1.29.0')
    await once(rc.client.users.getAssignedRoles('someone'))
    expect(rc.requests.map((r) => r.path)).toEqual(['/v1/authz/users/someone/roles'])
  })
})

describe('a refusal over gRPC', () => {
  it('a search of a class the role cannot read is one ForbiddenError', async () => {
    const readable = await newClass('Readable')
    const hidden = await newClass('Hidden')
    const reader = await readerOf(readable)
    const grpc = recordingClient({ url: server().url, grpcUrl: configuredServer('RBAC').grpcUrl, apiKey: (await right(root.client.users.db.rotateKey(reader.userId))) })
    clients.push(grpc)
    const error = await left(grpc.client.query.fetchObjects({ className: hidden, transport: 'grpc' }))
    expect(error._tag).toBe('ForbiddenError')
  })
})
