/**
 * Conformance items of the research checklists that no other spec checks: statuses that look like
 * success but are not the operation's, the queries of reference operations, sort details, and the
 * server facts the client works around (tested on the raw server, so a server that changes them
 * fails here instead of silently making the workaround wrong).
 */
import { request } from 'undici'
import { connect } from '../lib'
import { left, once, recordingClient, right } from './helpers/client'
import { createClass, deleteClass, getObjectRaw, insertObjects } from './helpers/fixtures'
import { json, startServer } from './helpers/misbehaving-server'
import { authHeaders, uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'

const ID = '36ddd591-2dee-4e7e-a3cc-eb86d30a4303'
const OTHER = '6ba7b811-9dad-11d1-80b4-00c04fd430c8'

describe('a success status of another operation is an error', () => {
  const cases = [
    ['update answered 200', 200, (c: ReturnType<typeof connect>) => c.objects.update({ className: 'A', uuid: ID, dataObject: { x: 1 } })],
    ['replace answered 204', 204, (c: ReturnType<typeof connect>) => c.objects.replace({ className: 'A', uuid: ID, dataObject: { x: 1 } })],
    [
      'references.add answered 204',
      204,
      (c: ReturnType<typeof connect>) => c.references.add({ fromClassName: 'A', fromUuid: ID, fromPropertyName: 'p', toClassName: 'B', toUuid: OTHER }),
    ],
    [
      'references.delete answered 200',
      200,
      (c: ReturnType<typeof connect>) => c.references.delete({ fromClassName: 'A', fromUuid: ID, fromPropertyName: 'p', toClassName: 'B', toUuid: OTHER }),
    ],
  ] as const
  it.each(cases)('%s is an UnexpectedStatusError with that status', async (_name, status, op) => {
    const server = await startServer(json(status))
    const client = connect({ url: server.url, serverVersion: '1.39.0', retry: false })
    try {
      expect(await left(op(client))).toMatchObject({ _tag: 'UnexpectedStatusError', status })
    } finally {
      await client.close()
      await server.close()
    }
  })
})

describe('requests on the wire', () => {
  const Club = uniqueClassName('ConformanceClub')
  const Person = uniqueClassName('ConformancePerson')

  beforeAll(async () => {
    await createClass(weaviateUrl(), { class: Person, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }, { name: 'age', dataType: ['int'] }] })
    await createClass(weaviateUrl(), { class: Club, vectorizer: 'none', properties: [{ name: 'members', dataType: [Person] }] })
  })

  afterAll(async () => {
    await deleteClass(weaviateUrl(), Club)
    await deleteClass(weaviateUrl(), Person)
  })

  it('references.replace and references.delete send consistency_level in the query', async () => {
    const rc = recordingClient()
    try {
      const [club] = await insertObjects(weaviateUrl(), Club, [{}])
      const [person] = await insertObjects(weaviateUrl(), Person, [{ name: 'p' }])
      const from = { fromClassName: Club, fromUuid: club ?? '', fromPropertyName: 'members' }
      await right(rc.client.references.replace({ ...from, toClassNames: Person, toUuids: [person ?? ''], consistencyLevel: 'QUORUM' }))
      await right(rc.client.references.delete({ ...from, toClassName: Person, toUuid: person ?? '', consistencyLevel: 'ONE' }))
      const refs = rc.requests.filter((r) => r.path.includes('/references/'))
      expect(refs.map((r) => `${r.method} ${r.path}`)).toEqual([
        `PUT /v1/objects/${Club}/${club ?? ''}/references/members?consistency_level=QUORUM`,
        `DELETE /v1/objects/${Club}/${club ?? ''}/references/members?consistency_level=ONE`,
      ])
    } finally {
      await rc.close()
    }
  })

  it('references.replace and references.delete send tenant in the query', async () => {
    const server = await startServer(json(200))
    const client = connect({ url: server.url, serverVersion: '1.39.0', retry: false })
    try {
      const from = { fromClassName: Club, fromUuid: ID, fromPropertyName: 'members', tenant: 'tenantA' }
      await once(client.references.replace({ ...from, toClassNames: Person, toUuids: [OTHER] }))
      await once(client.references.delete({ ...from, toClassName: Person, toUuid: OTHER }))
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        `PUT /v1/objects/${Club}/${ID}/references/members?tenant=tenantA`,
        `DELETE /v1/objects/${Club}/${ID}/references/members?tenant=tenantA`,
      ])
    } finally {
      await client.close()
      await server.close()
    }
  })

  it('toClassNames: [] is taken as not given: beacons without a class', async () => {
    const rc = recordingClient()
    try {
      const [club] = await insertObjects(weaviateUrl(), Club, [{}])
      const [person] = await insertObjects(weaviateUrl(), Person, [{ name: 'q' }])
      await right(rc.client.references.replace({ fromClassName: Club, fromUuid: club ?? '', fromPropertyName: 'members', toClassNames: [], toUuids: [person ?? ''] }))
      expect(rc.requests.at(-1)?.body).toEqual([{ beacon: `weaviate://localhost/${person ?? ''}` }])
    } finally {
      await rc.close()
    }
  })

  it('a single boolean orderAsc applies to every sort property', async () => {
    const rc = recordingClient()
    try {
      await right(rc.client.objects.list({ className: Person, sort: { properties: ['name', 'age'], orderAsc: false } }))
      expect(rc.requests.at(-1)?.path).toBe(`/v1/objects?class=${Person}&limit=100&sort=name%2Cage&order=desc%2Cdesc`)
    } finally {
      await rc.close()
    }
  })

  it("the caller's sort object is not changed", async () => {
    const rc = recordingClient()
    try {
      const sort = { properties: ['name', 'age'], orderAsc: [true, false] }
      const copy = structuredClone(sort)
      await right(rc.client.objects.list({ className: Person, sort }))
      expect(sort).toEqual(copy)
    } finally {
      await rc.close()
    }
  })
})

