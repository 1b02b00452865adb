/**
 * Typed collection configuration against the real servers. On 1.39.0 every typed setting is
 * created, read back and compared field by field (vector index types hnsw, flat and hfresh, the
 * four quantizers, named vectors with a multi-vector and MUVERA, module settings on the MODULES
 * server, replication, sharding, multi-tenancy, the inverted index, object time-to-live), and a
 * class read back decodes without loss (the client's definition equals the server's JSON). A bad
 * value or an unknown setting is one ArgumentError naming its path, with nothing sent.
 * `schema.updateConfig` changes only what it names (property-based: random allowed changes, then
 * the whole definition compared), adds a named vector, and refuses an immutable change with no
 * write sent. On 1.13.2, 1.14.1 and 1.18.6 a setting the server does not have is an
 * UnsupportedVersionError and nothing but the version probe is sent. Shard status: get, and set
 * READONLY and back to READY.
 *
 * The dynamic index and enabled object time-to-live are created in spec/dynamic-ttl.spec.ts, on the
 * run's `INDEXING` server: the plain 1.39.0 server here has no `ASYNC_INDEXING=true` ("the dynamic
 * index can only be created when async indexing is enabled") and no `OBJECTS_TTL_DELETE_SCHEDULE`,
 * so object time-to-live is created disabled here.
 */
import fc from 'fast-check'
import type { ClassDefinition, ConfigChange, WeaviateError } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { differences } from './helpers/round-trip'
import { uniqueClassName, weaviateUrl, authHeaders } from './helpers/server'
import { configuredServer, serverUrl } from './helpers/versions'

let rc: RecordingClient
let modules: RecordingClient
const made: string[] = []
const madeOnModules: string[] = []

beforeAll(() => {
  rc = recordingClient()
  const m = configuredServer('MODULES')
  modules = recordingClient({ url: m.url, ...(m.apiKey === undefined ? {} : { apiKey: m.apiKey }) })
})

afterAll(async () => {
  for (const name of made) await right(rc.client.schema.deleteClass(name))
  for (const name of madeOnModules) await right(modules.client.schema.deleteClass(name))
  await rc.close()
  await modules.close()
})

const newName = (prefix: string, list: string[] = made): string => {
  const name = uniqueClassName(prefix)
  list.push(name)
  return name
}


/** The class as the server's JSON, read without the client. */
const rawClass = async (url: string, name: string, apiKey?: string): Promise<unknown> => {
  const headers = apiKey === undefined ? authHeaders(url) : { authorization: `Bearer ${apiKey}` }
  const res = await fetch(`${url}/v1/schema/${name}`, { headers })
  return res.json()
}

/** Creates `definition` with the client, then reads it back with the client. */
const createAndRead = async (client: RecordingClient, definition: ClassDefinition): Promise<ClassDefinition> => {
  await right(client.client.schema.createClass(definition))
  const read = await right(client.client.schema.getClass(definition.class))
  if (read === null) throw new Error(`${definition.class} was not created`)
  return read
}

