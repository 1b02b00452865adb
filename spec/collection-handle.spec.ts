/**
 * The typed collection handle (`client.collection`) against the run's 1.39 server: each family of
 * operations (data, references, batch, query, aggregate, stream, tenants, config) reaches the
 * handle's class through the flat operations, a tenant and a consistency level bound once go with
 * every call, and the filter builder's `Where` finds what the hand-written one finds. Each
 * describe makes its own classes.
 */
import * as t from 'io-ts'
import { firstValueFrom, toArray } from 'rxjs'
import type { Where } from '../lib'
import { isArgumentValueError, isDecodeError } from '../lib'
import { RecordingClient, left, recordingClient, right } from './helpers/client'
import { createClass, deleteClass, multiTenantClasses } from './helpers/fixtures'
import { uniqueClassName, weaviateUrl } from './helpers/server'
import { grpcServerUrl } from './helpers/versions'

const Book = t.type({ title: t.string, year: t.number, rating: t.number, tags: t.array(t.string), inPrint: t.boolean })
type Book = t.TypeOf<typeof Book>

const BOOKS: ReadonlyArray<{ readonly id: string; readonly book: Book; readonly vector: readonly number[] }> = [
  { id: '00000000-0000-4000-8000-000000000001', book: { title: 'Dune', year: 1965, rating: 4.5, tags: ['sf', 'classic'], inPrint: true }, vector: [1, 0, 0] },
  { id: '00000000-0000-4000-8000-000000000002', book: { title: 'Dune Messiah', year: 1969, rating: 4, tags: ['sf'], inPrint: true }, vector: [0.9, 0.1, 0] },
  { id: '00000000-0000-4000-8000-000000000003', book: { title: 'Emma', year: 1815, rating: 3.5, tags: ['classic', 'romance'], inPrint: false }, vector: [0, 1, 0] },
  { id: '00000000-0000-4000-8000-000000000004', book: { title: 'Neuromancer', year: 1984, rating: 4, tags: ['sf', 'cyberpunk'], inPrint: true }, vector: [0.5, 0, 0.5] },
  { id: '00000000-0000-4000-8000-000000000005', book: { title: 'Middlemarch', year: 1871, rating: 5, tags: ['classic'], inPrint: false }, vector: [0, 0.8, 0.2] },
]

const BOOK_PROPERTIES = [
  { name: 'title', dataType: ['text'] },
  { name: 'year', dataType: ['int'] },
  { name: 'rating', dataType: ['number'] },
  { name: 'tags', dataType: ['text[]'] },
  { name: 'inPrint', dataType: ['boolean'] },
]

let rc: RecordingClient
const made: string[] = []

/** A new class of books (no vectorizer, the properties of `Book`), dropped after the run. */
const bookClass = async (prefix: string): Promise<string> => {
  const name = uniqueClassName(prefix)
  made.push(name)
  await createClass(weaviateUrl(), { class: name, vectorizer: 'none', properties: BOOK_PROPERTIES })
  return name
}

/** A class of books holding `BOOKS`, written through the handle's batch. */
const filledBookClass = async (prefix: string): Promise<string> => {
  const name = await bookClass(prefix)
  const written = await firstValueFrom(
    rc.client
      .collection(name, { codec: Book })
      .data.insertMany(BOOKS.map(({ id, book, vector }) => ({ uuid: id, dataObject: book, vector })))
      .pipe(toArray()),
  )
  expect(written.every((r) => r._tag === 'Right')).toBe(true)
  return name
}

const idsOf = (objects: ReadonlyArray<{ readonly id: string }>): string[] => objects.map((o) => o.id).sort()

beforeAll(() => {
  rc = recordingClient()
})

afterAll(async () => {
  for (const name of made) await deleteClass(weaviateUrl(), name)
  await rc.close()
})

describe('client.collection', () => {
  it('throws an ArgumentValueError for a name that is not a class name, sending nothing', () => {
    const before = rc.requests.length
    let thrown: unknown
    try {
      rc.client.collection('not a class')
    } catch (e) {
      thrown = e
    }
    expect(isArgumentValueError(thrown)).toBe(true)
    expect(rc.requests.length).toBe(before)
  })
})

