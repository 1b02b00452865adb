/**
 * Index management against the real servers: `schema.deletePropertyIndex` on 1.39.0 (after the
 * drop, a filter, a keyword search or a range filter on the property is refused by the server, and
 * the class reads the index as off), `schema.deleteVectorIndex` on the run's `INDEXING` server
 * (1.39.0 with `ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT=true`: the vector's
 * index type reads `none` and a search on it is refused, another vector still searches) and its
 * refusal by the plain 1.39.0 server, `schema.indexStatus` (each property with its indexes, a
 * dropped one gone). Bad arguments are one ArgumentError with nothing sent; on 1.13.2, 1.14.1 and
 * 1.18.6 each operation is an UnsupportedVersionError with nothing sent but the version probe.
 */
import type { ClassDefinition } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { uniqueClassName } from './helpers/server'
import { ServerVersionUnderTest, configuredServer, serverUrl } from './helpers/versions'

let rc: RecordingClient
let indexing: RecordingClient
const made: Array<{ client: () => RecordingClient; name: string }> = []

beforeAll(() => {
  rc = recordingClient()
  const s = configuredServer('INDEXING')
  indexing = recordingClient({ url: s.url, ...(s.apiKey === undefined ? {} : { apiKey: s.apiKey }) })
})

afterAll(async () => {
  for (const { client, name } of made) await right(client().client.schema.deleteClass(name))
  await rc.close()
  await indexing.close()
})

/** A class with a text and an int property (every index on) and one object. */
const textAndNumber = async (): Promise<string> => {
  const name = uniqueClassName('Indexed')
  made.push({ client: () => rc, name })
  await right(
    rc.client.schema.createClass({
      class: name,
      vectorizer: 'none',
      properties: [
        { name: 'title', dataType: ['text'] },
        { name: 'n', dataType: ['int'], indexRangeFilters: true },
      ],
    }),
  )
  await right(rc.client.objects.create({ className: name, dataObject: { title: 'hello world', n: 3 }, vector: [0.1, 0.2] }))
  return name
}

/** A class with two named vectors, `a` (hnsw) and `b` (flat), and one object, on `client`'s server. */
const twoVectors = async (client: RecordingClient): Promise<string> => {
  const name = uniqueClassName('Vectors')
  made.push({ client: () => client, name })
  const definition: ClassDefinition = {
    class: name,
    vectorConfig: {
      a: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' },
      b: { vectorizer: { none: {} }, vectorIndexType: 'flat' },
    },
    properties: [{ name: 'title', dataType: ['text'] }],
  }
  await right(client.client.schema.createClass(definition))
  await right(client.client.objects.create({ className: name, dataObject: { title: 'hello' }, vectors: { a: [0.1, 0.2], b: [0.3, 0.4] } }))
  return name
}

/** Polls `read` until `done` holds (the INDEXING server indexes vectors asynchronously); throws after 30 s. */
const eventually = async <A>(read: () => Promise<A>, done: (a: A) => boolean): Promise<A> => {
  const until = Date.now() + 30_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`still not done after 30 s: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const property = async (className: string, propertyName: string) => {
  const read = await right(rc.client.schema.getClass(className))
  return read?.properties?.find((p) => p.name === propertyName)
}

describe('schema.deletePropertyIndex (1.36+)', () => {
  it('drops the filterable index: the class reads indexFilterable false; a text filter still runs on the searchable index, and once that is dropped too the server refuses it', async () => {
    const name = await textAndNumber()
    const where = { path: ['title'], operator: 'Equal', valueText: 'hello' } as const
    await right(rc.client.schema.deletePropertyIndex(name, 'title', 'filterable'))
    expect(await property(name, 'title')).toMatchObject({ indexFilterable: false, indexSearchable: true })
    expect((await right(rc.client.query.fetchObjects({ className: name, where }))).objects).toHaveLength(1)
    await right(rc.client.schema.deletePropertyIndex(name, 'title', 'searchable'))
    const refused = await left(rc.client.query.fetchObjects({ className: name, where }))
    expect(refused.message).toContain("Filtering by property 'title' requires inverted index")
  })

  it('drops the searchable index: a keyword search on the property is refused by the server', async () => {
    const name = await textAndNumber()
    expect((await right(rc.client.query.bm25({ className: name, query: 'hello', queryProperties: ['title'] }))).objects).toHaveLength(1)
    await right(rc.client.schema.deletePropertyIndex(name, 'title', 'searchable'))
    expect(await property(name, 'title')).toMatchObject({ indexFilterable: true, indexSearchable: false })
    const refused = await left(rc.client.query.bm25({ className: name, query: 'hello', queryProperties: ['title'] }))
    expect(refused.message).toContain('title')
  })

  it('drops the range index of a number: the class reads indexRangeFilters false, the filterable index still filters', async () => {
    const name = await textAndNumber()
    await right(rc.client.schema.deletePropertyIndex(name, 'n', 'rangeFilters'))
    expect(await property(name, 'n')).toMatchObject({ indexFilterable: true, indexRangeFilters: false })
    const found = await right(rc.client.query.fetchObjects({ className: name, where: { path: ['n'], operator: 'GreaterThan', valueInt: 1 } }))
    expect(found.objects).toHaveLength(1)
  })

  it('a property the class does not have is the server refusal (422) as one Left', async () => {
    const name = await textAndNumber()
    const error = await left(rc.client.schema.deletePropertyIndex(name, 'missing', 'filterable'))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('missing')
  })

  it('an index name the server does not know is an ArgumentValueError naming index, nothing sent', async () => {
    const own = recordingClient()
    try {
      const error = await left(own.client.schema.deletePropertyIndex('AnyClass', 'title', 'rangeable' as 'rangeFilters'))
      expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'index' })
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })

  it('a malformed property name is an ArgumentValueError naming property, nothing sent', async () => {
    const own = recordingClient()
    try {
      const error = await left(own.client.schema.deletePropertyIndex('AnyClass', 'not a name', 'filterable'))
      expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'property' })
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})

describe('schema.deleteVectorIndex (1.37+)', () => {
  it("drops a named vector's index: it reads as index type 'none', a search on it is refused, the other vector still searches", async () => {
    const name = await twoVectors(indexing)
    const searchA = () => right(indexing.client.query.nearVector({ className: name, vector: [0.1, 0.2], targetVector: 'a' }))
    await eventually(searchA, (found) => found.objects.length === 1)
    await right(indexing.client.schema.deleteVectorIndex(name, 'b'))
    const read = await right(indexing.client.schema.getClass(name))
    expect(read?.vectorConfig?.['b']?.vectorIndexType).toBe('none')
    expect(read?.vectorConfig?.['a']?.vectorIndexType).toBe('hnsw')
    const refused = await left(indexing.client.query.nearVector({ className: name, vector: [0.3, 0.4], targetVector: 'b' }))
    expect(refused.message).toContain('index for target vector "b" not found')
    expect((await searchA()).objects).toHaveLength(1)
  })

  it('a vector the class does not have is the server refusal (422) as one Left', async () => {
    const name = await twoVectors(indexing)
    const error = await left(indexing.client.schema.deleteVectorIndex(name, 'zzz'))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 422 })
    expect(error.message).toContain('zzz')
  })

  it('a server without ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT refuses it (a 500) and keeps the index', async () => {
    const name = await twoVectors(rc)
    rc.requests.length = 0
    // A 500 is retried like any transient failure of a DELETE; one attempt keeps the spec short.
    const error = await left(rc.client.schema.deleteVectorIndex(name, 'b', { retry: { attempts: 1 } }))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 500 })
    expect(rc.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/schema/${name}/vectors/b/index`])
    expect(error.message).toContain('ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT')
    expect((await right(rc.client.schema.getClass(name)))?.vectorConfig?.['b']?.vectorIndexType).toBe('flat')
  })

  it('a malformed vector name is an ArgumentValueError naming vector, nothing sent', async () => {
    const own = recordingClient()
    try {
      const error = await left(own.client.schema.deleteVectorIndex('AnyClass', 'no-dashes'))
      expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'vector' })
      expect(own.requests).toEqual([])
    } finally {
      await own.close()
    }
  })
})

