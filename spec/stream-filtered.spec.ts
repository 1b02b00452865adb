/**
 * objects.stream with `where` against real servers: every match exactly once in ascending id
 * order for each kind of filter, over gRPC and GraphQL, on every server version under test; the
 * same objects as the unfiltered stream; `after`; ids imported upper-case; objects imported
 * mid-stream; failures, resume and cancellation; bad input before any request.
 */
import { randomUUID } from 'node:crypto'
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { Observable, concatMap, firstValueFrom, lastValueFrom, take, toArray } from 'rxjs'
import { Client, WeaviateError, WeaviateObject, Where, connect } from '../lib'
import { PageProgress, createPacer } from '../lib/paging'
import { createClass, deleteClass } from './helpers/fixtures'
import { startProxy } from './helpers/proxy'
import { authHeaders, uniqueClassName } from './helpers/server'
import { ServerVersionUnderTest, apiKeyOption, grpcServerUrl, serverUrl } from './helpers/versions'
import { ownHandles } from './helpers/own-handles'

const COUNT = 1_200
interface Row {
  readonly n: number
  readonly tag: string
  readonly even: boolean
}
const TAGS = ['alpha', 'beta', 'gamma', 'delta']
const rows: Row[] = Array.from({ length: COUNT }, (_, n) => ({ n, tag: `${TAGS[n % 4] ?? 'alpha'}-${n % 7}`, even: n % 2 === 0 }))
/** Every third id upper-case, as some clients import them. */
const ids = rows.map((_, n) => (n % 3 === 0 ? randomUUID().toUpperCase() : randomUUID()))

