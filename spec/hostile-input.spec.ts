/**
 * Property-based checks over every operation's inputs: whatever a caller passes, the operation
 * emits a typed input error or sends a well-formed request below /v1/objects whose path segments
 * are encoded. Never a throw, never a request anywhere else. The requests go to an undici
 * MockAgent, so nothing leaves the process.
 */
import fc from 'fast-check'
import * as E from 'fp-ts/Either'
import { Observable, firstValueFrom, toArray } from 'rxjs'
import { MockAgent } from 'undici'
import { Client, WeaviateError, connect } from '../lib'
import { isArgumentError, isBatchObjectError, isBatchReferenceError } from '../lib/core/errors'

const ORIGIN = 'http://127.0.0.1:9'
const ID = '36ddd591-2dee-4e7e-a3cc-eb86d30a4303'

let agent: MockAgent
let client: Client
let restSearchClient: Client
const sent: Array<{ method: string; path: string }> = []

beforeAll(() => {
  agent = new MockAgent()
  agent.disableNetConnect()
  agent
    .get(ORIGIN)
    .intercept({ path: () => true, method: () => true })
    .reply(404, '')
    .persist()
  const recording = agent.compose((dispatch) => (opts, handler) => {
    sent.push({ method: opts.method, path: opts.path })
    return dispatch(opts, handler)
  })
  // Each operation's REST path: no gRPC address and grpc: 'native', so 'auto' settles on REST
  // (by default the client would ask the stub for gRPC-Web first).
  client = connect({ url: ORIGIN, dispatcher: recording, serverVersion: '1.39.0', retry: false, grpc: 'native' })
  // nearText over the REST Search API (connect({ restSearch: true }) on REST).
  restSearchClient = connect({ url: ORIGIN, dispatcher: recording, serverVersion: '1.39.0', retry: false, transport: 'rest', restSearch: true })
})

afterAll(async () => {
  await client.close()
  await restSearchClient.close()
  await agent.close()
})

/** Strings a hostile or careless caller might pass. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('../schema', 'a/b', '%2e%2e', '..', '.', 'p?x=1', 'p#frag', 'tenant with spaces', '', ' ', 'A\u0000B'),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.constant(ID),
  fc.constant(`weaviate://localhost/Article/${ID}`),
  fc.constantFrom('Article', 'article', 'title', 'ONE', 'tenantA'),
)
/** Any value at all in an argument's place. */
const anything = fc.oneof(nasty, fc.anything(), fc.constant(undefined))

/** Mostly a valid value, sometimes anything: reaches the sending branch of many-argument operations. */
const mostly = (valid: unknown) => fc.oneof({ arbitrary: fc.constant(valid), weight: 3 }, { arbitrary: anything, weight: 1 })

type Outcome = 'input-error' | 'sent'
/** An argument error, or a batch item's error whose cause is one (a malformed item, at its index). */
const isInputError = (e: WeaviateError): boolean =>
  isArgumentError(e) || ((isBatchObjectError(e) || isBatchReferenceError(e)) && isArgumentError(e.cause))
/** How often each outcome happened, so each property proves it reached both branches. */
const tally: Record<Outcome, number> = { 'input-error': 0, sent: 0 }

/** Runs an operation and classifies what it did; fails on a throw or an unexpected request. */
const outcome = async (op: () => Observable<E.Either<WeaviateError, unknown>>, below = '/v1/objects'): Promise<Outcome> => {
  const before = sent.length
  const values = await firstValueFrom(op().pipe(toArray()))
  expect(values).toHaveLength(1)
  const result = values[0] as E.Either<WeaviateError, unknown>
  const requests = sent.slice(before)
  if (E.isLeft(result) && isInputError(result.left)) {
    expect(requests).toEqual([])
    tally['input-error'] += 1
    return 'input-error'
  }
  expect(requests.length).toBeGreaterThan(0)
  for (const request of requests) {
    const path = request.path.split('?')[0] ?? ''
    expect(path.startsWith(below)).toBe(true)
    // Every segment is a safe, encoded token: no traversal, no raw reserved characters. A
    // trailing slash is the route's own (POST /v1/classifications/), not an empty segment.
    for (const segment of path.replace(/(?<=.)\/$/, '').split('/').slice(1)) {
      expect(segment).toMatch(/^[A-Za-z0-9_\-.%]+$/)
      expect(['.', '..']).not.toContain(decodeURIComponent(segment))
    }
  }
  tally.sent += 1
  return 'sent'
}

const runs = { numRuns: 150 }
/** Loosely typed calls, as from plain JavaScript or JSON. */
const loose = (value: unknown): never => value as never

