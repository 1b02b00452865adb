/**
 * objects.stream against the real server: completeness and order at every page size, start
 * points, tenants, partitions, resets mid-stream, and backpressure counted at a proxy.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { concatMap, firstValueFrom, lastValueFrom, take, tap, toArray } from 'rxjs'
import { Client, WeaviateError, WeaviateObject, connect } from '../lib'
import { isStreamPartitionError } from '../lib/core/errors'
import { PageProgress, UuidRange, createPacer } from '../lib/paging'
import { createClass, createMultiTenantClass, deleteClass, insertObjects } from './helpers/fixtures'
import { startProxy } from './helpers/proxy'
import { ownHandles } from './helpers/own-handles'
import { uniqueClassName, weaviateConnection, weaviateUrl } from './helpers/server'

const Item = uniqueClassName('Item')
const Empty = uniqueClassName('Empty')
const COUNT = 2_537
let client: Client
let expected: string[]

beforeAll(async () => {
  const url = weaviateUrl()
  await createClass(url, { class: Item, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  await createClass(url, { class: Empty, vectorizer: 'none', properties: [{ name: 'n', dataType: ['int'] }] })
  const ids = await insertObjects(url, Item, Array.from({ length: COUNT }, (_, n) => ({ n })))
  expected = [...ids].sort()
  client = connect({ ...weaviateConnection() })
}, 120_000)

// No timer of the library's left after any test; nothing of it at all once the client is closed.
ownHandles({
  closeAfterAll: async () => {
    await client.close()
    await deleteClass(weaviateUrl(), Item)
    await deleteClass(weaviateUrl(), Empty)
  },
})

/** The ids of a finished stream; fails on a Left. */
const ids = async (stream: ReturnType<Client['objects']['stream']>): Promise<string[]> => {
  const items = await lastValueFrom(stream.pipe(toArray()))
  return items.map((item) => {
    if (E.isLeft(item)) throw new Error(`unexpected Left: ${item.left.message}`)
    return item.right.id
  })
}

describe('objects.stream', () => {
  it.each([1, 100, 1000])('gives every id exactly once in ascending order with page size %i', async (pageSize) => {
    expect(await ids(client.objects.stream({ className: Item, pageSize }))).toEqual(expected)
  })

  it('completes without items for an empty class', async () => {
    expect(await ids(client.objects.stream({ className: Empty }))).toEqual([])
  })

  it('reports an unknown class as one Left 404 after retrying, not as an empty stream', async () => {
    const missing = uniqueClassName('Missing')
    const items = await lastValueFrom(client.objects.stream({ className: missing, retry: { baseDelayMs: 1 } }).pipe(toArray()))
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ _tag: 'Left', left: { _tag: 'UnexpectedStatusError', status: 404 } })
  })

  it('starts after the given id', async () => {
    const middle = expected[1000] ?? ''
    expect(await ids(client.objects.stream({ className: Item, after: middle }))).toEqual(expected.slice(1001))
  })

  it('reports progress after every page and once when done', async () => {
    const reports: PageProgress[] = []
    await ids(client.objects.stream({ className: Item, pageSize: 1000, onProgress: (p) => reports.push(p) }))
    expect(reports.map((r) => r.items)).toEqual([1000, 2000, COUNT, COUNT])
    expect(reports.at(-1)?.done).toBe(true)
  })

  it('with partitions, reports progress as objects are delivered and done only after the last one', async () => {
    const reports: Array<PageProgress & { readonly received: number }> = []
    let received = 0
    await lastValueFrom(
      client.objects
        .stream({ className: Item, pageSize: 200, partitions: 4, onProgress: (p) => reports.push({ ...p, received }) })
        .pipe(tap(() => (received += 1))),
    )
    expect(reports.every((r) => r.items === r.received)).toBe(true)
    expect(reports.filter((r) => r.done).map(({ pages, items, done, received }) => ({ pages, items, done, received }))).toEqual([
      { pages: reports.at(-1)?.pages, items: COUNT, done: true, received: COUNT },
    ])
    expect(reports.at(-1)?.done).toBe(true)
  })

  it('gives the same ids in the same order with 4 ordered partitions', async () => {
    expect(await ids(client.objects.stream({ className: Item, pageSize: 200, partitions: 4 }))).toEqual(expected)
  })

  it('gives the same set of ids with 4 unordered partitions', async () => {
    const unordered = await ids(client.objects.stream({ className: Item, pageSize: 200, partitions: 4, ordered: false }))
    expect([...unordered].sort()).toEqual(expected)
  })

  it('combines partitions with a start id', async () => {
    const start = expected[2000] ?? ''
    expect(await ids(client.objects.stream({ className: Item, partitions: 3, after: start }))).toEqual(expected.slice(2001))
  })

  it('can be consumed with for await through iterate', async () => {
    const seen: string[] = []
    for await (const item of client.objects.iterate({ className: Item, pageSize: 500 })) {
      if (E.isRight(item)) seen.push(item.right.id)
    }
    expect(seen).toEqual(expected)
  })

  it('streamPages gives the same ids as pages of pageSize objects, the last one shorter', async () => {
    const pages = await lastValueFrom(client.objects.streamPages({ className: Item, pageSize: 1000 }).pipe(toArray()))
    const lengths = pages.map((page) => (E.isRight(page) ? page.right.length : -1))
    expect(lengths).toEqual([1000, 1000, COUNT - 2000])
    expect(pages.flatMap((page) => (E.isRight(page) ? page.right.map((o) => o.id) : []))).toEqual(expected)
  })

  it('scans exactly the given ranges', async () => {
    const [first, second] = [expected[100] ?? '', expected[200] ?? '']
    const got = await ids(client.objects.stream({ className: Item, ranges: [{ after: undefined, before: first }, { after: second, before: undefined }] }))
    expect(got).toEqual([...expected.slice(0, 100), ...expected.slice(201)])
  })

  it('refuses ranges combined with partitions as an ArgumentValueError', async () => {
    const items = await lastValueFrom(client.objects.stream({ className: Item, partitions: 2, ranges: [{ after: undefined, before: undefined }] }).pipe(toArray()))
    expect(items).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'ranges' }) as unknown)])
  })

  it('refuses a pacer given to iterate (the loop paces) as an ArgumentValueError', async () => {
    const seen: unknown[] = []
    for await (const item of client.objects.iterate({ className: Item, pacer: createPacer() } as never)) seen.push(item)
    expect(seen).toEqual([E.left(expect.objectContaining({ _tag: 'ArgumentValueError', argument: 'pacer' }) as unknown)])
  })

  it('decodes the properties with a caller codec', async () => {
    const first = await firstValueFrom(client.objects.stream({ className: Item, pageSize: 10, codec: t.type({ n: t.number }) }))
    const n: number | undefined = E.isRight(first) ? first.right.properties.n : undefined
    expect(typeof n).toBe('number')
  })

  it('emits one Left for invalid input and completes', async () => {
    const items = await lastValueFrom(client.objects.stream({ className: Item, pageSize: 0 }).pipe(toArray()))
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ _tag: 'Left', left: { _tag: 'ArgumentValueError', argument: 'pageSize' } })
  })
})

