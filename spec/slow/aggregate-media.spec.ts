/**
 * `query.aggregate` over a `nearImage` or `nearMedia` search (audio, video, depth, thermal, IMU),
 * over gRPC `Aggregate` and GraphQL `Aggregate`, on a 1.39.0 server of its own with
 * `multi2vec-bind`, the module that vectorizes every medium. No model can run here, so the module's
 * inference API is a fake started by the spec (spec/helpers/fake-media-vectorizer.ts) that reads a
 * medium's bytes as the float32s of its vector: the aggregate over a medium is then, count and
 * metrics, the aggregate over nearVector of the same vector, and the fake sees the medium in the
 * module's field of that medium, which shows that each transport sent the search the server reads
 * as that medium. A server whose class has no media module refuses the search (a typed error).
 */
import { Client, connect } from '../../lib'
import type { AggregateSearch, MediaType } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { left, right } from '../helpers/client'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { FakeMediaVectorizer, MediaField, mediumOf, startFakeMediaVectorizer } from '../helpers/fake-media-vectorizer'
import { random } from '../helpers/vector-math'

const COUNT = 30
const DIMENSIONS = 8
const LIMIT = 7
const next = random(20261207)
/** float32-exact vectors, so the medium's bytes are the very vector. */
const vectors = Array.from({ length: COUNT }, () => Array.from({ length: DIMENSIONS }, () => Math.fround(next() * 2 - 1)))
const query = Array.from({ length: DIMENSIONS }, () => Math.fround(next() * 2 - 1))

let fake: FakeMediaVectorizer
let server: EmbeddedWeaviate
const clients: Client[] = []

const client = (transport: 'grpc' | 'rest'): Client => {
  const made = connect({ ...server.connection, transport })
  clients.push(made)
  return made
}

beforeAll(async () => {
  fake = await startFakeMediaVectorizer()
  server = await retryOnPortClash(() => startEmbedded({ version: '1.39.0', log: quietLog, modules: ['multi2vec-bind'], env: { BIND_INFERENCE_API: fake.url } }))
  const c = client('grpc')
  await right(
    c.schema.createClass({
      class: 'Clip',
      properties: [
        { name: 'image', dataType: ['blob'] },
        { name: 'n', dataType: ['int'] },
      ],
      vectorConfig: { media: { vectorizer: { 'multi2vec-bind': { imageFields: ['image'] } }, vectorIndexType: 'flat', vectorIndexConfig: { distance: 'cosine' } } },
    }),
  )
  await right(c.schema.createClass({ class: 'Plain', vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] }))
  for (const [i, vector] of vectors.entries()) {
    await right(c.objects.create({ className: 'Clip', dataObject: { n: (i * 7) % 11 }, vectors: { media: vector } }))
  }
  await right(c.objects.create({ className: 'Plain', dataObject: { n: 1 }, vector: [1, 0] }))
}, 180_000)

afterAll(async () => {
  for (const c of clients) await c.close()
  await server.stop()
  await fake.close()
})

const metrics = { n: { kind: 'int' as const, metrics: ['count', 'sum', 'minimum', 'maximum'] as const } }

const MEDIA: ReadonlyArray<readonly [string, AggregateSearch, MediaField]> = [
  ['nearImage', { kind: 'nearImage', image: mediumOf(query), targetVector: 'media' }, 'images'],
  ...(['audio', 'video', 'depth', 'thermal', 'imu'] as const).map(
    (mediaType: MediaType): readonly [string, AggregateSearch, MediaField] => [
      `nearMedia (${mediaType})`,
      { kind: 'nearMedia', media: mediumOf(query), mediaType, targetVector: 'media' },
      mediaType,
    ],
  ),
]

describe('aggregate over a media search on 1.39.0 with multi2vec-bind', () => {
  describe.each(['grpc', 'rest'] as const)('over %s', (transport) => {
    it.each(MEDIA)('%s: the count and metrics of nearVector with the same vector, the medium sent in its own field', async (_name, search, field) => {
      const c = client(transport)
      const seenBefore = fake.vectorized.length
      const byMedium = await right(c.query.aggregate({ className: 'Clip', search, objectLimit: LIMIT, metrics }))
      const byVector = await right(c.query.aggregate({ className: 'Clip', search: { kind: 'nearVector', vector: query, targetVector: 'media' }, objectLimit: LIMIT, metrics }))
      expect(byMedium).toEqual(byVector)
      expect(byMedium.count).toBe(LIMIT)
      expect(fake.vectorized.slice(seenBefore)).toEqual([{ [field]: [mediumOf(query)] }])
    })
  })

  it.each(['grpc', 'rest'] as const)('over %s, a class without a media module refuses nearImage (UnexpectedStatusError)', async (transport) => {
    const error = await left(client(transport).query.aggregate({ className: 'Plain', search: { kind: 'nearImage', image: mediumOf([1, 0]) }, objectLimit: 1 }))
    expect(error._tag).toBe('UnexpectedStatusError')
  })
})

describe('aggregate over a media search: bad searches refused by the client', () => {
  it.each([
    ['an image that is not base64', { kind: 'nearImage', image: 'not base64!' }],
    ['media of no bytes', { kind: 'nearMedia', media: new Uint8Array(0), mediaType: 'audio' }],
    ['a medium the server does not know', { kind: 'nearMedia', media: 'UklGRg==', mediaType: 'smell' }],
    ['no objectLimit, distance or certainty', { kind: 'nearImage', image: 'iVBORw0KGgo=' }],
  ])('%s is an ArgumentValueError', async (_what, search) => {
    const error = await left(client('grpc').query.aggregate({ className: 'Clip', search: search as AggregateSearch, ...(_what.startsWith('no ') ? {} : { objectLimit: 3 }) }))
    expect(error._tag).toBe('ArgumentValueError')
  })
})