const typedClasses = (): ClassDefinition[] => [
  {
    class: newName('CfgHnswPq'),
    vectorizer: 'none',
    properties: [{ name: 'title', dataType: ['text'] }],
    vectorIndexType: 'hnsw',
    vectorIndexConfig: {
      distance: 'l2-squared',
      efConstruction: 64,
      maxConnections: 16,
      ef: 50,
      dynamicEfMin: 50,
      dynamicEfMax: 400,
      dynamicEfFactor: 4,
      flatSearchCutoff: 20000,
      vectorCacheMaxObjects: 500000,
      cleanupIntervalSeconds: 120,
      filterStrategy: 'sweeping',
      pq: { enabled: true, bitCompression: false, segments: 4, centroids: 128, trainingLimit: 5000, encoder: { type: 'kmeans', distribution: 'normal' } },
    },
    invertedIndexConfig: {
      bm25: { k1: 1.4, b: 0.6 },
      stopwords: { preset: 'none', additions: ['weaviate'], removals: ['rx'] },
      indexNullState: true,
      indexPropertyLength: true,
      indexTimestamps: true,
      cleanupIntervalSeconds: 30,
      stopwordPresets: { mine: ['foo', 'bar'] },
    },
    replicationConfig: { factor: 1, deletionStrategy: 'TimeBasedResolution' },
    shardingConfig: { desiredCount: 1, virtualPerPhysical: 64 },
    objectTtlConfig: { enabled: false, defaultTtl: 3600, deleteOn: '_creationTimeUnix', filterExpiredObjects: true },
  },
  { class: newName('CfgHnswBq'), vectorizer: 'none', vectorIndexConfig: { distance: 'dot', bq: { enabled: true } } },
  { class: newName('CfgHnswSq'), vectorizer: 'none', vectorIndexConfig: { sq: { enabled: true, trainingLimit: 1000, rescoreLimit: 10 } } },
  { class: newName('CfgHnswRq'), vectorizer: 'none', vectorIndexConfig: { distance: 'cosine', rq: { enabled: true, bits: 8, rescoreLimit: 40 } } },
  { class: newName('CfgFlatBq'), vectorizer: 'none', vectorIndexType: 'flat', vectorIndexConfig: { distance: 'dot', vectorCacheMaxObjects: 10000, bq: { enabled: true, cache: true, rescoreLimit: 100 } } },
  { class: newName('CfgFlatRq'), vectorizer: 'none', vectorIndexType: 'flat', vectorIndexConfig: { rq: { enabled: true, bits: 8, rescoreLimit: 50, cache: true } } },
  {
    class: newName('CfgNamed'),
    vectorConfig: {
      plain: { vectorizer: { none: {} }, vectorIndexType: 'hnsw', vectorIndexConfig: { distance: 'manhattan', maxConnections: 24 } },
      colbert: {
        vectorizer: { none: {} },
        vectorIndexType: 'hnsw',
        vectorIndexConfig: { multivector: { enabled: true, aggregation: 'maxSim', muvera: { enabled: true, ksim: 3, dprojections: 8, repetitions: 5 } } },
      },
      fresh: { vectorizer: { none: {} }, vectorIndexType: 'hfresh', vectorIndexConfig: { distance: 'cosine', replicas: 2, searchProbe: 32, maxPostingSizeKB: 64 } },
    },
    multiTenancyConfig: { enabled: true, autoTenantCreation: true, autoTenantActivation: true },
  },
]

describe('typed configuration on 1.39.0', () => {
  it('every typed setting is created, read back and compared field by field', async () => {
    for (const definition of typedClasses()) {
      const read = await createAndRead(rc, definition)
      expect({ class: definition.class, differences: differences(definition, read) }).toEqual({ class: definition.class, differences: [] })
    }
  })

  it('module settings (vectorizer, generative, reranker, ref2vec-centroid) are created and read back field by field on the MODULES server', async () => {
    const target = newName('CfgModTarget', madeOnModules)
    await right(modules.client.schema.createClass({ class: target, vectorizer: 'none' }))
    const definitions: ClassDefinition[] = [
      {
        class: newName('CfgModNamed', madeOnModules),
        vectorConfig: { text: { vectorizer: { 'text2vec-bigram': { vectorizeClassName: false } }, vectorIndexType: 'hnsw' } },
        properties: [{ name: 'title', dataType: ['text'] }],
        moduleConfig: { 'generative-dummy': {}, 'reranker-dummy': {} },
      },
      {
        class: newName('CfgModCentroid', madeOnModules),
        vectorizer: 'ref2vec-centroid',
        properties: [{ name: 'cites', dataType: [target] }],
        moduleConfig: { 'ref2vec-centroid': { referenceProperties: ['cites'], method: 'mean' } },
      },
    ]
    for (const definition of definitions) {
      const read = await createAndRead(modules, definition)
      expect({ class: definition.class, differences: differences(definition, read) }).toEqual({ class: definition.class, differences: [] })
    }
  })

  it('a class written with the typed config and read back decodes without loss: the definition equals the server JSON', async () => {
    const [definition] = typedClasses()
    if (definition === undefined) throw new Error('no class')
    const read = await createAndRead(rc, definition)
    expect(read).toEqual(await rawClass(weaviateUrl(), definition.class))
  })

  it('a definition read from the server is written back as it is (read, change, write; no cast)', async () => {
    const [, second] = typedClasses()
    if (second === undefined) throw new Error('no class')
    const read = await createAndRead(rc, second)
    const changed: ClassDefinition = { ...read, description: 'changed', vectorIndexConfig: { ...read.vectorIndexConfig, ef: 77 } }
    const written = await right(rc.client.schema.updateClass(changed))
    expect(written).toMatchObject({ description: 'changed', vectorIndexConfig: { ef: 77, distance: 'dot', bq: { enabled: true } } })
  })
})