describe('schema.indexStatus (1.38+)', () => {
  it('reads each property with its indexes, all ready: text filterable and searchable, int filterable and rangeFilters', async () => {
    const name = await textAndNumber()
    const status = await right(rc.client.schema.indexStatus(name))
    expect(status.collection).toBe(name)
    const byName = Object.fromEntries(status.properties.map((p) => [p.name, p]))
    expect(byName['title']).toMatchObject({ dataType: 'text' })
    expect(byName['title']?.indexes.map((i) => [i.type, i.status]).sort()).toEqual([
      ['filterable', 'ready'],
      ['searchable', 'ready'],
    ])
    expect(byName['title']?.indexes.find((i) => i.type === 'searchable')).toMatchObject({ tokenization: 'word', algorithm: expect.any(String) })
    expect(byName['n']?.indexes.map((i) => [i.type, i.status]).sort()).toEqual([
      ['filterable', 'ready'],
      ['rangeFilters', 'ready'],
    ])
  })

  it('leaves out an index once dropped; a property with none reads as no indexes', async () => {
    const name = await textAndNumber()
    await right(rc.client.schema.deletePropertyIndex(name, 'title', 'filterable'))
    const afterOne = await right(rc.client.schema.indexStatus(name))
    expect(afterOne.properties.find((p) => p.name === 'title')?.indexes.map((i) => i.type)).toEqual(['searchable'])
    await right(rc.client.schema.deletePropertyIndex(name, 'title', 'searchable'))
    const afterBoth = await right(rc.client.schema.indexStatus(name))
    expect(afterBoth.properties.find((p) => p.name === 'title')?.indexes).toEqual([])
  })

  it('a class that does not exist is the server 404 as one Left', async () => {
    const error = await left(rc.client.schema.indexStatus(uniqueClassName('Missing')))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 404 })
  })
})

describe('index management on the older servers of the run', () => {
  const cases: ReadonlyArray<readonly [ServerVersionUnderTest, string, string, (c: RecordingClient) => Promise<unknown>]> = [
    ['1.13.2', 'deletePropertyIndex', '1.36.0', (c) => left(c.client.schema.deletePropertyIndex('AnyClass', 'title', 'filterable'))],
    ['1.14.1', 'deleteVectorIndex', '1.37.0', (c) => left(c.client.schema.deleteVectorIndex('AnyClass', 'a'))],
    ['1.18.6', 'indexStatus', '1.38.0', (c) => left(c.client.schema.indexStatus('AnyClass'))],
    ['1.18.6', 'deletePropertyIndex', '1.36.0', (c) => left(c.client.schema.deletePropertyIndex('AnyClass', 'n', 'rangeFilters'))],
  ]
  it.each(cases)('%s: %s is an UnsupportedVersionError (needs %s) and only the version probe is sent', async (version, _op, requires, run) => {
    const old = recordingClient({ url: serverUrl(version) })
    try {
      expect(await run(old)).toMatchObject({ _tag: 'UnsupportedVersionError', requires, serverVersion: version })
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })
})
