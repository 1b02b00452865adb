/**
 * The object operations against the real server: each operation's result and the observable
 * effects of interface.md "States and transitions" 1-3.
 */
import * as t from 'io-ts'
import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { createServer, IncomingHttpHeaders, Server } from 'node:http'
import { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { v4 as uuidv4 } from 'uuid'
import { createClass, deleteClass, createMultiTenantClass } from './helpers/fixtures'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { authHeaders, uniqueClassName, weaviateUrl } from './helpers/server'

const Article = uniqueClassName('Article')
let rc: RecordingClient

beforeAll(async () => {
  await createClass(weaviateUrl(), {
    class: Article,
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'pages', dataType: ['int'] },
      { name: 'author', dataType: ['text'] },
    ],
  })
  rc = recordingClient()
})

afterAll(async () => {
  await rc.close()
  await deleteClass(weaviateUrl(), Article)
})

const create = (dataObject: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  right(rc.client.objects.create({ className: Article, dataObject, ...extra }))

describe('objects.create', () => {
  it('returns the UUID of the new object, which can then be read', async () => {
    const id = await create({ title: 'Created' })
    const object = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    expect(object?.properties).toEqual({ title: 'Created' })
    expect(object?.class).toBe(Article)
  })

  it('creates under a given uuid, normalised to lower case', async () => {
    const id = uuidv4()
    const created = await create({ title: 'Given id' }, { uuid: id.toUpperCase() })
    expect(created).toBe(id)
    expect(rc.requests.at(-1)?.body).toMatchObject({ id })
  })

  it('fails with AlreadyExistsError carrying the uuid when it exists', async () => {
    const id = await create({ title: 'First' })
    const error = await left(rc.client.objects.create({ className: Article, uuid: id, dataObject: { title: 'Again' } }))
    expect(error._tag).toBe('AlreadyExistsError')
    expect(error).toMatchObject({ uuid: id, className: Article })
  })

  it('stores the vector it is given', async () => {
    const id = await create({ title: 'Vector' }, { vector: [0.1, 0.2, 0.3] })
    const object = await right(rc.client.objects.getById({ className: Article, uuid: id, withVector: true }))
    expect(object?.vector).toEqual([0.1, 0.2, 0.3])
  })

  it('sends the class name with its first letter upper-cased', async () => {
    const lower = Article.charAt(0).toLowerCase() + Article.slice(1)
    const id = await right(rc.client.objects.create({ className: lower, dataObject: { title: 'lower' } }))
    expect(rc.requests.at(-1)?.body).toMatchObject({ class: Article })
    expect(await right(rc.client.objects.exists({ className: Article, uuid: id }))).toBe(true)
  })

  it.each(['ALL', 'ONE', 'QUORUM'] as const)('accepts consistency level %s and sends it in the query', async (level) => {
    await create({ title: level }, { consistencyLevel: level })
    expect(rc.requests.at(-1)?.path).toBe(`/v1/objects?consistency_level=${level}`)
  })

  it('loads the data object from a JSON file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'weaviate-rx-'))
    try {
      const file = join(dir, 'article.json')
      await writeFile(file, JSON.stringify({ title: 'From file', pages: 3 }))
      const id = await create({}, { dataObject: file })
      const object = await right(rc.client.objects.getById({ className: Article, uuid: id }))
      expect(object?.properties).toEqual({ title: 'From file', pages: 3 })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('loads the data object from a URL without sending the client headers', async () => {
    const seen: IncomingHttpHeaders[] = []
    const server: Server = createServer((req, res) => {
      seen.push(req.headers)
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ title: 'From URL' }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const withHeaders = recordingClient({ headers: { 'x-secret-header': 'do-not-leak' } })
    try {
      const { port } = server.address() as AddressInfo
      const id = await right(
        withHeaders.client.objects.create({ className: Article, dataObject: `http://127.0.0.1:${port}/article.json` }),
      )
      const object = await right(withHeaders.client.objects.getById({ className: Article, uuid: id }))
      expect(object?.properties).toEqual({ title: 'From URL' })
      expect(seen).toHaveLength(1)
      expect(seen[0]?.['x-secret-header']).toBeUndefined()
      expect(seen[0]?.authorization).toBeUndefined()
    } finally {
      await withHeaders.close()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('reports a missing data file as ArgumentValueError without calling the server', async () => {
    const before = rc.requests.length
    const error = await left(rc.client.objects.create({ className: Article, dataObject: '/nonexistent/article.json' }))
    expect(error._tag).toBe('ArgumentValueError')
    expect(error.message).toContain('/nonexistent/article.json')
    expect(rc.requests.length).toBe(before)
  })
})

describe('objects.getById', () => {
  it('emits null for an object that does not exist', async () => {
    expect(await right(rc.client.objects.getById({ className: Article, uuid: uuidv4() }))).toBeNull()
  })

  it('normalises additional to {} and vectorWeights to null', async () => {
    const id = await create({ title: 'Shape' })
    const object = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    expect(object?.additional).toEqual({})
    expect(object?.vectorWeights).toBeNull()
    expect(typeof object?.creationTimeUnix).toBe('number')
  })

  it('leaves the vector out unless withVector is set', async () => {
    const id = await create({ title: 'No vector asked' }, { vector: [1, 2, 3] })
    const object = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    expect(object?.vector).toBeUndefined()
  })

  it('sends additional properties and the vector in include', async () => {
    const id = await create({ title: 'Include' })
    await right(rc.client.objects.getById({ className: Article, uuid: id, additionalProperties: ['classification'], withVector: true }))
    expect(rc.requests.at(-1)?.path).toBe(`/v1/objects/${Article}/${id}?include=classification%2Cvector`)
  })

  it('reads from the named node', async () => {
    const id = await create({ title: 'Node' })
    const nodes = (await (await fetch(`${weaviateUrl()}/v1/nodes`, { headers: authHeaders() })).json()) as { nodes: Array<{ name: string }> }
    const nodeName = nodes.nodes[0]?.name ?? ''
    const object = await right(rc.client.objects.getById({ className: Article, uuid: id, nodeName }))
    expect(object?.id).toBe(id)
    expect(rc.requests.at(-1)?.path).toContain(`node_name=${nodeName}`)
  })

  it('decodes properties with a caller codec', async () => {
    const id = await create({ title: 'Typed', pages: 7 })
    const Typed = t.type({ title: t.string, pages: t.number })
    const object = await right(rc.client.objects.getById({ className: Article, uuid: id, codec: Typed }))
    const pages: number | undefined = object?.properties.pages
    expect(pages).toBe(7)
  })

  it('reports properties that do not fit the codec as DecodeError naming the field', async () => {
    const id = await create({ title: 'Untyped' })
    const error = await left(
      rc.client.objects.getById({ className: Article, uuid: id, codec: t.type({ pages: t.number }) }),
    )
    expect(error._tag).toBe('DecodeError')
    expect(error.message).toContain('properties.pages')
  })
})

describe('objects.exists', () => {
  it('is true for an existing object', async () => {
    const id = await create({ title: 'Here' })
    expect(await right(rc.client.objects.exists({ className: Article, uuid: id }))).toBe(true)
  })

  it('is false for a missing object', async () => {
    expect(await right(rc.client.objects.exists({ className: Article, uuid: uuidv4() }))).toBe(false)
  })
})

describe('objects.delete', () => {
  it('removes the object: getById is null and exists is false afterwards', async () => {
    const id = await create({ title: 'Doomed' })
    await right(rc.client.objects.delete({ className: Article, uuid: id }))
    expect(await right(rc.client.objects.getById({ className: Article, uuid: id }))).toBeNull()
    expect(await right(rc.client.objects.exists({ className: Article, uuid: id }))).toBe(false)
  })

  it('sends consistency level and tenant in the query', async () => {
    const id = await create({ title: 'Doomed too' })
    await right(rc.client.objects.delete({ className: Article, uuid: id, consistencyLevel: 'QUORUM' }))
    expect(rc.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/objects/${Article}/${id}?consistency_level=QUORUM` })
  })
})

describe('objects.replace', () => {
  it('drops properties that are not sent and keeps creationTimeUnix', async () => {
    const id = await create({ title: 'Old', pages: 10, author: 'A' })
    const before = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    await right(rc.client.objects.replace({ className: Article, uuid: id, dataObject: { title: 'New' } }))
    const after = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    expect(after?.properties).toEqual({ title: 'New' })
    expect(after?.creationTimeUnix).toBe(before?.creationTimeUnix)
  })

  it('sends class and id in the body', async () => {
    const id = await create({ title: 'Body' })
    await right(rc.client.objects.replace({ className: Article, uuid: id, dataObject: { title: 'Body 2' } }))
    expect(rc.requests.at(-1)).toMatchObject({ method: 'PUT', body: { class: Article, id } })
  })

  it('fails with UnexpectedStatusError 404 for a missing object', async () => {
    const error = await left(rc.client.objects.replace({ className: Article, uuid: uuidv4(), dataObject: { title: 'x' } }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })
})

describe('objects.update', () => {
  it('keeps properties that are not sent', async () => {
    const id = await create({ title: 'Keep', pages: 1, author: 'B' })
    await right(rc.client.objects.update({ className: Article, uuid: id, dataObject: { pages: 2 } }))
    const after = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    expect(after?.properties).toEqual({ title: 'Keep', pages: 2, author: 'B' })
  })

  it('leaves properties sent as null unchanged', async () => {
    const id = await create({ title: 'Null', pages: 5 })
    await right(rc.client.objects.update({ className: Article, uuid: id, dataObject: { title: 'Changed', pages: null } }))
    const after = await right(rc.client.objects.getById({ className: Article, uuid: id }))
    expect(after?.properties).toEqual({ title: 'Changed', pages: 5 })
  })

  it('fails with UnexpectedStatusError 404 for a missing object', async () => {
    const error = await left(rc.client.objects.update({ className: Article, uuid: uuidv4(), dataObject: { title: 'x' } }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })
})

describe('objects.validate', () => {
  it('reports a fitting object as valid', async () => {
    const result = await right(rc.client.objects.validate({ className: Article, dataObject: { title: 'ok' } }))
    expect(result).toEqual({ valid: true, error: null })
  })

  it('reports an object with an unknown property as invalid with messages, not as an error', async () => {
    const result = await right(rc.client.objects.validate({ className: Article, dataObject: { nope: 'x' } }))
    expect(result.valid).toBe(false)
    expect(result.error?.[0]?.message).toContain('nope')
  })

  it('generates an id when none is given and stores nothing', async () => {
    await right(rc.client.objects.validate({ className: Article, dataObject: { title: 'ghost' } }))
    const body = rc.requests.at(-1)?.body as { id: string }
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await right(rc.client.objects.exists({ className: Article, uuid: body.id }))).toBe(false)
  })
})

describe('objects.get', () => {
  it('is getById when a uuid is given', async () => {
    const id = await create({ title: 'Single' })
    const object = await right(rc.client.objects.get({ className: Article, uuid: id }))
    expect(object?.id).toBe(id)
  })

  it('is null for a missing uuid', async () => {
    expect(await right(rc.client.objects.get({ className: Article, uuid: uuidv4() }))).toBeNull()
  })

  it('is a list without a uuid', async () => {
    const objects = await right(rc.client.objects.get({ className: Article, limit: 2 }))
    expect(Array.isArray(objects)).toBe(true)
    expect(objects).toHaveLength(2)
  })
})

describe('multi-tenant objects', () => {
  const Tenanted = uniqueClassName('Tenanted')

  beforeAll(async () => {
    await createMultiTenantClass(weaviateUrl(), Tenanted, ['tenantA', 'tenantB'])
  })
  afterAll(async () => {
    await deleteClass(weaviateUrl(), Tenanted)
  })

  it('creates in the body tenant and reads, lists, updates and deletes with the query tenant', async () => {
    const objects = rc.client.objects
    const id = await right(objects.create({ className: Tenanted, tenant: 'tenantA', dataObject: { name: 'a' } }))
    expect(rc.requests.at(-1)?.body).toMatchObject({ tenant: 'tenantA' })
    expect(await right(objects.exists({ className: Tenanted, uuid: id, tenant: 'tenantA' }))).toBe(true)
    expect(await right(objects.exists({ className: Tenanted, uuid: id, tenant: 'tenantB' }))).toBe(false)
    await right(objects.update({ className: Tenanted, uuid: id, tenant: 'tenantA', dataObject: { name: 'b' } }))
    const listed = await right(objects.list({ className: Tenanted, tenant: 'tenantA' }))
    expect(listed.map((o) => [o.id, o.properties['name']])).toEqual([[id, 'b']])
    await right(objects.replace({ className: Tenanted, uuid: id, tenant: 'tenantA', dataObject: { name: 'c' } }))
    expect((await right(objects.getById({ className: Tenanted, uuid: id, tenant: 'tenantA' })))?.properties).toEqual({ name: 'c' })
    await right(objects.delete({ className: Tenanted, uuid: id, tenant: 'tenantA' }))
    expect(await right(objects.exists({ className: Tenanted, uuid: id, tenant: 'tenantA' }))).toBe(false)
  })

  it('reports a missing tenant as UnexpectedStatusError 422 with the server message', async () => {
    const error = await left(rc.client.objects.create({ className: Tenanted, dataObject: { name: 'x' } }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('multi-tenancy enabled')
  })
})
