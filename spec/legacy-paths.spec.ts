/**
 * The UUID-only forms used before server 1.14, forced with `serverVersion: '1.13.0'` and run
 * against a real server that still serves them. The deprecated routes fail as soon as any
 * multi-tenant class exists, so this file runs its own server.
 */
import * as E from 'fp-ts/Either'
import { startEmbedded, EmbeddedWeaviate } from '../lib/embedded'
import { WeaviateObject, referencesOf } from '../lib'
import { createClass } from './helpers/fixtures'
import { RecordingClient, recordingClient, right } from './helpers/client'

let server: EmbeddedWeaviate
let rc: RecordingClient
let emitWarning: jest.SpyInstance
/** The codes of the deprecation warnings emitted so far. */
const warningCodes = (): unknown[] =>
  emitWarning.mock.calls.map((call: unknown[]) => (call[1] as { code?: string } | undefined)?.code)

beforeAll(async () => {
  server = await startEmbedded()
  await createClass(server.connection, { class: 'Person', vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(server.connection, {
    class: 'Club',
    vectorizer: 'none',
    properties: [
      { name: 'name', dataType: ['text'] },
      { name: 'members', dataType: ['Person'] },
    ],
  })
  rc = recordingClient({ ...server.connection, serverVersion: '1.13.0' })
  emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
}, 180_000)

afterAll(async () => {
  emitWarning.mockRestore()
  await rc.close()
  await server.stop()
})

const paths = () => rc.requests.map((r) => `${r.method} ${r.path}`)

describe('before 1.14', () => {
  it('reads, checks, updates, replaces and deletes through /objects/<uuid>', async () => {
    const o = rc.client.objects
    const id = await right(o.create({ className: 'Person', dataObject: { name: 'Ada' } }))
    const first = rc.requests.length
    expect((await right(o.getById({ className: 'Person', uuid: id })))?.properties).toEqual({ name: 'Ada' })
    expect(await right(o.exists({ className: 'Person', uuid: id }))).toBe(true)
    await right(o.update({ className: 'Person', uuid: id, dataObject: { name: 'Ada L' } }))
    await right(o.replace({ className: 'Person', uuid: id, dataObject: { name: 'Ada Lovelace' } }))
    expect((await right(o.getById({ uuid: id })))?.properties).toEqual({ name: 'Ada Lovelace' })
    await right(o.delete({ className: 'Person', uuid: id }))
    expect(await right(o.exists({ uuid: id }))).toBe(false)
    expect(paths().slice(first)).toEqual([
      `GET /v1/objects/${id}`,
      `HEAD /v1/objects/${id}`,
      `PATCH /v1/objects/${id}`,
      `PUT /v1/objects/${id}`,
      `GET /v1/objects/${id}`,
      `DELETE /v1/objects/${id}`,
      `HEAD /v1/objects/${id}`,
    ])
  })

  it('keeps the class in replace and update bodies', async () => {
    const id = await right(rc.client.objects.create({ className: 'Person', dataObject: { name: 'B' } }))
    const first = rc.requests.length
    await right(rc.client.objects.update({ className: 'Person', uuid: id, dataObject: { name: 'C' } }))
    await right(rc.client.objects.replace({ className: 'Person', uuid: id, dataObject: { name: 'D' } }))
    expect(rc.requests.slice(first).map((r) => [r.method, r.body])).toEqual([
      ['PATCH', expect.objectContaining({ class: 'Person', id })],
      ['PUT', expect.objectContaining({ class: 'Person', id })],
    ])
  })

  it('lists without the class parameter', async () => {
    await right(rc.client.objects.list({ className: 'Person', limit: 5 }))
    expect(rc.requests.at(-1)?.path).toBe('/v1/objects?limit=5')
  })

  it('sends class-less reference paths and beacons, which the server resolves', async () => {
    const o = rc.client.objects
    const club = await right(o.create({ className: 'Club', dataObject: { name: 'c' } }))
    const [p1, p2] = [
      await right(o.create({ className: 'Person', dataObject: { name: 'p1' } })),
      await right(o.create({ className: 'Person', dataObject: { name: 'p2' } })),
    ]
    const base = { fromClassName: 'Club', fromUuid: club, fromPropertyName: 'members' }
    await right(rc.client.references.add({ ...base, toClassName: 'Person', toUuid: p1 }))
    expect(rc.requests.at(-1)).toMatchObject({
      path: `/v1/objects/${club}/references/members`,
      body: { beacon: `weaviate://localhost/${p1}` },
    })
    await right(rc.client.references.replace({ ...base, toUuids: [p1, p2], toClassNames: 'Person' }))
    expect(rc.requests.at(-1)?.body).toEqual([
      { beacon: `weaviate://localhost/${p1}` },
      { beacon: `weaviate://localhost/${p2}` },
    ])
    await right(rc.client.references.delete({ ...base, toClassName: 'Person', toUuid: p1 }))
    const object = (await right(o.getById({ uuid: club }))) as WeaviateObject
    const members = referencesOf(object, 'members')
    expect(E.map((rs: ReadonlyArray<{ uuid: string; className: string | undefined }>) => rs.map((r) => [r.className, r.uuid]))(members)).toEqual(
      E.right([['Person', p2]]),
    )
  })

  it('warns once per kind and client that class names are ignored', async () => {
    const fresh = recordingClient({ ...server.connection, serverVersion: '1.13.0' })
    try {
      const before = warningCodes().length
      const o = fresh.client.objects
      const club = await right(o.create({ className: 'Club', dataObject: { name: 'w' } }))
      const person = await right(o.create({ className: 'Person', dataObject: { name: 'w' } }))
      for (let i = 0; i < 2; i++) {
        await right(o.exists({ className: 'Person', uuid: person }))
        await right(fresh.client.references.add({ fromClassName: 'Club', fromUuid: club, fromPropertyName: 'members', toClassName: 'Person', toUuid: person }))
      }
      const codes = warningCodes().slice(before)
      expect(codes.filter((c) => c === 'WEAVIATE_RX_DEP002')).toHaveLength(1)
      expect(codes.filter((c) => c === 'WEAVIATE_RX_DEP004')).toHaveLength(1)
      expect(codes.filter((c) => c === 'WEAVIATE_RX_DEP005')).toHaveLength(1)
    } finally {
      await fresh.close()
    }
  })

  it('sends no meta request when the version is given', async () => {
    const fresh = recordingClient({ ...server.connection, serverVersion: '1.13.0' })
    try {
      await right(fresh.client.objects.exists({ className: 'Person', uuid: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303' }))
      expect(fresh.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['HEAD /v1/objects/36ddd591-2dee-4e7e-a3cc-eb86d30a4303'])
    } finally {
      await fresh.close()
    }
  })
})


describe('from 1.14 without class names', () => {
  it('warns once per client and uses the class-less path', async () => {
    const modern = recordingClient({ ...server.connection })
    try {
      const before = warningCodes().length
      await right(modern.client.objects.exists({ uuid: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303' }))
      await right(modern.client.objects.exists({ uuid: '36ddd591-2dee-4e7e-a3cc-eb86d30a4303' }))
      expect(warningCodes().slice(before).filter((c) => c === 'WEAVIATE_RX_DEP001')).toHaveLength(1)
      expect(modern.requests.at(-1)?.path).toBe('/v1/objects/36ddd591-2dee-4e7e-a3cc-eb86d30a4303')
    } finally {
      await modern.close()
    }
  })
})
