/**
 * Every operation against a server with API-key authentication and anonymous access off
 * (weaviate-server.md §5, contract item 42): with a valid key each one works; without a key or
 * with a wrong one each one ends in one Left, an UnexpectedStatusError 401, and a wrong key
 * appears nowhere in the error (message, JSON, inspect, String, stack).
 *
 * spec/http/real-server.spec.ts pins the same for the HttpEffect and GET /v1/meta; this file
 * covers the public operations: the single-request ones (OPERATIONS, asserted down to the request
 * that was refused: also graphql.raw and graphql.batch, classifications.get,
 * cluster.waitForVectorIndexing on an indexed class, schema.upsertPropertyIndex of an index that is
 * as wanted) and the rest (MORE_OPERATIONS: batches, deleteMany, count, get, iterate, streamPages,
 * all of schema and tenants, classifications.schedule), whose every emission without a key is a
 * Left that is, or was caused by, a 401. schema.deleteAll is refused like OPERATIONS and succeeds
 * last, after every other spec has used the classes.
 *
 * Like backups, roles and users, the operations that need what this server is not run with are
 * left out: client.export (EXPORT_ENABLED and a backup module), client.cluster.namespaces
 * (NAMESPACES_ENABLED, which needs RBAC and GraphQL disabled) and nearText over
 * `connect({ restSearch })` (EXPERIMENTAL_REST_SEARCH_ENABLED and a vectorizer module).
 */
import * as E from 'fp-ts/Either'
import { randomUUID } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { inspect } from 'node:util'
import { Observable, from, lastValueFrom, toArray } from 'rxjs'
import { request } from 'undici'
import { Client, ClassDefinition, WeaviateError, connect } from '../../lib'
import { startEmbedded, type EmbeddedWeaviate } from '../../lib/embedded'
import { quietLog, retryOnPortClash } from '../helpers/embedded-fixtures'
import { guardAgainstLeaks, isAlive, uniqueClassName } from '../helpers/server'

const KEYS = { alice: 'key-alice', bob: 'key-bob' } as const
const WRONG_KEY = 'key-mallory-7c41d2'
const Author = uniqueClassName('Author')
const Article = uniqueClassName('Article')
const Doomed = uniqueClassName('Doomed')
const Updated = uniqueClassName('Updated')
const Deleted = uniqueClassName('Deleted')
const Created = uniqueClassName('Created')
const Tenanted = uniqueClassName('Tenanted')
const Category = uniqueClassName('Category')
/** Scheduled by classifications.schedule. */
const Item = uniqueClassName('Item')
/** Scheduled in beforeAll, read by classifications.get. */
const ReadItem = uniqueClassName('ReadItem')
const ARTICLES = 20

const leaks = guardAgainstLeaks()
let server: EmbeddedWeaviate | undefined
let release: () => void = () => undefined
let articles: string[] = []
let authors: string[] = []
const clients: Client[] = []

const url = (): string => {
  if (server === undefined) throw new Error('the server never started')
  return server.url
}

/** A request with alice's key, outside the library under test; throws unless 2xx. */
const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
  const response = await request(`${url()}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${KEYS.alice}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.body.text()
  if (response.statusCode < 200 || response.statusCode > 299) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`)
  return text === '' ? undefined : (JSON.parse(text) as unknown)
}

const post = (path: string, body: unknown): Promise<unknown> => send('POST', path, body)

/** Updated's definition as the server holds it, read in beforeAll. */
let updatedDefinition: ClassDefinition = { class: Updated }

/** The id of the classification of ReadItem, scheduled in beforeAll. */
let classificationId = ''

const FRUIT = randomUUID()
const VEHICLE = randomUUID()

