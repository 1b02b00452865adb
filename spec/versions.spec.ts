/**
 * The version split at 1.14, on real servers of four versions (1.13.2, 1.14.1, 1.18.6, 1.39.0):
 * every object and reference operation's own request is recorded on its way out, so the paths and
 * beacons asserted are the ones on the wire (a success alone would prove nothing: newer servers
 * serve both routes). The version comes from each server's /v1/meta, never from an override.
 */
import * as E from 'fp-ts/Either'
import { lastValueFrom, toArray } from 'rxjs'
import { v4 as uuidv4 } from 'uuid'
import { RecordingClient, RecordedRequest, left, once, recordingClient, right } from './helpers/client'
import { SERVER_VERSIONS, ServerVersionUnderTest, serverUrl } from './helpers/versions'
import { json, sequence, startServer } from './helpers/misbehaving-server'
import { connect } from '../lib'

const NAMESPACED: Record<ServerVersionUnderTest, boolean> = { '1.13.2': false, '1.14.1': true, '1.18.6': true, '1.39.0': true }
const CURSOR: Record<ServerVersionUnderTest, boolean> = { '1.13.2': false, '1.14.1': false, '1.18.6': true, '1.39.0': true }

describe.each(SERVER_VERSIONS)('on Weaviate %s', (version) => {
  const namespaced = NAMESPACED[version]
  const suffix = `V${version.replace(/\./g, '')}${Math.random().toString(36).slice(2, 8)}`
  const Author = `Author${suffix}`
  const Article = `Article${suffix}`
  let rc: RecordingClient
  let emitWarning: jest.SpyInstance

  const warningCodes = (): unknown[] => emitWarning.mock.calls.map((call: unknown[]) => (call[1] as { code?: string } | undefined)?.code)
  /** The requests `op` itself sent (not the version probe), as `METHOD path`, and their bodies. */
  const wire = async <A>(op: () => import('rxjs').Observable<E.Either<import('../lib').WeaviateError, A>>) => {
    const before = rc.requests.length
    const result = await lastValueFrom(op().pipe(toArray()))
    const sent = rc.requests.slice(before).filter((r: RecordedRequest) => r.path !== '/v1/meta')
    return { result, lines: sent.map((r) => `${r.method} ${r.path}`), bodies: sent.map((r) => r.body) }
  }
  /** The object path form of this version. */
  const objectPath = (className: string, id: string) => (namespaced ? `/v1/objects/${className}/${id}` : `/v1/objects/${id}`)
  const beacon = (className: string, id: string) => (namespaced ? `weaviate://localhost/${className}/${id}` : `weaviate://localhost/${id}`)

  beforeAll(async () => {
    rc = recordingClient({ url: serverUrl(version) })
    emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined)
    await right(rc.client.schema.createClass({ class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] }))
    await right(
      rc.client.schema.createClass({
        class: Article,
        vectorizer: 'none',
        properties: [
          { name: 'title', dataType: ['text'] },
          { name: 'pages', dataType: ['int'] },
          { name: 'writtenBy', dataType: [Author] },
        ],
      }),
    )
  })

  afterAll(async () => {
    emitWarning.mockRestore()
    await right(rc.client.schema.deleteClass(Article))
    await right(rc.client.schema.deleteClass(Author))
    await rc.close()
  })

  it('reads the version from /v1/meta before the first request that depends on it, once', async () => {
    const fresh = recordingClient({ url: serverUrl(version) })
    try {
      const id = uuidv4()
      await right(fresh.client.objects.exists({ className: Article, uuid: id }))
      await right(fresh.client.objects.exists({ className: Article, uuid: id }))
      expect(fresh.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta', `HEAD ${objectPath(Article, id)}`, `HEAD ${objectPath(Article, id)}`])
      expect((await right(fresh.client.meta.get())).version).toBe(version)
    } finally {
      await fresh.close()
    }
  })

  it(`object operations use ${namespaced ? 'class-namespaced' : 'UUID-only'} paths on the wire`, async () => {
    const id = uuidv4()
    const create = await wire(() => rc.client.objects.create({ className: Article, uuid: id, dataObject: { title: 'a', pages: 1 } }))
    expect(create.lines).toEqual(['POST /v1/objects'])
    expect((await wire(() => rc.client.objects.getById({ className: Article, uuid: id }))).lines).toEqual([`GET ${objectPath(Article, id)}`])
    expect((await wire(() => rc.client.objects.getById({ className: Article, uuid: id, withVector: true }))).lines).toEqual([
      `GET ${objectPath(Article, id)}?include=vector`,
    ])
    expect((await wire(() => rc.client.objects.exists({ className: Article, uuid: id }))).lines).toEqual([`HEAD ${objectPath(Article, id)}`])
    const replace = await wire(() => rc.client.objects.replace({ className: Article, uuid: id, dataObject: { title: 'b' } }))
    expect(replace.lines).toEqual([`PUT ${objectPath(Article, id)}`])
    expect(replace.bodies[0]).toMatchObject({ class: Article, id })
    expect((await wire(() => rc.client.objects.update({ className: Article, uuid: id, dataObject: { pages: 2 } }))).lines).toEqual([
      `PATCH ${objectPath(Article, id)}`,
    ])
    expect((await wire(() => rc.client.objects.validate({ className: Article, uuid: id, dataObject: { title: 'c' } }))).lines).toEqual([
      'POST /v1/objects/validate',
    ])
    const read = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    expect(read?.properties).toEqual({ title: 'b', pages: 2 })
    expect((await wire(() => rc.client.objects.delete({ className: Article, uuid: id }))).lines).toEqual([`DELETE ${objectPath(Article, id)}`])
    expect(await right(rc.client.objects.exists({ className: Article, uuid: id }))).toBe(false)
  })

  it('deleting an object that is already deleted is right(undefined)', async () => {
    const id = await right(rc.client.objects.create({ className: Author, dataObject: { name: 'gone' } }))
    await right(rc.client.objects.delete({ className: Author, uuid: id }))
    const again = await wire(() => rc.client.objects.delete({ className: Author, uuid: id }))
    expect(again.result).toEqual([E.right(undefined)])
  })

  it(`reference operations use ${namespaced ? 'class-namespaced' : 'UUID-only'} paths and beacons on the wire`, async () => {
    const article = await right(rc.client.objects.create({ className: Article, dataObject: { title: 'refs' } }))
    const [a, b] = [
      await right(rc.client.objects.create({ className: Author, dataObject: { name: 'a' } })),
      await right(rc.client.objects.create({ className: Author, dataObject: { name: 'b' } })),
    ]
    const from = { fromClassName: Article, fromUuid: article, fromPropertyName: 'writtenBy' }
    const refs = `${objectPath(Article, article)}/references/writtenBy`
    const add = await wire(() => rc.client.references.add({ ...from, toClassName: Author, toUuid: a }))
    expect(add.lines).toEqual([`POST ${refs}`])
    expect(add.bodies[0]).toEqual({ beacon: beacon(Author, a) })
    const replace = await wire(() => rc.client.references.replace({ ...from, toClassNames: Author, toUuids: [b, a] }))
    expect(replace.lines).toEqual([`PUT ${refs}`])
    expect(replace.bodies[0]).toEqual([{ beacon: beacon(Author, b) }, { beacon: beacon(Author, a) }])
    const del = await wire(() => rc.client.references.delete({ ...from, toClassName: Author, toUuid: b }))
    expect(del.lines).toEqual([`DELETE ${refs}`])
    expect(del.bodies[0]).toEqual({ beacon: beacon(Author, b) })
    const stored = await right(rc.client.objects.getById({ className: Article, uuid: article }))
    const beacons = (stored?.properties['writtenBy'] as Array<{ beacon: string }>).map((r) => r.beacon)
    expect(beacons).toEqual([beacon(Author, a)])
  })

  it(`warns ${namespaced ? 'when a class name is missing' : 'when a class name is given'}, once per kind per client`, async () => {
    const fresh = recordingClient({ url: serverUrl(version) })
    emitWarning.mockClear()
    try {
      const id = uuidv4()
      const args = namespaced ? { uuid: id } : { className: Article, uuid: id }
      // The answer is not the subject: without a class name, 1.39 refuses (422) while another spec's
      // multi-tenant class exists on the shared server, and the warning comes before the request.
      await once(fresh.client.objects.exists(args))
      await once(fresh.client.objects.exists(args))
      expect(warningCodes()).toEqual([namespaced ? 'WEAVIATE_RX_DEP001' : 'WEAVIATE_RX_DEP002'])
    } finally {
      await fresh.close()
    }
  })

  if (CURSOR[version]) {
    it('list with after pages with the cursor', async () => {
      const ids = [] as string[]
      for (let i = 0; i < 5; i++) ids.push(await right(rc.client.objects.create({ className: Author, dataObject: { name: `c${i}` } })))
      const all = (await right(rc.client.objects.list({ className: Author, limit: 100 }))).map((o) => o.id)
      const first = all[0] ?? ''
      const page = await wire(() => rc.client.objects.list({ className: Author, limit: 2, after: first }))
      expect(page.lines).toEqual([`GET /v1/objects?class=${Author}&limit=2&after=${first}`])
      const [only] = page.result
      expect(only !== undefined && E.isRight(only) ? only.right.map((o) => o.id) : []).toEqual(all.slice(1, 3))
    })

    it('stream delivers every object of the class once, in UUID order', async () => {
      const expected = (await right(rc.client.objects.list({ className: Author, limit: 1000 }))).map((o) => o.id).sort()
      const streamed = await lastValueFrom(rc.client.objects.stream({ className: Author, pageSize: 2 }).pipe(toArray()))
      expect(streamed.map((r) => (E.isRight(r) ? r.right.id : r.left._tag))).toEqual(expected)
    })
  } else {
    it('list with after is an UnsupportedVersionError and no list request is sent', async () => {
      const page = await wire(() => rc.client.objects.list({ className: Author, limit: 2, after: uuidv4() }))
      expect(page.lines).toEqual([])
      expect(page.result).toEqual([E.left(expect.objectContaining({ _tag: 'UnsupportedVersionError', requires: '1.18.0', serverVersion: version }) as unknown)])
    })

    it('stream is one UnsupportedVersionError before any page is requested, never an endless stream', async () => {
      await right(rc.client.objects.create({ className: Author, dataObject: { name: 'x' } }))
      const streamed = await wire(() => rc.client.objects.stream({ className: Author, pageSize: 1 }))
      expect(streamed.lines).toEqual([])
      expect(streamed.result.map((r) => (E.isLeft(r) ? r.left._tag : 'right'))).toEqual(['UnsupportedVersionError'])
    })
  }

  it('an object of a class that does not exist is a Left from the server, not a silent success', async () => {
    const error = await left(rc.client.objects.replace({ className: `Missing${suffix}`, uuid: uuidv4(), dataObject: { title: 'x' } }))
    expect(error._tag).toBe('UnexpectedStatusError')
  })
})

