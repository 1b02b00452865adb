/**
 * The two typed settings that need a server feature switched on, created for real on the run's
 * `INDEXING` server (1.39.0 with `ASYNC_INDEXING=true`, `OBJECTS_TTL_DELETE_SCHEDULE=@every 1s` and
 * `OBJECTS_TTL_MINIMUM_DEFAULT_TTL=1s`; spec/helpers/versions.ts): a `dynamic` vector index, class
 * level and on a named vector, and object time-to-live. Each class is created with the typed
 * config, read back, and compared field by field (through the client and as the server's JSON).
 * Time-to-live is shown working: with the deletion run every second and a TTL of one second, an
 * object past its TTL is deleted by the server, by creation time and by a `date` property (where
 * an object whose date is far ahead stays). The plain 1.39.0 server, without those switches,
 * refuses both, which is the server's word (a 422), not the client's.
 */
import type { ClassDefinition } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { differences } from './helpers/round-trip'
import { uniqueClassName } from './helpers/server'
import { configuredServer } from './helpers/versions'

let indexing: RecordingClient
let plain: RecordingClient
const made: Array<{ client: () => RecordingClient; name: string }> = []

beforeAll(() => {
  const s = configuredServer('INDEXING')
  indexing = recordingClient({ url: s.url, ...(s.apiKey === undefined ? {} : { apiKey: s.apiKey }) })
  plain = recordingClient()
})

afterAll(async () => {
  for (const { client, name } of made) await right(client().client.schema.deleteClass(name))
  await indexing.close()
  await plain.close()
})

const newName = (prefix: string, client: () => RecordingClient = () => indexing): string => {
  const name = uniqueClassName(prefix)
  made.push({ client, name })
  return name
}


/** The class as the server's JSON, read without the client. */
const rawClass = async (name: string): Promise<unknown> => {
  const { url, apiKey } = configuredServer('INDEXING')
  const res = await fetch(`${url}/v1/schema/${name}`, { headers: apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` } })
  return res.json()
}

/** Polls `read` until `done` holds (deletion and async indexing run in the background); throws after 60 s. */
const eventually = async <A>(read: () => Promise<A>, done: (a: A) => boolean): Promise<A> => {
  const until = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`still not done after 60 s: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const dynamicWithTtl = (): ClassDefinition => ({
  class: newName('CfgDynamicTtl'),
  vectorizer: 'none',
  properties: [{ name: 'title', dataType: ['text'] }],
  vectorIndexType: 'dynamic',
  vectorIndexConfig: {
    distance: 'cosine',
    threshold: 5000,
    hnsw: { efConstruction: 96, maxConnections: 24, ef: 64, cleanupIntervalSeconds: 120 },
    flat: { vectorCacheMaxObjects: 10000, bq: { enabled: true, cache: true, rescoreLimit: 100 } },
  },
  invertedIndexConfig: { indexTimestamps: true },
  objectTtlConfig: { enabled: true, defaultTtl: 1, deleteOn: '_creationTimeUnix', filterExpiredObjects: false },
})

describe('a dynamic vector index (ASYNC_INDEXING=true)', () => {
  it('a class with a dynamic index and time-to-live is created and reads back field by field, through the client and as raw JSON', async () => {
    const definition = dynamicWithTtl()
    await right(indexing.client.schema.createClass(definition))
    const read = await right(indexing.client.schema.getClass(definition.class))
    expect(differences(definition, read)).toEqual([])
    expect(differences(definition, await rawClass(definition.class))).toEqual([])
  })

  it('a named vector with a dynamic index reads back field by field', async () => {
    const definition: ClassDefinition = {
      class: newName('CfgDynamicNamed'),
      vectorConfig: {
        dyn: {
          vectorizer: { none: {} },
          vectorIndexType: 'dynamic',
          vectorIndexConfig: { distance: 'dot', threshold: 2000, hnsw: { maxConnections: 16 }, flat: { rq: { enabled: true, bits: 8 } } },
        },
      },
    }
    await right(indexing.client.schema.createClass(definition))
    expect(differences(definition, await right(indexing.client.schema.getClass(definition.class)))).toEqual([])
  })

  it('a dynamic index takes objects and finds them by vector', async () => {
    const name = newName('DynamicSearch')
    await right(indexing.client.schema.createClass({ class: name, vectorizer: 'none', vectorIndexType: 'dynamic', vectorIndexConfig: { distance: 'cosine' } }))
    const near = await right(indexing.client.objects.create({ className: name, dataObject: {}, vector: [1, 0, 0] }))
    await right(indexing.client.objects.create({ className: name, dataObject: {}, vector: [0, 1, 0] }))
    const found = await eventually(
      () => right(indexing.client.query.nearVector({ className: name, vector: [0.9, 0.1, 0], limit: 1 })),
      (r) => r.objects.length === 1,
    )
    expect(found.objects.map((o) => o.id)).toEqual([near])
  })

  it('the plain 1.39.0 server (no ASYNC_INDEXING) refuses a dynamic index: its 422 as one Left', async () => {
    const error = await left(plain.client.schema.createClass({ class: newName('NoAsync', () => plain), vectorizer: 'none', vectorIndexType: 'dynamic' }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('async indexing')
  })
})

describe('object time-to-live (OBJECTS_TTL_DELETE_SCHEDULE set)', () => {
  it('an object past its TTL (one second after creation) is deleted by the server', async () => {
    const definition = dynamicWithTtl()
    await right(indexing.client.schema.createClass(definition))
    const uuid = await right(indexing.client.objects.create({ className: definition.class, dataObject: { title: 'short-lived' }, vector: [0.1, 0.2] }))
    await eventually(
      () => right(indexing.client.objects.getById({ className: definition.class, uuid })),
      (o) => o === null,
    )
    expect(await right(indexing.client.objects.getById({ className: definition.class, uuid }))).toBeNull()
  })

  it("by a date property: the object whose date is past is deleted, the one whose date is far ahead stays", async () => {
    const definition: ClassDefinition = {
      class: newName('TtlByDate'),
      vectorizer: 'none',
      properties: [{ name: 'expiresAt', dataType: ['date'], indexFilterable: true }],
      objectTtlConfig: { enabled: true, defaultTtl: 1, deleteOn: 'expiresAt' },
    }
    await right(indexing.client.schema.createClass(definition))
    expect(differences(definition, await right(indexing.client.schema.getClass(definition.class)))).toEqual([])
    const past = await right(indexing.client.objects.create({ className: definition.class, dataObject: { expiresAt: '2001-01-01T00:00:00Z' } }))
    const ahead = await right(indexing.client.objects.create({ className: definition.class, dataObject: { expiresAt: '2199-01-01T00:00:00Z' } }))
    await eventually(
      () => right(indexing.client.objects.getById({ className: definition.class, uuid: past })),
      (o) => o === null,
    )
    expect(await right(indexing.client.objects.getById({ className: definition.class, uuid: ahead }))).toMatchObject({ id: ahead })
  })

  it('the plain 1.39.0 server (no OBJECTS_TTL_DELETE_SCHEDULE) refuses an enabled TTL: its 422 as one Left', async () => {
    const error = await left(
      plain.client.schema.createClass({
        class: newName('NoSchedule', () => plain),
        vectorizer: 'none',
        invertedIndexConfig: { indexTimestamps: true },
        objectTtlConfig: { enabled: true, defaultTtl: 3600, deleteOn: '_creationTimeUnix' },
      }),
    )
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('OBJECTS_TTL_DELETE_SCHEDULE')
  })
})