/** A class of items for a knn classification (vectors only, no module): half point to a category, half nowhere. */
const classifiable = async (name: string): Promise<void> => {
  await post('/schema', {
    class: name,
    vectorizer: 'none',
    properties: [
      { name: 'name', dataType: ['text'] },
      { name: 'ofCategory', dataType: [Category] },
    ],
  })
  const beacon = (id: string): string => `weaviate://localhost/${Category}/${id}`
  await post('/batch/objects', {
    objects: [
      ...[0, 1, 2, 3].map((n) => ({
        class: name,
        properties: { name: `trained ${n}`, ofCategory: [{ beacon: beacon(n % 2 === 0 ? FRUIT : VEHICLE) }] },
        vector: n % 2 === 0 ? [1, n / 10] : [n / 10, 1],
      })),
      ...[0, 1].map((n) => ({ class: name, properties: { name: `open ${n}` }, vector: n === 0 ? [1, 0.2] : [0.2, 1] })),
    ],
  })
}

/** A knn classification's request body. */
const classification = (name: string) => ({ class: name, classifyProperties: ['ofCategory'], basedOnProperties: ['name'], type: 'knn', settings: { k: 1 } }) as const

const clientWith = (apiKey: string | undefined): Client => {
  // The version is given, so no /v1/meta probe goes first: the 401 each spec sees is the answer to
  // the operation's own request (asserted by method and path).
  const client = connect({ url: url(), retry: false, serverVersion: '1.39.0', ...(apiKey === undefined ? {} : { apiKey }) })
  clients.push(client)
  return client
}