const insert = async (url: string, className: string, objects: ReadonlyArray<{ id: string; properties: Row }>): Promise<void> => {
  for (let at = 0; at < objects.length; at += 500) {
    const chunk = objects.slice(at, at + 500).map((o) => ({ class: className, ...o }))
    const res = await fetch(`${url}/v1/batch/objects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeaders(url) },
      body: JSON.stringify({ objects: chunk }),
    })
    const body = (await res.json()) as Array<{ result?: { errors?: unknown } }>
    if (res.status !== 200 || body.some((r) => r.result?.errors !== undefined)) throw new Error(`import failed: ${JSON.stringify(body).slice(0, 300)}`)
  }
}

/** The ids, lower-case and ascending, of the rows `keep` selects. */
const expectedIds = (keep: (row: Row) => boolean): string[] =>
  rows
    .flatMap((row, i) => (keep(row) ? [(ids[i] ?? '').toLowerCase()] : []))
    .sort()

const values = async <A>(stream: Observable<E.Either<WeaviateError, A>>): Promise<A[]> =>
  (await lastValueFrom(stream.pipe(toArray()))).map((item) => {
    if (E.isLeft(item)) throw new Error(`unexpected Left: ${item.left.message}`)
    return item.right
  })

const idsOf = (objects: ReadonlyArray<WeaviateObject<unknown, unknown>>): string[] => objects.map((o) => o.id.toLowerCase())

// No timer of the library's left after any test; nothing of it at all once the clients are closed.
ownHandles()

describe.each([
  ['1.39.0', 'grpc'],
  ['1.39.0', 'rest'],
  ['1.18.6', 'rest'],
  ['1.14.1', 'rest'],
  ['1.13.2', 'rest'],
] as const)('filtered objects.stream on %s over %s', (version: ServerVersionUnderTest, transport) => {
  const className = uniqueClassName('Filtered')
  const url = serverUrl(version)
  const text = version === '1.39.0' ? 'text' : 'string'
  const textValue = version === '1.39.0' ? 'valueText' : 'valueString'
  let client: Client

  beforeAll(async () => {
    client = connect({ url, ...apiKeyOption(url), transport, ...(transport === 'grpc' ? { grpcUrl: grpcServerUrl(version) } : {}) })
    await createClass(url, {
      class: className,
      vectorizer: 'none',
      properties: [
        { name: 'n', dataType: ['int'] },
        { name: 'tag', dataType: [text], tokenization: 'field' },
        { name: 'even', dataType: ['boolean'] },
      ],
    })
    await insert(url, className, rows.map((properties, i) => ({ id: ids[i] ?? '', properties })))
  }, 120_000)

  afterAll(async () => {
    await deleteClass(url, className)
    await client.close()
  })

  const cases: ReadonlyArray<readonly [string, () => Where, (row: Row) => boolean]> = [
    ['Equal on a boolean', () => ({ path: ['even'], operator: 'Equal', valueBoolean: true }), (r) => r.even],
    ['GreaterThan on an int', () => ({ path: ['n'], operator: 'GreaterThan', valueInt: 700 }), (r) => r.n > 700],
    ['Like on text', () => ({ path: ['tag'], operator: 'Like', [textValue]: 'gam*' }), (r) => r.tag.startsWith('gam')],
    [
      'And with Or',
      () =>
        ({
          operator: 'And',
          operands: [
            { path: ['n'], operator: 'LessThan', valueInt: 1000 },
            { operator: 'Or', operands: [{ path: ['tag'], operator: 'Equal', [textValue]: 'beta-3' }, { path: ['even'], operator: 'Equal', valueBoolean: false }] },
          ],
        }),
      (r) => r.n < 1000 && (r.tag === 'beta-3' || !r.even),
    ],
  ]

  it.each(cases)('gives every match of %s exactly once in ascending id order', async (_, where, keep) => {
    const objects = await values(client.objects.stream({ className, where: where(), pageSize: 40 }))
    expect(idsOf(objects)).toEqual(expectedIds(keep))
  })

  it('gives the same matches at a page size larger than all of them', async () => {
    const objects = await values(client.objects.stream({ className, where: cases[1]?.[1]() ?? { path: ['n'], operator: 'Equal', valueInt: 0 }, pageSize: 5_000 }))
    expect(idsOf(objects)).toEqual(expectedIds((r) => r.n > 700))
  })

  it('completes without items when nothing matches', async () => {
    const items = await lastValueFrom(client.objects.stream({ className, where: { path: ['n'], operator: 'LessThan', valueInt: 0 } }).pipe(toArray()))
    expect(items).toEqual([])
  })

  it('starts after the given id', async () => {
    const all = expectedIds((r) => r.even)
    const after = all[Math.floor(all.length / 3)] ?? ''
    const objects = await values(client.objects.stream({ className, where: { path: ['even'], operator: 'Equal', valueBoolean: true }, after, pageSize: 50 }))
    expect(idsOf(objects)).toEqual(all.filter((id) => id > after))
  })

  it('gives the objects the unfiltered stream gives, field for field', async () => {
    const where: Where = { path: ['n'], operator: 'LessThan', valueInt: 60 }
    const filtered = await values(client.objects.stream({ className, where, pageSize: 7, withVector: true }))
    const unfiltered = version === '1.13.2' || version === '1.14.1' ? [] : await values(client.objects.stream({ className, pageSize: 500, withVector: true }))
    const byId = new Map(unfiltered.map((o) => [o.id.toLowerCase(), o]))
    expect(filtered).toHaveLength(60)
    if (byId.size > 0) expect(filtered).toEqual(filtered.map((o) => byId.get(o.id.toLowerCase())))
    for (const o of filtered) expect(o).toMatchObject({ class: className, properties: rows[o.properties['n'] as number] })
  })

  it('gives a typed Left, and nothing else, for a filter on a property the class lacks', async () => {
    const items = await lastValueFrom(client.objects.stream({ className, where: { path: ['missing'], operator: 'Equal', valueInt: 1 } }).pipe(toArray()))
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ _tag: 'Left', left: { _tag: expect.stringMatching(/Error$/) } })
  })
})

describe('filtered objects.stream on 1.39.0, while it runs', () => {
  const url = serverUrl('1.39.0')
  let className: string
  let client: Client
  const even: Where = { path: ['even'], operator: 'Equal', valueBoolean: true }

  beforeEach(async () => {
    className = uniqueClassName('FilteredLive')
    client = connect({ url, ...apiKeyOption(url), grpcUrl: grpcServerUrl('1.39.0') })
    await createClass(url, {
      class: className,
      vectorizer: 'none',
      properties: [
        { name: 'n', dataType: ['int'] },
        { name: 'tag', dataType: ['text'], tokenization: 'field' },
        { name: 'even', dataType: ['boolean'] },
      ],
    })
    await insert(url, className, rows.map((properties, i) => ({ id: ids[i] ?? '', properties })))
  }, 120_000)

  afterEach(async () => {
    await deleteClass(url, className)
    await client.close()
  })

  it('passes each existing match once, in order, and the matches imported before it reached them, when matches are imported mid-stream', async () => {
    const pacer = createPacer()
    const added = Array.from({ length: 400 }, (_, n) => ({ id: randomUUID(), properties: { n: COUNT + n, tag: 'new', even: true } }))
    let imported = false
    const pages = await values(
      client.objects.streamPages({ className, where: even, pageSize: 100, prefetch: 0, pacer }).pipe(
        concatMap(async (page) => {
          if (!imported) {
            imported = true
            await insert(url, className, added)
          }
          pacer.ack()
          return page
        }),
      ),
    )
    const got = idsOf(pages.flat())
    expect(got).toEqual([...new Set(got)].sort())
    const existing = expectedIds((r) => r.even)
    expect(got.filter((id) => existing.includes(id))).toEqual(existing)
    // Every page after the first was fetched after the import: it holds the new matches of its
    // part of the id space, which starts at or before its first id.
    const secondPageStart = pages[1]?.[0]?.id.toLowerCase() ?? ''
    const reached = added.map((o) => o.id).filter((id) => id > secondPageStart)
    expect(reached.length).toBeGreaterThan(300)
    expect(reached.filter((id) => !got.includes(id))).toEqual([])
    const allowed = new Set([...existing, ...added.map((o) => o.id)])
    expect(got.filter((id) => !allowed.has(id))).toEqual([])
  })

  it('ends in one Left after a failed request, and resumes after the last id to the same matches', async () => {
    const proxy = await startProxy({ url, ...apiKeyOption(url) }, { inject: { path: /graphql/, nth: 40, status: 400 } })
    const viaProxy = connect({ ...proxy.connection, transport: 'rest' })
    try {
      const first = await lastValueFrom(viaProxy.objects.stream({ className, where: even, pageSize: 25 }).pipe(toArray()))
      const last = first[first.length - 1]
      expect(last).toMatchObject({ _tag: 'Left' })
      const before = first.flatMap((item) => (E.isRight(item) ? [item.right.id.toLowerCase()] : []))
      const after = before[before.length - 1]
      const rest = await values(viaProxy.objects.stream({ className, where: even, pageSize: 25, ...(after === undefined ? {} : { after }) }))
      expect([...before, ...idsOf(rest)]).toEqual(expectedIds((r) => r.even))
    } finally {
      await viaProxy.close()
      await proxy.close()
    }
  })

  it('sends no request after the consumer unsubscribes', async () => {
    const proxy = await startProxy({ url, ...apiKeyOption(url) })
    const viaProxy = connect({ ...proxy.connection, transport: 'rest' })
    try {
      const firsts = await firstValueFrom(viaProxy.objects.stream({ className, where: even, pageSize: 20, prefetch: 0 }).pipe(take(5), toArray()))
      expect(firsts).toHaveLength(5)
      const sent = proxy.requests.length
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(proxy.requests.length).toBe(sent)
      expect(sent).toBeLessThan(60)
    } finally {
      await viaProxy.close()
      await proxy.close()
    }
  })
})

describe.each([
  ['1.39.0', 'grpc'],
  ['1.18.6', 'rest'],
] as const)('filtered objects.stream of sequential ids on %s over %s', (version: ServerVersionUnderTest, transport) => {
  const className = uniqueClassName('FilteredSequential')
  const url = serverUrl(version)
  /** 300 ids that share their first 33 characters, dashes included, as hand-made test ids do. */
  const sequential = Array.from({ length: 300 }, (_, n) => `00000000-0000-0000-0000-000000000${n.toString(16).padStart(3, '0')}`)
  let client: Client

  beforeAll(async () => {
    client = connect({ url, ...apiKeyOption(url), transport, ...(transport === 'grpc' ? { grpcUrl: grpcServerUrl(version) } : {}) })
    await createClass(url, {
      class: className,
      vectorizer: 'none',
      properties: [
        { name: 'n', dataType: ['int'] },
        { name: 'tag', dataType: [version === '1.39.0' ? 'text' : 'string'] },
        { name: 'even', dataType: ['boolean'] },
      ],
    })
    await insert(url, className, sequential.map((id, n) => ({ id, properties: { n, tag: '', even: n % 2 === 0 } })))
  }, 60_000)

  afterAll(async () => {
    await deleteClass(url, className)
    await client.close()
  })

  it('cuts a prefix shared by every id down to pages of the page size', async () => {
    const objects = await values(client.objects.stream({ className, where: { path: ['even'], operator: 'Equal', valueBoolean: true }, pageSize: 16 }))
    expect(idsOf(objects)).toEqual(sequential.filter((_, n) => n % 2 === 0))
  })
})

describe.each([
  ['1.39.0', 'grpc'],
  ['1.39.0', 'rest'],
  ['1.18.6', 'rest'],
] as const)('filtered objects.stream with references and tenants on %s over %s', (version: ServerVersionUnderTest, transport) => {
  const Author = uniqueClassName('FilteredAuthor')
  const Book = uniqueClassName('FilteredBook')
  const Shelf = uniqueClassName('FilteredShelf')
  const url = serverUrl(version)
  const authors = Array.from({ length: 5 }, () => randomUUID())
  const books = Array.from({ length: 80 }, () => randomUUID())
  const even: Where = { path: ['even'], operator: 'Equal', valueBoolean: true }
  let client: Client

  const batch = async (objects: ReadonlyArray<Record<string, unknown>>): Promise<void> => {
    const res = await fetch(`${url}/v1/batch/objects`, { method: 'POST', headers: { 'content-type': 'application/json', ...authHeaders(url) }, body: JSON.stringify({ objects }) })
    const body = (await res.json()) as Array<{ result?: { errors?: unknown } }>
    if (res.status !== 200 || body.some((r) => r.result?.errors !== undefined)) throw new Error(`import failed: ${JSON.stringify(body).slice(0, 300)}`)
  }

  beforeAll(async () => {
    client = connect({ url, ...apiKeyOption(url), transport, ...(transport === 'grpc' ? { grpcUrl: grpcServerUrl(version) } : {}) })
    await createClass(url, { class: Author, vectorizer: 'none', properties: [{ name: 'name', dataType: [version === '1.39.0' ? 'text' : 'string'] }] })
    await createClass(url, {
      class: Book,
      vectorizer: 'none',
      properties: [
        { name: 'n', dataType: ['int'] },
        { name: 'even', dataType: ['boolean'] },
        { name: 'writtenBy', dataType: [Author] },
      ],
    })
    await batch(authors.map((id, i) => ({ class: Author, id, properties: { name: `author ${i}` } })))
    await batch(
      books.map((id, n) => ({
        class: Book,
        id,
        properties: { n, even: n % 2 === 0, ...(n % 3 === 0 ? {} : { writtenBy: [{ beacon: `weaviate://localhost/${Author}/${authors[n % 5] ?? ''}` }] }) },
        vector: [n, 1, 2],
      })),
    )
    if (version === '1.39.0') {
      await createClass(url, { class: Shelf, vectorizer: 'none', multiTenancyConfig: { enabled: true }, properties: [{ name: 'even', dataType: ['boolean'] }] })
      await fetch(`${url}/v1/schema/${Shelf}/tenants`, { method: 'POST', headers: { 'content-type': 'application/json', ...authHeaders(url) }, body: JSON.stringify([{ name: 'a' }, { name: 'b' }]) })
      await batch(books.map((id, n) => ({ class: Shelf, id, tenant: n < 40 ? 'a' : 'b', properties: { even: n % 2 === 0 } })))
    }
  }, 60_000)

  afterAll(async () => {
    await deleteClass(url, Book)
    await deleteClass(url, Author)
    if (version === '1.39.0') await deleteClass(url, Shelf)
    await client.close()
  })

  it('gives references and vectors as the unfiltered stream gives them', async () => {
    const filtered = await values(client.objects.stream({ className: Book, where: even, pageSize: 9, withVector: true }))
    const unfiltered = await values(client.objects.stream({ className: Book, withVector: true }))
    expect(idsOf(filtered)).toEqual(books.filter((_, n) => n % 2 === 0).sort())
    expect(filtered).toEqual(unfiltered.filter((o) => (o.properties['n'] as number) % 2 === 0))
    expect(filtered.some((o) => o.properties['writtenBy'] !== undefined)).toBe(true)
  })

  it('gives float32 vectors as the unfiltered stream does with vectorFormat float32', async () => {
    const filtered = await values(client.objects.stream({ className: Book, where: even, pageSize: 9, withVector: true, vectorFormat: 'float32' }))
    const unfiltered = await values(client.objects.stream({ className: Book, withVector: true, vectorFormat: 'float32' }))
    expect(filtered[0]?.vector).toBeInstanceOf(Float32Array)
    expect(filtered).toEqual(unfiltered.filter((o) => (o.properties['n'] as number) % 2 === 0))
  })

  it('gives the same objects to for await (iterate) and in pages (streamPages), with progress', async () => {
    const looped: string[] = []
    for await (const item of client.objects.iterate({ className: Book, where: even, pageSize: 9 })) {
      if (E.isLeft(item)) throw new Error(item.left.message)
      looped.push(item.right.id)
    }
    const progress: PageProgress[] = []
    const pages = await values(client.objects.streamPages({ className: Book, where: even, pageSize: 9, onProgress: (p) => progress.push(p) }))
    const expected = books.filter((_, n) => n % 2 === 0).sort()
    expect(looped).toEqual(expected)
    expect(pages.flat().map((o) => o.id)).toEqual(expected)
    expect(progress.filter((p) => p.done)).toEqual([expect.objectContaining({ items: expected.length, pages: pages.length })])
  })

  it('decodes the properties with the codec, a mismatch being one DecodeError', async () => {
    const Typed = t.type({ n: t.number, even: t.literal(true) })
    const typed = await values(client.objects.stream({ className: Book, where: even, codec: Typed }))
    expect(typed.map((o) => o.properties.n)).toEqual(expect.arrayContaining([0, 2, 78]))
    const items = await lastValueFrom(client.objects.stream({ className: Book, where: even, codec: t.type({ n: t.string }) }).pipe(toArray()))
    expect(items).toEqual([E.left(expect.objectContaining({ _tag: 'DecodeError' }))])
  })

  if (version === '1.39.0') {
    it("streams the matches of one tenant only, as the tenant's unfiltered stream gives them", async () => {
      const filtered = await values(client.objects.stream({ className: Shelf, tenant: 'b', where: even, pageSize: 7 }))
      const unfiltered = await values(client.objects.stream({ className: Shelf, tenant: 'b' }))
      expect(idsOf(filtered)).toEqual(books.filter((_, n) => n >= 40 && n % 2 === 0).sort())
      expect(filtered).toEqual(unfiltered.filter((o) => o.properties['even'] === true))
    })
  }
})

describe('filtered objects.stream arguments', () => {
  const client = connect({ url: 'http://127.0.0.1:9' })
  afterAll(() => client.close())
  const even: Where = { path: ['even'], operator: 'Equal', valueBoolean: true }

  it.each([
    ['partitions', { partitions: 4 }],
    ['ranges', { ranges: [{ after: '40000000-0000-0000-0000-000000000000', before: undefined }] }],
    ['additionalProperties', { additionalProperties: ['classification'] }],
  ])("refuses 'where' with '%s' before any request", async (argument, extra) => {
    const items = await lastValueFrom(client.objects.stream({ className: 'Thing', where: even, ...extra }).pipe(toArray()))
    expect(items).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument }))])
  })

  it('refuses a malformed where before any request', async () => {
    const items = await lastValueFrom(client.objects.stream({ className: 'Thing', where: { path: [], operator: 'Equal' } as unknown as Where }).pipe(toArray()))
    expect(items).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'where' }))])
  })
})