describe('server facts the client works around (raw server)', () => {
  const Facts = uniqueClassName('Facts')
  const v1 = () => `${weaviateUrl().replace(/\/$/, '')}/v1`

  beforeAll(async () => {
    await createClass(weaviateUrl(), { class: Facts, vectorizer: 'none', properties: [{ name: 'a', dataType: ['text'] }, { name: 'b', dataType: ['text'] }] })
    await insertObjects(weaviateUrl(), Facts, Array.from({ length: 120 }, (_, i) => ({ a: `a${i}`, b: `b${i}` })))
  })

  afterAll(() => deleteClass(weaviateUrl(), Facts))

  it('the raw server deletes a property sent as null in a PATCH (so update drops nulls)', async () => {
    const [id] = await insertObjects(weaviateUrl(), Facts, [{ a: 'keep', b: 'gone?' }])
    const res = await request(`${v1()}/objects/${Facts}/${id ?? ''}`, {
      method: 'PATCH',
      headers: { ...authHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ class: Facts, properties: { b: null } }),
    })
    await res.body.dump()
    expect(res.statusCode).toBe(204)
    expect((await getObjectRaw(weaviateUrl(), Facts, id ?? ''))?.['properties']).toEqual({ a: 'keep' })
  })

  it('the raw server lists fewer than 100 objects without a limit (so list sends limit=100)', async () => {
    const res = await request(`${v1()}/objects?class=${Facts}`, { headers: authHeaders() })
    const body = (await res.body.json()) as { objects: unknown[] }
    expect(body.objects.length).toBeLessThan(100)
  })

  it('the raw server rejects validate without an id (so validate generates one)', async () => {
    const res = await request(`${v1()}/objects/validate`, {
      method: 'POST',
      headers: { ...authHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ class: Facts, properties: { a: 'x' } }),
    })
    await res.body.dump()
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
  })

  it('the client validates without an id', async () => {
    const client = connect({ ...weaviateConnection() })
    try {
      expect(await right(client.objects.validate({ className: Facts, dataObject: { a: 'x' } }))).toMatchObject({ valid: true })
    } finally {
      await client.close()
    }
  })
})