beforeAll(async () => {
  server = await retryOnPortClash(() =>
    startEmbedded({
      log: quietLog,
      env: {
        AUTHENTICATION_APIKEY_ENABLED: 'true',
        AUTHENTICATION_APIKEY_ALLOWED_KEYS: `${KEYS.alice},${KEYS.bob}`,
        AUTHENTICATION_APIKEY_USERS: 'alice,bob',
        AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false',
      },
    }),
  )
  const started = server
  release = leaks.allow({ pid: started.pid, dataDir: started.dataDir })
  await post('/schema', { class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  await post('/schema', {
    class: Article,
    vectorizer: 'none',
    properties: [
      { name: 'title', dataType: ['text'] },
      { name: 'writtenBy', dataType: [Author] },
    ],
  })
  authors = [randomUUID(), randomUUID()]
  articles = Array.from({ length: ARTICLES }, () => randomUUID())
  await post('/batch/objects', {
    objects: [
      ...authors.map((id, i) => ({ class: Author, id, properties: { name: `author ${i}` } })),
      ...articles.map((id, i) => ({ class: Article, id, properties: { title: `article ${i}` } })),
    ],
  })
  for (const name of [Doomed, Updated, Deleted]) {
    await post('/schema', { class: name, vectorizer: 'none', properties: [{ name: 'kind', dataType: ['text'] }] })
  }
  await post('/batch/objects', { objects: [0, 1, 2].map(() => ({ class: Doomed, properties: { kind: 'x' } })) })
  updatedDefinition = (await send('GET', `/schema/${Updated}`)) as ClassDefinition
  await post('/schema', { class: Tenanted, vectorizer: 'none', multiTenancyConfig: { enabled: true }, properties: [{ name: 'title', dataType: ['text'] }] })
  await post(`/schema/${Tenanted}/tenants`, [{ name: 't-update' }, { name: 't-delete' }])
  await post('/schema', { class: Category, vectorizer: 'none', properties: [{ name: 'name', dataType: ['text'] }] })
  // The categories first: a reference is checked against the objects already written.
  await post('/batch/objects', {
    objects: [
      { class: Category, id: FRUIT, properties: { name: 'fruit' } },
      { class: Category, id: VEHICLE, properties: { name: 'vehicle' } },
    ],
  })
  await classifiable(Item)
  await classifiable(ReadItem)
  classificationId = ((await post('/classifications/', classification(ReadItem))) as { id: string }).id
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  await server?.stop()
  release()
})

const article = (i: number): string => articles[i] ?? ''
const author = (i: number): string => authors[i] ?? ''

type Operation = (client: Client) => Observable<E.Either<WeaviateError, unknown>>

/** Every public operation, each on its own object so they can run in any order, with its own request's method and path. */
const OPERATIONS: ReadonlyArray<readonly [string, Operation, string, () => string]> = [
  ['meta.get', (c) => c.meta.get(), 'GET', () => '/v1/meta'],
  ['objects.create', (c) => c.objects.create({ className: Article, dataObject: { title: 'created' } }), 'POST', () => '/v1/objects'],
  ['objects.getById', (c) => c.objects.getById({ className: Article, uuid: article(0) }), 'GET', () => `/v1/objects/${Article}/${article(0)}`],
  ['objects.list', (c) => c.objects.list({ className: Article, limit: 5 }), 'GET', () => `/v1/objects?class=${Article}&limit=5`],
  ['objects.exists', (c) => c.objects.exists({ className: Article, uuid: article(1) }), 'HEAD', () => `/v1/objects/${Article}/${article(1)}`],
  [
    'objects.replace',
    (c) => c.objects.replace({ className: Article, uuid: article(2), dataObject: { title: 'replaced' } }),
    'PUT',
    () => `/v1/objects/${Article}/${article(2)}`,
  ],
  [
    'objects.update',
    (c) => c.objects.update({ className: Article, uuid: article(3), dataObject: { title: 'updated' } }),
    'PATCH',
    () => `/v1/objects/${Article}/${article(3)}`,
  ],
  ['objects.validate', (c) => c.objects.validate({ className: Article, dataObject: { title: 'valid' } }), 'POST', () => '/v1/objects/validate'],
  ['objects.delete', (c) => c.objects.delete({ className: Article, uuid: article(4) }), 'DELETE', () => `/v1/objects/${Article}/${article(4)}`],
  [
    'references.add',
    (c) => c.references.add({ fromClassName: Article, fromUuid: article(5), fromPropertyName: 'writtenBy', toClassName: Author, toUuid: author(0) }),
    'POST',
    () => `/v1/objects/${Article}/${article(5)}/references/writtenBy`,
  ],
  [
    'references.replace',
    (c) =>
      c.references.replace({ fromClassName: Article, fromUuid: article(6), fromPropertyName: 'writtenBy', toUuids: [author(0), author(1)], toClassNames: Author }),
    'PUT',
    () => `/v1/objects/${Article}/${article(6)}/references/writtenBy`,
  ],
  [
    'references.delete',
    (c) => c.references.delete({ fromClassName: Article, fromUuid: article(7), fromPropertyName: 'writtenBy', toClassName: Author, toUuid: author(1) }),
    'DELETE',
    () => `/v1/objects/${Article}/${article(7)}/references/writtenBy`,
  ],
  ['objects.stream', (c) => c.objects.stream({ className: Article, pageSize: 7 }), 'GET', () => `/v1/objects?class=${Article}&limit=7`],
  ['graphql.raw', (c) => c.graphql.raw({ query: `{ Get { ${Article}(limit: 1) { title } } }` }), 'POST', () => '/v1/graphql'],
  [
    'graphql.batch',
    (c) => c.graphql.batch([{ query: `{ Get { ${Article}(limit: 1) { title } } }` }, { query: `{ Aggregate { ${Author} { meta { count } } } }` }]),
    'POST',
    () => '/v1/graphql/batch',
  ],
  ['classifications.get', (c) => c.classifications.get({ id: classificationId }), 'GET', () => `/v1/classifications/${classificationId}`],
  [
    'cluster.waitForVectorIndexing',
    (c) => c.cluster.waitForVectorIndexing({ className: Author }),
    'GET',
    () => `/v1/nodes/${Author}?output=verbose`,
  ],
  [
    'schema.upsertPropertyIndex',
    (c) => c.schema.upsertPropertyIndex(Author, 'name', 'filterable', {}),
    'PUT',
    () => `/v1/schema/${Author}/properties/name/index/filterable`,
  ],
]

/** Deletes every class, so it succeeds last (its own describe); refused like OPERATIONS. */
const DELETE_ALL: readonly [string, Operation, string, () => string] = ['schema.deleteAll', (c) => c.schema.deleteAll(), 'GET', () => '/v1/schema']

/** What a client without a valid key is refused. */
const REFUSED = [...OPERATIONS, DELETE_ALL]

const classificationArgs = (name: string) => {
  const { class: className, ...rest } = classification(name)
  return { className, ...rest }
}

/** The operations that send more than one request or none of their own shape, each on its own data. */
const MORE_OPERATIONS: ReadonlyArray<readonly [string, Operation]> = [
  ['objects.batch', (c) => c.objects.batch([{ className: Article, dataObject: { title: 'batched' } }])],
  [
    'references.batch',
    (c) => c.references.batch([{ fromClassName: Article, fromUuid: article(8), fromPropertyName: 'writtenBy', toClassName: Author, toUuid: author(0) }]),
  ],
  ['objects.deleteMany', (c) => c.objects.deleteMany({ className: Doomed, where: { path: ['kind'], operator: 'Equal', valueText: 'x' } })],
  ['objects.count', (c) => c.objects.count({ className: Article })],
  ['objects.get by id', (c) => c.objects.get({ className: Article, uuid: article(9) })],
  ['objects.get a list', (c) => c.objects.get({ className: Article, limit: 3 })],
  ['objects.iterate', (c) => from(c.objects.iterate({ className: Author, pageSize: 1 }))],
  ['objects.streamPages', (c) => c.objects.streamPages({ className: Author, pageSize: 1 })],
  ['schema.get', (c) => c.schema.get()],
  ['schema.getClass', (c) => c.schema.getClass(Article)],
  ['schema.exists', (c) => c.schema.exists(Article)],
  ['schema.createClass', (c) => c.schema.createClass({ class: Created, vectorizer: 'none' })],
  ['schema.updateClass', (c) => c.schema.updateClass({ ...updatedDefinition, description: 'updated' })],
  ['schema.deleteClass', (c) => c.schema.deleteClass(Deleted)],
  ['schema.addProperty', (c) => c.schema.addProperty(Article, { name: 'subtitle', dataType: ['text'] })],
  ['tenants.list', (c) => c.tenants.list(Tenanted)],
  ['tenants.create', (c) => c.tenants.create(Tenanted, ['t-new'])],
  ['tenants.update', (c) => c.tenants.update(Tenanted, [{ name: 't-update', activityStatus: 'INACTIVE' }])],
  ['tenants.delete', (c) => c.tenants.delete(Tenanted, ['t-delete'])],
  ['classifications.schedule', (c) => c.classifications.schedule({ ...classificationArgs(Item), pollIntervalMs: 50 })],
]

/** The HTTP statuses of an error and of its causes, outermost first. */
const statusesOf = (error: unknown): number[] => {
  if (typeof error !== 'object' || error === null) return []
  const own = 'status' in error && typeof error.status === 'number' ? [error.status] : []
  return [...own, ...('cause' in error ? statusesOf(error.cause) : [])]
}

/** The error's request as `METHOD path?query`, without origin. */
const requestOf = (error: WeaviateError): string => ('url' in error ? `${error.method} ${new URL(error.url).pathname}${new URL(error.url).search}` : error._tag)

const emissions = (op: Observable<E.Either<WeaviateError, unknown>>): Promise<Array<E.Either<WeaviateError, unknown>>> =>
  lastValueFrom(op.pipe(toArray()))

/** The single Left an operation ends with; fails if anything else was emitted. */
const onlyLeft = async (op: Observable<E.Either<WeaviateError, unknown>>): Promise<WeaviateError> => {
  const values = await emissions(op)
  expect(values).toHaveLength(1)
  const [value] = values
  if (value === undefined || E.isRight(value)) throw new Error(`expected one Left, got ${JSON.stringify(values)}`)
  return value.left
}

describe('with a valid key', () => {
  it.each(OPERATIONS)('%s succeeds', async (_name, operation) => {
    const values = await emissions(operation(clientWith(KEYS.alice)))
    expect(values.length).toBeGreaterThan(0)
    expect(values.filter(E.isLeft)).toEqual([])
  })

  it.each(MORE_OPERATIONS)('%s succeeds', async (_name, operation) => {
    const values = await emissions(operation(clientWith(KEYS.alice)))
    expect(values.length).toBeGreaterThan(0)
    expect(values.filter(E.isLeft)).toEqual([])
  })

  it('objects.stream gives every object of the class', async () => {
    const values = await lastValueFrom(clientWith(KEYS.bob).objects.stream({ className: Author, pageSize: 1 }).pipe(toArray()))
    expect(values.flatMap((v) => (E.isRight(v) ? [v.right.id] : []))).toEqual([...authors].sort())
  })

  it('meta.get reports the server version', async () => {
    const values = await emissions(clientWith(KEYS.bob).meta.get())
    expect(values).toEqual([E.right(expect.objectContaining({ version: server?.version }))])
  })
})

/** A HEAD answer has no body, so the server's message cannot come with it. */
const WITH_BODY = REFUSED.filter(([, , method]) => method !== 'HEAD')

describe('without a key', () => {
  it.each(REFUSED)('%s: its own request ends in one UnexpectedStatusError 401', async (_name, operation, method, path) => {
    const error = await onlyLeft(operation(clientWith(undefined)))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 401 })
    expect(requestOf(error)).toBe(`${method} ${path()}`)
  })

  it.each(MORE_OPERATIONS)('%s: emits only Lefts, each a 401 or caused by one', async (_name, operation) => {
    const values = await emissions(operation(clientWith(undefined)))
    expect(values.length).toBeGreaterThan(0)
    expect(values.map((v) => (E.isLeft(v) ? statusesOf(v.left).includes(401) : 'a Right'))).toEqual(values.map(() => true))
  })

  it.each(WITH_BODY)('%s: the 401 carries the server saying anonymous access is off', async (_name, operation) => {
    const error = await onlyLeft(operation(clientWith(undefined)))
    if (error._tag !== 'UnexpectedStatusError') throw error
    expect(error.messages.join(' ')).toContain('anonymous access not enabled')
  })
})