describe('data through the handle', () => {
  it('insert writes typed properties to the handle class and query.fetchObjectById reads them back decoded', async () => {
    const name = await bookClass('HandleData')
    const books = rc.client.collection(name, { codec: Book })
    const id = await right(books.data.insert({ dataObject: BOOKS[0]?.book ?? fail('no book'), vector: [1, 0, 0] }))
    const read = await right(books.query.fetchObjectById({ uuid: id }))
    expect(read?.class).toBe(name)
    expect(read?.properties).toEqual(BOOKS[0]?.book)
  })

  it('update changes only the properties given; replace writes them all', async () => {
    const name = await bookClass('HandleUpdate')
    const books = rc.client.collection(name, { codec: Book })
    const dune = BOOKS[0]?.book ?? fail('no book')
    const id = await right(books.data.insert({ dataObject: dune }))
    await right(books.data.update({ uuid: id, dataObject: { year: 1966 } }))
    expect((await right(books.query.fetchObjectById({ uuid: id })))?.properties).toEqual({ ...dune, year: 1966 })
    const emma = BOOKS[2]?.book ?? fail('no book')
    await right(books.data.replace({ uuid: id, dataObject: emma }))
    expect((await right(books.query.fetchObjectById({ uuid: id })))?.properties).toEqual(emma)
  })

  it('exists, deleteById, list and validate address the handle class', async () => {
    const name = await filledBookClass('HandleExists')
    const books = rc.client.collection(name, { codec: Book })
    const id = BOOKS[1]?.id ?? fail('no book')
    expect(await right(books.data.exists({ uuid: id }))).toBe(true)
    expect(idsOf(await right(books.data.list({ limit: 10 })))).toEqual(BOOKS.map((b) => b.id).sort())
    expect((await right(books.data.validate({ dataObject: BOOKS[3]?.book ?? fail('no book') }))).valid).toBe(true)
    await right(books.data.deleteById({ uuid: id }))
    expect(await right(books.data.exists({ uuid: id }))).toBe(false)
  })

  it('a read whose properties do not fit the codec is a DecodeError', async () => {
    const name = await filledBookClass('HandleDecode')
    const wrong = rc.client.collection(name, { codec: t.type({ title: t.number }) })
    expect(isDecodeError(await left(wrong.query.fetchObjectById({ uuid: BOOKS[0]?.id ?? fail('no book') })))).toBe(true)
  })

  it('deleteMany deletes what a built filter matches, and nothing else', async () => {
    const name = await filledBookClass('HandleDeleteMany')
    const books = rc.client.collection(name, { codec: Book })
    const done = await firstValueFrom(books.data.deleteMany({ where: books.filter.byProperty('inPrint').equal(false) }).pipe(toArray()))
    expect(done.every((r) => r._tag === 'Right')).toBe(true)
    expect(await right(books.length())).toBe(BOOKS.filter((b) => b.book.inPrint).length)
  })
})

describe('references through the handle', () => {
  it('referenceAdd, referenceReplace and referenceDelete change the references of an object of the handle class', async () => {
    const name = await filledBookClass('HandleRefs')
    const books = rc.client.collection(name, { codec: Book })
    await right(books.config.addProperty({ name: 'sequel', dataType: [name] }))
    const [first, second, third] = BOOKS.map((b) => b.id)
    if (first === undefined || second === undefined || third === undefined) fail('three books')
    const beacons = async (): Promise<unknown> => (await right(rc.client.objects.getById({ className: name, uuid: first })))?.properties['sequel']
    await right(books.data.referenceAdd({ fromUuid: first, fromPropertyName: 'sequel', toUuid: second, toClassName: name }))
    expect(JSON.stringify(await beacons())).toContain(second)
    await right(books.data.referenceReplace({ fromUuid: first, fromPropertyName: 'sequel', toUuids: [third], toClassNames: name }))
    expect(JSON.stringify(await beacons())).toContain(third)
    expect(JSON.stringify(await beacons())).not.toContain(second)
    await right(books.data.referenceDelete({ fromUuid: first, fromPropertyName: 'sequel', toUuid: third, toClassName: name }))
    expect(await beacons()).toEqual([])
  })

  it('referenceAddMany writes references from objects of the handle class', async () => {
    const name = await filledBookClass('HandleRefBatch')
    const books = rc.client.collection(name, { codec: Book })
    await right(books.config.addProperty({ name: 'sequel', dataType: [name] }))
    const [first, second] = BOOKS.map((b) => b.id)
    if (first === undefined || second === undefined) fail('two books')
    const written = await firstValueFrom(books.data.referenceAddMany([{ fromUuid: first, fromPropertyName: 'sequel', toUuid: second, toClassName: name }]).pipe(toArray()))
    expect(written.map((r) => r._tag)).toEqual(['Right'])
    const read = await right(rc.client.objects.getById({ className: name, uuid: first }))
    expect(JSON.stringify(read?.properties['sequel'])).toContain(second)
  })
})

