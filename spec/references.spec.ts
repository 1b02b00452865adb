/**
 * The reference operations against the real server, read back through the source object.
 */
import { v4 as uuidv4 } from 'uuid'
import * as E from 'fp-ts/Either'
import { WeaviateObject, referencesOf } from '../lib'
import { createClass, createMultiTenantClass, deleteClass } from './helpers/fixtures'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { uniqueClassName, weaviateUrl } from './helpers/server'

const Author = uniqueClassName('Author')
const Editor = uniqueClassName('Editor')
const Article = uniqueClassName('Article')
let rc: RecordingClient

beforeAll(async () => {
  const url = weaviateUrl()
  await createClass(url, { class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(url, { class: Editor, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await createClass(url, {
    class: Article,
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'people', dataType: [Author, Editor] },
    ],
  })
  rc = recordingClient()
})

afterAll(async () => {
  await rc.close()
  for (const name of [Article, Author, Editor]) await deleteClass(weaviateUrl(), name)
})

const make = (className: string, properties: Record<string, unknown> = {}) =>
  right(rc.client.objects.create({ className, dataObject: properties }))

const people = async (articleId: string) => {
  const article = (await right(rc.client.objects.getById({ className: Article, uuid: articleId }))) as WeaviateObject
  const refs = referencesOf(article, 'people')
  if (E.isLeft(refs)) throw new Error(refs.left)
  return refs.right
}

const from = (fromUuid: string) => ({ fromClassName: Article, fromUuid, fromPropertyName: 'people' })

describe('references.add', () => {
  it('adds one entry with a class-form beacon and href', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: author }))
    const entries = await people(article)
    expect(entries).toEqual([
      {
        beacon: `weaviate://localhost/${Author}/${author}`,
        href: `/v1/objects/${Author}/${author}`,
        className: Author,
        uuid: author,
      },
    ])
  })

  it('posts one beacon to the class-namespaced path', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: author }))
    expect(rc.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/objects/${Article}/${article}/references/people`,
      body: { beacon: `weaviate://localhost/${Author}/${author}` },
    })
  })

  it('adds a second entry when the same reference is added twice', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: author }))
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: author }))
    expect(await people(article)).toHaveLength(2)
  })

  it('takes the UUIDs out of beacons and object URLs', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(
      rc.client.references.add({
        fromClassName: Article,
        fromUuid: `http://127.0.0.1/v1/objects/${Article}/${article}`,
        fromPropertyName: 'people',
        toClassName: Author,
        toUuid: `weaviate://localhost/${Author}/${author.toUpperCase()}`,
      }),
    )
    expect((await people(article)).map((r) => r.uuid)).toEqual([author])
  })

  it.each(['ALL', 'ONE', 'QUORUM'] as const)('adds with consistency level %s', async (level) => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: author, consistencyLevel: level }))
    expect(rc.requests.at(-1)?.path).toContain(`consistency_level=${level}`)
    expect(await people(article)).toHaveLength(1)
  })

  it('fails with UnexpectedStatusError 404 when the source object is missing', async () => {
    const author = await make(Author)
    const error = await left(rc.client.references.add({ ...from(uuidv4()), toClassName: Author, toUuid: author }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })

  it('fails with UnexpectedStatusError 422 and the server message when the target is missing', async () => {
    const article = await make(Article)
    const error = await left(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: uuidv4() }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('no object with id')
  })

  it('fails with UnexpectedStatusError 422 for a property that is not a reference', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    const error = await left(
      rc.client.references.add({ fromClassName: Article, fromUuid: article, fromPropertyName: 'title', toClassName: Author, toUuid: author }),
    )
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('reference')
  })
})