describe('checked before any request', () => {
  const refused = async (definition: unknown): Promise<{ error: WeaviateError; sent: number }> => {
    const own = recordingClient()
    try {
      const error = await left(own.client.schema.createClass(definition as ClassDefinition))
      return { error, sent: own.requests.length }
    } finally {
      await own.close()
    }
  }

  it('a value out of range names its path: vectorIndexConfig.pq.segments', async () => {
    const { error, sent } = await refused({ class: 'Nope', vectorIndexConfig: { pq: { enabled: true, segments: -1 } } })
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'definition.vectorIndexConfig.pq.segments' })
    expect(sent).toBe(0)
  })

  it('a misspelt setting names its path and the known settings', async () => {
    const { error, sent } = await refused({ class: 'Nope', invertedIndexConfig: { bm25: { k: 1 } } })
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'definition.invertedIndexConfig.bm25.k' })
    expect(error.message).toContain('k1, b')
    expect(sent).toBe(0)
  })

  it('a value of the wrong type names its path: a named vector index setting', async () => {
    const { error, sent } = await refused({ class: 'Nope', vectorConfig: { v: { vectorIndexType: 'flat', vectorIndexConfig: { distance: 'euclid' } } } })
    expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'definition.vectorConfig.v.vectorIndexConfig.distance' })
    expect(sent).toBe(0)
  })

  it('two quantizers at once, rq bits other than 8/4/1, and a class-level multi-vector index are refused by path', async () => {
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [{ class: 'Nope', vectorIndexConfig: { pq: { enabled: true }, bq: { enabled: true } } }, 'definition.vectorIndexConfig'],
      [{ class: 'Nope', vectorIndexConfig: { rq: { enabled: true, bits: 2 } } }, 'definition.vectorIndexConfig.rq.bits'],
      [{ class: 'Nope', vectorIndexConfig: { multivector: { enabled: true } } }, 'definition.vectorIndexConfig.multivector.enabled'],
      [{ class: 'Nope', replicationConfig: { factor: 0 } }, 'definition.replicationConfig.factor'],
      [{ class: 'Nope', invertedIndexConfig: { bm25: { b: 1.5 } } }, 'definition.invertedIndexConfig.bm25.b'],
    ]
    for (const [definition, argument] of cases) {
      const { error, sent } = await refused(definition)
      expect({ argument: (error as { argument?: string }).argument, sent }).toEqual({ argument, sent: 0 })
    }
  })
})

/** Deep merge as the update documents it: objects key by key, everything else replaced. */
const merged = (base: unknown, change: unknown): unknown => {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return change
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return change
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
  for (const [k, v] of Object.entries(change)) out[k] = merged(out[k], v)
  return out
}