describe('query through the handle', () => {
  it('nearVector searches the handle class and returns only the returnProperties asked for', async () => {
    const name = await filledBookClass('HandleNear')
    const books = rc.client.collection(name)
    const result = await right(books.query.nearVector({ vector: [1, 0, 0], limit: 2, returnProperties: ['title'] }))
    expect(result.objects.map((o) => o.properties)).toEqual([{ title: 'Dune' }, { title: 'Dune Messiah' }])
  })

  it('bm25 and fetchObjects decode the properties through the handle codec', async () => {
    const name = await filledBookClass('HandleBm25')
    const books = rc.client.collection(name, { codec: Book })
    const found = await right(books.query.bm25({ query: 'neuromancer' }))
    expect(found.objects.map((o) => o.properties)).toEqual([BOOKS[3]?.book])
    const fetched = await right(books.query.fetchObjects({ limit: 10 }))
    expect(idsOf(fetched.objects)).toEqual(BOOKS.map((b) => b.id).sort())
  })
})

describe('stream and aggregate through the handle', () => {
  it('stream emits every object of the handle class, decoded', async () => {
    const name = await filledBookClass('HandleStream')
    const books = rc.client.collection(name, { codec: Book })
    const all = await firstValueFrom(books.stream({ pageSize: 2 }).pipe(toArray()))
    expect(all.map((r) => (r._tag === 'Right' ? r.right.properties.title : r.left._tag)).sort()).toEqual(BOOKS.map((b) => b.book.title).sort())
  })

  it('iterator yields every object of the handle class to for await, decoded', async () => {
    const name = await filledBookClass('HandleIterator')
    const books = rc.client.collection(name, { codec: Book })
    const titles: string[] = []
    for await (const r of books.iterator({ pageSize: 2 })) titles.push(r._tag === 'Right' ? r.right.properties.title : r.left._tag)
    expect(titles.sort()).toEqual(BOOKS.map((b) => b.book.title).sort())
  })

  it('length counts the objects of the handle class', async () => {
    const name = await filledBookClass('HandleLength')
    expect(await right(rc.client.collection(name).length())).toBe(BOOKS.length)
  })

  it('aggregate.overAll counts the class and groups it by a property', async () => {
    const name = await filledBookClass('HandleAggregate')
    const books = rc.client.collection(name, { codec: Book })
    expect((await right(books.aggregate.overAll())).count).toBe(BOOKS.length)
    const groups = await right(books.aggregate.overAll({ groupBy: { property: 'inPrint' } }))
    expect(groups.groups).toEqual([
      { value: true, count: 3 },
      { value: false, count: 2 },
    ])
  })
})

describe('tenants and config through the handle', () => {
  const classes = multiTenantClasses('HandleTenants')
  afterAll(() => classes.dropAll())

  it('tenants.create, get and exists act on the handle class', async () => {
    const name = await classes.make([])
    const handle = rc.client.collection(name)
    await right(handle.tenants.create(['tenantA', 'tenantB']))
    expect((await right(handle.tenants.get())).map((x) => x.name).sort()).toEqual(['tenantA', 'tenantB'])
    expect(await right(handle.tenants.exists('tenantB'))).toBe(true)
  })

  it('tenants.getByName reads one tenant of the handle class, null when there is none', async () => {
    const name = await classes.make(['tenantA'])
    const handle = rc.client.collection(name)
    expect((await right(handle.tenants.getByName('tenantA')))?.name).toBe('tenantA')
    expect(await right(handle.tenants.getByName('tenantZ'))).toBeNull()
  })

  it('tenants.remove deletes the named tenants of the handle class', async () => {
    const name = await classes.make(['tenantA', 'tenantB'])
    const handle = rc.client.collection(name)
    await right(handle.tenants.remove(['tenantA']))
    expect((await right(handle.tenants.get())).map((x) => x.name)).toEqual(['tenantB'])
  })

  it('a handle bound to a tenant writes and reads in that tenant only', async () => {
    const name = await classes.make(['tenantA', 'tenantB'])
    const a = rc.client.collection(name, { codec: t.type({ title: t.string }), tenant: 'tenantA' })
    const b = a.withTenant('tenantB')
    const id = await right(a.data.insert({ dataObject: { title: 'in A' } }))
    expect(a.tenant).toBe('tenantA')
    expect(await right(a.length())).toBe(1)
    expect(await right(b.length())).toBe(0)
    expect(await right(b.data.exists({ uuid: id }))).toBe(false)
    expect((await right(a.query.fetchObjects({}))).objects.map((o) => o.properties.title)).toEqual(['in A'])
  })

  it('config.get reads the class definition and exists tells whether the class is there', async () => {
    const name = await bookClass('HandleConfig')
    const books = rc.client.collection(name)
    expect((await right(books.config.get()))?.class).toBe(name)
    expect(await right(books.exists())).toBe(true)
    expect(await right(rc.client.collection(uniqueClassName('HandleMissing')).exists())).toBe(false)
  })
})

