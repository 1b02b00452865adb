/**
 * objects.list against the real server: the default limit, sort, offset, hand-made cursor paging.
 */
import { createClass, deleteClass, insertObjects } from './helpers/fixtures'
import { RecordingClient, recordingClient, right } from './helpers/client'
import { uniqueClassName, weaviateUrl } from './helpers/server'

const Book = uniqueClassName('Book')
const COUNT = 120
let rc: RecordingClient

beforeAll(async () => {
  await createClass(weaviateUrl(), {
    class: Book,
    vectorizer: 'none',
    properties: [
      { name: 'shelf', dataType: ['int'] },
      { name: 'title', dataType: ['text'] },
    ],
  })
  await insertObjects(
    weaviateUrl(),
    Book,
    Array.from({ length: COUNT }, (_, i) => ({ shelf: i % 3, title: `t${String(i).padStart(3, '0')}` })),
  )
  rc = recordingClient()
})

afterAll(async () => {
  await rc.close()
  await deleteClass(weaviateUrl(), Book)
})

describe('objects.list', () => {
  it('returns 100 objects when no limit is given', async () => {
    const objects = await right(rc.client.objects.list({ className: Book }))
    expect(objects).toHaveLength(100)
    expect(rc.requests.at(-1)?.path).toBe(`/v1/objects?class=${Book}&limit=100`)
  })

  it('returns at most limit objects', async () => {
    expect(await right(rc.client.objects.list({ className: Book, limit: 7 }))).toHaveLength(7)
  })

  it('lists in ascending UUID order without sort', async () => {
    const ids = (await right(rc.client.objects.list({ className: Book, limit: COUNT }))).map((o) => o.id)
    expect(ids).toEqual([...ids].sort())
  })

  it('sorts by two properties with mixed order', async () => {
    const objects = await right(
      rc.client.objects.list({ className: Book, limit: COUNT, sort: { properties: ['shelf', 'title'], orderAsc: [false, true] } }),
    )
    const keys = objects.map((o) => [o.properties['shelf'] as number, o.properties['title'] as string] as const)
    const expected = [...keys].sort((a, b) => b[0] - a[0] || a[1].localeCompare(b[1]))
    expect(keys).toEqual(expected)
    expect(rc.requests.at(-1)?.path).toContain('sort=shelf%2Ctitle&order=desc%2Casc')
  })

  it('sorts ascending by a single property when orderAsc is absent', async () => {
    const titles = (await right(rc.client.objects.list({ className: Book, limit: 10, sort: { properties: 'title' } }))).map(
      (o) => o.properties['title'],
    )
    expect(titles).toEqual(Array.from({ length: 10 }, (_, i) => `t${String(i).padStart(3, '0')}`))
  })

  it('skips offset objects', async () => {
    const all = await right(rc.client.objects.list({ className: Book, limit: 20 }))
    const shifted = await right(rc.client.objects.list({ className: Book, limit: 10, offset: 10 }))
    expect(shifted.map((o) => o.id)).toEqual(all.slice(10).map((o) => o.id))
  })

  it('pages with after without overlap or gaps', async () => {
    const seen: string[] = []
    let after: string | undefined
    for (;;) {
      const page = await right(rc.client.objects.list({ className: Book, limit: 50, ...(after === undefined ? {} : { after }) }))
      if (page.length === 0) break
      seen.push(...page.map((o) => o.id))
      after = page.at(-1)?.id
    }
    expect(seen).toHaveLength(COUNT)
    expect(new Set(seen).size).toBe(COUNT)
    expect(seen).toEqual([...seen].sort())
  })

  it.each(['ALL', 'ONE', 'QUORUM'] as const)('lists with consistency level %s', async (level) => {
    expect(await right(rc.client.objects.list({ className: Book, limit: 3, consistencyLevel: level }))).toHaveLength(3)
  })

  it('lists an unknown class as an empty array', async () => {
    expect(await right(rc.client.objects.list({ className: uniqueClassName('Missing') }))).toEqual([])
  })
})