describe('with a wrong key', () => {
  it.each(REFUSED)('%s: its own request ends in one UnexpectedStatusError 401', async (_name, operation, method, path) => {
    const error = await onlyLeft(operation(clientWith(WRONG_KEY)))
    expect(error).toMatchObject({ _tag: 'UnexpectedStatusError', status: 401 })
    expect(requestOf(error)).toBe(`${method} ${path()}`)
  })

  it.each(WITH_BODY)('%s: the 401 carries the server message', async (_name, operation) => {
    const error = await onlyLeft(operation(clientWith(WRONG_KEY)))
    if (error._tag !== 'UnexpectedStatusError') throw error
    expect(error.messages.length).toBeGreaterThan(0)
  })

  it.each(REFUSED)('%s: the key appears in no rendering of the error', async (_name, operation) => {
    const error = await onlyLeft(operation(clientWith(WRONG_KEY)))
    const renderings = [error.message, JSON.stringify(error), inspect(error, { depth: 10 }), String(error), error.stack ?? '']
    for (const text of renderings) {
      for (const secret of [WRONG_KEY, KEYS.alice, KEYS.bob]) expect(text).not.toContain(secret)
    }
  })
})

describe('with a valid key, after every other spec', () => {
  it('schema.deleteAll deletes every class', async () => {
    const values = await emissions(DELETE_ALL[1](clientWith(KEYS.alice)))
    expect(values).toEqual([E.right(expect.arrayContaining([Article, Author, Item]))])
    expect(await send('GET', '/schema')).toMatchObject({ classes: [] })
  })
})

it('stop() ends the server process and removes its data dir', async () => {
  const started = server
  if (started === undefined) throw new Error('the server never started')
  await started.stop()
  expect(isAlive(started.pid)).toBe(false)
  await expect(fs.access(started.dataDir)).rejects.toThrow('ENOENT')
  release()
})