describe('shards through the handle', () => {
  /** A class of two shards on the one node, dropped after the run. */
  const twoShardClass = async (): Promise<string> => {
    const name = uniqueClassName('HandleShards')
    made.push(name)
    await createClass(weaviateUrl(), { class: name, vectorizer: 'none', properties: BOOK_PROPERTIES, shardingConfig: { desiredCount: 2 } })
    return name
  }

  it('config.updateShards without names sets every shard and answers the shards as they now are', async () => {
    const books = rc.client.collection(await twoShardClass())
    const shards = await right(books.config.updateShards('READONLY'))
    expect(shards.map((s) => s.status)).toEqual(['READONLY', 'READONLY'])
  })

  it('config.updateShards with names sets those shards only', async () => {
    const books = rc.client.collection(await twoShardClass())
    const [first, second] = (await right(books.config.getShards())).map((s) => s.name).sort()
    const shards = await right(books.config.updateShards('READONLY', first ?? fail('no shard')))
    expect(Object.fromEntries(shards.map((s) => [s.name, s.status]))).toEqual({ [first ?? '']: 'READONLY', [second ?? '']: 'READY' })
  })
})

describe('consistency binding', () => {
  it('a handle bound to a consistency level sends it with each write and read that takes one', async () => {
    const name = await bookClass('HandleConsistency')
    const books = rc.client.collection(name, { codec: Book }).withConsistency('QUORUM')
    const id = await right(books.data.insert({ dataObject: BOOKS[0]?.book ?? fail('no book') }))
    expect(rc.requests.at(-1)?.path).toBe('/v1/objects?consistency_level=QUORUM')
    await right(books.data.exists({ uuid: id }))
    expect(rc.requests.at(-1)).toMatchObject({ method: 'HEAD', path: `/v1/objects/${name}/${id}?consistency_level=QUORUM` })
    await right(books.withConsistency('ONE').data.deleteById({ uuid: id }))
    expect(rc.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/objects/${name}/${id}?consistency_level=ONE` })
  })
})

describe('the filter builder', () => {
  let name: string
  beforeAll(async () => {
    name = await filledBookClass('HandleFilter')
  })

  const books = () => rc.client.collection(name, { codec: Book })
  const cases: ReadonlyArray<readonly [string, (f: ReturnType<typeof books>['filter']) => Where, Where]> = [
    ['text equal', (f) => f.byProperty('title').equal('Emma'), { path: ['title'], operator: 'Equal', valueText: 'Emma' }],
    ['text like', (f) => f.byProperty('title').like('Dune*'), { path: ['title'], operator: 'Like', valueText: 'Dune*' }],
    ['int greaterThan', (f) => f.byProperty('year').greaterThan(1900), { path: ['year'], operator: 'GreaterThan', valueInt: 1900 }],
    ['number lessOrEqual', (f) => f.byProperty('rating').lessOrEqual(4.2), { path: ['rating'], operator: 'LessThanEqual', valueNumber: 4.2 }],
    ['boolean equal', (f) => f.byProperty('inPrint').equal(false), { path: ['inPrint'], operator: 'Equal', valueBoolean: false }],
    ['array containsAny', (f) => f.byProperty('tags').containsAny(['romance', 'cyberpunk']), { path: ['tags'], operator: 'ContainsAny', valueTextArray: ['romance', 'cyberpunk'] }],
    ['array containsAll', (f) => f.byProperty('tags').containsAll(['sf', 'classic']), { path: ['tags'], operator: 'ContainsAll', valueTextArray: ['sf', 'classic'] }],
    ['id equal', (f) => f.byId().equal(BOOKS[4]?.id ?? ''), { path: ['_id'], operator: 'Equal', valueText: BOOKS[4]?.id ?? '' }],
    [
      'and / or / not',
      (f) => f.and(f.or(f.byProperty('year').lessThan(1900), f.byProperty('rating').equal(4.5)), f.not(f.byProperty('title').equal('Emma'))),
      {
        operator: 'And',
        operands: [
          { operator: 'Or', operands: [{ path: ['year'], operator: 'LessThan', valueInt: 1900 }, { path: ['rating'], operator: 'Equal', valueNumber: 4.5 }] },
          { operator: 'Not', operands: [{ path: ['title'], operator: 'Equal', valueText: 'Emma' }] },
        ],
      },
    ],
  ]

  it.each(cases)('%s: the built Where is the hand-written one', (_, build, hand) => {
    expect(build(books().filter)).toEqual(hand)
  })

  it.each(cases)('%s: the built Where finds what the hand-written one finds, and something', async (_, build, hand) => {
    const found = async (where: Where) => idsOf((await right(books().query.fetchObjects({ where, limit: 10 }))).objects)
    const built = await found(build(books().filter))
    expect(built).toEqual(await found(hand))
    expect(built.length).toBeGreaterThan(0)
  })

  it('an integer on a number property is valueNumber when numberKinds says so, and REST deleteMany accepts it', async () => {
    const own = rc.client.collection(name, { codec: Book, numberKinds: { rating: 'number' } })
    const where = own.filter.byProperty('rating').equal(5)
    expect(where).toEqual({ path: ['rating'], operator: 'Equal', valueNumber: 5 })
    const dry = await firstValueFrom(own.data.deleteMany({ where, dryRun: true }).pipe(toArray()))
    expect(dry.at(-1)).toMatchObject({ _tag: 'Right', right: { kind: 'done', matches: 1, deleted: 0 } })
  })
})

describe("the filter builder's shapes: length, reference count, times, ids", () => {
  // A class of BOOKS with timestamps and property lengths indexed and a reference to itself,
  // written in steps that the clock separates (the server runs on this machine, on its clock):
  // Dune, Dune Messiah, Emma; then Neuromancer, Middlemarch; references Dune -> Dune Messiah and
  // Neuromancer, Emma -> Middlemarch; then Middlemarch updated.
  const id = (i: number): string => BOOKS[i]?.id ?? fail(`no book ${i}`)
  let name: string
  let times: ReadonlyArray<{ readonly id: string; readonly created: number; readonly updated: number }> = []
  const books = () => rc.client.collection(name, { codec: Book })
  let grpc: RecordingClient
  /** The ids a search with `where` finds, over `transport` (the handle of a client with a gRPC address for gRPC). */
  const found = async (where: Where, transport: 'grpc' | 'rest'): Promise<string[]> => {
    const handle = (transport === 'grpc' ? grpc : rc).client.collection(name, { codec: Book })
    return idsOf((await right(handle.query.fetchObjects({ where, limit: 10, transport }))).objects)
  }
  const timesOf = (i: number) => times.find((t) => t.id === id(i)) ?? fail(`no times of book ${i}`)
  /** The times the server reports, read again. */
  const readTimes = async (): Promise<void> => {
    const read = await right(books().query.fetchObjects({ limit: 10, returnMetadata: ['creationTimeUnix', 'lastUpdateTimeUnix'] }))
    times = read.objects.map((o) => ({ id: o.id, created: o.metadata.creationTimeUnix ?? fail('no creation time'), updated: o.metadata.lastUpdateTimeUnix ?? fail('no update time') }))
  }
  /** Returns once this machine's clock is past every time the server has reported. */
  const clockPastAll = async (): Promise<void> => {
    const last = Math.max(...times.flatMap((t) => [t.created, t.updated]))
    while (Date.now() <= last) await new Promise((resolve) => setTimeout(resolve, 2))
  }
  const write = async (indices: readonly number[]): Promise<void> => {
    const batch = indices.map((i) => ({ uuid: id(i), dataObject: BOOKS[i]?.book ?? fail('no book'), vector: BOOKS[i]?.vector ?? [] }))
    const written = await firstValueFrom(books().data.insertMany(batch).pipe(toArray()))
    expect(written.every((r) => r._tag === 'Right')).toBe(true)
    await readTimes()
  }

  afterAll(() => grpc.close())

  beforeAll(async () => {
    grpc = recordingClient({ grpcUrl: grpcServerUrl('1.39.0') })
    name = uniqueClassName('HandleShapes')
    made.push(name)
    await createClass(weaviateUrl(), {
      class: name,
      vectorizer: 'none',
      invertedIndexConfig: { indexTimestamps: true, indexPropertyLength: true },
      properties: [...BOOK_PROPERTIES, { name: 'similar', dataType: [name] }],
    })
    await write([0, 1, 2])
    await clockPastAll()
    await write([3, 4])
    for (const [from, to] of [[0, 1], [0, 3], [2, 4]] as const) {
      await right(books().data.referenceAdd({ fromUuid: id(from), fromPropertyName: 'similar', toUuid: id(to), toClassName: name }))
    }
    await readTimes()
    await clockPastAll()
    await right(books().data.update({ uuid: id(4), dataObject: { rating: 4.8 } }))
    await readTimes()
    expect(times).toHaveLength(BOOKS.length)
  })

  /** Neuromancer's creation time: the second write's objects from there on, the first's before. */
  const secondWrite = (): Date => new Date(timesOf(3).created)
  /** Middlemarch's update time: the last write. */
  const lastUpdate = (): Date => new Date(timesOf(4).updated)

  const cases: ReadonlyArray<readonly [string, (f: ReturnType<typeof books>['filter']) => Where, () => Where, () => string[]]> = [
    ['text length', (f) => f.byProperty('title', true).greaterThan(5), () => ({ propertyLength: { property: 'title', operator: 'GreaterThan', value: 5 } }), () => [id(1), id(3), id(4)]],
    ['array length', (f) => f.byProperty('tags', true).equal(1), () => ({ propertyLength: { property: 'tags', operator: 'Equal', value: 1 } }), () => [id(1), id(4)]],
    ['reference count', (f) => f.byRefCount('similar').greaterOrEqual(1), () => ({ referenceCount: { property: 'similar', operator: 'GreaterThanEqual', value: 1 } }), () => [id(0), id(2)]],
    ['no references', (f) => f.byRefCount('similar').equal(0), () => ({ referenceCount: { property: 'similar', operator: 'Equal', value: 0 } }), () => [id(1), id(3), id(4)]],
    ['ids', (f) => f.byId().containsAny([id(0), id(3)]), () => ({ ids: [id(0), id(3)] }), () => [id(0), id(3)]],
    ['creation time (a Date)', (f) => f.byCreationTime().greaterOrEqual(secondWrite()), () => ({ creationTime: { operator: 'GreaterThanEqual', value: secondWrite() } }), () => [id(3), id(4)]],
    [
      'creation time (an RFC 3339 string)',
      (f) => f.byCreationTime().lessThan(secondWrite().toISOString()),
      () => ({ creationTime: { operator: 'LessThan', value: secondWrite().toISOString() } }),
      () => [id(0), id(1), id(2)],
    ],
    ['update time', (f) => f.byUpdateTime().greaterOrEqual(lastUpdate()), () => ({ updateTime: { operator: 'GreaterThanEqual', value: lastUpdate() } }), () => [id(4)]],
    [
      'a shape under not',
      (f) => f.not(f.byUpdateTime().lessThan(lastUpdate())),
      () => ({ operator: 'Not', operands: [{ updateTime: { operator: 'LessThan', value: lastUpdate() } }] }),
      () => [id(4)],
    ],
  ]

  it.each(cases)('%s: the built Where is the flat shape', (_, build, flat) => {
    expect(build(books().filter)).toEqual(flat())
  })

  describe.each(['grpc', 'rest'] as const)('over %s', (transport) => {
    it.each(cases)('%s: the built Where selects what the flat shape selects, the objects the data says', async (_, build, flat, expected) => {
      const built = await found(build(books().filter), transport)
      expect(built).toEqual(await found(flat(), transport))
      expect(built).toEqual(expected().sort())
    })
  })

  it('a negative length, a time without an offset and an id that is no UUID are ArgumentValueErrors, nothing sent', async () => {
    const before = rc.requests.length
    const f = books().filter
    expect(await left(books().query.fetchObjects({ where: f.byProperty('title', true).greaterThan(-1) }))).toEqual(
      expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'where.propertyLength.value' }),
    )
    expect(await left(books().query.fetchObjects({ where: f.byCreationTime().greaterThan('2026-01-01') }))).toEqual(
      expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'where.creationTime.value' }),
    )
    expect(await left(books().query.fetchObjects({ where: f.byId().containsAny(['not-a-uuid']) }))).toEqual(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'where.ids[0]' }))
    expect(rc.requests.length).toBe(before)
  })
})