describe('hostile input', () => {
  beforeEach(() => {
    tally['input-error'] = 0
    tally.sent = 0
  })
  afterEach(() => {
    // A property that never sent (or never rejected) would prove nothing about that branch.
    expect(tally.sent).toBeGreaterThan(0)
  })

  it('create never throws and never leaves /v1/objects', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly({}), anything, anything, mostly(undefined), async (className, dataObject, uuid, tenant, vector) => {
        await outcome(() => client.objects.create(loose({ className, dataObject: typeof dataObject === 'string' ? {} : dataObject, uuid, tenant, vector })))
      }),
      runs,
    )
  })

  it('getById and get never throw and never leave /v1/objects', async () => {
    await fc.assert(
      fc.asyncProperty(mostly(ID), anything, anything, mostly(undefined), async (uuid, className, tenant, nodeName) => {
        await outcome(() => client.objects.getById(loose({ uuid, className, tenant, nodeName })))
        await outcome(() => client.objects.get(loose({ uuid, className, tenant })))
      }),
      runs,
    )
  })

  it('list never throws and never leaves /v1/objects', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(10), mostly(undefined), mostly(undefined), anything, async (className, limit, after, sort, tenant) => {
        await outcome(() => client.objects.list(loose({ className, limit, after, sort, tenant })))
      }),
      runs,
    )
  })

  it('exists and delete never throw and never leave /v1/objects', async () => {
    await fc.assert(
      fc.asyncProperty(mostly(ID), anything, mostly(undefined), anything, async (uuid, className, consistencyLevel, tenant) => {
        await outcome(() => client.objects.exists(loose({ uuid, className, consistencyLevel, tenant })))
        await outcome(() => client.objects.delete(loose({ uuid, className, consistencyLevel, tenant })))
      }),
      runs,
    )
  })

  it('replace, update and validate never throw and never leave /v1/objects', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(ID), anything, async (className, uuid, properties) => {
        const dataObject = typeof properties === 'object' && properties !== null ? properties : { p: properties }
        await outcome(() => client.objects.replace(loose({ className, uuid, dataObject })))
        await outcome(() => client.objects.update(loose({ className, uuid, dataObject })))
        await outcome(() => client.objects.validate(loose({ className, uuid, dataObject })))
      }),
      runs,
    )
  })

  it('reference operations never throw and never leave /v1/objects', async () => {
    await fc.assert(
      fc.asyncProperty(mostly(ID), mostly('members'), mostly(ID), anything, anything, anything, async (fromUuid, fromPropertyName, toUuid, fromClassName, toClassName, tenant) => {
        const args = { fromUuid, fromPropertyName, toUuid, fromClassName, toClassName, tenant }
        await outcome(() => client.references.add(loose(args)))
        await outcome(() => client.references.delete(loose(args)))
        await outcome(() => client.references.replace(loose({ ...args, toUuids: [toUuid, ID], toClassNames: toClassName })))
      }),
      runs,
    )
  })

  it('schema operations never throw and never leave /v1/schema', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), anything, mostly([{ name: 'title', dataType: ['text'] }]), async (className, options, properties) => {
        const definition = { class: className, properties }
        await outcome(() => client.schema.getClass(loose(className), loose(options)), '/v1/schema')
        await outcome(() => client.schema.exists(loose(className)), '/v1/schema')
        await outcome(() => client.schema.deleteClass(loose(className)), '/v1/schema')
        await outcome(() => client.schema.createClass(loose(definition)), '/v1/schema')
        await outcome(() => client.schema.updateClass(loose(definition)), '/v1/schema')
        await outcome(() => client.schema.addProperty(loose(className), loose(Array.isArray(properties) ? properties[0] : properties)), '/v1/schema')
      }),
      runs,
    )
  })

  it('tenant operations never throw and never leave /v1/schema', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(['tenantA']), anything, async (className, tenants, status) => {
        await outcome(() => client.tenants.list(loose(className)), '/v1/schema')
        await outcome(() => client.tenants.create(loose(className), loose(tenants)), '/v1/schema')
        await outcome(() => client.tenants.update(loose(className), loose(Array.isArray(tenants) ? tenants.map((name: unknown) => ({ name, activityStatus: status })) : tenants)), '/v1/schema')
        await outcome(() => client.tenants.delete(loose(className), loose(tenants)), '/v1/schema')
      }),
      runs,
    )
  })

  it('count never throws and never leaves /v1/graphql', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(undefined), async (className, tenant) => {
        await outcome(() => client.objects.count(loose({ className, tenant })), '/v1/graphql')
      }),
      runs,
    )
  })

  it('objects.batch never throws and never leaves /v1/batch', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly({ title: 'x' }), mostly(undefined), mostly(undefined), mostly(10), async (className, dataObject, uuid, tenant, batchSize) => {
        const item = { className, dataObject, uuid, tenant }
        await outcome(() => client.objects.batch(loose([item]), loose({ batchSize, retry: false })), '/v1/batch')
      }),
      runs,
    )
  })

  it('references.batch never throws and never leaves /v1/batch', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(ID), mostly('members'), mostly(ID), anything, async (fromClassName, fromUuid, fromPropertyName, toUuid, toClassName) => {
        const item = { fromClassName, fromUuid, fromPropertyName, toUuid, toClassName }
        await outcome(() => client.references.batch(loose([item]), loose({ retry: false })), '/v1/batch')
      }),
      runs,
    )
  })

  it('deleteMany never throws and never leaves /v1/batch', async () => {
    const where = { path: ['title'], operator: 'Equal', valueText: 'x' }
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(where), mostly(undefined), mostly(undefined), async (className, filter, dryRun, tenant) => {
        await outcome(() => client.objects.deleteMany(loose({ className, where: filter, dryRun, tenant })), '/v1/batch')
      }),
      runs,
    )
  })

  it('schema.deleteAll and schema.upsertPropertyIndex never throw and never leave /v1/schema', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly('title'), mostly('searchable'), mostly({ tokenization: 'word' }), mostly(undefined), async (className, property, index, config, options) => {
        await outcome(() => client.schema.deleteAll(loose(options)), '/v1/schema')
        await outcome(() => client.schema.upsertPropertyIndex(loose(className), loose(property), loose(index), loose(config), loose(options)), '/v1/schema')
      }),
      runs,
    )
  })

  it('export operations never throw and never leave /v1/export', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('filesystem'), mostly('articles-1'), mostly(undefined), mostly(undefined), mostly(undefined), async (backend, exportId, include, fileFormat, pollIntervalMs) => {
        await outcome(() => client.export.create(loose({ backend, exportId, include, fileFormat, pollIntervalMs })), '/v1/export')
        await outcome(() => client.export.getStatus(loose({ backend, exportId })), '/v1/export')
        await outcome(() => client.export.cancel(loose({ backend, exportId })), '/v1/export')
      }),
      runs,
    )
  })

  it('classification operations never throw and never leave /v1/classifications', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(['ofCategory']), mostly(['title']), mostly(undefined), mostly(ID), async (className, classifyProperties, basedOnProperties, settings, id) => {
        await outcome(() => client.classifications.schedule(loose({ className, classifyProperties, basedOnProperties, settings })), '/v1/classifications')
        await outcome(() => client.classifications.get(loose({ id })), '/v1/classifications')
      }),
      runs,
    )
  })

  it('namespace operations never throw and never leave /v1/namespaces', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('tenant-a'), mostly('node1'), mostly(undefined), async (name, homeNode, options) => {
        await outcome(() => client.cluster.namespaces.list(loose(options)), '/v1/namespaces')
        await outcome(() => client.cluster.namespaces.get(loose({ name })), '/v1/namespaces')
        await outcome(() => client.cluster.namespaces.create(loose({ name, homeNode })), '/v1/namespaces')
        await outcome(() => client.cluster.namespaces.update(loose({ name, homeNode })), '/v1/namespaces')
        await outcome(() => client.cluster.namespaces.delete(loose({ name })), '/v1/namespaces')
        await outcome(() => client.cluster.namespaces.suspend(loose({ name })), '/v1/namespaces')
        await outcome(() => client.cluster.namespaces.resume(loose({ name })), '/v1/namespaces')
      }),
      runs,
    )
  })

  it('cluster.waitForVectorIndexing never throws and never leaves /v1/nodes', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly(10), mostly(1_000), async (className, pollIntervalMs, timeoutMs) => {
        await outcome(() => client.cluster.waitForVectorIndexing(loose({ className, pollIntervalMs, timeoutMs })), '/v1/nodes')
      }),
      runs,
    )
  })

  it('graphql.raw and graphql.batch never throw and never leave /v1/graphql', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('{ Get { Article { title } } }'), mostly(undefined), mostly(undefined), async (query, variables, operationName) => {
        await outcome(() => client.graphql.raw(loose({ query, variables, operationName })), '/v1/graphql')
        await outcome(() => client.graphql.batch(loose([{ query, variables, operationName }])), '/v1/graphql')
      }),
      runs,
    )
  })

  it('nearText over the REST Search API (restSearch) never throws and never leaves /v1/search', async () => {
    await fc.assert(
      fc.asyncProperty(mostly('Article'), mostly('dune'), mostly(10), async (className, query, limit) => {
        await outcome(() => restSearchClient.query.nearText(loose({ className, query, limit })), '/v1/search')
      }),
      runs,
    )
  })

  it('well-formed input with hostile tenant and class spellings is sent, encoded', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('tenant with spaces', 'a/b', '../x', 't?x=1#f'), async (tenant) => {
        expect(await outcome(() => client.objects.exists({ className: 'Article', uuid: ID, tenant }))).toBe('sent')
        const last = sent.at(-1)
        expect(last?.path).toBe(`/v1/objects/Article/${ID}?${new URLSearchParams({ tenant }).toString()}`)
      }),
      { numRuns: 4 },
    )
  })
})

describe('hostile connect options', () => {
  // null is absent, as for every optional argument (lib/input/check.ts optional).
  it('connect throws an argument error for a restSearch that is neither a boolean nor absent, and builds no client', async () => {
    await fc.assert(
      fc.asyncProperty(anything.filter((v) => v !== undefined && v !== null && typeof v !== 'boolean'), async (restSearch) => {
        let built: Client | undefined
        let thrown: unknown
        try {
          built = connect({ url: ORIGIN, dispatcher: agent, serverVersion: '1.39.0', restSearch: loose(restSearch) })
        } catch (e) {
          thrown = e
        }
        await built?.close()
        expect(built).toBeUndefined()
        expect(isArgumentError(thrown as WeaviateError)).toBe(true)
      }),
      runs,
    )
  })
})
