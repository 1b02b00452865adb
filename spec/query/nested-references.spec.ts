/**
 * Nested reference returns with their metadata on the real 1.39.0 server, over gRPC `Search` and
 * GraphQL `Get` alike: `returnReferences` inside `returnReferences` follows a reference of the
 * referenced objects (Book -> Author -> Publisher), each referenced object with the properties and
 * the metadata (creation and update times) asked for at its level, the times equal to what the
 * server reports for the object itself; without `returnMetadata` a referenced object's metadata is
 * empty; a metadata field a reference cannot return is an ArgumentValueError before anything is sent.
 */
import type { SearchObject } from '../../lib'
import { RecordingClient, left, recordingClient, right } from '../helpers/client'
import { uniqueClassName } from '../helpers/server'
import { grpcServerUrl } from '../helpers/versions'

const Publisher = uniqueClassName('NestPublisher')
const Author = uniqueClassName('NestAuthor')
const Book = uniqueClassName('NestBook')

const id = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`
const PUBLISHERS = { [id(1)]: 'Berkeley', [id(2)]: 'London' }
const AUTHORS = [
  { id: id(11), name: 'Le Guin', publisher: id(1) },
  { id: id(13), name: 'Lem', publisher: id(2) },
]
const ANTHOLOGY = id(24)

let rest: RecordingClient
let grpc: RecordingClient
/** Creation and update times of every object, as `objects.getById` reads them. */
const times = new Map<string, { created: number; updated: number }>()

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
  for (const [uuid, city] of Object.entries(PUBLISHERS)) await right(c.objects.create({ className: Publisher, uuid, dataObject: { city }, vector: [1, 0] }))
  for (const a of AUTHORS) {
    await right(c.objects.create({ className: Author, uuid: a.id, dataObject: { name: a.name, publishedBy: [{ beacon: `weaviate://localhost/${Publisher}/${a.publisher}` }] }, vector: [0, 1] }))
  }
  const writtenBy = AUTHORS.map((a) => ({ beacon: `weaviate://localhost/${Author}/${a.id}` }))
  await right(c.objects.create({ className: Book, uuid: ANTHOLOGY, dataObject: { title: 'Anthology', writtenBy }, vector: [1, 1] }))
  for (const [className, uuid] of [...Object.keys(PUBLISHERS).map((u) => [Publisher, u] as const), ...AUTHORS.map((a) => [Author, a.id] as const)]) {
    const o = await right(c.objects.getById({ className, uuid }))
    times.set(uuid, { created: o?.creationTimeUnix ?? NaN, updated: o?.lastUpdateTimeUnix ?? NaN })
  }
})

afterAll(async () => {
  for (const name of [Book, Author, Publisher]) await right(rest.client.schema.deleteClass(name))
  await rest.close()
  await grpc.close()
})

const NESTED = [
  {
    linkOn: 'writtenBy',
    returnProperties: ['name'],
    returnMetadata: ['creationTimeUnix', 'lastUpdateTimeUnix'] as const,
    returnReferences: [{ linkOn: 'publishedBy', returnProperties: ['city'], returnMetadata: ['creationTimeUnix'] as const }],
  },
]

const search = (transport: 'grpc' | 'rest', returnReferences: typeof NESTED | ReadonlyArray<{ linkOn: string; returnProperties: string[] }>) =>
  right((transport === 'grpc' ? grpc : rest).client.query.fetchObjects({ className: Book, returnProperties: ['title'], returnReferences, transport }))

/** What the nested references of the anthology should read: each author, then its publisher. */
const expected = (): unknown =>
  AUTHORS.map((a) => ({
    className: Author,
    id: a.id,
    properties: { name: a.name },
    metadata: { creationTimeUnix: times.get(a.id)?.created, lastUpdateTimeUnix: times.get(a.id)?.updated },
    references: {
      publishedBy: [{ className: Publisher, id: a.publisher, properties: { city: PUBLISHERS[a.publisher] }, metadata: { creationTimeUnix: times.get(a.publisher)?.created } }],
    },
  }))

const byId = (objects: ReadonlyArray<SearchObject<Record<string, unknown>, unknown>>): unknown[] => [...objects].sort((x, y) => x.id.localeCompare(y.id))

describe('nested returnReferences with metadata on 1.39.0', () => {
  it.each(['grpc', 'rest'] as const)('over %s: each author with its times, and its publisher with its creation time', async (transport) => {
    const found = await search(transport, NESTED)
    expect(found.objects).toHaveLength(1)
    expect(byId(found.objects[0]?.references?.['writtenBy'] ?? [])).toEqual(expected())
  })

  it.each(['grpc', 'rest'] as const)('over %s: without returnMetadata a referenced object has empty metadata', async (transport) => {
    const found = await search(transport, [{ linkOn: 'writtenBy', returnProperties: ['name'] }])
    expect((found.objects[0]?.references?.['writtenBy'] ?? []).map((o) => o.metadata)).toEqual([{}, {}])
  })

  it('refuses a metadata field a reference cannot return with an ArgumentValueError, nothing sent', async () => {
    const own = recordingClient()
    try {
      const error = await left(own.client.query.fetchObjects({ className: Book, returnReferences: [{ linkOn: 'writtenBy', returnMetadata: ['distance' as never] }] }))
      expect(error).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'returnReferences[0].returnMetadata[0]' }))
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})