const allowedChange: fc.Arbitrary<ConfigChange> = fc.record(
  {
    description: fc.stringMatching(/^[a-z ]{1,20}$/),
    vectorIndexConfig: fc.record(
      {
        ef: fc.oneof(fc.constant(-1), fc.integer({ min: 16, max: 512 })),
        dynamicEfMin: fc.integer({ min: 10, max: 100 }),
        dynamicEfMax: fc.integer({ min: 200, max: 1000 }),
        dynamicEfFactor: fc.integer({ min: 1, max: 16 }),
        flatSearchCutoff: fc.integer({ min: 1000, max: 80000 }),
        vectorCacheMaxObjects: fc.integer({ min: 1000, max: 1_000_000 }),
        filterStrategy: fc.constantFrom('sweeping' as const, 'acorn' as const),
      },
      { requiredKeys: [] },
    ),
    invertedIndexConfig: fc.record(
      {
        bm25: fc.record({ k1: fc.integer({ min: 50, max: 300 }).map((n) => n / 100), b: fc.integer({ min: 1, max: 20 }).map((n) => n / 20) }, { requiredKeys: [] }),
        stopwords: fc.record(
          {
            preset: fc.constantFrom('en' as const, 'none' as const),
            additions: fc.subarray(['alpha', 'beta', 'gamma'], { minLength: 1 }),
            removals: fc.subarray(['a', 'the', 'of'], { minLength: 1 }),
          },
          { requiredKeys: [] },
        ),
        cleanupIntervalSeconds: fc.integer({ min: 1, max: 120 }),
      },
      { requiredKeys: [] },
    ),
    multiTenancyConfig: fc.record({ autoTenantCreation: fc.boolean(), autoTenantActivation: fc.boolean() }, { requiredKeys: [] }),
    replicationConfig: fc.record({ deletionStrategy: fc.constantFrom('NoAutomatedResolution' as const, 'DeleteOnConflict' as const, 'TimeBasedResolution' as const) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
)

describe('schema.updateConfig on 1.39.0', () => {
  it('changes only what it names: after random allowed changes the whole definition is the old one merged with the change', async () => {
    const name = newName('CfgUpdate')
    await right(rc.client.schema.createClass({ class: name, vectorizer: 'none', properties: [{ name: 'title', dataType: ['text'] }], multiTenancyConfig: { enabled: true } }))
    await fc.assert(
      fc.asyncProperty(allowedChange, async (change) => {
        const before = await right(rc.client.schema.getClass(name))
        await right(rc.client.schema.updateConfig(name, change))
        const after = await right(rc.client.schema.getClass(name))
        expect(after).toEqual(merged(before, change))
      }),
      { numRuns: 15 },
    )
  })

  it('adds a named vector (1.31+) and keeps the others as they were', async () => {
    const name = newName('CfgAddVector')
    const before = await createAndRead(rc, { class: name, vectorConfig: { first: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' } } })
    await right(rc.client.schema.updateConfig(name, { vectorConfig: { second: { vectorizer: { none: {} }, vectorIndexType: 'flat', vectorIndexConfig: { distance: 'dot' } } } }))
    const after = await right(rc.client.schema.getClass(name))
    expect(after?.vectorConfig?.['first']).toEqual(before.vectorConfig?.['first'])
    expect(after?.vectorConfig?.['second']).toMatchObject({ vectorIndexType: 'flat', vectorIndexConfig: { distance: 'dot' } })
  })

  it('refuses each immutable change, naming it, with no write sent and the class unchanged', async () => {
    const name = newName('CfgImmutable')
    const before = await createAndRead(rc, {
      class: name,
      vectorizer: 'none',
      invertedIndexConfig: { indexNullState: false },
    })
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [{ vectorIndexConfig: { distance: 'dot' } }, 'change.vectorIndexConfig.distance'],
      [{ vectorIndexConfig: { efConstruction: 256 } }, 'change.vectorIndexConfig.efConstruction'],
      [{ vectorIndexConfig: { maxConnections: 8 } }, 'change.vectorIndexConfig.maxConnections'],
      [{ vectorIndexConfig: { cleanupIntervalSeconds: 10 } }, 'change.vectorIndexConfig.cleanupIntervalSeconds'],
      [{ multiTenancyConfig: { enabled: true } }, 'change.multiTenancyConfig.enabled'],
      [{ invertedIndexConfig: { indexNullState: true } }, 'change.invertedIndexConfig.indexNullState'],
      [{ invertedIndexConfig: { indexTimestamps: true } }, 'change.invertedIndexConfig.indexTimestamps'],
      [{ vectorIndexType: 'flat' }, 'change.vectorIndexType'],
      [{ vectorizer: 'text2vec-bigram' }, 'change.vectorizer'],
      [{ shardingConfig: { desiredCount: 2 } }, 'change.shardingConfig'],
    ]
    for (const [change, argument] of cases) {
      const own = recordingClient()
      try {
        const error = await left(own.client.schema.updateConfig(name, change as ConfigChange))
        expect({ tag: error._tag, argument: (error as { argument?: string }).argument }).toEqual({ tag: 'ArgumentValueError', argument })
        expect(own.requests.filter((r) => r.method !== 'GET')).toEqual([])
      } finally {
        await own.close()
      }
    }
    expect(await right(rc.client.schema.getClass(name))).toEqual(before)
  })

  it("refuses a change of a named vector's index type with no write sent", async () => {
    const name = newName('CfgImmutableNamed')
    await createAndRead(rc, { class: name, vectorConfig: { v: { vectorizer: { none: {} }, vectorIndexType: 'hnsw' } } })
    const own = recordingClient()
    try {
      const error = await left(own.client.schema.updateConfig(name, { vectorConfig: { v: { vectorIndexType: 'flat' } } }))
      expect(error).toMatchObject({ _tag: 'ArgumentValueError', argument: 'change.vectorConfig.v.vectorIndexType' })
      expect(own.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta', `GET /v1/schema/${name}`])
    } finally {
      await own.close()
    }
  })
})

describe('module settings through updateConfig (MODULES server)', () => {
  it('adds a generative module to a class that has a reranker, keeping the reranker', async () => {
    const name = newName('CfgModSwap', madeOnModules)
    await createAndRead(modules, { class: name, vectorizer: 'none', moduleConfig: { 'reranker-dummy': {} } })
    await right(modules.client.schema.updateConfig(name, { moduleConfig: { 'generative-dummy': {} } }))
    const after = await right(modules.client.schema.getClass(name))
    expect(after?.moduleConfig).toEqual({ 'reranker-dummy': {}, 'generative-dummy': {} })
  })

  it('refuses a change of a vectorizer module setting and of a named vector vectorizer, with no write sent', async () => {
    const target = newName('CfgModRefTarget', madeOnModules)
    await right(modules.client.schema.createClass({ class: target, vectorizer: 'none' }))
    const name = newName('CfgModFixed', madeOnModules)
    await createAndRead(modules, {
      class: name,
      vectorizer: 'ref2vec-centroid',
      properties: [{ name: 'cites', dataType: [target] }, { name: 'also', dataType: [target] }],
      moduleConfig: { 'ref2vec-centroid': { referenceProperties: ['cites'] } },
    })
    const named = newName('CfgModFixedNamed', madeOnModules)
    await createAndRead(modules, { class: named, vectorConfig: { text: { vectorizer: { 'text2vec-bigram': {} }, vectorIndexType: 'hnsw' } } })
    const cases: ReadonlyArray<readonly [string, ConfigChange, string]> = [
      [name, { moduleConfig: { 'ref2vec-centroid': { referenceProperties: ['also'] } } }, 'change.moduleConfig.ref2vec-centroid'],
      [named, { vectorConfig: { text: { vectorizer: { 'text2vec-bigram': { vectorizeClassName: false } } } } }, 'change.vectorConfig.text.vectorizer'],
    ]
    const m = configuredServer('MODULES')
    for (const [cls, change, argument] of cases) {
      const own = recordingClient({ url: m.url, ...(m.apiKey === undefined ? {} : { apiKey: m.apiKey }) })
      try {
        expect(await left(own.client.schema.updateConfig(cls, change))).toMatchObject({ _tag: 'ArgumentValueError', argument })
        expect(own.requests.filter((r) => r.method !== 'GET')).toEqual([])
      } finally {
        await own.close()
      }
    }
  })
})

describe('version cut-offs on older servers: UnsupportedVersionError, nothing sent', () => {
  const cases: ReadonlyArray<readonly ['1.13.2' | '1.14.1' | '1.18.6', ClassDefinition, string]> = [
    ['1.18.6', { class: 'Cut', vectorIndexType: 'flat' }, '1.23.0'],
    ['1.18.6', { class: 'Cut', vectorIndexConfig: { bq: { enabled: true } } }, '1.24.0'],
    ['1.18.6', { class: 'Cut', vectorIndexConfig: { sq: { enabled: true } } }, '1.26.0'],
    ['1.18.6', { class: 'Cut', vectorIndexConfig: { rq: { enabled: true } } }, '1.32.0'],
    ['1.18.6', { class: 'Cut', vectorConfig: { v: { vectorizer: { none: {} } } } }, '1.24.0'],
    ['1.18.6', { class: 'Cut', multiTenancyConfig: { enabled: true } }, '1.20.0'],
    ['1.18.6', { class: 'Cut', replicationConfig: { factor: 1, deletionStrategy: 'DeleteOnConflict' } }, '1.27.0'],
    ['1.18.6', { class: 'Cut', objectTtlConfig: { enabled: false } }, '1.35.0'],
    ['1.18.6', { class: 'Cut', invertedIndexConfig: { usingBlockMaxWAND: true } }, '1.30.0'],
    ['1.18.6', { class: 'Cut', vectorIndexType: 'dynamic' }, '1.25.0'],
    ['1.18.6', { class: 'Cut', vectorIndexType: 'hfresh' }, '1.35.0'],
    ['1.18.6', { class: 'Cut', replicationConfig: { factor: 1, asyncEnabled: true } }, '1.26.0'],
    ['1.14.1', { class: 'Cut', vectorIndexConfig: { pq: { enabled: true } } }, '1.18.0'],
    ['1.14.1', { class: 'Cut', invertedIndexConfig: { indexNullState: true } }, '1.16.0'],
    ['1.14.1', { class: 'Cut', replicationConfig: { factor: 1 } }, '1.17.0'],
    ['1.13.2', { class: 'Cut', invertedIndexConfig: { indexPropertyLength: true } }, '1.16.0'],
  ]
  it.each(cases)('%s: createClass with %j is refused (needs %s)', async (version, definition, requires) => {
    const old = recordingClient({ url: serverUrl(version) })
    try {
      const error = await left(old.client.schema.createClass(definition))
      expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires, serverVersion: version })
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })

  it("1.39.0: updateConfig refuses to change 'replicationConfig.asyncEnabled', which the server only reports from 1.38, before the class is read", async () => {
    const own = recordingClient()
    try {
      const error = await left(own.client.schema.updateConfig('AnyClass', { replicationConfig: { asyncEnabled: true } }))
      expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.26.0 to 1.37.x', serverVersion: '1.39.0' })
      expect(own.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await own.close()
    }
  })

  it('1.18.6: updateConfig with a setting the server lacks is refused before the class is read', async () => {
    const old = recordingClient({ url: serverUrl('1.18.6') })
    try {
      const error = await left(old.client.schema.updateConfig('AnyClass', { vectorIndexConfig: { sq: { enabled: true } } }))
      expect(error).toMatchObject({ _tag: 'UnsupportedVersionError', requires: '1.26.0', serverVersion: '1.18.6' })
      expect(old.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/meta'])
    } finally {
      await old.close()
    }
  })
})
