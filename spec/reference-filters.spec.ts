/**
 * The collection handle's reference-path filters on the real 1.39.0 server, over gRPC and GraphQL:
 * `filter.byRef(linkOn, Target).byProperty(name)` finds the objects whose reference points to a
 * target that matches (any of several targets), two hops with `byRef(...).byRef(...)`, combined
 * with `and` / `not`, in an aggregate's count and a `deleteMany` dry run, and the built filter is
 * the hand-written `where` path `[linkOn, Target, property]`.
 */
import * as t from 'io-ts'
import { firstValueFrom, toArray } from 'rxjs'
import type { Where } from '../lib'
import { RecordingClient, recordingClient, right } from './helpers/client'
import { uniqueClassName } from './helpers/server'
import { grpcServerUrl } from './helpers/versions'

const Publisher = uniqueClassName('RefPublisher')
const Author = uniqueClassName('RefAuthor')
const Book = uniqueClassName('RefBook')

const id = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const PUBLISHERS = [
  { id: id(1), city: 'Berkeley' },
  { id: id(2), city: 'London' },
]
const AUTHORS = [
  { id: id(11), name: 'Le Guin', born: 1929, publisher: id(1) },
  { id: id(12), name: 'Herbert', born: 1920, publisher: id(2) },
  { id: id(13), name: 'Lem', born: 1921, publisher: id(2) },
]
/** Books and their authors (Book 24 has two). */
const BOOKS = [
  { id: id(21), title: 'Earthsea', authors: [id(11)] },
  { id: id(22), title: 'Dune', authors: [id(12)] },
  { id: id(23), title: 'Solaris', authors: [id(13)] },
  { id: id(24), title: 'Anthology', authors: [id(11), id(13)] },
  { id: id(25), title: 'Anonymous', authors: [] },
]

const BookProps = t.type({ title: t.string })
interface AuthorProps {
  readonly name: string
  readonly born: number
}

let rest: RecordingClient
let grpc: RecordingClient

beforeAll(async () => {
  rest = recordingClient()
  grpc = recordingClient({ grpcUrl: grpcServerUrl('1.39.0') })
  const c = rest.client
  await right(c.schema.createClass({ class: Publisher, vectorizer: 'none', properties: [{ name: 'city', dataType: ['text'] }] }))
  await right(
    c.schema.createClass({
      class: Author,
      vectorizer: 'none',
      properties: [
        { name: 'name', dataType: ['text'] },
        { name: 'born', dataType: ['int'] },
        { name: 'publishedBy', dataType: [Publisher] },
      ],
    }),
  )
  await right(
    c.schema.createClass({
      class: Book,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'writtenBy', dataType: [Author] },
      ],
    }),
  )
  for (const p of PUBLISHERS) await right(c.objects.create({ className: Publisher, uuid: p.id, dataObject: { city: p.city }, vector: [1, 0] }))
  for (const a of AUTHORS) {
    await right(
      c.objects.create({ className: Author, uuid: a.id, dataObject: { name: a.name, born: a.born, publishedBy: [{ beacon: `weaviate://localhost/${Publisher}/${a.publisher}` }] }, vector: [0, 1] }),
    )
  }
  for (const b of BOOKS) {
    const writtenBy = b.authors.map((a) => ({ beacon: `weaviate://localhost/${Author}/${a}` }))
    await right(c.objects.create({ className: Book, uuid: b.id, dataObject: { title: b.title, writtenBy }, vector: [1, 1] }))
  }
})

afterAll(async () => {
  for (const name of [Book, Author, Publisher]) await right(rest.client.schema.deleteClass(name))
  await rest.close()
  await grpc.close()
})

const books = (transport: 'grpc' | 'rest') => (transport === 'grpc' ? grpc : rest).client.collection(Book, { codec: BookProps })

const titles = async (where: Where, transport: 'grpc' | 'rest'): Promise<string[]> =>
  (await right(books(transport).query.fetchObjects({ where, limit: 10, transport }))).objects.map((o) => o.properties.title).sort()

describe('filter.byRef on 1.39.0', () => {
  let f: ReturnType<typeof books>['filter']
  beforeAll(() => {
    f = books('rest').filter
  })

  it('builds the where path [linkOn, Target, property]', () => {
    expect(f.byRef<AuthorProps>('writtenBy', Author).byProperty('name').equal('Lem')).toEqual({ path: ['writtenBy', Author, 'name'], operator: 'Equal', valueText: 'Lem' })
  })

  describe.each(['grpc', 'rest'] as const)('over %s', (transport) => {
    it('finds the objects with a referenced object that matches, one of several targets being enough', async () => {
      expect(await titles(f.byRef<AuthorProps>('writtenBy', Author).byProperty('name').equal('Lem'), transport)).toEqual(['Anthology', 'Solaris'])
    })

    it('compares a referenced number property', async () => {
      expect(await titles(f.byRef<AuthorProps>('writtenBy', Author).byProperty('born').lessThan(1925), transport)).toEqual(['Anthology', 'Dune', 'Solaris'])
    })

    it('follows two hops: the books whose author is published in Berkeley', async () => {
      expect(await titles(f.byRef('writtenBy', Author).byRef<{ city: string }>('publishedBy', Publisher).byProperty('city').equal('Berkeley'), transport)).toEqual([
        'Anthology',
        'Earthsea',
      ])
    })

    it('combines with and / not and a filter on the class itself', async () => {
      const byLem = f.byRef<AuthorProps>('writtenBy', Author).byProperty('name').equal('Lem')
      expect(await titles(f.and(byLem, f.not(f.byProperty('title').equal('Solaris'))), transport)).toEqual(['Anthology'])
    })
  })

  it("counts the matches in the handle's aggregate", async () => {
    const counted = await right(books('grpc').aggregate.overAll({ where: f.byRef<AuthorProps>('writtenBy', Author).byProperty('born').greaterOrEqual(1921) }))
    expect(counted.count).toBe(3)
  })

  it('selects the matches in a deleteMany dry run, deleting nothing', async () => {
    const done = await firstValueFrom(books('rest').data.deleteMany({ where: f.byRef<AuthorProps>('writtenBy', Author).byProperty('name').equal('Herbert'), dryRun: true }).pipe(toArray()))
    const last = done[done.length - 1]
    expect(last?._tag === 'Right' ? last.right.matches : undefined).toBe(1)
    expect((await right(rest.client.objects.list({ className: Book, limit: 10 }))).length).toBe(BOOKS.length)
  })
})