describe("objects.stream over REST, the next page requested from a page's text", () => {
  const SEND = 'undici:client:sendHeaders'

  /** Runs `body` while recording, in order, 'send' for each page request of `className` undici writes. */
  const recordingSends = async <A>(className: string, events: string[], body: () => Promise<A>): Promise<A> => {
    const onSend = (message: unknown): void => {
      const path = (message as { readonly request?: { readonly path?: unknown } }).request?.path
      if (typeof path === 'string' && path.startsWith('/v1/objects?') && path.includes(`class=${className}`)) events.push('send')
    }
    subscribe(SEND, onSend)
    try {
      return await body()
    } finally {
      unsubscribe(SEND, onSend)
    }
  }

  /** Consecutive equal events as `event xN`. */
  const runs = (events: readonly string[]): string[] => {
    const out: Array<{ event: string; n: number }> = []
    for (const event of events) {
      const last = out[out.length - 1]
      if (last?.event === event) last.n += 1
      else out.push({ event, n: 1 })
    }
    return out.map(({ event, n }) => `${event} x${n}`)
  }

  it("writes the request for the next page before it decodes the objects of a full page, and none after the short last page", async () => {
    const events: string[] = []
    const shape = t.type({ n: t.number })
    const recording = new t.Type<t.TypeOf<typeof shape>, t.TypeOf<typeof shape>, unknown>(
      'Recording',
      shape.is,
      (u, c) => {
        events.push('decode')
        return shape.validate(u, c)
      },
      t.identity,
    )
    // A client reads the server's version with its first request; until then a page runs as a list does.
    await ids(client.objects.stream({ className: Empty }))
    const streamed = await recordingSends(Item, events, () => ids(client.objects.stream({ className: Item, pageSize: 1000, transport: 'rest', codec: recording })))
    expect(streamed).toEqual(expected)
    // Pages of 1000, 1000 and 537: the second page's request goes out before the first page is
    // decoded, the third's before the second is; the short third page asks for nothing more.
    expect(runs(events)).toEqual(['send x2', 'decode x1000', 'send x1', `decode x${COUNT - 1000}`])
  })

  it('gives every object once, and drops one request only, when the last object of a page holds a nested id', async () => {
    const Nested = uniqueClassName('NestedId')
    const url = weaviateUrl()
    await createClass(url, {
      class: Nested,
      vectorizer: 'none',
      properties: [{ name: 'inner', dataType: ['object'], nestedProperties: [{ name: 'id', dataType: ['text'] }] }],
    })
    try {
      const inner = (n: number) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` })
      const nestedIds = [...(await insertObjects(url, Nested, Array.from({ length: 7 }, (_, n) => ({ inner: inner(n) }))))].sort()
      const events: string[] = []
      const streamed = await recordingSends(Nested, events, () => ids(client.objects.stream({ className: Nested, pageSize: 2, transport: 'rest' })))
      expect(streamed).toEqual(nestedIds)
      // Pages of 2, 2, 2 and 1: four requests, plus the one sent after the nested id the first page
      // announced, dropped once the page was parsed; from then on the stream announces nothing.
      expect(events).toHaveLength(5)
    } finally {
      await deleteClass(url, Nested)
    }
  })
})

describe('objects.stream on a multi-tenant class', () => {
  const Tenanted = uniqueClassName('StreamTenanted')

  beforeAll(async () => {
    await createMultiTenantClass(weaviateUrl(), Tenanted, ['a', 'b'])
    await insertObjects(weaviateUrl(), Tenanted, Array.from({ length: 150 }, (_, i) => ({ title: `a${i}` })), 'a')
    await insertObjects(weaviateUrl(), Tenanted, Array.from({ length: 30 }, (_, i) => ({ title: `b${i}` })), 'b')
  })
  afterAll(async () => {
    await deleteClass(weaviateUrl(), Tenanted)
  })

  it('streams only the given tenant', async () => {
    const titles = await lastValueFrom(client.objects.stream({ className: Tenanted, tenant: 'b', pageSize: 7 }).pipe(toArray()))
    expect(titles).toHaveLength(30)
    expect(titles.every((t) => E.isRight(t) && String(t.right.properties['title']).startsWith('b'))).toBe(true)
  })
})

describe('objects.stream under faults', () => {
  it('yields every id exactly once when every 5th request is reset', async () => {
    const proxy = await startProxy(weaviateUrl(), { resetEvery: 5 })
    const flaky = connect({ ...proxy.connection, serverVersion: '1.39.0', retry: { attempts: 5, baseDelayMs: 1 } })
    try {
      expect(await ids(flaky.objects.stream({ className: Item, pageSize: 100 }))).toEqual(expected)
      expect(proxy.resets()).toBeGreaterThan(0)
    } finally {
      await flaky.close()
      await proxy.close()
    }
  })

  it('retries a page answered 404 (a restarting server loading its classes) and yields every id once', async () => {
    const proxy = await startProxy(weaviateUrl(), { inject: { path: /^\/v1\/objects\?/, nth: 3, status: 404 } })
    const restarting = connect({ ...proxy.connection, serverVersion: '1.39.0', retry: { attempts: 3, baseDelayMs: 1 } })
    try {
      expect(await ids(restarting.objects.stream({ className: Item, pageSize: 1000 }))).toEqual(expected)
      const pages = proxy.requests.filter((r) => r.startsWith('GET /v1/objects?'))
      // Pages 1, 2 (with a cursor), 3 answered 404, the same page 3 again: four requests for three pages.
      expect(pages).toHaveLength(4)
      expect(pages[2]).toMatch(/ \(injected\)$/)
      expect(pages[3]).toBe(pages[2]?.replace(/ \(injected\)$/, ''))
    } finally {
      await restarting.close()
      await proxy.close()
    }
  })

  it('ends with one Left when the retry budget is spent, and throws nothing', async () => {
    const proxy = await startProxy(weaviateUrl(), { resetEvery: 1 })
    const broken = connect({ ...proxy.connection, serverVersion: '1.39.0', retry: { attempts: 2, baseDelayMs: 1 } })
    try {
      const items = await lastValueFrom(broken.objects.stream({ className: Item }).pipe(toArray()))
      expect(items).toHaveLength(1)
      expect(items[0]).toMatchObject({ _tag: 'Left', left: { _tag: 'ConnectionError' } })
    } finally {
      await broken.close()
      await proxy.close()
    }
  })
})

describe('objects.stream resumed exactly after failures', () => {
  /**
   * Streams through a proxy that resets every n-th request, with retries off, so failures reach
   * the caller; resumes from what each Left says (one partition: after the last id received;
   * partitions: the StreamPartitionError's remaining ranges) until a run completes.
   */
  it.each([
    [1, 7, 100],
    [4, 15, 50],
    [16, 40, 25],
  ])('with %i partitions and every %i-th request reset, resuming yields every object exactly once', async (partitions, resetEvery, pageSize) => {
    const proxy = await startProxy(weaviateUrl(), { resetEvery })
    const flaky = connect({ ...proxy.connection, serverVersion: '1.39.0', retry: { attempts: 1 } })
    const received: string[] = []
    let failures = 0
    let resume: { readonly after?: string; readonly ranges?: readonly UuidRange[] } = {}
    try {
      for (let run = 0; run < 200; run += 1) {
        const items = await lastValueFrom(
          flaky.objects.stream({ className: Item, pageSize, ...(partitions > 1 && resume.ranges === undefined ? { partitions } : {}), ...resume }).pipe(toArray()),
        )
        const rights = items.flatMap((item) => (E.isRight(item) ? [item.right.id] : []))
        received.push(...rights)
        const last = items.at(-1)
        if (last === undefined || E.isRight(last)) break
        failures += 1
        if (partitions === 1) {
          expect(last.left._tag).toBe('ConnectionError')
          const after = rights.at(-1) ?? resume.after
          resume = after === undefined ? {} : { after }
        } else {
          if (!isStreamPartitionError(last.left)) throw new Error(`expected a StreamPartitionError, got ${last.left._tag}`)
          expect(last.left.cause._tag).toBe('ConnectionError')
          resume = { ranges: last.left.remaining }
        }
      }
      expect(failures).toBeGreaterThan(0)
      expect(received).toHaveLength(expected.length)
      expect([...received].sort()).toEqual(expected)
    } finally {
      await flaky.close()
      await proxy.close()
    }
  })
})

describe('objects.stream backpressure', () => {
  const PAGE = 20
  const CONSUME = 120
  const slowly = () => new Promise((resolve) => setTimeout(resolve, 5))
  const pagesRequested = (requests: readonly string[]) => requests.filter((r) => r.startsWith('GET /v1/objects?')).length

  it.each([0, 1, 2])('for await never has more than consumed pages + %i requested', async (prefetch) => {
    const proxy = await startProxy(weaviateUrl())
    const counted = connect({ ...proxy.connection, serverVersion: '1.39.0' })
    try {
      let consumed = 0
      let worst = 0
      for await (const item of counted.objects.iterate({ className: Item, pageSize: PAGE, prefetch })) {
        expect(E.isRight(item)).toBe(true)
        await slowly()
        consumed += 1
        const consumedPages = Math.floor(consumed / PAGE)
        worst = Math.max(worst, pagesRequested(proxy.requests) - consumedPages)
        if (consumed === CONSUME) break
      }
      // The page being consumed, plus at most `prefetch` ahead.
      expect(worst).toBeLessThanOrEqual(prefetch + 1)
    } finally {
      await counted.close()
      await proxy.close()
    }
  })

  it('an RxJS consumer with a pacer never has more than consumed pages + prefetch requested', async () => {
    const proxy = await startProxy(weaviateUrl())
    const counted = connect({ ...proxy.connection, serverVersion: '1.39.0' })
    const pacer = createPacer()
    let consumed = 0
    let worst = 0
    try {
      await lastValueFrom(
        counted.objects
          .stream({ className: Item, pageSize: PAGE, prefetch: 1, pacer })
          .pipe(
            take(CONSUME),
            concatMap(async (item: E.Either<WeaviateError, WeaviateObject>) => {
              await slowly()
              return item
            }),
            tap(() => {
              consumed += 1
              worst = Math.max(worst, pagesRequested(proxy.requests) - Math.floor(consumed / PAGE))
              pacer.ack()
            }),
          ),
      )
      expect(consumed).toBe(CONSUME)
      expect(worst).toBeLessThanOrEqual(2)
    } finally {
      await counted.close()
      await proxy.close()
    }
  })

  it('stops requesting pages when the consumer breaks out', async () => {
    const proxy = await startProxy(weaviateUrl())
    const counted = connect({ ...proxy.connection, serverVersion: '1.39.0' })
    try {
      for await (const item of counted.objects.iterate({ className: Item, pageSize: PAGE, prefetch: 1 })) {
        expect(E.isRight(item)).toBe(true)
        break
      }
      const afterBreak = pagesRequested(proxy.requests)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(pagesRequested(proxy.requests)).toBe(afterBreak)
      expect(afterBreak).toBeLessThanOrEqual(2)
    } finally {
      await counted.close()
      await proxy.close()
    }
  })
})