/**
 * Whatever the version says, a cursor page that does not ascend from the cursor is a Left, never
 * an endless stream: here a real 1.14.1 server (which ignores `after`) is taken for a 1.39.0 one
 * on purpose, so the client sends the cursor and the server answers the first page again.
 */
describe('a server that ignores the cursor', () => {
  const Note = `IgnoresAfter${Math.random().toString(36).slice(2, 8)}`
  let rc: RecordingClient

  beforeAll(async () => {
    rc = recordingClient({ url: serverUrl('1.14.1'), serverVersion: '1.39.0' })
    await right(rc.client.schema.createClass({ class: Note, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
    for (let n = 0; n < 3; n++) await right(rc.client.objects.create({ className: Note, dataObject: { n } }))
  })
  afterAll(async () => {
    await right(rc.client.schema.deleteClass(Note))
    await rc.close()
  })

  it('stream ends with one DecodeError after the first repeated page instead of looping', async () => {
    const before = rc.requests.length
    const streamed = await lastValueFrom(rc.client.objects.stream({ className: Note, pageSize: 1 }).pipe(toArray()))
    expect(streamed.map((r) => (E.isLeft(r) ? r.left._tag : 'right'))).toEqual(['right', 'DecodeError'])
    expect(rc.requests.slice(before).filter((r) => r.path.startsWith('/v1/objects?'))).toHaveLength(2)
  })
})

describe('a cursor page whose objects do not ascend', () => {
  const ids = ['10000000-0000-4000-8000-000000000000', '20000000-0000-4000-8000-000000000000', '30000000-0000-4000-8000-000000000000']
  const object = (id: string) => ({ class: 'Note', id, properties: {} })

  it.each([
    ['the first object is not after the cursor', [ids[1], ids[2]], 'objects[0].id'],
    ['an object is not after the one before it', [ids[2], ids[1]], 'objects[1].id'],
  ])('is a DecodeError when %s, and the stream ends there', async (_case, secondPage, path) => {
    const server = await startServer(
      sequence(json(200, { objects: [object(ids[0] ?? ''), object(ids[1] ?? '')] }), json(200, { objects: secondPage.map((id) => object(id ?? '')) })),
    )
    const client = connect({ url: server.url, serverVersion: '1.39.0', retry: false })
    try {
      const streamed = await lastValueFrom(client.objects.stream({ className: 'Note', pageSize: 2 }).pipe(toArray()))
      expect(streamed.map((r) => (E.isLeft(r) ? r.left._tag : r.right.id))).toEqual([ids[0], ids[1], 'DecodeError'])
      const failure = streamed[2]
      expect(failure !== undefined && E.isLeft(failure) && failure.left._tag === 'DecodeError' ? failure.left.report[0] : '').toContain(path)
      expect(server.requests).toHaveLength(2)
    } finally {
      await client.close()
      await server.close()
    }
  })
})