describe('references.replace', () => {
  it('leaves exactly the given targets, in order, across classes', async () => {
    const article = await make(Article)
    const [a1, e1, a2] = [await make(Author), await make(Editor), await make(Author)]
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: await make(Author) }))
    await right(rc.client.references.replace({ ...from(article), toUuids: [a1, e1, a2], toClassNames: [Author, Editor, Author] }))
    expect((await people(article)).map((r) => [r.className, r.uuid])).toEqual([
      [Author, a1],
      [Editor, e1],
      [Author, a2],
    ])
  })

  it('applies a single class name to every target', async () => {
    const article = await make(Article)
    const [a1, a2] = [await make(Author), await make(Author)]
    await right(rc.client.references.replace({ ...from(article), toUuids: [a1, a2], toClassNames: Author }))
    expect(rc.requests.at(-1)?.body).toEqual([
      { beacon: `weaviate://localhost/${Author}/${a1}` },
      { beacon: `weaviate://localhost/${Author}/${a2}` },
    ])
  })

  it('treats a single uuid as a one-element list', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(rc.client.references.replace({ ...from(article), toUuids: author, toClassNames: Author }))
    expect((await people(article)).map((r) => r.uuid)).toEqual([author])
  })

  it('clears the property with an empty list', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: author }))
    await right(rc.client.references.replace({ ...from(article), toUuids: [] }))
    expect(await people(article)).toEqual([])
  })

  it('fails with UnexpectedStatusError 404 when the source object is missing', async () => {
    const error = await left(rc.client.references.replace({ ...from(uuidv4()), toUuids: [] }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })
})

describe('references.delete', () => {
  it('leaves an empty array after deleting the last reference', async () => {
    const [article, author] = [await make(Article), await make(Author)]
    await right(rc.client.references.add({ ...from(article), toClassName: Author, toUuid: author }))
    await right(rc.client.references.delete({ ...from(article), toClassName: Author, toUuid: author }))
    expect(rc.requests.at(-1)).toMatchObject({ method: 'DELETE', body: { beacon: `weaviate://localhost/${Author}/${author}` } })
    expect(await people(article)).toEqual([])
  })

  it('removes only the named target', async () => {
    const article = await make(Article)
    const [a1, a2] = [await make(Author), await make(Author)]
    await right(rc.client.references.replace({ ...from(article), toUuids: [a1, a2], toClassNames: Author }))
    await right(rc.client.references.delete({ ...from(article), toClassName: Author, toUuid: a1 }))
    expect((await people(article)).map((r) => r.uuid)).toEqual([a2])
  })

  it('fails with UnexpectedStatusError 404 when the source object is missing', async () => {
    const error = await left(rc.client.references.delete({ ...from(uuidv4()), toClassName: Author, toUuid: uuidv4() }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })
})

describe('references on a multi-tenant class', () => {
  const Team = uniqueClassName('Team')

  beforeAll(async () => {
    await createMultiTenantClass(weaviateUrl(), Team, ['t1'], [{ name: 'members', dataType: [Team] }])
  })
  afterAll(async () => {
    await deleteClass(weaviateUrl(), Team)
  })

  it('adds, replaces and deletes with the tenant in the query', async () => {
    const objects = rc.client.objects
    const [a, b] = [
      await right(objects.create({ className: Team, tenant: 't1', dataObject: {} })),
      await right(objects.create({ className: Team, tenant: 't1', dataObject: {} })),
    ]
    const refs = rc.client.references
    const base = { fromClassName: Team, fromUuid: a, fromPropertyName: 'members', tenant: 't1' }
    await right(refs.add({ ...base, toClassName: Team, toUuid: b }))
    expect(rc.requests.at(-1)?.path).toBe(`/v1/objects/${Team}/${a}/references/members?tenant=t1`)
    await right(refs.replace({ ...base, toUuids: [b, a], toClassNames: Team }))
    await right(refs.delete({ ...base, toClassName: Team, toUuid: a }))
    const object = await right(objects.getById({ className: Team, uuid: a, tenant: 't1' }))
    const members = object === null ? E.left('missing') : referencesOf(object, 'members')
    expect(E.map((rs: ReadonlyArray<{ uuid: string }>) => rs.map((r) => r.uuid))(members)).toEqual(E.right([b]))
  })
})
